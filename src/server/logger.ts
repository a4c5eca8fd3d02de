import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type LoggerOptions } from 'pino';

// payments-accounts.md §9 Logging: values under sensitive keys are redacted; strings of 8 characters
// or fewer become [REDACTED], longer ones keep their first 4 characters so a log reader can still
// tell two tokens apart.
const SENSITIVE_KEY =
  /pass(word)?|secret|key|token|auth|stripe|session|cookie|card|cvc|sort.?code|account.?number|signature|^state$|^nonce$|verifier/i;

export const REDACTED = '[REDACTED]';

/** Redacts one sensitive value by the spec's rule. */
export function redactValue(value: unknown): unknown {
  if (typeof value === 'string')
    return value.length <= 8 ? REDACTED : `${value.slice(0, 4)}${REDACTED}`;
  if (value === null || value === undefined) return value;
  return REDACTED;
}

// E-mail addresses are personal data: wherever they appear in a log line (a library's message, a
// failed query, a user object) they become this.
export const EMAIL_REDACTED = '[EMAIL]';
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

// A link in a message (an e-mail's reset link, a library's 'redirecting to ...'): its token-like
// path segments and query values are masked as a request's URL is (redactUrl).
const URL_IN_TEXT = /\bhttps?:\/\/[^\s"'<>]+/g;

function redactLinks(text: string): string {
  return text.replace(URL_IN_TEXT, (link) => {
    if (!URL.canParse(link)) return link;
    const u = new URL(link);
    return `${u.origin}${redactUrl(`${u.pathname}${u.search}`)}${u.hash ? '#[REDACTED]' : ''}`;
  });
}

/** Masks the e-mail addresses, and the tokens in links, in a piece of text. */
export function redactText(text: string): string {
  const masked = text.includes('://') ? redactLinks(text) : text;
  return masked.includes('@') ? masked.replace(EMAIL, EMAIL_REDACTED) : masked;
}

/**
 * Returns a copy of `input` with every sensitive key's value redacted, and every e-mail address
 * masked, at any depth.
 */
export function redact(input: unknown, depth = 0): unknown {
  if (typeof input === 'string') return redactText(input);
  if (depth > 8 || input === null || typeof input !== 'object') return input;
  // An error anywhere (a library's log details): its failed query's values must not be written.
  if (input instanceof Error) return serializeError(input);
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

// Error fields that carry a failed statement's values (Drizzle's `params`, PostgreSQL's `detail`
// such as 'Key (email)=(...) already exists'): user input, dropped from logs.
const VALUE_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery']);

/** Drops a failed query's values from an error message ('Failed query: ...\nparams: ...'). */
function scrubMessage(text: string): string {
  // Most lines ('request completed') carry neither: no regular expression runs over them.
  if (!text.includes('params: ') && !text.includes('for type ')) return redactText(text);
  return redactText(
    text
      .replace(/\nparams: [\s\S]*?(?=\n\s*(?:at |caused by|\{)|$)/g, '\nparams: [REDACTED]')
      // PostgreSQL quotes the value it could not take: 'invalid input syntax for type uuid: "x"'.
      .replace(/(for type [\w ]+: )"[^"\n]*"/g, '$1"[REDACTED]"'),
  );
}

/**
 * pino's error serializer (type, message, stack, causes), with the values of a failed query and
 * every e-mail address taken out: the SQL and the error's code are what an operator needs.
 */
export function serializeError(err: unknown): unknown {
  if (!(err instanceof Error)) return redact(err);
  const out = scrubError(pino.stdSerializers.err(err) as unknown as Record<string, unknown>, 0);
  // The causes' messages are in `message` and `stack`; their codes (a SQLSTATE) are kept here.
  const codes: string[] = [];
  for (let c: unknown = err.cause, i = 0; c instanceof Error && i < 5; c = c.cause, i++) {
    const code = (c as { code?: unknown }).code;
    if (typeof code === 'string' || typeof code === 'number') codes.push(String(code));
  }
  if (codes.length) out.causeCodes = codes;
  return out;
}

function scrubError(value: Record<string, unknown>, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (VALUE_FIELDS.has(k)) continue;
    if (SENSITIVE_KEY.test(k)) out[k] = redactValue(v);
    else if (typeof v === 'string') out[k] = scrubMessage(v);
    else if (v && typeof v === 'object' && !Array.isArray(v) && depth < 4)
      out[k] = scrubError(v as Record<string, unknown>, depth + 1);
    else out[k] = redact(v);
  }
  return out;
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    formatters: {
      log: (object) => redact(object) as Record<string, unknown>,
    },
    hooks: {
      // The message itself (a library's 'Sign-up attempt for existing email: ...') is masked too.
      logMethod(args, method) {
        method.apply(
          this,
          args.map((a) => (typeof a === 'string' ? scrubMessage(a) : a)) as Parameters<
            typeof method
          >,
        );
      },
    },
    serializers: {
      err: serializeError,
      req: (req: { method?: string; url?: string; ip?: string }) => ({
        method: req.method,
        // Tokens travel in paths (/pay/:token) and query strings: mask them.
        url: redactUrl(req.url ?? ''),
        remoteAddress: req.ip,
      }),
    },
  };
}

const URL_SECRET_PARAM = /^(code|state|session_id|payment_intent)$/i;
const TOKEN_LIKE = /^[A-Za-z0-9_~.-]{21,}$/;

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
    // An OAuth callback's code and state are one-time secrets; any long opaque value may be one.
    if (SENSITIVE_KEY.test(k) || URL_SECRET_PARAM.test(k) || TOKEN_LIKE.test(v))
      params.set(k, redactValue(v) as string);
  }
  return `${maskedPath}?${params.toString()}`;
}

/**
 * The app's log in production: loggerOptions written to standard output asynchronously: lines
 * that come while a write is under way go out together in the next one, instead of one blocking
 * write each (pino flushes what is left when the process exits; decision 013).
 */
export function productionLogger(level: string) {
  return {
    ...loggerOptions(level),
    stream: pino.destination({ dest: 1, sync: false }),
  };
}

/**
 * One line per answered request (method, masked URL, status, milliseconds), in place of Fastify's
 * two ('incoming request' and 'request completed'); errors, 404s and stream failures as Fastify
 * logs them.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    if (error)
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    else
      // Plain fields, not the request and reply for the serializers: the same facts, cheaper.
      reply.log.info(
        {
          method: request.method,
          url: redactUrl(request.url),
          statusCode: reply.statusCode,
          responseTime: Math.round(reply.elapsedTime * 100) / 100,
        },
        'request completed',
      );
  }
}
