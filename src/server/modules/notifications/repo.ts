import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  billParticipants,
  bills,
  notificationSettings,
  participantReminders,
  paymentItems,
  paymentLinks,
  payments,
  pushSubscriptions,
  reminderJobs,
  user,
} from '../../db/schema';

export type SubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type ReminderJobRow = typeof reminderJobs.$inferSelect;

export function createNotificationsRepo(db: Db) {
  return {
    async settings(userId: string) {
      const [row] = await db
        .select()
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, userId));
      return {
        paymentEmails: row?.paymentEmails ?? false,
        billReminders: row?.billReminders ?? false,
      };
    },

    async updateSettings(
      userId: string,
      fields: Partial<{ paymentEmails: boolean; billReminders: boolean }>,
    ) {
      await db
        .insert(notificationSettings)
        .values({ userId, ...fields })
        .onConflictDoUpdate({
          target: notificationSettings.userId,
          set: { ...fields, updatedAt: new Date() },
        });
    },

    subscriptions: (userId: string): Promise<SubscriptionRow[]> =>
      db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)),

    async countSubscriptions(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId));
      return row?.n ?? 0;
    },

    /** One row per endpoint: a device that signs into another account moves to it. */
    async saveSubscription(userId: string, s: { endpoint: string; p256dh: string; auth: string }) {
      await db
        .insert(pushSubscriptions)
        .values({ userId, ...s })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId, p256dh: s.p256dh, auth: s.auth },
        });
    },

    async deleteSubscription(userId: string, endpoint: string) {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
    },

    async dropSubscription(id: string) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },

    async owner(userId: string) {
      const [row] = await db
        .select({ email: user.email, firstName: user.firstName })
        .from(user)
        .where(eq(user.id, userId));
      return row;
    },

    /** What a settled payment paid: whose shares, how much of them (fees aside), on which bill. */
    async paymentNotice(paymentId: string) {
      const [head] = await db
        .select({
          billId: bills.id,
          billName: bills.name,
          ownerId: bills.ownerId,
          billStatus: bills.status,
        })
        .from(payments)
        .innerJoin(bills, eq(bills.id, payments.billId))
        .where(eq(payments.id, paymentId));
      if (!head) return undefined;
      const rows = await db
        .select({ name: billParticipants.name, amountPence: paymentItems.amountPence })
        .from(paymentItems)
        .innerJoin(paymentLinks, eq(paymentLinks.id, paymentItems.linkId))
        .innerJoin(billParticipants, eq(billParticipants.id, paymentLinks.participantId))
        .where(and(eq(paymentItems.paymentId, paymentId), eq(paymentItems.outcome, 'paid')))
        .orderBy(asc(billParticipants.name));
      return {
        ...head,
        names: rows.map((r) => r.name),
        amountPence: rows.reduce((sum, r) => sum + r.amountPence, 0),
      };
    },

    /** The friends of a bill who have a link and have not paid. */
    unpaidOf: (t: Db, billId: string) =>
      t
        .select({ id: billParticipants.id, name: billParticipants.name })
        .from(billParticipants)
        .innerJoin(paymentLinks, eq(paymentLinks.participantId, billParticipants.id))
        .where(
          and(
            eq(billParticipants.billId, billId),
            eq(billParticipants.isCreator, false),
            eq(paymentLinks.status, 'pending'),
          ),
        )
        .orderBy(asc(billParticipants.position)),

    /** Schedules a bill's reminders once (a second set of links does not restart them). */
    async scheduleReminders(billId: string, runAt: Date) {
      await db.insert(reminderJobs).values({ billId, runAt }).onConflictDoNothing();
    },

    /** Due reminders, locked for this transaction; rows another process holds are skipped. */
    claimDue: (t: Db, now: Date, limit: number) =>
      t
        .select({ job: reminderJobs, ownerId: bills.ownerId, billName: bills.name })
        .from(reminderJobs)
        .innerJoin(bills, eq(bills.id, reminderJobs.billId))
        .where(and(eq(reminderJobs.state, 'scheduled'), lte(reminderJobs.runAt, now)))
        .orderBy(asc(reminderJobs.runAt))
        .limit(limit)
        .for('update', { of: reminderJobs, skipLocked: true }),

    async advanceJob(
      t: Db,
      billId: string,
      fields: { sent: number; runAt: Date; state: 'scheduled' | 'done' },
    ) {
      await t
        .update(reminderJobs)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(reminderJobs.billId, billId));
    },

    async job(billId: string) {
      const [row] = await db.select().from(reminderJobs).where(eq(reminderJobs.billId, billId));
      return row;
    },

    /** Whether `billId` is the user's, with its participants' ids. */
    async ownedBill(ownerId: string, billId: string) {
      const [bill] = await db
        .select({ id: bills.id })
        .from(bills)
        .where(and(eq(bills.id, billId), eq(bills.ownerId, ownerId)));
      if (!bill) return undefined;
      const people = await db
        .select({ id: billParticipants.id })
        .from(billParticipants)
        .where(eq(billParticipants.billId, billId));
      return { id: bill.id, participantIds: new Set(people.map((p) => p.id)) };
    },

    async markReminded(billId: string, participantIds: string[], at: Date) {
      if (!participantIds.length) return;
      await db
        .insert(participantReminders)
        .values(participantIds.map((participantId) => ({ participantId, billId, remindedAt: at })))
        .onConflictDoUpdate({
          target: participantReminders.participantId,
          set: { remindedAt: at, times: sql`${participantReminders.times} + 1` },
        });
    },

    reminders: (billId: string) =>
      db
        .select({
          participantId: participantReminders.participantId,
          remindedAt: participantReminders.remindedAt,
        })
        .from(participantReminders)
        .where(eq(participantReminders.billId, billId)),
  };
}

export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
