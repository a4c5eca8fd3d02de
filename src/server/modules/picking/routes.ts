import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import {
  assignRestBodySchema,
  billIdParamsSchema,
  creatorPickingResponseSchema,
  creatorPicksBodySchema,
  finishPickingResponseSchema,
  joinBillResponseSchema,
  joinBodySchema,
  joinLinkResponseSchema,
  joinPaymentLinkBodySchema,
  joinPaymentLinkResponseSchema,
  joinResponseSchema,
  joinTokenParamsSchema,
  putPicksBodySchema,
  putPicksResponseSchema,
} from '../../../contracts/join';
import { userIdOf, type RequireUser } from '../../http/auth-guard';
import { AppError } from '../../http/errors';
import { RATE_LIMIT_TABLE } from '../accounts/rate-limit';
import { eventStreamRouteOptions, type LiveStreams } from '../live/sse';
import type { PickingService } from './service';

// Friends pick their own items: the join link's calls need only its token (and, to change a
// person's picks, that person's secret); the creator's need a session.

/** Joins per IP and window: a table of friends joins a few times, a script trying names many. */
export interface JoinRateLimits {
  joinsPerIp: number;
  windowSeconds: number;
}
export const DEFAULT_JOIN_RATE_LIMITS: JoinRateLimits = { joinsPerIp: 30, windowSeconds: 600 };

/** Counts joins per IP: in PostgreSQL (shared by every process) when there is a server. */
export function createJoinRateLimiter(limits: JoinRateLimits, pool?: pg.Pool) {
  const opts = { points: limits.joinsPerIp, duration: limits.windowSeconds, keyPrefix: 'join-ip' };
  const limiter: RateLimiterAbstract = pool
    ? new RateLimiterPostgres({
        ...opts,
        storeClient: pool,
        storeType: 'pool',
        tableName: RATE_LIMIT_TABLE,
        tableCreated: true,
        insuranceLimiter: new RateLimiterMemory(opts),
      })
    : new RateLimiterMemory(opts);
  return async (ip: string) => {
    try {
      await limiter.consume(ip);
    } catch (res) {
      if (!(res instanceof RateLimiterRes)) throw res;
      const minutes = Math.max(1, Math.ceil(res.msBeforeNext / 60_000));
      throw new AppError(
        429,
        'rate_limited',
        `Too many people joined from here. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
        undefined,
        { 'retry-after': String(Math.ceil(res.msBeforeNext / 1000)) },
      );
    }
  };
}

export const pickingRoutes =
  (deps: {
    service: PickingService;
    requireUser: RequireUser;
    /** The live module's event streams: GET /api/join/:token/events. */
    streams: LiveStreams;
    limitJoin: (ip: string) => Promise<void>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { service, requireUser } = deps;
    const signedIn = { onRequest: requireUser };

    app.addHook('onSend', async (_req, reply) => {
      reply.header('cache-control', 'no-store');
    });

    // --- anyone with the join link --------------------------------------------------------------

    app.get(
      '/api/join/:token',
      { schema: { params: joinTokenParamsSchema, response: { 200: joinBillResponseSchema } } },
      async (req) => service.view(req.params.token),
    );

    // Every change to the bill (picks, joins, payments, its state), for the friend's page.
    app.get(
      '/api/join/:token/events',
      { ...eventStreamRouteOptions, schema: { params: joinTokenParamsSchema } },
      async (req, reply) =>
        deps.streams.send(req, reply, await service.billOfToken(req.params.token)),
    );

    app.post(
      '/api/join/:token/participants',
      {
        // Counted before the body is read: a script sending bad names is limited too.
        preValidation: async (req) => deps.limitJoin(req.ip),
        schema: {
          params: joinTokenParamsSchema,
          body: joinBodySchema,
          response: { 201: joinResponseSchema },
        },
      },
      async (req, reply) =>
        reply.status(201).send(await service.join(req.params.token, req.body.name)),
    );

    app.put(
      '/api/join/:token/picks',
      {
        schema: {
          params: joinTokenParamsSchema,
          body: putPicksBodySchema,
          response: { 200: putPicksResponseSchema },
        },
      },
      async (req) => service.putPicks(req.params.token, req.body),
    );

    app.post(
      '/api/join/:token/payment-link',
      {
        schema: {
          params: joinTokenParamsSchema,
          body: joinPaymentLinkBodySchema,
          response: { 200: joinPaymentLinkResponseSchema },
        },
      },
      async (req) => service.paymentLink(req.params.token, req.body),
    );

    // --- the creator ------------------------------------------------------------------------------

    app.post(
      '/api/bills/:id/join-link',
      {
        ...signedIn,
        schema: { params: billIdParamsSchema, response: { 200: joinLinkResponseSchema } },
      },
      async (req) => service.createJoinLink(userIdOf(req), req.params.id),
    );

    app.get(
      '/api/bills/:id/picking',
      {
        ...signedIn,
        schema: { params: billIdParamsSchema, response: { 200: creatorPickingResponseSchema } },
      },
      async (req) => service.creatorPicking(userIdOf(req), req.params.id),
    );

    app.put(
      '/api/bills/:id/picks',
      {
        ...signedIn,
        schema: {
          params: billIdParamsSchema,
          body: creatorPicksBodySchema,
          response: { 200: creatorPickingResponseSchema },
        },
      },
      async (req) => service.creatorSetPicks(userIdOf(req), req.params.id, req.body),
    );

    app.post(
      '/api/bills/:id/picking/assign-rest',
      {
        ...signedIn,
        schema: {
          params: billIdParamsSchema,
          body: assignRestBodySchema,
          response: { 200: creatorPickingResponseSchema },
        },
      },
      async (req) => service.assignRest(userIdOf(req), req.params.id, req.body),
    );

    app.post(
      '/api/bills/:id/picking/split-rest',
      {
        ...signedIn,
        schema: { params: billIdParamsSchema, response: { 200: creatorPickingResponseSchema } },
      },
      async (req) => service.splitRest(userIdOf(req), req.params.id),
    );

    app.post(
      '/api/bills/:id/picking/finish',
      {
        ...signedIn,
        schema: { params: billIdParamsSchema, response: { 200: finishPickingResponseSchema } },
      },
      async (req) => service.finish(userIdOf(req), req.params.id),
    );
  };
