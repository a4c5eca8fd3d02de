import type { z } from 'zod';
import { badRequest, standsAlone } from './errors';

/**
 * Parses a body with a schema chosen at run time (a route whose body has two shapes), failing the
 * same way as Fastify's own validation: 400, the first problem as the message, every field named.
 */
export function parseBody<T extends z.ZodType>(
  schema: T,
  body: unknown,
  opts: {
    /** Messages already name their field ('Password must be...'). */ plainMessages?: boolean;
  } = {},
): z.infer<T> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
  const [field, message] = Object.entries(fields)[0] ?? ['body', 'Invalid request'];
  throw badRequest(
    field === 'body' || opts.plainMessages || standsAlone(message)
      ? message
      : `Invalid ${field}: ${message}`,
    fields,
  );
}
