import { z } from 'zod';

import { safe } from './text';

/** GET/PATCH /api/notifications/settings: settings' switches besides push on this device. */
export const notificationSettingsSchema = z.object({
  /** With no device taking push: payments and completed bills by e-mail. */
  paymentEmails: z.boolean(),
  /** "Bill Reminders": told who has not paid, 48 hours after links and then weekly, 3 times. */
  billReminders: z.boolean(),
  /** How many devices take this user's push messages. */
  pushDevices: z.number().int().nonnegative(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const updateNotificationSettingsBodySchema = z
  .object({ paymentEmails: z.boolean(), billReminders: z.boolean() })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Say which setting to change');
export type UpdateNotificationSettingsBody = z.infer<typeof updateNotificationSettingsBodySchema>;

const base64url = (what: string, min: number, max: number) =>
  z
    .string({ error: `${what} is required` })
    .min(min, `${what} is not valid`)
    .max(max, `${what} is not valid`)
    .regex(/^[A-Za-z0-9_-]+=*$/, `${what} is not valid`);

/** POST /api/push/subscriptions: this device's PushSubscription.toJSON(). */
export const pushSubscriptionBodySchema = z.object({
  endpoint: safe(
    z.string({ error: 'endpoint is required' }).max(2000, 'endpoint is too long'),
  ).refine((v) => URL.canParse(v) && new URL(v).protocol === 'https:', 'must be an https URL'),
  keys: z.object({
    p256dh: base64url('p256dh', 80, 100),
    auth: base64url('auth', 16, 32),
  }),
  expirationTime: z.number().nullable().optional(),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

/** DELETE /api/push/subscriptions: the device that no longer wants push. */
export const pushUnsubscribeBodySchema = z.object({
  endpoint: safe(z.string({ error: 'endpoint is required' }).max(2000, 'endpoint is too long')),
});

/** GET /api/push/key: the server's VAPID public key (applicationServerKey). */
export const pushKeyResponseSchema = z.object({ publicKey: z.string() });

/** What the service worker gets in a push message, and shows. */
export const pushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** The app's page that tapping opens. */
  url: z.string(),
  tag: z.string(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;

export const okSchema = z.object({ ok: z.literal(true) });

/** POST /api/bills/:id/reminders: the friends the creator just shared a reminder with. */
export const remindBodySchema = z.object({
  participantIds: z.array(z.uuid()).min(1, 'Choose who to remind').max(100),
});

/** When each friend of a bill was last reminded. */
export const remindersResponseSchema = z.object({
  reminders: z.array(z.object({ participantId: z.string(), remindedAt: z.string() })),
});
export type RemindersResponse = z.infer<typeof remindersResponseSchema>;
