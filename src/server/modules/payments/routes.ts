import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { billIdParamsSchema } from '../../../contracts/bills';
import {
  bankAccountSchema,
  billPaymentLinksResponseSchema,
  checkoutBodySchema,
  checkoutResponseSchema,
  confirmBodySchema,
  confirmResponseSchema,
  connectAccountResponseSchema,
  connectStatusSchema,
  createPaymentBodySchema,
  createPaymentLinksBodySchema,
  createPaymentLinksResponseSchema,
  createPaymentResponseSchema,
  markPaidBodySchema,
  onboardingLinkBodySchema,
  onboardingLinkResponseSchema,
  participantParamsSchema,
  paymentRequestsResponseSchema,
  paymentSessionSchema,
  processResponseSchema,
  publicBillSchema,
  publicPaymentLinkSchema,
  sessionParamsSchema,
  tokenParamsSchema,
} from '../../../contracts/payments';
import { userIdOf, type RequireUser } from '../../http/auth-guard';
import { AppError } from '../../http/errors';
import { WebhookSignatureError } from '../../adapters/payments/provider';
import type { PaymentsServices } from './services';

// payments-accounts.md §7: every payment and provider call. The creator's calls need a session;
// a payer's need only the link's token; the webhook needs the provider's signature.

export const paymentsRoutes =
  (deps: { services: PaymentsServices; requireUser: RequireUser }): FastifyPluginAsyncZod =>
  async (app) => {
    const { services, requireUser } = deps;
    const { accounts, links, settlement, events } = services;
    const signedIn = { onRequest: requireUser };

    // Nothing about a payment is ever served from a cache.
    app.addHook('onSend', async (_req, reply) => {
      reply.header('cache-control', 'no-store');
    });

    // --- the creator's links --------------------------------------------------------------------

    app.post(
      '/api/payment-links',
      {
        ...signedIn,
        schema: {
          body: createPaymentLinksBodySchema,
          response: { 201: createPaymentLinksResponseSchema },
        },
      },
      async (req, reply) =>
        reply.status(201).send(await links.createLinks(userIdOf(req), req.body)),
    );

    app.get(
      '/api/payment-links',
      { ...signedIn, schema: { response: { 200: paymentRequestsResponseSchema } } },
      async (req) => links.requests(userIdOf(req)),
    );

    app.get(
      '/api/bills/:id/payment-links',
      {
        ...signedIn,
        schema: { params: billIdParamsSchema, response: { 200: billPaymentLinksResponseSchema } },
      },
      async (req) => links.billLinks(userIdOf(req), req.params.id),
    );

    app.post(
      '/api/bills/:id/participants/:participantId/payment',
      {
        ...signedIn,
        schema: {
          params: participantParamsSchema,
          body: markPaidBodySchema,
          response: { 200: billPaymentLinksResponseSchema },
        },
      },
      async (req) =>
        settlement.markPaid(
          userIdOf(req),
          req.params.id,
          req.params.participantId,
          req.body.method,
        ),
    );

    app.delete(
      '/api/bills/:id/participants/:participantId/payment',
      {
        ...signedIn,
        schema: {
          params: participantParamsSchema,
          response: { 200: billPaymentLinksResponseSchema },
        },
      },
      async (req) => settlement.unmarkPaid(userIdOf(req), req.params.id, req.params.participantId),
    );

    // --- the payout account (the spec's /api/stripe/* paths, whichever the provider) ---------

    app.get(
      '/api/stripe/bank-account',
      { ...signedIn, schema: { response: { 200: bankAccountSchema } } },
      async (req) => accounts.bankAccount(userIdOf(req)),
    );

    app.get(
      '/api/stripe/connect/status',
      { ...signedIn, schema: { response: { 200: connectStatusSchema } } },
      async (req) => accounts.connectStatus(userIdOf(req)),
    );

    app.post(
      '/api/stripe/connect/account',
      { ...signedIn, schema: { response: { 200: connectAccountResponseSchema } } },
      async (req) => accounts.connectAccount(userIdOf(req)),
    );

    app.post(
      '/api/stripe/connect/start',
      { ...signedIn, schema: { response: { 200: onboardingLinkResponseSchema } } },
      async (req) => accounts.startOnboarding(userIdOf(req)),
    );

    app.post(
      '/api/stripe/connect/onboarding',
      {
        ...signedIn,
        schema: { body: onboardingLinkBodySchema, response: { 200: onboardingLinkResponseSchema } },
      },
      async (req) =>
        accounts.onboardingLink(userIdOf(req), req.body.returnUrl, req.body.refreshUrl),
    );

    // --- payers -----------------------------------------------------------------------------------

    app.get(
      '/api/payment-links/:token',
      { schema: { params: tokenParamsSchema, response: { 200: publicPaymentLinkSchema } } },
      async (req) => links.link(req.params.token),
    );

    app.get(
      '/api/payment-links/:token/bill',
      { schema: { params: tokenParamsSchema, response: { 200: publicBillSchema } } },
      async (req) => links.linkBill(req.params.token),
    );

    app.post(
      '/api/payment-links/:token/process',
      { schema: { params: tokenParamsSchema, response: { 200: processResponseSchema } } },
      async (req) => settlement.createIntent(req.params.token),
    );

    app.post(
      '/api/create-stripe-payment',
      {
        schema: { body: createPaymentBodySchema, response: { 200: createPaymentResponseSchema } },
      },
      async (req) => {
        const r = await settlement.createIntent(req.body.token, req.body.returnUrl);
        return { clientSecret: r.clientSecret, paymentIntentId: r.paymentIntentId };
      },
    );

    for (const url of ['/api/payment-links/:token/confirm', '/api/pay/:token/confirm']) {
      app.post(
        url,
        {
          schema: {
            params: tokenParamsSchema,
            body: confirmBodySchema,
            response: { 200: confirmResponseSchema },
          },
        },
        async (req) => settlement.confirm(req.params.token, req.body.paymentIntentId),
      );
    }

    app.post(
      '/api/payments/checkout',
      { schema: { body: checkoutBodySchema, response: { 200: checkoutResponseSchema } } },
      async (req) => settlement.checkout(req.body.token, req.body.participantIds),
    );

    app.get(
      '/api/payments/sessions/:sessionId',
      { schema: { params: sessionParamsSchema, response: { 200: paymentSessionSchema } } },
      async (req) => settlement.session(req.params.sessionId),
    );

    // --- the provider's webhook: signed over the raw body, so parsed here as bytes ------------------

    await app.register(async (hook) => {
      // The app's own JSON parser (http/json-body.ts) is replaced here by one that keeps the bytes.
      hook.removeContentTypeParser('application/json');
      hook.addContentTypeParser(
        'application/json',
        { parseAs: 'buffer', bodyLimit: 512 * 1024 },
        (_req, body, done) => done(null, body),
      );
      hook.post(
        '/api/webhooks/stripe',
        {
          schema: {
            response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) },
          },
        },
        async (req) => {
          const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
          const signature = req.headers['stripe-signature'];
          try {
            return await events.webhook(raw, typeof signature === 'string' ? signature : undefined);
          } catch (err) {
            if (err instanceof WebhookSignatureError)
              throw new AppError(400, 'bad_signature', 'Webhook signature verification failed');
            throw err;
          }
        },
      );
    });
  };
