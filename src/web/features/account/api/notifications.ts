import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  notificationSettingsSchema,
  pushKeyResponseSchema,
  type NotificationSettings,
  type PushSubscriptionBody,
  type UpdateNotificationSettingsBody,
} from '../../../../contracts/notifications';
import { apiRequest } from '../../../lib/api';

// Settings' Notifications rows (DECISIONS.md E-mail and notifications): the account's switches
// kept by the server and this device's push subscription.

/** GET /api/notifications/settings */
export const notificationSettingsQuery = queryOptions({
  queryKey: ['/api/notifications/settings'],
  queryFn: async ({ signal }): Promise<NotificationSettings> =>
    notificationSettingsSchema.parse(
      await apiRequest('GET', '/api/notifications/settings', undefined, { signal }),
    ),
});

export const useNotificationSettings = () => useQuery(notificationSettingsQuery);

/** PATCH /api/notifications/settings */
export async function updateNotificationSettings(
  body: UpdateNotificationSettingsBody,
): Promise<NotificationSettings> {
  return notificationSettingsSchema.parse(
    await apiRequest('PATCH', '/api/notifications/settings', body),
  );
}

/** GET /api/push/key: the server's VAPID public key. */
export async function fetchPushKey(): Promise<string> {
  return pushKeyResponseSchema.parse(await apiRequest('GET', '/api/push/key')).publicKey;
}

/** POST /api/push/subscriptions: this device takes the user's push messages. */
export const savePushSubscription = (body: PushSubscriptionBody) =>
  apiRequest('POST', '/api/push/subscriptions', body);

/** DELETE /api/push/subscriptions: this device no longer does. */
export const deletePushSubscription = (endpoint: string) =>
  apiRequest('DELETE', '/api/push/subscriptions', { endpoint });
