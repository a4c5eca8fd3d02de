import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { billItems, billParticipants, bills } from './bills';

// Friends pick their own items (DECISIONS.md): a bill's one join link and its picks.

/** One per bill: the token in /join/<token>, as strong as a payment link's and as long-lived. */
export const joinLinks = pgTable('join_links', {
  billId: uuid('bill_id')
    .primaryKey()
    .references(() => bills.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A pick: one person had some portions of one item; at most one per person and item. */
export const picks = pgTable(
  'picks',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => billItems.id, { onDelete: 'cascade' }),
    participantId: uuid('participant_id')
      .notNull()
      .references(() => billParticipants.id, { onDelete: 'cascade' }),
    billId: uuid('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    /** Portions x 2 (1 to 20); null for "share with whoever else picks it" (domain/picking.ts). */
    portionHalves: integer('portion_halves'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.participantId] }),
    index('picks_bill_idx').on(t.billId),
    index('picks_participant_idx').on(t.participantId),
    check(
      'picks_portions',
      sql`${t.portionHalves} IS NULL OR (${t.portionHalves} >= 1 AND ${t.portionHalves} <= 20)`,
    ),
  ],
);
