import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

// The one reader of process.env. Every variable has an embedded default, so `npm start` needs none;
// a bad value stops the start with a message naming each variable at fault.

/** Sign-in and sign-up limits (modules/accounts/rate-limit.ts counts them); SIGNUPS_PER_IP sets one. */
export interface AuthRateLimits {
  /** Sign-in attempts per IP address per window. */
  signInPerIp: number;
  /** Sign-in attempts per e-mail address per window, from any IP. */
  signInPerEmail: number;
  /** Sign-ups per IP address per window. */
  signUpPerIp: number;
  /** "Forgot password?" requests per IP address per window. */
  resetPerIp: number;
  /** "Forgot password?" requests per e-mail address per window, from any IP (mails it can cause). */
  resetPerEmail: number;
  /** Verification e-mails a signed-in user may ask again for per window. */
  verifyPerUser: number;
  windowSeconds: number;
}

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  signInPerIp: 30,
  signInPerEmail: 10,
  signUpPerIp: 10,
  resetPerIp: 10,
  resetPerEmail: 3,
  verifyPerUser: 3,
  windowSeconds: 15 * 60,
};

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const port = z.preprocess(
  emptyToUndefined,
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
);

const url = (what: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => URL.canParse(v), `must be a ${what} URL`)
      .optional(),
  );

const postgresUrl = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .refine((v) => {
      if (!URL.canParse(v)) return false;
      const { protocol } = new URL(v);
      return protocol === 'postgres:' || protocol === 'postgresql:';
    }, 'must be a postgres:// or postgresql:// URL')
    .optional(),
);

const optionalSecret = (min: number) =>
  z.preprocess(
    emptyToUndefined,
    z.string().min(min, `must be at least ${min} characters`).optional(),
  );

const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

/** Names proxy-addr (Fastify's trustProxy) understands for whole address ranges. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One entry of TRUST_PROXY's list: an IP address, a CIDR range or one of PROXY_RANGES. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.has(entry) || net.isIP(entry)) return true;
  const [addr = '', bits, ...rest] = entry.split('/');
  if (rest.length || bits === undefined || !/^\d{1,3}$/.test(bits)) return false;
  const version = net.isIP(addr);
  return version !== 0 && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies may tell us the client's address (X-Forwarded-For): none by default, a number of
 * hops in front of the app, or the proxies' addresses. Never 'any': that would let every client
 * name its own address and walk round the per-address limits.
 */
const trustProxy = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .optional()
    .transform((raw, ctx): false | number | string[] => {
      const v = raw?.trim().toLowerCase();
      if (v === undefined || v === 'false' || v === 'off' || v === 'none' || v === '0')
        return false;
      if (/^\d+$/.test(v)) {
        const hops = Number(v);
        if (hops <= 10) return hops;
      }
      const list = v.split(',').map((s) => s.trim());
      if (v !== 'true' && list.every(isProxyAddress)) return list;
      ctx.addIssue({
        code: 'custom',
        message:
          'must be a number of proxy hops (1 to 10) or a comma-separated list of proxy addresses or CIDR ranges (or loopback, linklocal, uniquelocal)',
      });
      return z.NEVER;
    }),
);

/** Origins besides PUBLIC_URL's from which the browser app may send changes. */
const origins = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .optional()
    .transform((raw, ctx): string[] => {
      if (raw === undefined) return [];
      const out: string[] = [];
      for (const entry of raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        const url = URL.canParse(entry) ? new URL(entry) : null;
        if (
          !url ||
          (url.protocol !== 'http:' && url.protocol !== 'https:') ||
          url.origin !== entry.replace(/\/+$/, '')
        ) {
          ctx.addIssue({
            code: 'custom',
            message: `must be a comma-separated list of origins such as https://app.example.com (no path): ${JSON.stringify(entry)} is not one`,
          });
          return z.NEVER;
        }
        out.push(url.origin);
      }
      return out;
    }),
);

export const envSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  PORT: port,
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: postgresUrl,
  PUBLIC_URL: url('http(s)'),
  TRUST_PROXY: trustProxy,
  TRUSTED_ORIGINS: origins,
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  AUTH_SECRET: optionalSecret(32),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_DISCOVERY_URL: url('http(s)'),
  APPLE_CLIENT_ID: optionalString,
  APPLE_CLIENT_SECRET: optionalString,
  PAYMENTS_PROVIDER: z.preprocess(
    emptyToUndefined,
    z.enum(['sandbox', 'stripe'], { error: "must be 'sandbox' or 'stripe'" }).default('sandbox'),
  ),
  STRIPE_SECRET_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^(sk|rk)_(test|live)_\w+$/,
        'must be a Stripe secret key (sk_test_... or sk_live_...)',
      )
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^whsec_\w+(,\s*whsec_\w+)*$/,
        'must be webhook signing secrets (whsec_...), comma-separated',
      )
      .optional(),
  ),
  STRIPE_API_URL: url('http(s)'),
  SESSION_CACHE_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(0, 'must be 0 (off) to 60000')
      .max(60_000, 'must be 0 (off) to 60000')
      .default(5000),
  ),
  WEB_CONCURRENCY: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number of processes' })
      .int('must be a whole number of processes')
      .min(1, 'must be at least 1')
      .max(64, 'must be at most 64')
      .optional(),
  ),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => {
        if (!URL.canParse(v)) return false;
        const { protocol, hostname } = new URL(v);
        return (protocol === 'smtp:' || protocol === 'smtps:') && hostname !== '';
      }, 'must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.com')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (v) => /^(?:[^<>@\r\n]*<)?[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>?$/.test(v.trim()),
        'must be an e-mail address, or a name and one: Fairshare <hello@example.com>',
      )
      .optional(),
  ),
  VAPID_PUBLIC_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{86,88}$/, 'must be a base64url P-256 public key (87 characters)')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{42,44}$/, 'must be a base64url P-256 private key (43 characters)')
      .optional(),
  ),
  VAPID_SUBJECT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (v) => /^mailto:[^\s@]+@[^\s@]+$/.test(v) || /^https:\/\/[^\s]+$/.test(v),
        'must be a mailto: address or an https:// URL (push services write there about problems)',
      )
      .optional(),
  ),
  SIGNUPS_PER_IP: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .default(DEFAULT_AUTH_RATE_LIMITS.signUpPerIp),
  ),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where users reach the app; defaults to http://localhost:PORT. */
  publicUrl: string;
  /** Proxies trusted to name the client's address: none, a hop count, or their addresses. */
  trustProxy: false | number | string[];
  /** Origins allowed to send state-changing requests: PUBLIC_URL's and TRUSTED_ORIGINS. */
  trustedOrigins: string[];
  logLevel: Env['LOG_LEVEL'];
  authSecret: string | undefined;
  google: { clientId: string; clientSecret: string; discoveryUrl: string | undefined } | undefined;
  apple: { clientId: string; clientSecret: string } | undefined;
  authRateLimits: AuthRateLimits;
  payments: PaymentsConfig;
  /** How long a confirmed session is remembered in-process (http/session-cache.ts); 0 is off. */
  sessionCacheMs: number;
  /** WEB_CONCURRENCY as set: how many HTTP processes main.ts runs (undefined: its default). */
  webConcurrency: number | undefined;
  mail: MailConfig;
  push: PushConfig;
}

/** Web push (RFC 8030/8292): the VAPID keys when set (else DATA_DIR/secrets.json's) and subject. */
export interface PushConfig {
  vapid: { publicKey: string; privateKey: string } | undefined;
  subject: string;
}

/** Where e-mail goes (DECISIONS.md E-mail and notifications): an SMTP server, or DATA_DIR/outbox/. */
export type MailConfig =
  | { transport: 'smtp'; url: string; from: string }
  | { transport: 'outbox'; dir: string; from: string };

/** The sender of the outbox's messages when MAIL_FROM is not set. */
export const DEFAULT_MAIL_FROM = 'Fairshare <no-reply@localhost>';

/** Which payment provider takes the cards (DECISIONS.md Payments). */
export type PaymentsConfig =
  | { provider: 'sandbox' }
  | {
      provider: 'stripe';
      secretKey: string;
      /** The platform endpoint's signing secret, and the Connect endpoint's when it is another. */
      webhookSecrets: string[];
      /** Another address for Stripe's API (a local fake in tests); unset is Stripe itself. */
      apiUrl: string | undefined;
    };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function pair(
  idName: string,
  secretName: string,
  id: string | undefined,
  secret: string | undefined,
  problems: string[],
) {
  if (id && secret) return { clientId: id, clientSecret: secret };
  if (id || secret)
    problems.push(
      `${id ? secretName : idName}: must be set together with ${id ? idName : secretName}`,
    );
  return undefined;
}

/** Variables whose values never appear in a message: they may hold a secret. */
const HIDDEN = /^DATABASE_URL$|^SMTP_URL$|SECRET|_KEY$/;

/** Parses the environment once; throws ConfigError listing every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        const raw = source[name];
        const shown =
          raw === undefined ? '' : ` (got ${JSON.stringify(HIDDEN.test(name) ? '<hidden>' : raw)})`;
        return `${name}: ${issue.message}${shown}`;
      }),
    );
  }
  const env = parsed.data;
  const problems: string[] = [];
  const googlePair = pair(
    'GOOGLE_CLIENT_ID',
    'GOOGLE_CLIENT_SECRET',
    env.GOOGLE_CLIENT_ID,
    env.GOOGLE_CLIENT_SECRET,
    problems,
  );
  const google = googlePair && { ...googlePair, discoveryUrl: env.GOOGLE_DISCOVERY_URL };
  const apple = pair(
    'APPLE_CLIENT_ID',
    'APPLE_CLIENT_SECRET',
    env.APPLE_CLIENT_ID,
    env.APPLE_CLIENT_SECRET,
    problems,
  );
  let payments: PaymentsConfig = { provider: 'sandbox' };
  if (env.PAYMENTS_PROVIDER === 'stripe') {
    if (!env.STRIPE_SECRET_KEY)
      problems.push("STRIPE_SECRET_KEY: must be set when PAYMENTS_PROVIDER is 'stripe'");
    if (!env.STRIPE_WEBHOOK_SECRET)
      problems.push("STRIPE_WEBHOOK_SECRET: must be set when PAYMENTS_PROVIDER is 'stripe'");
    if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET)
      payments = {
        provider: 'stripe',
        secretKey: env.STRIPE_SECRET_KEY,
        webhookSecrets: env.STRIPE_WEBHOOK_SECRET.split(',').map((s) => s.trim()),
        apiUrl: env.STRIPE_API_URL,
      };
  }
  const vapidPair = pair(
    'VAPID_PUBLIC_KEY',
    'VAPID_PRIVATE_KEY',
    env.VAPID_PUBLIC_KEY,
    env.VAPID_PRIVATE_KEY,
    problems,
  );
  if (env.SMTP_URL && !env.MAIL_FROM)
    problems.push('MAIL_FROM: must be set when SMTP_URL is set (the address mail is sent from)');
  if (problems.length) throw new ConfigError(problems);
  const dataDir = path.resolve(env.DATA_DIR);
  const mail: MailConfig = env.SMTP_URL
    ? { transport: 'smtp', url: env.SMTP_URL, from: withName(env.MAIL_FROM!) }
    : {
        transport: 'outbox',
        dir: path.join(dataDir, 'outbox'),
        from: env.MAIL_FROM ? withName(env.MAIL_FROM) : DEFAULT_MAIL_FROM,
      };

  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    publicUrl,
    trustProxy: env.TRUST_PROXY,
    trustedOrigins: [...new Set([new URL(publicUrl).origin, ...env.TRUSTED_ORIGINS])],
    logLevel: env.LOG_LEVEL,
    authSecret: env.AUTH_SECRET,
    google,
    apple,
    authRateLimits: { ...DEFAULT_AUTH_RATE_LIMITS, signUpPerIp: env.SIGNUPS_PER_IP },
    payments,
    sessionCacheMs: env.SESSION_CACHE_MS,
    webConcurrency: env.WEB_CONCURRENCY,
    mail,
    push: {
      vapid: vapidPair && { publicKey: vapidPair.clientId, privateKey: vapidPair.clientSecret },
      subject: env.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(mail.from)?.[1] ?? mail.from}`,
    },
  };
}

/** A bare MAIL_FROM address is sent as "Fairshare <address>": mail is from Fairshare. */
function withName(from: string): string {
  const v = from.trim();
  return v.includes('<') ? v : `Fairshare <${v}>`;
}
