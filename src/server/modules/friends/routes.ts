import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  friendBillsQuerySchema,
  friendBillsResponseSchema,
  friendsResponseSchema,
} from '../../../contracts/friends';
import { userIdOf, type RequireUser } from '../../http/auth-guard';
import type { FriendsService } from './service';

export const friendsRoutes =
  (deps: { service: FriendsService; requireUser: RequireUser }): FastifyPluginAsyncZod =>
  async (app) => {
    const { service } = deps;
    app.addHook('onRequest', deps.requireUser);

    app.get('/api/friends', { schema: { response: { 200: friendsResponseSchema } } }, async (req) =>
      service.friends(userIdOf(req)),
    );

    app.get(
      '/api/friends/bills',
      {
        schema: {
          querystring: friendBillsQuerySchema,
          response: { 200: friendBillsResponseSchema },
        },
      },
      async (req) => service.friendBills(userIdOf(req), req.query.name),
    );
  };
