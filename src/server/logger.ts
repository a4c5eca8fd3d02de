import type { LoggerOptions } from 'pino';

// payments-accounts.md §9 Logging: values under sensitive keys are redacted; strings of 8 characters
// or fewer become [REDACTED], longer ones keep their first 4 characters so a log reader can still
// tell two tokens apart.
const SENSITIVE_KEY =
  /pass(word)?|secret|key|token|auth|stripe|session|cookie|card|cvc|sort.?code|account.?number|signature/i;

export const REDACTED = '[REDACTED]';

/** Redacts one sensitive value by the spec's rule. */
export function redactValue(value: unknown): unknown {
  if (typeof value === 'string')
    return value.length <= 8 ? REDACTED : `${value.slice(0, 4)}${REDACTED}`;
  if (value === null || value === undefined) return value;
  return REDACTED;
}

/** Returns a copy of `input` with every sensitive key's value redacted, at any depth. */
export function redact(input: unknown, depth = 0): unknown {
  if (depth > 8 || input === null || typeof input !== 'object') return input;
  if (Array.isArray(input)) return input.map((v) => redact(v, depth + 1));
  // Only plain data is rewritten; class instances (errors, Fastify's request) go to their serializers.
  const proto = Object.getPrototypeOf(input) as unknown;
  if (proto !== Object.prototype && proto !== null) return input;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) {
    out[k] = SENSITIVE_KEY.test(k) ? redactValue(v) : redact(v, depth + 1);
  }
  return out;
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    formatters: {
      log: (object) => redact(object) as Record<string, unknown>,
    },
    serializers: {
      req: (req: { method?: string; url?: string; ip?: string }) => ({
        method: req.method,
        // Tokens travel in paths (/pay/:token) and query strings: mask them.
        url: redactUrl(req.url ?? ''),
        remoteAddress: req.ip,
      }),
    },
  };
}

/** Masks path segments and query values that look like tokens (long opaque strings). */
export function redactUrl(url: string): string {
  const [pathname = '', query] = url.split('?', 2);
  const maskedPath = pathname
    .split('/')
    .map((seg) =>
      seg.length > 20 && /^[A-Za-z0-9_-]+$/.test(seg) ? (redactValue(seg) as string) : seg,
    )
    .join('/');
  if (!query) return maskedPath;
  const params = new URLSearchParams(query);
  for (const [k, v] of params) {
    if (SENSITIVE_KEY.test(k)) params.set(k, redactValue(v) as string);
  }
  return `${maskedPath}?${params.toString()}`;
}
