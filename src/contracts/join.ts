import { z } from 'zod';
import { BILL_LIMITS, TOO_MANY_ITEMS_MESSAGE } from '../domain/bill-rules';
import { pickPortionsProblem, SHARE_PORTIONS } from '../domain/picking';
import { billIdParamsSchema, moneyOutput, personName, shareLineSchema } from './bills';
import { safe } from './text';

// Friends pick their own items (issue 50's Contract; DECISIONS.md "Friends pick their own items").
// Money travels as strings with 2 decimals, as in the bills API. Portions are a number (0.5 to 10
// in 0.5 steps) or "share": "share with whoever else picks it" (domain/picking.ts SHARE_PORTIONS).

/** The answer for an unknown, expired or malformed join token: one body for all three. */
export const JOIN_LINK_NOT_FOUND = 'This link has expired or does not exist';

/** Any string: a malformed token is answered with the same 404 as an unknown one, never a 400. */
export const joinTokenParamsSchema = z.object({ token: z.string() });
export { billIdParamsSchema };

/** Portions of a pick: "share", or 0.5 to 10 in steps of 0.5 (the picking rules' message). */
export const pickPortionsSchema = z
  .union([z.literal(SHARE_PORTIONS), z.number()], {
    error: 'must be a number of portions or "share"',
  })
  .superRefine((portions, ctx) => {
    const message = pickPortionsProblem(portions);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
export type PickPortionsIn = z.infer<typeof pickPortionsSchema>;

const id = safe(z.string().trim().min(1).max(64));

export const pickSchema = z.object({ itemId: id, portions: pickPortionsSchema }).strict();

/** One person's whole set of picks: at most one per item (the set replaces what they had). */
export const picksSchema = z
  .array(pickSchema)
  .max(BILL_LIMITS.maxItems, TOO_MANY_ITEMS_MESSAGE)
  .superRefine((picks, ctx) => {
    const seen = new Set<string>();
    picks.forEach((pick, index) => {
      if (seen.has(pick.itemId)) {
        ctx.addIssue({ code: 'custom', message: 'picks an item twice', path: [index, 'itemId'] });
      }
      seen.add(pick.itemId);
    });
  });

// --- POST /api/bills/:id/join-link (creator) -------------------------------------------------------

export const joinLinkResponseSchema = z.object({
  token: z.string(),
  /** The friend's page, /join/<token>, on this server. */
  url: z.string(),
  expiresAt: z.string(),
});
export type JoinLinkResponse = z.infer<typeof joinLinkResponseSchema>;

// --- GET /api/join/:token (anyone with the token) ----------------------------------------------------

export const joinItemSchema = z.object({ id: z.string(), name: z.string(), amount: moneyOutput });

/** A share line with the item it is for (item lines), so a page can match it to its pick. */
export const pickShareLineSchema = shareLineSchema.extend({ itemId: z.string().nullable() });
export type PickShareLine = z.infer<typeof pickShareLineSchema>;

export const joinParticipantSchema = z.object({
  id: z.string(),
  /** First name only: all a friend sees of another person. */
  firstName: z.string(),
  isCreator: z.boolean(),
  /** Someone has joined as this person (or it is the creator): their name can't be taken. */
  joined: z.boolean(),
  /** Their share so far, before the fee, and their fee share. */
  amount: moneyOutput,
  fee: moneyOutput,
  /** open: following the picks; held: paying now (their items are held); paid: fixed for good. */
  state: z.enum(['open', 'held', 'paid']),
  paid: z.boolean(),
  /**
   * Their lines (items, service, tip, tax, fee): for held and paid people the fixed lines that
   * pickingShares takes as fixedLines, so a page computes the same shares as the server.
   */
  lines: z.array(pickShareLineSchema),
});
export type JoinParticipant = z.infer<typeof joinParticipantSchema>;

export const pickOutSchema = z.object({
  participantId: z.string(),
  itemId: z.string(),
  portions: z.union([z.literal(SHARE_PORTIONS), z.number()]),
});
export type PickOut = z.infer<typeof pickOutSchema>;

export const notPickedSchema = z.object({
  /** Everything nobody owes yet (items, and the service, tip and tax nobody shares yet). */
  amount: moneyOutput,
  items: z.array(z.object({ itemId: z.string(), name: z.string(), amount: moneyOutput })),
});

export const joinBillResponseSchema = z.object({
  bill: z.object({
    name: z.string(),
    date: z.string(),
    status: z.enum(['picking', 'active', 'completed']),
    items: z.array(joinItemSchema),
    subtotal: moneyOutput,
    serviceCharge: moneyOutput,
    tip: moneyOutput,
    tax: moneyOutput,
    totalAmount: moneyOutput,
    fee: moneyOutput,
  }),
  participants: z.array(joinParticipantSchema),
  picks: z.array(pickOutSchema),
  notPicked: notPickedSchema,
  expiresAt: z.string(),
  /** Payments are test payments (the sandbox provider, or Stripe in test mode). */
  testMode: z.boolean(),
});
export type JoinBillResponse = z.infer<typeof joinBillResponseSchema>;

// --- POST /api/join/:token/participants ------------------------------------------------------------

/** A name the creator typed that nobody has taken, or a new one (the names rule). */
export const joinBodySchema = z.object({ name: personName }).strict();
export type JoinBody = z.infer<typeof joinBodySchema>;

export const joinResponseSchema = z.object({
  participantId: z.string(),
  /** Shown once: the device keeps it; only it (or the creator) changes this person's picks. */
  secret: z.string(),
});
export type JoinResponse = z.infer<typeof joinResponseSchema>;

// --- PUT /api/join/:token/picks --------------------------------------------------------------------

/** A person's secret as the server gives it: base64url, 43 characters (256 bits). */
const secret = z.string({ error: 'is required' }).max(200);

export const putPicksBodySchema = z
  .object({ participantId: id, secret, picks: picksSchema })
  .strict();
export type PutPicksBody = z.infer<typeof putPicksBodySchema>;

/** One person's share: lines (items, service, tip, tax, fee), the amount, the fee and both. */
export const myShareSchema = z.object({
  participantId: z.string(),
  state: z.enum(['open', 'held', 'paid']),
  lines: z.array(pickShareLineSchema),
  amount: moneyOutput,
  fee: moneyOutput,
  amountIncludingFee: moneyOutput,
});
export type MyShare = z.infer<typeof myShareSchema>;
export const putPicksResponseSchema = myShareSchema;

// --- POST /api/join/:token/payment-link ("Pay now" / "Pay later") ----------------------------------

export const joinPaymentLinkBodySchema = z.object({ participantId: id, secret }).strict();
export type JoinPaymentLinkBody = z.infer<typeof joinPaymentLinkBodySchema>;

/**
 * The person's own payment link at their picked amount: "Pay now" passes `token` to the existing
 * POST /api/payments/checkout; "Pay later" keeps `url` (/pay/<token>).
 */
export const joinPaymentLinkResponseSchema = z.object({
  token: z.string(),
  url: z.string(),
  amount: moneyOutput,
  fee: moneyOutput,
  amountIncludingFee: moneyOutput,
  expiresAt: z.string(),
});
export type JoinPaymentLinkResponse = z.infer<typeof joinPaymentLinkResponseSchema>;

// --- The creator's picking screen ------------------------------------------------------------------

/** GET /api/bills/:id/picking: the join page's view with full names, plus the join link. */
export const creatorPickingResponseSchema = joinBillResponseSchema.extend({
  participants: z.array(joinParticipantSchema.extend({ name: z.string() })),
  joinLink: joinLinkResponseSchema,
});
export type CreatorPickingResponse = z.infer<typeof creatorPickingResponseSchema>;

/** PUT /api/bills/:id/picks: the creator sets anyone's picks (their own, or removes a wrong one). */
export const creatorPicksBodySchema = z.object({ participantId: id, picks: picksSchema }).strict();
export type CreatorPicksBody = z.infer<typeof creatorPicksBodySchema>;

/** POST /api/bills/:id/picking/assign-rest: every unpicked item to one person. */
export const assignRestBodySchema = z.object({ participantId: id }).strict();
export type AssignRestBody = z.infer<typeof assignRestBodySchema>;

/**
 * POST /api/bills/:id/picking/split-rest (no body): every unpicked item shared by everyone not
 * paying. POST /api/bills/:id/picking/finish (no body), "Ask for the rest": payment links for
 * everyone who has not paid, from their picks now; the bill becomes active. Both answer with the
 * creator's picking view.
 */
export const finishPickingResponseSchema = z.object({
  id: z.string(),
  status: z.enum(['active', 'completed']),
});
export type FinishPickingResponse = z.infer<typeof finishPickingResponseSchema>;
