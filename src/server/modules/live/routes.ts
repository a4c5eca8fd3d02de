import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billIdParamsSchema } from '../../../contracts/bills';
import { PAYMENT_LINK_NOT_FOUND, tokenParamsSchema } from '../../../contracts/payments';
import { userIdOf, type RequireUser } from '../../http/auth-guard';
import { AppError, notFound } from '../../http/errors';
import { BILL_NOT_FOUND } from '../bills/service';
import type { LiveRepo } from './repo';
import { eventStreamRouteOptions, type LiveStreams } from './sse';

/**
 * GET /api/bills/:id/events (its creator's only: another user's bill is 404) and
 * GET /api/pay/:token/events (anyone holding one of the bill's payment links): the bill's events
 * as `text/event-stream`. Every event's data is payer-safe by contract (contracts/live.ts).
 */
export const liveRoutes =
  (deps: {
    repo: LiveRepo;
    streams: LiveStreams;
    requireUser: RequireUser;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { repo, streams } = deps;

    app.get(
      '/api/bills/:id/events',
      {
        ...eventStreamRouteOptions,
        onRequest: deps.requireUser,
        schema: { params: billIdParamsSchema },
      },
      async (req, reply) => {
        if (!(await repo.ownsBill(userIdOf(req), req.params.id))) throw notFound(BILL_NOT_FOUND);
        return streams.send(req, reply, req.params.id);
      },
    );

    app.get(
      '/api/pay/:token/events',
      { ...eventStreamRouteOptions, schema: { params: tokenParamsSchema } },
      async (req, reply) => {
        const billId = await repo.billOfPaymentToken(req.params.token);
        if (!billId) throw new AppError(404, 'not_found', PAYMENT_LINK_NOT_FOUND);
        return streams.send(req, reply, billId);
      },
    );
  };
