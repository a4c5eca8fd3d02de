import { z } from 'zod';
import {
  AMOUNT_FORMAT_MESSAGE,
  amountTextProblem,
  BILL_LIMITS,
  BILL_NAME_REQUIRED_MESSAGE,
  BILL_NAME_TOO_LONG_MESSAGE,
  ITEM_NAME_TOO_LONG_MESSAGE,
  PERSON_NAME_REQUIRED_MESSAGE,
  PERSON_NAME_TOO_LONG_MESSAGE,
  billNameProblem,
  itemNameProblem,
  personNameProblem,
  portionsProblem,
  TIP_PERCENT_MESSAGE,
  TOO_MANY_ITEMS_MESSAGE,
  TOO_MANY_PEOPLE_MESSAGE,
} from '../domain/bill-rules';
import { formatPence, MAX_BILL_PENCE, toPence } from '../domain/money';
import { BILL_TOO_LARGE_MESSAGE, billSizePence } from '../domain/split';
import { safe } from './text';

// Bills API (capture-split-history.md §3, §7; DECISIONS.md Money, Statuses, The server is the
// authority). Money travels as strings with 2 decimals ("12.50"); the server keeps integer pence.

export const MAX_BILL_MESSAGE = `must be at most ${formatPence(MAX_BILL_PENCE)}`;

/** Pence of a money string, or 0 when it is not one (its own check reports that). */
const penceOf = (v: string) => {
  try {
    return toPence(v);
  } catch {
    return 0;
  }
};

/**
 * A money string from a client: pounds with up to 2 decimals, e.g. "12.5" or "-1.20", at most
 * MAX_BILL_PENCE either way.
 */
export const moneyInput = z
  .string({ error: 'must be an amount such as "12.50"' })
  .trim()
  .regex(/^-?\d{1,9}(\.\d{1,2})?$/, 'must be an amount such as "12.50"')
  .refine((v) => Math.abs(penceOf(v)) <= MAX_BILL_PENCE, MAX_BILL_MESSAGE);

/** A money string that must not be below zero (a total, a service charge, a tip). */
export const nonNegativeMoneyInput = moneyInput.refine(
  (v) => penceOf(v) >= 0,
  'must not be negative',
);

/** A money string the server sends: always exactly 2 decimals. */
export const moneyOutput = z.string().regex(/^-?\d+\.\d{2}$/);

/** picking: friends pick their own items from the join link (DECISIONS.md); then active. */
export const billStatusSchema = z.enum(['saved', 'picking', 'active', 'completed']);
export type BillStatus = z.infer<typeof billStatusSchema>;
export const participantStatusSchema = z.enum(['pending', 'paid']);
export const splitModeSchema = z.enum(['byItem', 'equal']);
export const itemSplitModeSchema = z.enum(['manual', 'equally']);

/** A string refined by one of the bill rules (domain/bill-rules.ts): the rule's message on refusal. */
const ruled = (schema: z.ZodString, problem: (v: string) => string | null) =>
  schema.superRefine((v, ctx) => {
    const message = problem(v);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

// Lengths are capped first (in UTF-16 units, a generous bound, with the rule's own words) so a
// huge string is refused before a rule walks it; the rules then count characters as a person does.
// The rules refuse control characters too, in their own words, the same in the browser.
export const billName = ruled(
  safe(
    z
      .string({ error: BILL_NAME_REQUIRED_MESSAGE })
      .trim()
      .max(4 * BILL_LIMITS.billNameMax, BILL_NAME_TOO_LONG_MESSAGE),
  ),
  billNameProblem,
);
export const personName = ruled(
  safe(
    z
      .string({ error: PERSON_NAME_REQUIRED_MESSAGE })
      .trim()
      .max(4 * BILL_LIMITS.personNameMax, PERSON_NAME_TOO_LONG_MESSAGE),
  ),
  personNameProblem,
);
const itemName = ruled(
  safe(
    z
      .string()
      .trim()
      .max(4 * BILL_LIMITS.itemNameMax, ITEM_NAME_TOO_LONG_MESSAGE),
  ),
  itemNameProblem,
);

/** An item's price from a client: pounds, a discount may be negative (bill rules). */
const itemAmount = ruled(z.string({ error: AMOUNT_FORMAT_MESSAGE }).trim().max(32), (v) =>
  amountTextProblem(v, { allowNegative: true }),
);
/** A service charge or a tax from a client: pounds, never below zero (bill rules). */
const billAmount = ruled(z.string({ error: AMOUNT_FORMAT_MESSAGE }).trim().max(32), (v) =>
  amountTextProblem(v, { allowNegative: false }),
);

/** The dates a bill may carry: a receipt from this century, not year 0 or 275760. */
export const BILL_DATE_MIN = '2000-01-01';
export const BILL_DATE_MAX = '2099-12-31';
const isoDate = z.iso
  .date({ error: 'must be a date as yyyy-mm-dd' })
  .refine(
    (v) => v >= BILL_DATE_MIN && v <= BILL_DATE_MAX,
    `must be a date between ${BILL_DATE_MIN} and ${BILL_DATE_MAX}`,
  );

// --- POST /api/bills, the spec's payload -------------------------------------------------------

/** The spec's create payload: totals first, participants and items added by later calls. */
export const createBillBodySchema = z
  .object({
    name: billName,
    date: isoDate.optional(),
    totalAmount: nonNegativeMoneyInput,
    /** Tax added on top of the prices (US sales tax), part of the total; UK VAT is in the prices. */
    tax: nonNegativeMoneyInput.default('0'),
    serviceCharge: nonNegativeMoneyInput.default('0'),
    tip: nonNegativeMoneyInput.default('0'),
    // The spec's home flow says 'pending' for a get-paid-back bill; DECISIONS.md reads it as 'active'.
    status: z.enum(['saved', 'active', 'pending']).default('saved'),
  })
  .strict();
export type CreateBillBody = z.infer<typeof createBillBodySchema>;

// --- POST /api/bills, a whole bill in one request ----------------------------------------------

export const wholeBillParticipantSchema = z.object({
  /** The client's id for this participant, used by item assignments in the same request. */
  key: safe(z.string().trim().min(1).max(64)),
  name: personName,
});

export const wholeBillItemSchema = z.object({
  name: itemName,
  amount: itemAmount,
  splitMode: itemSplitModeSchema.default('manual'),
  assignments: z
    .array(
      z.object({
        participant: safe(z.string().trim().min(1).max(64)),
        portions: z.number().superRefine((n, ctx) => {
          const message = portionsProblem(n);
          if (message) ctx.addIssue({ code: 'custom', message });
        }),
      }),
    )
    .max(BILL_LIMITS.maxPeople, TOO_MANY_PEOPLE_MESSAGE)
    .default([]),
});

export const wholeBillBodySchema = z
  .object({
    name: billName,
    date: isoDate.optional(),
    /**
     * picking: friends pick their own items from the join link (POST /api/bills/:id/join-link),
     * so items need no assignments yet; the creator is still the first participant.
     */
    status: z.enum(['saved', 'active', 'picking']).default('saved'),
    mode: splitModeSchema.default('byItem'),
    tipPercent: z
      .number()
      .min(0, TIP_PERCENT_MESSAGE)
      .max(BILL_LIMITS.tipPercentMax, TIP_PERCENT_MESSAGE)
      .default(0),
    serviceCharge: billAmount.default('0'),
    /**
     * Tax added on top of the prices (a US sales tax; UK VAT is in the prices and stays out):
     * shared like the tip, in proportion to each person's items (DECISIONS.md Money).
     */
    tax: billAmount.optional(),
    /** The first participant is the creator (the signed-in user), as in the split editor. */
    participants: z
      .array(wholeBillParticipantSchema)
      .min(1, 'Add at least one participant')
      .max(BILL_LIMITS.maxPeople, TOO_MANY_PEOPLE_MESSAGE),
    items: z
      .array(wholeBillItemSchema)
      .min(1, 'Add at least one item')
      .max(BILL_LIMITS.maxItems, TOO_MANY_ITEMS_MESSAGE),
    /** When sent, must equal the server's total, or nothing is stored. */
    totalAmount: moneyInput.optional(),
    receiptId: z.uuid().optional(),
    /**
     * The client's idempotency key (a UUID made when the bill was split): the same owner sending
     * the same key again gets the first bill's id back (200) instead of a second bill (201).
     */
    clientKey: z.uuid().optional(),
  })
  .strict()
  // One maximum for the whole bill, checked before anything adds its amounts up.
  .refine(
    (b) =>
      billSizePence({
        items: b.items.map((it) => ({ amountPence: penceOf(it.amount) })),
        serviceChargePence: penceOf(b.serviceCharge),
        taxPence: penceOf(b.tax ?? '0'),
      }) <= MAX_BILL_PENCE,
    { message: BILL_TOO_LARGE_MESSAGE, path: ['items'] },
  );
export type WholeBillBody = z.infer<typeof wholeBillBodySchema>;

export const createBillResponseSchema = z.object({ id: z.string() });

// --- POST /api/bill-participants and POST /api/bills/:id/items ----------------------------------

export const createParticipantBodySchema = z
  .object({
    billId: safe(z.string().trim().min(1).max(64)),
    participantName: personName,
    amountDue: moneyInput.default('0'),
    status: participantStatusSchema.default('pending'),
  })
  .strict();

export const createItemBodySchema = z
  .object({
    name: itemName,
    amount: itemAmount,
  })
  .strict();

export const billIdParamsSchema = z.object({ id: safe(z.string().trim().min(1).max(64)) });

// --- PATCH /api/bills/:id ------------------------------------------------------------------------

/** A new name for a bill: the same rule as the name it was saved with, in the browser and here. */
export const renameBillBodySchema = z.object({ name: billName }).strict();
export type RenameBillBody = z.infer<typeof renameBillBodySchema>;
export const renameBillResponseSchema = z.object({ id: z.string(), name: z.string() });
export type RenameBillResponse = z.infer<typeof renameBillResponseSchema>;

// --- DELETE /api/bills/:id and archiving -------------------------------------------------------

export const archiveBillBodySchema = z.object({ archived: z.boolean() }).strict();
export const archiveBillResponseSchema = z.object({ id: z.string(), archived: z.boolean() });
export type ArchiveBillResponse = z.infer<typeof archiveBillResponseSchema>;

// --- Answers -------------------------------------------------------------------------------------

/** One line of what a participant owes, as stored when the bill was saved (domain/shares.ts). */
export const shareLineSchema = z.object({
  kind: z.enum(['item', 'share', 'service', 'tip', 'tax', 'fee']),
  name: z.string(),
  amount: moneyOutput,
  /** Portions of the item the person had, for item lines; null where it does not apply. */
  portions: z.number().nullable(),
});
export type ShareLineOut = z.infer<typeof shareLineSchema>;

export const participantSchema = z.object({
  id: z.string(),
  billId: z.string(),
  participantName: z.string(),
  isCreator: z.boolean(),
  amountDue: moneyOutput,
  fee: moneyOutput,
  amountDueIncludingFee: moneyOutput,
  status: participantStatusSchema,
  assignedItems: z.array(z.object({ name: z.string(), amount: moneyOutput, portions: z.number() })),
  /** Every line of the share (items, service, tip, tax, fee), as stored at save; they add up to it. */
  lines: z.array(shareLineSchema),
  paidAt: z.string().nullable(),
  paidMethod: z.enum(['card', 'bank', 'cash', 'bank_transfer']).nullable(),
  /** Paid, then disputed with the payer's bank: pending until the dispute closes. */
  disputed: z.boolean(),
});
export type Participant = z.infer<typeof participantSchema>;

export const itemSchema = z.object({
  id: z.string(),
  billId: z.string(),
  name: z.string(),
  amount: moneyOutput,
  splitMode: itemSplitModeSchema,
  assignments: z.array(z.object({ participantId: z.string(), portions: z.number() })),
});
export type Item = z.infer<typeof itemSchema>;

export const billListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  date: z.string(),
  createdAt: z.string(),
  status: billStatusSchema,
  totalAmount: moneyOutput,
  /** Tax added on top of the prices, part of totalAmount; "0.00" for UK bills (VAT included). */
  tax: moneyOutput,
  /** What the other people still owe the creator (pending shares, fees excluded). */
  owed: moneyOutput,
  participants: z.array(
    z.object({
      id: z.string(),
      participantName: z.string(),
      isCreator: z.boolean(),
      status: participantStatusSchema,
    }),
  ),
});
export type BillListItem = z.infer<typeof billListItemSchema>;

export const billListResponseSchema = z.object({
  bills: z.array(billListItemSchema),
  /** Pass as ?cursor= for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type BillListResponse = z.infer<typeof billListResponseSchema>;

export const billListQuerySchema = z.object({
  /** An opaque value from nextCursor (base64url); anything else is refused with 400. */
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'is not a cursor from this list')
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(50),
});

export const billDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  date: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  creatorName: z.string(),
  status: billStatusSchema,
  mode: splitModeSchema,
  tipPercent: z.number().nullable(),
  subtotal: moneyOutput,
  /** Tax added on top of the prices, shared like the tip; "0.00" when prices include VAT. */
  tax: moneyOutput,
  serviceCharge: moneyOutput,
  tip: moneyOutput,
  totalAmount: moneyOutput,
  fee: moneyOutput,
  totalIncludingFees: moneyOutput,
  receiptId: z.string().nullable(),
  items: z.array(itemSchema),
  participants: z.array(participantSchema),
  /**
   * What its owner may still do (DECISIONS.md Managing saved bills): edit while it has no payment
   * links, delete while it has no payment, archive once it has one.
   */
  hasPaymentLinks: z.boolean(),
  hasPayments: z.boolean(),
  archived: z.boolean(),
});
export type BillDetail = z.infer<typeof billDetailSchema>;

// --- GET /api/activity -----------------------------------------------------------------------------

export const activityTypeSchema = z.enum([
  'bill_created',
  'payment_received',
  'payment_sent',
  /** Money given back to a payer (from Fairshare or the provider's dashboard): their share is pending. */
  'payment_refunded',
  /** A payer disputed a payment with their bank (`dispute`: open, won or lost). */
  'payment_disputed',
]);

export const activitySchema = z.object({
  id: z.string(),
  type: activityTypeSchema,
  date: z.string(),
  /** The other party (a payer), when there is one. */
  user: z.object({ name: z.string() }).nullable(),
  participant: z.object({ amountDue: moneyOutput }).nullable(),
  /** How a payment was made: by card or bank app, or marked paid by hand as cash or a bank transfer. */
  method: z.enum(['card', 'bank', 'cash', 'bank_transfer']).optional(),
  /** payment_disputed: the dispute opened (the share is held), or closed won or lost. */
  dispute: z.enum(['open', 'won', 'lost']).optional(),
  bill: z.object({
    id: z.string(),
    name: z.string(),
    status: billStatusSchema,
    participants: z.array(z.object({ participantName: z.string() })),
  }),
});
export type Activity = z.infer<typeof activitySchema>;

export const activityResponseSchema = z.object({
  activities: z.array(activitySchema),
  /** How many of these arrived since the user last opened the bell. */
  unseenCount: z.number().int(),
});
export type ActivityResponse = z.infer<typeof activityResponseSchema>;

export const activitySeenResponseSchema = z.object({ seenAt: z.string() });
