import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { billParticipants, bills } from './bills';

// Getting paid back (DESIGN.md Data): payout accounts, a payment link per participant, payments
// (one per checkout, covering one or more links) and the provider events already handled.

/** A creator's payout account at the payment provider (sandbox or Stripe Connect Express). */
export const payoutAccounts = pgTable('payout_accounts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
  accountId: text('account_id').notNull().unique(),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  chargesEnabled: boolean('charges_enabled').notNull().default(false),
  bankName: text('bank_name'),
  bankLast4: text('bank_last4'),
  /** The provider pays money out to the bank (Stripe's payouts_enabled). */
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  /** What the provider still asks of the account holder (Stripe's requirements.currently_due). */
  requirementsDue: jsonb('requirements_due').$type<string[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One per participant other than the creator; the token is the payer's only key. */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    token: text('token').notNull().unique(),
    billId: uuid('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    participantId: uuid('participant_id')
      .notNull()
      .unique()
      .references(() => billParticipants.id, { onDelete: 'cascade' }),
    /** The share before the fee, and the fee share: copied from the stored shares. */
    amountPence: bigint('amount_pence', { mode: 'number' }).notNull(),
    feePence: bigint('fee_pence', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'paid'] })
      .notNull()
      .default('pending'),
    /** The payment that settled it (card or by hand). */
    paymentId: uuid('payment_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_links_bill_idx').on(t.billId),
    check('payment_links_amount_non_negative', sql`${t.amountPence} >= 0 and ${t.feePence} >= 0`),
  ],
);

/**
 * One attempt to pay one or more links: a checkout session or payment intent at the provider, or a
 * share marked paid by hand. Provider ids are unique, so an event maps to one payment.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    billId: uuid('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    /** The link whose holder paid (null for a share marked paid by hand). */
    payerLinkId: uuid('payer_link_id').references(() => paymentLinks.id, { onDelete: 'set null' }),
    provider: text('provider', { enum: ['sandbox', 'stripe', 'manual'] }).notNull(),
    /** card or bank (open banking) at the provider; cash or bank_transfer marked by hand. */
    method: text('method', { enum: ['card', 'bank', 'cash', 'bank_transfer'] }).notNull(),
    kind: text('kind', { enum: ['checkout', 'payment_intent', 'manual'] }).notNull(),
    checkoutSessionId: text('checkout_session_id'),
    paymentIntentId: text('payment_intent_id'),
    /** The provider's charge, once paid (refunds and disputes name it). */
    chargeId: text('charge_id'),
    /** The connected account the money goes to: an event naming another is not believed. */
    destinationAccountId: text('destination_account_id'),
    /** For the sandbox's payment intents: the secret its card form must present. */
    clientSecret: text('client_secret'),
    /** Shares paid for, before the fee, and the fee: the charge is their sum. */
    amountPence: bigint('amount_pence', { mode: 'number' }).notNull(),
    feePence: bigint('fee_pence', { mode: 'number' }).notNull(),
    status: text('status', {
      enum: ['open', 'succeeded', 'failed', 'expired', 'cancelled'],
    })
      .notNull()
      .default('open'),
    /** Refunded because a share was already paid when this charge arrived (charge incl. fee). */
    refundDuePence: bigint('refund_due_pence', { mode: 'number' }).notNull().default(0),
    refundedPence: bigint('refunded_pence', { mode: 'number' }).notNull().default(0),
    refundId: text('refund_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    returnUrl: text('return_url'),
    /** A dispute is open on its charge. */
    disputed: boolean('disputed').notNull().default(false),
    /** When it stopped holding what it covers: failed, expired or cancelled. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    failureMessage: text('failure_message'),
    /** The payer finished at the provider and the bank's answer is awaited (a bank payment). */
    processingAt: timestamp('processing_at', { withTimezone: true }),
    /** The bank the payer chose (the sandbox's bank page). */
    bankName: text('bank_name'),
    /** The sandbox bank page's answer, given at sandboxAnswerAt (a short wait, as a bank takes). */
    sandboxAnswer: text('sandbox_answer', { enum: ['approved', 'declined'] }),
    sandboxAnswerAt: timestamp('sandbox_answer_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_checkout_session_idx').on(t.provider, t.checkoutSessionId),
    uniqueIndex('payments_payment_intent_idx').on(t.provider, t.paymentIntentId),
    index('payments_bill_idx').on(t.billId),
    index('payments_completed_idx').on(t.completedAt),
    // A link cancelled or deleted sets its payments' payer_link_id to null: found by this.
    index('payments_payer_link_idx').on(t.payerLinkId),
  ],
);

/** Which links a payment covers, and for how much. */
export const paymentItems = pgTable(
  'payment_items',
  {
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    linkId: uuid('link_id')
      .notNull()
      .references(() => paymentLinks.id, { onDelete: 'cascade' }),
    amountPence: bigint('amount_pence', { mode: 'number' }).notNull(),
    feePence: bigint('fee_pence', { mode: 'number' }).notNull(),
    /** Set when the payment settles: this link was paid by it, or its part was refunded. */
    outcome: text('outcome', { enum: ['paid', 'refunded'] }),
    /** Given back of this link's part (share and fee) after it was paid. */
    refundedPence: bigint('refunded_pence', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.paymentId, t.linkId] }),
    index('payment_items_link_idx').on(t.linkId),
  ],
);

/** Provider events already handled: a webhook delivered again is answered without doing anything. */
export const providerEvents = pgTable(
  'provider_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    /** processing, applied, duplicate-free ignored, or mismatch (nothing changed; see detail). */
    outcome: text('outcome').notNull().default('processing'),
    detail: text('detail'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
