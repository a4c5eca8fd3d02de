import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { loggerOptions } from '../logger';

// Every API test file's app logs at trace level into memory, and every password, cookie and token
// its requests and answers carry is remembered. When the file's app closes, the log is searched for
// each of them whole: one found fails the file (issue 22: no secret in any log line).

/** Shorter strings are too common to search for (and never a whole secret here). */
const MIN_SECRET_LENGTH = 8;
/** Longer values are fuzzing's huge strings, not secrets. */
const MAX_SECRET_LENGTH = 2048;
const WORD = /[A-Za-z0-9]/;

/**
 * Whether `secret` occurs in `line` whole: an account number of zeros is not found inside a
 * timing such as 13.9350000000048.
 */
function containsWhole(line: string, secret: string): boolean {
  for (let at = line.indexOf(secret); at !== -1; at = line.indexOf(secret, at + 1)) {
    const before = line[at - 1] ?? '';
    const after = line[at + secret.length] ?? '';
    if (!WORD.test(before) && !WORD.test(after)) return true;
  }
  return false;
}

/** JSON keys whose string values are secrets, in bodies sent and answers received. */
const SECRET_KEY = /password|secret|token|cvc|^number$|accountNumber|sortCode/i;

export interface LogCapture {
  /** Pino options (with the app's own redaction) writing into memory. */
  logger: object;
  lines: string[];
  /** Remembers the secrets of one request and its answer. */
  record(opts: InjectOptions | string, res: LightMyRequestResponse): void;
  /** Also search for these (configured keys, the auth secret). */
  addSecrets(...values: (string | undefined)[]): void;
  /** The secrets found in the log, with the line each was in; empty when none. */
  leaks(): { secret: string; line: string }[];
}

function collectFromJson(value: unknown, out: Set<string>, depth = 0) {
  if (depth > 12 || value === null || typeof value !== 'object') return;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (typeof v === 'string' && SECRET_KEY.test(k)) out.add(v);
    else collectFromJson(v, out, depth + 1);
  }
}

function parseMaybeJson(text: unknown): unknown {
  if (typeof text !== 'string') return text;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The values of a Cookie header or of Set-Cookie lines, and their token part before the '.'. */
function cookieValues(header: string | string[] | undefined, out: Set<string>) {
  for (const line of [header ?? []].flat()) {
    for (const pair of line.split(/;\s*/)) {
      const eq = pair.indexOf('=');
      if (eq < 1) continue;
      const value = decodeURIComponent(pair.slice(eq + 1));
      out.add(value);
      out.add(value.split('.')[0] ?? '');
    }
  }
}

export function createLogCapture(): LogCapture {
  const lines: string[] = [];
  const secrets = new Set<string>();
  const stream = { write: (line: string) => void lines.push(line) };
  return {
    logger: { ...loggerOptions('trace'), stream },
    lines,
    record(opts, res) {
      if (typeof opts !== 'string') {
        const headers = (opts.headers ?? {}) as Record<string, string | string[] | undefined>;
        cookieValues(headers.cookie, secrets);
        const auth = headers.authorization;
        if (typeof auth === 'string') secrets.add(auth.replace(/^bearer\s+/i, ''));
        const payload = opts.payload ?? opts.body;
        collectFromJson(
          typeof payload === 'string' || Buffer.isBuffer(payload)
            ? parseMaybeJson(String(payload))
            : payload,
          secrets,
        );
      }
      cookieValues(res.headers['set-cookie'] as string | string[] | undefined, secrets);
      const authToken = res.headers['set-auth-token'];
      if (typeof authToken === 'string') secrets.add(authToken);
      if (String(res.headers['content-type'] ?? '').includes('json'))
        collectFromJson(parseMaybeJson(res.body), secrets);
    },
    addSecrets(...values) {
      for (const v of values) if (v) secrets.add(v);
    },
    leaks() {
      const found: { secret: string; line: string }[] = [];
      for (const secret of secrets) {
        if (secret.length < MIN_SECRET_LENGTH || secret.length > MAX_SECRET_LENGTH) continue;
        const line = lines.find((l) => containsWhole(l, secret));
        if (line) found.push({ secret, line });
      }
      return found;
    },
  };
}

/** Makes `app.inject` record every request and answer into `capture`. */
export function recordInjections(app: FastifyInstance, capture: LogCapture) {
  const inject = app.inject.bind(app) as (
    opts: InjectOptions | string,
  ) => Promise<LightMyRequestResponse>;
  const recorded = async (opts: InjectOptions | string) => {
    const res = await inject(opts);
    capture.record(opts, res);
    return res;
  };
  (app as unknown as { inject: typeof recorded }).inject = recorded;
}
