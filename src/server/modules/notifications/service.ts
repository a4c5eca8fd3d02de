import type {
  NotificationSettings,
  PushMessage,
  PushSubscriptionBody,
  RemindersResponse,
  UpdateNotificationSettingsBody,
} from '../../../contracts/notifications';
import { BILL_REMINDERS, completedText, paidText, unpaidText } from '../../../domain/notifications';
import type { MailDeliveries } from '../../adapters/mail/deliveries';
import { composeMail } from '../../adapters/mail/message';
import type { PushSender } from '../../adapters/push/web-push';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../http/errors';
import { BILL_NOT_FOUND, inTransaction } from '../payments/common';
import { createNotificationsRepo } from './repo';

type LogFn = (obj: object, msg: string) => void;

/** Bill ids are UUIDs: anything else names no bill (and must not reach a uuid cast). */
const isBillId = (id: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

export interface NotificationsDeps {
  db: Db;
  push: PushSender;
  mail: MailDeliveries;
  publicUrl: string;
  log: { info: LogFn; warn: LogFn; error: LogFn };
  clock?: () => Date;
}

/** A message for the creator: by push to each device, else by e-mail if they asked for it. */
interface Notice {
  title: string;
  body: string;
  /** The page it opens, in the app. */
  path: string;
  tag: string;
  emailSubject: string;
}

export function createNotificationsService(deps: NotificationsDeps) {
  const { db, push, mail, publicUrl, log } = deps;
  const clock = deps.clock ?? (() => new Date());
  const repo = createNotificationsRepo(db);
  const pending = new Set<Promise<unknown>>();

  /** Runs `work` after the caller's answer, keeping it for idle() (tests and shutdown). */
  function later(what: string, work: () => Promise<unknown>) {
    const p = work()
      .catch((err: unknown) => log.error({ err, what }, 'a notification failed'))
      .finally(() => pending.delete(p));
    pending.add(p);
  }

  /**
   * Push to every device of the user; subscriptions the push service calls gone (404, 410) are
   * dropped. With no device at all, the same by e-mail when the user asked for e-mails (or always,
   * for `emailAlways`: a reminder they switched on).
   */
  async function tell(userId: string, notices: Notice[], emailSwitch: 'payment' | 'reminder') {
    const subs = await repo.subscriptions(userId);
    let delivered = 0;
    let gone = 0;
    for (const sub of subs)
      for (const n of notices) {
        const message: PushMessage = { title: n.title, body: n.body, url: n.path, tag: n.tag };
        const outcome = await push.send(
          { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
          message,
        );
        if (outcome === 'gone') {
          await repo.dropSubscription(sub.id);
          log.info({ subscription: sub.id }, 'push subscription gone: dropped');
          gone++;
          break;
        }
        if (outcome === 'sent') delivered++;
      }
    // A device that is still there takes push (even if its service failed this once); with none
    // left, e-mail.
    if (delivered || subs.length > gone) return;
    const settings = await repo.settings(userId);
    if (emailSwitch === 'payment' && !settings.paymentEmails) return;
    const owner = await repo.owner(userId);
    if (!owner) return;
    for (const n of notices)
      mail.later(
        composeMail({
          to: owner.email,
          subject: n.emailSubject,
          greeting: `Hi ${owner.firstName?.trim() || 'there'},`,
          paragraphs: [`${n.body}.`],
          action: {
            label: emailSwitch === 'reminder' ? 'Remind them' : 'Open the bill',
            url: `${publicUrl}${n.path}`,
          },
          after: ['You get these e-mails because you switched them on in Fairshare settings.'],
        }),
        `notification-${n.tag.split(':')[0]}`,
      );
  }

  async function paymentSettled(paymentId: string) {
    const notice = await repo.paymentNotice(paymentId);
    if (!notice || !notice.names.length) return;
    const path = `/bill/${notice.billId}`;
    const notices: Notice[] = [
      {
        title: 'Payment received',
        body: paidText(notice.names, notice.amountPence, notice.billName),
        path,
        tag: `paid:${paymentId}`,
        emailSubject: paidText(notice.names, notice.amountPence, notice.billName),
      },
    ];
    if (notice.billStatus === 'completed')
      notices.push({
        title: 'Bill complete',
        body: completedText(notice.billName),
        path,
        tag: `complete:${notice.billId}`,
        emailSubject: completedText(notice.billName),
      });
    await tell(notice.ownerId, notices, 'payment');
  }

  /**
   * Sends the reminders due at `now`, each once however many processes run this: a due job is
   * locked (FOR UPDATE SKIP LOCKED, so another process passes over it), moved on and committed,
   * and only then is the creator told.
   */
  async function runDueReminders(limit = 20): Promise<number> {
    const now = clock();
    const toSend = await inTransaction(db, async (t) => {
      const due = await repo.claimDue(t, now, limit);
      const out: { ownerId: string; billId: string; billName: string; names: string[] }[] = [];
      for (const { job, ownerId, billName } of due) {
        const unpaid = await repo.unpaidOf(t, job.billId);
        const sent = job.sent + 1;
        if (!unpaid.length) {
          await repo.advanceJob(t, job.billId, { sent: job.sent, runAt: job.runAt, state: 'done' });
          continue;
        }
        await repo.advanceJob(t, job.billId, {
          sent,
          runAt: new Date(job.runAt.getTime() + BILL_REMINDERS.everyMs),
          state: sent >= BILL_REMINDERS.max ? 'done' : 'scheduled',
        });
        out.push({ ownerId, billId: job.billId, billName, names: unpaid.map((u) => u.name) });
      }
      return out;
    });
    for (const r of toSend) {
      // The switch is read when the reminder is due: switched off, this one is skipped.
      if (!(await repo.settings(r.ownerId)).billReminders) continue;
      const text = unpaidText(r.names, r.billName);
      await tell(
        r.ownerId,
        [
          {
            title: 'Still to pay',
            body: text,
            path: `/bill/${r.billId}?links=1`,
            tag: `remind:${r.billId}`,
            emailSubject: text,
          },
        ],
        'reminder',
      );
    }
    return toSend.length;
  }

  async function remindersOf(billId: string): Promise<RemindersResponse> {
    const rows = await repo.reminders(billId);
    return {
      reminders: rows.map((r) => ({
        participantId: r.participantId,
        remindedAt: r.remindedAt.toISOString(),
      })),
    };
  }

  return {
    publicKey: push.publicKey,

    /** After commit of a payment that paid someone's share: "Sam paid you ...", in the background. */
    paymentSettled(paymentId: string) {
      later('payment-settled', () => paymentSettled(paymentId));
    },

    /** After links are made: the bill's reminders start 48 hours from now. */
    linksCreated(billId: string) {
      later('links-created', () =>
        repo.scheduleReminders(billId, new Date(clock().getTime() + BILL_REMINDERS.firstAfterMs)),
      );
    },

    runDueReminders,

    async settings(userId: string): Promise<NotificationSettings> {
      const [s, pushDevices] = await Promise.all([
        repo.settings(userId),
        repo.countSubscriptions(userId),
      ]);
      return { ...s, pushDevices };
    },

    async updateSettings(userId: string, body: UpdateNotificationSettingsBody) {
      await repo.updateSettings(userId, body);
      return this.settings(userId);
    },

    async subscribe(userId: string, body: PushSubscriptionBody) {
      await repo.saveSubscription(userId, {
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
      });
    },

    unsubscribe: (userId: string, endpoint: string) => repo.deleteSubscription(userId, endpoint),

    /** When each friend of the user's bill was last reminded ("Reminded 2 days ago"). */
    async reminders(userId: string, billId: string): Promise<RemindersResponse> {
      if (!isBillId(billId) || !(await repo.ownedBill(userId, billId)))
        throw notFound(BILL_NOT_FOUND);
      return remindersOf(billId);
    },

    /** The creator shared a reminder with these friends of their bill: remembered as now. */
    async remind(userId: string, billId: string, participantIds: string[]) {
      const bill = isBillId(billId) ? await repo.ownedBill(userId, billId) : undefined;
      if (!bill) throw notFound(BILL_NOT_FOUND);
      const ids = [...new Set(participantIds)];
      if (ids.some((id) => !bill.participantIds.has(id)))
        throw badRequest('Choose friends on this bill', { participantIds: 'not on this bill' });
      await repo.markReminded(billId, ids, clock());
      return remindersOf(billId);
    },

    async idle() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
