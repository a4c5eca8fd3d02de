import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../../contracts/errors';
import { isBillRuleMessage } from '../../domain/bill-rules';
import { BILL_TOO_LARGE_MESSAGE } from '../../domain/split';
import type { SendIndex } from './spa';

/** A failure a service expects: a stable code, an HTTP status and a message safe for users. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'bad_request', message, fields);
export const unauthorized = () => new AppError(401, 'unauthorized', 'Authentication required');

export const SERVICE_UNAVAILABLE = 'Service temporarily unavailable - please try again';
export const serviceUnavailable = () =>
  new AppError(503, 'service_unavailable', SERVICE_UNAVAILABLE, undefined, { 'retry-after': '5' });

// Socket errors and PostgreSQL's SQLSTATEs that mean the database cannot be reached (or is
// shutting down, starting up, or out of connections), rather than that the request was wrong.
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '57014', // query_canceled (statement timeout)
  '53300', // too_many_connections
]);
const UNREACHABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Query read timeout|terminating connection/i;

/** Whether an error (or one it wraps) says the database could not be reached. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (depth > 6 || !(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08')))
    return true;
  if (UNREACHABLE_MESSAGES.test(err.message)) return true;
  if (err instanceof AggregateError && err.errors.some((e) => isDatabaseUnavailable(e, depth + 1)))
    return true;
  return isDatabaseUnavailable(err.cause, depth + 1);
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

function body(
  code: string,
  message: string,
  requestId: string,
  fields?: Record<string, string>,
): ErrorBody {
  return { error: message, message, code, requestId, ...(fields ? { fields } : {}) };
}

/**
 * Whether a validation message is a whole sentence meant for the person (the bill rules' own words,
 * shown at the field in the browser too), rather than a fragment that needs its field named.
 */
export function standsAlone(message: string): boolean {
  return isBillRuleMessage(message) || message === BILL_TOO_LARGE_MESSAGE;
}

/** The one place that turns a thrown error into a JSON answer. Register before any route. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError | Error, req, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply.status(err.status).send(body(err.code, err.message, req.id, err.fields));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const where =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          err.validationContext ||
          'body';
        fields[where] ??= issue.message ?? 'is invalid';
      }
      const first = Object.entries(fields)[0];
      // A rule's own sentence (the bill rules: 'Item names can be at most 120 characters') is the
      // message as it stands, the same words the browser shows at the field; a bare fragment
      // ('must be a string') is told where it applies.
      const message = !first
        ? 'Invalid request'
        : standsAlone(first[1])
          ? first[1]
          : `Invalid ${first[0]}: ${first[1]}`;
      return reply.status(400).send(body('validation_failed', message, req.id, fields));
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      const unavailable = serviceUnavailable();
      return reply
        .status(503)
        .headers(unavailable.headers!)
        .send(body(unavailable.code, unavailable.message, req.id));
    }
    const status = 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return reply
        .status(status)
        .send(body('internal', 'Something went wrong on our side. Please try again.', req.id));
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type): keep its message.
    const code =
      'code' in err && typeof err.code === 'string' ? err.code.toLowerCase() : 'bad_request';
    return reply
      .status(status)
      .send(body(code, err.message || STATUS_TEXT[status] || 'Bad request', req.id));
  });
}

/** Unknown /api paths get a JSON 404; other GETs get the SPA, whose router shows its own 404. */
export function registerNotFoundHandler(app: FastifyInstance, sendIndex: SendIndex | null) {
  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (!isApi && sendIndex && (req.method === 'GET' || req.method === 'HEAD')) {
      // A client route (/history, /bill/42...): the SPA's router decides, including its own 404 screen.
      return sendIndex(req, reply);
    }
    return reply
      .status(404)
      .send(body('not_found', `No route for ${req.method} ${pathname}`, req.id));
  });
}
