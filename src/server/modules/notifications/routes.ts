import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notificationSettingsSchema,
  okSchema,
  pushKeyResponseSchema,
  pushSubscriptionBodySchema,
  pushUnsubscribeBodySchema,
  remindBodySchema,
  remindersResponseSchema,
  updateNotificationSettingsBodySchema,
} from '../../../contracts/notifications';
import { billIdParamsSchema } from '../../../contracts/bills';
import { userIdOf, type RequireUser } from '../../http/auth-guard';
import type { NotificationsService } from './service';

export const notificationsRoutes =
  (deps: { service: NotificationsService; requireUser: RequireUser }): FastifyPluginAsyncZod =>
  async (app) => {
    const { service, requireUser } = deps;
    const signedIn = { onRequest: requireUser };

    app.get(
      '/api/push/key',
      { schema: { response: { 200: pushKeyResponseSchema } } },
      async () => ({ publicKey: service.publicKey }),
    );

    app.post(
      '/api/push/subscriptions',
      { ...signedIn, schema: { body: pushSubscriptionBodySchema, response: { 200: okSchema } } },
      async (req) => {
        await service.subscribe(userIdOf(req), req.body);
        return { ok: true as const };
      },
    );

    app.delete(
      '/api/push/subscriptions',
      { ...signedIn, schema: { body: pushUnsubscribeBodySchema, response: { 200: okSchema } } },
      async (req) => {
        await service.unsubscribe(userIdOf(req), req.body.endpoint);
        return { ok: true as const };
      },
    );

    app.get(
      '/api/notifications/settings',
      { ...signedIn, schema: { response: { 200: notificationSettingsSchema } } },
      async (req) => service.settings(userIdOf(req)),
    );

    app.patch(
      '/api/notifications/settings',
      {
        ...signedIn,
        schema: {
          body: updateNotificationSettingsBodySchema,
          response: { 200: notificationSettingsSchema },
        },
      },
      async (req) => service.updateSettings(userIdOf(req), req.body),
    );

    app.get(
      '/api/bills/:id/reminders',
      {
        ...signedIn,
        schema: { params: billIdParamsSchema, response: { 200: remindersResponseSchema } },
      },
      async (req) => service.reminders(userIdOf(req), req.params.id),
    );

    app.post(
      '/api/bills/:id/reminders',
      {
        ...signedIn,
        schema: {
          params: billIdParamsSchema,
          body: remindBodySchema,
          response: { 200: remindersResponseSchema },
        },
      },
      async (req) => service.remind(userIdOf(req), req.params.id, req.body.participantIds),
    );
  };
