import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bankAccountSchema,
  sandboxBankBodySchema,
  sandboxBankResponseSchema,
  sandboxCheckoutSchema,
  sandboxConnectBodySchema,
  sandboxPayBodySchema,
  sandboxPayResponseSchema,
  sessionParamsSchema,
} from '../../../contracts/payments';
import { userIdOf, type RequireUser } from '../../http/auth-guard';
import type { SandboxPagesService } from './service';

// The sandbox's connect, checkout and test bank pages' calls; registered only when the sandbox is the provider.

export const sandboxPaymentsRoutes =
  (deps: { service: SandboxPagesService; requireUser: RequireUser }): FastifyPluginAsyncZod =>
  async (app) => {
    const { service, requireUser } = deps;

    app.addHook('onSend', async (_req, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.post(
      '/api/sandbox/connect',
      {
        onRequest: requireUser,
        schema: { body: sandboxConnectBodySchema, response: { 200: bankAccountSchema } },
      },
      async (req) => service.connect(userIdOf(req), req.body),
    );

    app.get(
      '/api/sandbox/checkout/:sessionId',
      { schema: { params: sessionParamsSchema, response: { 200: sandboxCheckoutSchema } } },
      async (req) => service.checkout(req.params.sessionId),
    );

    app.post(
      '/api/sandbox/checkout/:sessionId/bank',
      {
        schema: {
          params: sessionParamsSchema,
          body: sandboxBankBodySchema,
          response: { 200: sandboxBankResponseSchema },
        },
      },
      async (req) => service.bank(req.params.sessionId, req.body),
    );

    app.post(
      '/api/sandbox/checkout/:sessionId/pay',
      {
        schema: {
          params: sessionParamsSchema,
          body: sandboxPayBodySchema,
          response: { 200: sandboxPayResponseSchema },
        },
      },
      async (req) => service.pay(req.params.sessionId, req.body),
    );
  };
