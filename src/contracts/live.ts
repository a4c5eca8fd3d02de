import { z } from 'zod';
import { moneyOutput } from './bills';

// A bill's event log (decision 017): every change to a bill's money, picks or state is one event,
// written in the change's transaction and streamed to the screens watching the bill. An event's
// data is what a payer may see (ids, first names, amounts, statuses): never an e-mail, a payout
// account or another bill. A stream sends each event as one `message` whose data is `billEventSchema`.

const ids = z.array(z.string()).max(50);

/** The data of each type of event, one schema per shape. Add a type here, then record it. */
export const billEventDataSchemas = {
  /** A participant's picks changed (the picking feature adds its fields). */
  pick: z.object({ participantId: z.string() }).loose(),
  /** Someone joined from the join link. */
  join: z.object({ participantId: z.string(), name: z.string() }).loose(),
  'participant.left': z.object({ participantId: z.string() }).loose(),
  /** A checkout opened for these people's shares. */
  'payment.started': z.object({ participantIds: ids }),
  /** The payer approved in their bank app: the bank's answer is awaited (the share stays held). */
  'payment.processing': z.object({ participantIds: ids }),
  'payment.succeeded': z.object({ participantIds: ids, amount: moneyOutput }),
  'payment.failed': z.object({ participantIds: ids }),
  /** Money given back of these people's shares (share and fee): their shares are pending again. */
  'payment.refunded': z.object({ participantIds: ids, amount: moneyOutput }),
  /** A dispute on the payment for these shares opened (the shares are held) or closed. */
  'payment.disputed': z.object({ participantIds: ids, dispute: z.enum(['open', 'won', 'lost']) }),
  /** The creator marked a share paid by hand (cash, bank transfer), or undid that (`paid: false`). */
  'share.paid': z.object({ participantId: z.string(), paid: z.boolean() }),
  /** Payment links were made: the bill is being paid back. */
  'links.created': z.object({ participantIds: ids }),
  'bill.completed': z.object({}),
  /** The bill's name, status or amounts changed; `name` when it was renamed. */
  'bill.updated': z.object({ name: z.string().optional(), status: z.string().optional() }),
  'bill.deleted': z.object({}),
} as const;

export type BillEventType = keyof typeof billEventDataSchemas;
export type BillEventData<T extends BillEventType> = z.infer<(typeof billEventDataSchemas)[T]>;
export const billEventTypes = Object.keys(billEventDataSchemas) as BillEventType[];

/** One event as a stream sends it: `id` counts up from 1 per bill, with no gap and no repeat. */
export const billEventSchema = z.object({
  id: z.number().int().positive(),
  billId: z.string(),
  type: z.enum(billEventTypes as [BillEventType, ...BillEventType[]]),
  data: z.record(z.string(), z.unknown()),
  at: z.string(),
});
export type BillEvent = z.infer<typeof billEventSchema>;

/**
 * `Last-Event-ID` (or `?lastEventId=`, for a client that cannot set the header): the last event
 * the client has; anything else, or none, starts the stream from what happens next.
 */
export const lastEventIdSchema = z.coerce.number().int().min(0).max(2_147_483_647);
