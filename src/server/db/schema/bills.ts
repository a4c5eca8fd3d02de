import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { receipts } from './receipts';

// A bill and its parts. Money is integer pence (`_pence`); portions are kept in halves (portions x 2)
// so 0.5 steps stay exact integers.

export const bills = pgTable(
  'bills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    billDate: date('bill_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['saved', 'picking', 'active', 'completed'] }).notNull(),
    mode: text('mode', { enum: ['byItem', 'equal'] }).notNull(),
    /** Tip as basis points of the items subtotal (1000 = 10%); null when the tip was given as an amount. */
    tipBasisPoints: integer('tip_basis_points'),
    subtotalPence: bigint('subtotal_pence', { mode: 'number' }).notNull(),
    serviceChargePence: bigint('service_charge_pence', { mode: 'number' }).notNull(),
    tipPence: bigint('tip_pence', { mode: 'number' }).notNull(),
    taxPence: bigint('tax_pence', { mode: 'number' }).notNull().default(0),
    totalPence: bigint('total_pence', { mode: 'number' }).notNull(),
    feePence: bigint('fee_pence', { mode: 'number' }).notNull(),
    /**
     * The scan the bill was read from: its photo stays while a bill uses it (a scan no bill uses is
     * deleted after 7 days, modules/receipts/cleanup.ts).
     */
    receiptId: uuid('receipt_id').references(() => receipts.id),
    /**
     * The client's idempotency key for this bill (a bill saved offline is sent again until an answer
     * arrives): one bill per owner and key, so a repeat finds the first instead of making a second.
     */
    clientKey: uuid('client_key'),
    /** False for a bill saved before its shares were stored line by line, until the backfill runs. */
    sharesStored: boolean('shares_stored').notNull().default(true),
    /** Set when its owner archived it (a bill with a payment): out of the lists, still exported. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The owner's newest-first list, and its keyset cursor (created_at, id).
    // Ascending on purpose: scanned backwards it serves ORDER BY created_at DESC, id DESC (NULLS
    // FIRST, PostgreSQL's default for DESC); a DESC NULLS LAST index cannot.
    index('bills_owner_created_idx').on(t.ownerId, t.createdAt, t.id),
    uniqueIndex('bills_owner_client_key_idx').on(t.ownerId, t.clientKey),
    // The cleanup's 'does any bill use this scan?'.
    index('bills_receipt_idx').on(t.receiptId),
    check('bills_service_charge_non_negative', sql`${t.serviceChargePence} >= 0`),
    check('bills_tip_non_negative', sql`${t.tipPence} >= 0`),
    // A tax added on top is never negative (contracts/bills.ts refuses one; decision 016).
    check('bills_tax_non_negative', sql`${t.taxPence} >= 0`),
    // Checked for new rows only (NOT VALID, migration 0004): rows written before it are kept.
    check('bills_total_non_negative', sql`${t.totalPence} >= 0`),
  ],
);

export const billItems = pgTable(
  'bill_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    billId: uuid('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    amountPence: bigint('amount_pence', { mode: 'number' }).notNull(),
    splitMode: text('split_mode', { enum: ['manual', 'equally'] })
      .notNull()
      .default('manual'),
  },
  (t) => [index('bill_items_bill_idx').on(t.billId, t.position)],
);

export const billParticipants = pgTable(
  'bill_participants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    billId: uuid('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    isCreator: boolean('is_creator').notNull().default(false),
    amountDuePence: bigint('amount_due_pence', { mode: 'number' }).notNull(),
    feePence: bigint('fee_pence', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: ['pending', 'paid'] })
      .notNull()
      .default('pending'),
    /**
     * SHA-256 (hex) of the secret given to the device of the friend who joined as this person from
     * the join link (modules/picking); null while nobody has taken the name.
     */
    secretHash: text('secret_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bill_participants_bill_idx').on(t.billId, t.position),
    // NOT VALID, as bills_total_non_negative.
    check(
      'bill_participants_amount_non_negative',
      sql`${t.amountDuePence} >= 0 and ${t.feePence} >= 0`,
    ),
  ],
);

export const itemAssignments = pgTable(
  'item_assignments',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => billItems.id, { onDelete: 'cascade' }),
    participantId: uuid('participant_id')
      .notNull()
      .references(() => billParticipants.id, { onDelete: 'cascade' }),
    /** Portions x 2: 1 = half a portion, 2 = one portion, 3 = one and a half. */
    portionHalves: integer('portion_halves').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.participantId] }),
    index('item_assignments_participant_idx').on(t.participantId),
    check('item_assignments_positive', sql`${t.portionHalves} > 0`),
  ],
);

/**
 * What each participant owes, line by line, computed once by the domain split when the bill is saved
 * (domain/shares.ts). Bill detail, payment links and payer pages read these; nothing re-splits.
 */
export const shareLines = pgTable(
  'share_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    billId: uuid('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    participantId: uuid('participant_id')
      .notNull()
      .references(() => billParticipants.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind', { enum: ['item', 'share', 'service', 'tip', 'tax', 'fee'] }).notNull(),
    itemId: uuid('item_id').references(() => billItems.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Portions x 2, for item lines of a by-item split. */
    portionHalves: integer('portion_halves'),
    amountPence: bigint('amount_pence', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('share_lines_participant_idx').on(t.participantId, t.position),
    index('share_lines_bill_idx').on(t.billId),
    // Deleting an item (a bill edited or deleted) cascades to its lines: found by this, not a scan.
    index('share_lines_item_idx').on(t.itemId),
  ],
);

/** When the user last opened the activity bell, for its unseen count. */
export const activitySeen = pgTable('activity_seen', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
});
