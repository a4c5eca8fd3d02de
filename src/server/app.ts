import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerErrorHandler, registerNotFoundHandler } from './http/errors';
import { trackInFlight } from './http/inflight';
import { registerSpa } from './http/spa';
import { loggerOptions } from './logger';
import { DEFAULT_WEB_ROOT } from './paths';
import { makeRequireUser } from './http/auth-guard';
import { createAuth } from './modules/accounts/auth';
import { createAuthRateLimiter, type AuthRateLimits } from './modules/accounts/rate-limit';
import { createAccountsRepo } from './modules/accounts/repo';
import { accountsRoutes } from './modules/accounts/routes';
import { createAccountsService } from './modules/accounts/service';
import { billsRoutes } from './modules/bills/routes';
import { createBillsService } from './modules/bills/service';
import { healthRoutes } from './modules/health/routes';
import { createOcrPool, type OcrPool } from './adapters/ocr/pool';
import { createReceiptsRepo } from './modules/receipts/repo';
import { receiptsRoutes } from './modules/receipts/routes';
import { createReceiptsService } from './modules/receipts/service';
import type { Secrets } from './secrets';
import { paymentProviderFor } from './adapters/payments/from-config';
import type { PaymentProvider } from './adapters/payments/provider';
import { paymentsRoutes } from './modules/payments/routes';
import { createPaymentsService } from './modules/payments/service';

export interface AppDeps {
  config: Config;
  database: Database;
  secrets: Secrets;
  /** Directory of the built SPA; null to serve the API only (API tests). */
  webRoot?: string | null;
  /** Sign-in and sign-up limits; tests pass small ones. */
  authRateLimits?: AuthRateLimits;
  /** Pino options override: tests pass `false` to keep output quiet. */
  logger?: boolean | object;
  /** The OCR worker pool; built (and closed with the app) when not given. */
  ocr?: OcrPool;
  /** The payment provider; the configured one when not given. */
  paymentProvider?: PaymentProvider;
  /** The payments module's clock (tests move it past a link's expiry). */
  clock?: () => Date;
}

/** Builds the whole HTTP app without listening: main.ts listens, tests call inject(). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config.logLevel),
    genReqId: () => randomUUID(),
    trustProxy: config.publicUrl.startsWith('https://'),
    bodyLimit: 1024 * 1024,
    // A path parameter longer than this makes the route not match at all; a payment token of any
    // length must reach its route, so that every unknown one gets the same answer.
    routerOptions: { maxParamLength: 1000 },
  }).withTypeProvider<ZodTypeProvider>();

  registerErrorHandler(app);
  trackInFlight(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  const https = config.publicUrl.startsWith('https://');
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Receipt previews are blob: URLs; QR codes are data: URLs.
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only makes sense when the app is actually served over https.
    strictTransportSecurity: https ? undefined : false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCookie);
  // Large JSON answers (a long bills list, a bill's detail) are compressed as they go out; the
  // built SPA's files are compressed once at build time and served as they are (http/spa.ts).
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: /^application\/json\b/,
  });
  // API answers are personal (signed-in data, a payer's link): no browser, proxy or service worker
  // keeps a copy (payments-accounts.md §7). A route that knows better sets its own header.
  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });

  const auth = createAuth(config, database.db, deps.secrets.authSecret, app.log);
  const requireUser = makeRequireUser(auth);

  await app.register(healthRoutes(database));
  await app.register(
    accountsRoutes({
      auth,
      config,
      requireUser,
      service: createAccountsService(createAccountsRepo(database.db)),
      rateLimiter: createAuthRateLimiter(deps.authRateLimits ?? config.authRateLimits),
    }),
  );
  await app.register(billsRoutes({ service: createBillsService(database.db), requireUser }));
  await app.register(
    paymentsRoutes({
      service: createPaymentsService({
        db: database.db,
        provider: deps.paymentProvider ?? paymentProviderFor(config.payments, config.publicUrl),
        publicUrl: config.publicUrl,
        log: app.log,
        clock: deps.clock,
      }),
      requireUser,
    }),
  );
  const ocr = deps.ocr ?? createOcrPool();
  if (!deps.ocr) app.addHook('onClose', async () => ocr.close());
  await app.register(
    receiptsRoutes({
      service: createReceiptsService(createReceiptsRepo(database.db), ocr),
      requireUser,
    }),
  );

  const sendIndex =
    deps.webRoot === null ? null : await registerSpa(app, deps.webRoot ?? DEFAULT_WEB_ROOT);
  registerNotFoundHandler(app, sendIndex);
  return app;
}
