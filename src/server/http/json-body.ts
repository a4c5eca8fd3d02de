import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/** Deepest nesting of arrays and objects a JSON body may have; the API's own shapes need 4. */
export const MAX_JSON_DEPTH = 16;

export const tooDeep = () =>
  new AppError(
    400,
    'json_too_deep',
    `The request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels)`,
  );

/**
 * The deepest nesting of `[` and `{` in a JSON text, outside strings, stopping early past `limit`.
 * One pass over the characters and no recursion, so a body of a million brackets costs a loop, not
 * a stack overflow in whatever walks the parsed value next (zod, JSON.stringify, a logger).
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > limit) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return false;
}

/**
 * Replaces Fastify's JSON body parser with the same parser (secure-json-parse: `__proto__` and
 * `constructor.prototype` keys refused with 400) behind a depth limit. Only JSON is parsed: Fastify's
 * default text/plain parser is removed, so a cross-site form's text/plain body is refused with 415
 * before anything else looks at it.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) return done(tooDeep(), undefined);
    parse(req, text, done);
  });
}
