import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

// What stays when something is deleted (DECISIONS.md Managing saved bills; issue: delete my
// account): the tokens of cancelled payment links, and payment records without personal data.

/** A link whose bill was deleted before anyone paid: its page says the bill is no longer available. */
export const cancelledPaymentLinks = pgTable(
  'cancelled_payment_links',
  {
    token: text('token').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cancelled_payment_links_owner_idx').on(t.ownerId)],
);

/**
 * A payment kept after its account was deleted: when, how much, how and the provider's reference,
 * as a payment record must be kept; no name, e-mail, bill or link.
 */
export const retainedPayments = pgTable('retained_payments', {
  id: uuid('id').primaryKey(),
  provider: text('provider').notNull(),
  method: text('method').notNull(),
  kind: text('kind').notNull(),
  checkoutSessionId: text('checkout_session_id'),
  paymentIntentId: text('payment_intent_id'),
  amountPence: bigint('amount_pence', { mode: 'number' }).notNull(),
  feePence: bigint('fee_pence', { mode: 'number' }).notNull(),
  refundedPence: bigint('refunded_pence', { mode: 'number' }).notNull(),
  status: text('status').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  accountDeletedAt: timestamp('account_deleted_at', { withTimezone: true }).notNull().defaultNow(),
});
