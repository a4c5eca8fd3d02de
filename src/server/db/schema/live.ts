import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// A bill's event log (modules/live, decision 017). No foreign key to bills: a bill's last event
// (bill.deleted) must outlive the bill long enough to reach the screens watching it.

/** Each bill's events, numbered 1, 2, 3... by `bill_event_counters` under its row lock. */
export const billEvents = pgTable(
  'bill_events',
  {
    billId: uuid('bill_id').notNull(),
    seq: integer('seq').notNull(),
    type: text('type').notNull(),
    data: jsonb('data').notNull().$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.billId, t.seq] })],
);

/**
 * The last number given to a bill's event. Taking the next one locks the bill's row here until the
 * transaction ends, so a bill's events commit in the order of their numbers.
 */
export const billEventCounters = pgTable('bill_event_counters', {
  billId: uuid('bill_id').primaryKey(),
  lastSeq: integer('last_seq').notNull(),
});
