import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { billParticipants, bills } from './bills';

// Telling people (migration 0011): push devices, switches, reminders shared and scheduled.

/** One device's web-push subscription (RFC 8030): where to post, and the keys to encrypt for it. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/** Settings' switches beyond push itself (which is a device having a subscription). */
export const notificationSettings = pgTable('notification_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  paymentEmails: boolean('payment_emails').notNull().default(false),
  billReminders: boolean('bill_reminders').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** When the creator last shared a reminder with a friend ("Reminded 2 days ago"). */
export const participantReminders = pgTable(
  'participant_reminders',
  {
    participantId: uuid('participant_id')
      .primaryKey()
      .references(() => billParticipants.id, { onDelete: 'cascade' }),
    billId: uuid('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }).notNull(),
    times: integer('times').notNull().default(1),
  },
  (t) => [index('participant_reminders_bill_idx').on(t.billId)],
);

/** A bill's reminders to its creator: the next one's time and how many have gone (at most 3). */
export const reminderJobs = pgTable(
  'reminder_jobs',
  {
    billId: uuid('bill_id')
      .primaryKey()
      .references(() => bills.id, { onDelete: 'cascade' }),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    sent: integer('sent').notNull().default(0),
    state: text('state', { enum: ['scheduled', 'done'] })
      .notNull()
      .default('scheduled'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reminder_jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.state} = 'scheduled'`),
    check('reminder_jobs_state_check', sql`${t.state} in ('scheduled', 'done')`),
    check('reminder_jobs_sent_check', sql`${t.sent} between 0 and 3`),
  ],
);
