import { customType, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ParsedReceipt } from '../../../domain/receipt/types';
import { user } from './auth';

// One row per scan (DESIGN.md Receipt flow): the normalised photo, what OCR read, what the parser
// made of it, and how long each stage took. Owner-only; a bill points at it by receipt_id.

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export interface ReceiptTimingsRow {
  imageMs: number;
  queueMs: number;
  ocrMs: number;
  parseMs: number;
  totalMs: number;
}

export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    image: bytea('image').notNull(),
    mime: text('mime').notNull(),
    ocrText: text('ocr_text').notNull(),
    parsed: jsonb('parsed').$type<ParsedReceipt>().notNull(),
    timings: jsonb('timings').$type<ReceiptTimingsRow>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('receipts_owner_created_idx').on(t.ownerId, t.createdAt),
    // The cleanup's 'scans older than 7 days', oldest first.
    index('receipts_created_idx').on(t.createdAt),
  ],
);
