import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type https from 'node:https';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { INLINE_SCRIPT_HASHES } from '../contracts/inline-scripts';
import type { AuthRateLimits, Config } from './config';
import type { Database } from './db/client';
import { notFound, registerErrorHandler, registerNotFoundHandler } from './http/errors';
import { drainOnClose } from './http/drain';
import { trackInFlight } from './http/inflight';
import { registerJsonBodyParser } from './http/json-body';
import { registerOriginCheck } from './http/origin-check';
import { registerSpa } from './http/spa';
import { responseSerializerCompiler } from './http/serializer';
import { OneLinePerRequest, productionLogger } from './logger';
import { DEFAULT_WEB_ROOT } from './paths';
import { createSessionCache } from './http/session-cache';
import { createAuth } from './modules/accounts/auth';
import { createAuthRateLimiter } from './modules/accounts/rate-limit';
import { makeRequireUser, makeSessionUser } from './modules/accounts/session';
import { createAccountsRepo } from './modules/accounts/repo';
import { accountsRoutes } from './modules/accounts/routes';
import { createAccountsService } from './modules/accounts/service';
import { registerVerifiedEmailGuard } from './modules/accounts/verified-guard';
import { accountDataRoutes } from './modules/account-data/routes';
import { createAccountDataService } from './modules/account-data/service';
import { activityRoutes } from './modules/activity/routes';
import { createActivityRepo } from './modules/activity/repo';
import { createActivityService } from './modules/activity/service';
import { billsRoutes } from './modules/bills/routes';
import { createBillsService } from './modules/bills/service';
import { createFriendsRepo } from './modules/friends/repo';
import { friendsRoutes } from './modules/friends/routes';
import { createFriendsService } from './modules/friends/service';
import { healthRoutes } from './modules/health/routes';
import { createLiveBus, type LiveBus } from './modules/live/bus';
import { createLiveRepo } from './modules/live/repo';
import { liveRoutes } from './modules/live/routes';
import { createLiveStreams, type LiveStreamOptions, type LiveStreams } from './modules/live/sse';
import { createOcrPool, type OcrPool } from './adapters/ocr/pool';
import { closeHeicDecoder } from './adapters/image/normalise';
import { createReceiptsRepo } from './modules/receipts/repo';
import { receiptsRoutes } from './modules/receipts/routes';
import { createReceiptsService } from './modules/receipts/service';
import type { Secrets } from './secrets';
import { paymentProviderFor } from './adapters/payments/from-config';
import type { ConfiguredProvider } from './adapters/payments/from-config';
import { paymentsRoutes } from './modules/payments/routes';
import {
  createJoinRateLimiter,
  DEFAULT_JOIN_RATE_LIMITS,
  pickingRoutes,
  type JoinRateLimits,
} from './modules/picking/routes';
import { createPickingService } from './modules/picking/service';
import { createPaymentsServices } from './modules/payments/services';
import { sandboxPaymentsRoutes } from './modules/sandbox-payments/routes';
import { createSandboxPagesService } from './modules/sandbox-payments/service';
import { createMailDeliveries } from './adapters/mail/deliveries';
import { mailerFor } from './adapters/mail/from-config';
import type { Mailer } from './adapters/mail/mailer';
import { createPushSender } from './adapters/push/web-push';
import { notificationsRoutes } from './modules/notifications/routes';
import {
  createNotificationsService,
  type NotificationsService,
} from './modules/notifications/service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The creator's notifications: main.ts runs the due reminders, tests drive them. */
    notifications: NotificationsService;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  secrets: Secrets;
  /** Directory of the built SPA; null to serve the API only (API tests). */
  webRoot?: string | null;
  /** Sign-in, sign-up and reset limits over the configured ones; tests pass small ones. */
  authRateLimits?: Partial<AuthRateLimits>;
  /** Pino options override: tests pass `false` to keep output quiet. */
  logger?: boolean | object;
  /** The OCR worker pool; built (and closed with the app) when not given. */
  ocr?: OcrPool;
  /** The payment provider; the configured one when not given. */
  paymentProvider?: ConfiguredProvider;
  /** Joins from one IP per window on a join link; tests pass small ones. */
  joinRateLimits?: JoinRateLimits;
  /** The payments module's clock (tests move it past a link's expiry). */
  clock?: () => Date;
  /** Where e-mail goes; the configured SMTP server or outbox folder when not given. */
  mailer?: Mailer;
  /** Waits before trying a put-off e-mail again (adapters/mail/deliveries.ts); tests pass short ones. */
  mailRetryDelaysMs?: number[];
  /** Trusts a test push service's certificate (web push goes over HTTPS only). */
  pushAgent?: https.Agent;
  /** Server timeouts, over DEFAULT_TIMEOUTS. */
  timeouts?: Partial<Timeouts>;
  /**
   * Check every answer against its zod contract (a 500 when it breaks it): on everywhere but
   * production, which writes answers with a compiled serializer instead (http/serializer.ts).
   */
  responseValidation?: boolean;
  /** Event streams' heartbeat and limits, over DEFAULT_LIVE_STREAM_OPTIONS (tests shorten them). */
  liveStreams?: Partial<LiveStreamOptions>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's bill event bus and open event streams (modules/live). */
    live: { bus: LiveBus; streams: LiveStreams };
  }
}

/** How long a client may take: a stalled or dripping client must not hold a scan place or a socket. */
export interface Timeouts {
  /** From the connection's first byte to the end of the request's headers. */
  headersMs: number;
  /** From the first byte to the end of the request's body (a photo over a slow phone link). */
  requestMs: number;
  /** An upload that sends nothing for this long is dropped, and its scan place freed. */
  uploadIdleMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = {
  headersMs: 10_000,
  requestMs: 60_000,
  uploadIdleMs: 10_000,
};

/** The routes that connect a payout account: with Stripe, only from a confirmed e-mail address. */
const PAYOUT_CONNECT_PATHS = [
  '/api/stripe/connect/account',
  '/api/stripe/connect/start',
  '/api/stripe/connect/onboarding',
];

/** The route authenticated by its signature, never by the site a request comes from. */
const WEBHOOK_PATH = '/api/webhooks/stripe';

/** TRUST_PROXY as Fastify takes it: a hop count becomes 'trust the nearest n hops'. */
function trustProxyOption(value: Config['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

/** Builds the whole HTTP app without listening: main.ts listens, tests call inject(). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const timeouts = { ...DEFAULT_TIMEOUTS, ...deps.timeouts };
  const app = Fastify({
    logger: deps.logger ?? productionLogger(config.logLevel),
    logController: new OneLinePerRequest(),
    genReqId: () => randomUUID(),
    // The client's address (rate limits, sessions, logs) is the socket's, unless TRUST_PROXY names
    // the proxies in front: then it is read from X-Forwarded-For through those proxies only.
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    serverFactory: (handler) => {
      const server = http.createServer(
        {
          headersTimeout: timeouts.headersMs,
          requestTimeout: timeouts.requestMs,
          // Node checks the two timeouts above this often (30 s by default).
          connectionsCheckingInterval: Math.min(1000, timeouts.headersMs),
        },
        handler,
      );
      server.keepAliveTimeout = 72_000; // Fastify's own default
      return server;
    },
    // A path parameter longer than this makes the route not match at all; a payment token of any
    // length must reach its route, so that every unknown one gets the same answer.
    routerOptions: { maxParamLength: 1000 },
    // Closing drops no connection and refuses no request that reaches it: http/drain.ts.
    forceCloseConnections: false,
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  registerErrorHandler(app);
  trackInFlight(app);
  drainOnClose(app);
  registerJsonBodyParser(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    responseSerializerCompiler({
      validate: deps.responseValidation ?? config.env !== 'production',
    }),
  );
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    // The web build's source maps are not published (they are kept beside the build for us).
    if (req.url.split('?')[0]!.endsWith('.map')) throw notFound();
  });
  registerOriginCheck(app, {
    trusted: config.trustedOrigins,
    exempt: [WEBHOOK_PATH],
    // Sign in with Apple posts its answer from Apple's own page (response_mode=form_post).
    crossSitePosts: config.apple ? { '/api/auth/callback/apple': 'https://appleid.apple.com' } : {},
  });
  // Answers for a signed-in user (and payers' pages) must not be kept by a shared or browser cache.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });

  const https = config.publicUrl.startsWith('https://');
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The pages' few inline scripts, by hash (src/contracts/inline-scripts.ts).
        scriptSrc: ["'self'", ...INLINE_SCRIPT_HASHES.map((hash) => `'${hash}'`)],
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
    // The same answer as the CSP's frame-ancestors 'none', for browsers that only read this one.
    xFrameOptions: { action: 'deny' },
    // Nothing (no payment token in a path) goes to another site, but the app's own form POSTs keep
    // their Origin: under helmet's default 'no-referrer' a browser sends 'Origin: null' for them,
    // which the origin check must refuse.
    referrerPolicy: { policy: 'same-origin' },
  });
  await app.register(fastifyCookie);
  // Large JSON answers (a long bills list, a bill's detail) are compressed as they go out; the
  // built SPA's files are compressed once at build time and served as they are (http/spa.ts).
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: /^application\/json\b/,
  });

  const mail = createMailDeliveries(
    deps.mailer ?? mailerFor(config.mail, app.log),
    app.log,
    deps.mailRetryDelaysMs,
  );

  const auth = createAuth(config, database.db, deps.secrets.authSecret, app.log, mail);
  const sessions = createSessionCache({ ttlMs: config.sessionCacheMs });
  const sessionUser = makeSessionUser(auth, sessions);
  const requireUser = makeRequireUser(sessionUser);

  const accounts = createAccountsService(createAccountsRepo(database.db));
  if (config.payments.provider === 'stripe')
    registerVerifiedEmailGuard(app, { paths: PAYOUT_CONNECT_PATHS, service: accounts });
  const rateLimiter = createAuthRateLimiter(
    { ...config.authRateLimits, ...deps.authRateLimits },
    database.pool,
  );
  await app.register(healthRoutes(database));
  await app.register(
    accountsRoutes({
      auth,
      config,
      requireUser,
      sessionUser,
      sessions,
      mail,
      authSecret: deps.secrets.authSecret,
      service: accounts,
      rateLimiter,
    }),
  );
  // The bill event log's end in this process: one LISTEN, every stream of this process (decision 017).
  const liveBus = createLiveBus(database, app.log);
  const liveStreams = createLiveStreams(liveBus, deps.liveStreams);
  // Streams never end by themselves: close() would wait for them.
  app.addHook('preClose', async () => liveStreams.closeAll());
  app.addHook('onClose', async () => liveBus.close());
  app.decorate('live', { bus: liveBus, streams: liveStreams });
  await app.register(
    liveRoutes({ repo: createLiveRepo(database.db), streams: liveStreams, requireUser }),
  );

  const bills = createBillsService(database.db);
  await app.register(billsRoutes({ service: bills, requireUser }));
  await app.register(
    friendsRoutes({
      service: createFriendsService(createFriendsRepo(database.db), bills),
      requireUser,
    }),
  );
  await app.register(
    activityRoutes({
      service: createActivityService(createActivityRepo(database.db), bills),
      requireUser,
    }),
  );
  const provider = deps.paymentProvider ?? paymentProviderFor(config.payments, config.publicUrl);
  const notifications = createNotificationsService({
    db: database.db,
    push: createPushSender({
      vapid: deps.secrets.vapid,
      subject: config.push.subject,
      agent: deps.pushAgent,
      log: app.log,
    }),
    mail,
    publicUrl: config.publicUrl,
    log: app.log,
    clock: deps.clock,
  });
  app.decorate('notifications', notifications);
  // Notifications and messages under way finish (or are given up) before the database closes.
  app.addHook('onClose', async () => {
    await notifications.idle();
    mail.close();
    await mail.idle();
  });
  await app.register(notificationsRoutes({ service: notifications, requireUser }));
  const payments = createPaymentsServices({
    db: database.db,
    provider,
    publicUrl: config.publicUrl,
    log: app.log,
    clock: deps.clock,
    onSettled: (paymentId) => notifications.paymentSettled(paymentId),
    onLinksCreated: (billId) => notifications.linksCreated(billId),
  });
  await app.register(paymentsRoutes({ services: payments, requireUser }));
  await app.register(
    pickingRoutes({
      service: createPickingService({
        db: database.db,
        publicUrl: config.publicUrl,
        testMode: provider.testMode,
        clock: payments.clock,
      }),
      requireUser,
      streams: liveStreams,
      limitJoin: createJoinRateLimiter(
        deps.joinRateLimits ?? DEFAULT_JOIN_RATE_LIMITS,
        database.pool,
      ),
    }),
  );
  // The sandbox's own connect and checkout pages exist only when it is the provider.
  if (provider.name === 'sandbox') {
    const sandboxPages = createSandboxPagesService({
      sandbox: provider,
      accounts: payments.accounts,
      settlement: payments.settlement,
      publicUrl: config.publicUrl,
      clock: payments.clock,
      log: app.log,
    });
    app.addHook('preClose', async () => sandboxPages.stop());
    await app.register(sandboxPaymentsRoutes({ service: sandboxPages, requireUser }));
  }
  await app.register(
    accountDataRoutes({
      service: createAccountDataService(database.db, deps.clock),
      auth,
      requireUser,
      sessions,
      rateLimiter,
      closePayoutAccount: (userId) => payments.accounts.closePayoutAccount(userId),
      clock: deps.clock,
    }),
  );
  const ocr = deps.ocr ?? createOcrPool();
  if (!deps.ocr) app.addHook('onClose', async () => ocr.close());
  // The HEIC thread keeps its decoder between photos (image.ts); it ends with the server.
  app.addHook('onClose', closeHeicDecoder);
  await app.register(
    receiptsRoutes({
      service: createReceiptsService(createReceiptsRepo(database.db), ocr, {
        sharedPlaces: database.kind === 'postgres',
        log: app.log,
      }),
      requireUser,
      uploadIdleMs: timeouts.uploadIdleMs,
    }),
  );

  const sendIndex =
    deps.webRoot === null ? null : await registerSpa(app, deps.webRoot ?? DEFAULT_WEB_ROOT);
  registerNotFoundHandler(app, sendIndex);
  return app;
}
