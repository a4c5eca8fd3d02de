import {
  bigint,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { user } from './auth';

// Limits shared by every process on one PostgreSQL server (decision 012). The embedded database
// serves a single process, which keeps these counts in memory instead; the tables stay empty there.

/** Sign-in and sign-up attempts per key and window: rate-limiter-flexible's PostgreSQL store. */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  /** When the window ends, in ms since the epoch (the library's own unit). */
  expire: bigint('expire', { mode: 'number' }),
});

/**
 * Receipt scans under way, one row each, from the upload's first byte to the answer: an account may
 * hold two. A row whose process died with it is ignored once `expires_at` has passed.
 */
export const scanPlaces = pgTable(
  'scan_places',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('scan_places_owner_idx').on(t.ownerId)],
);
