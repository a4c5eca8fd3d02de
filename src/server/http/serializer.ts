import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * How answers with a response schema are written (decision 013).
 *
 * - Validating (tests and development): the zod contract checks every answer, and a wrong one is a
 *   500, so a route that breaks its contract fails its tests.
 * - Fast (production): the contract becomes a JSON Schema once, at start-up, and fast-json-stringify
 *   compiles a writer from it: no zod pass over the answer, and nothing outside the contract is
 *   ever written. A schema that has no JSON Schema form (a transform) keeps the validating writer.
 */
export function responseSerializerCompiler(opts: {
  validate: boolean;
}): FastifySerializerCompiler<z.ZodType> {
  if (opts.validate) return zodSerializerCompiler as FastifySerializerCompiler<z.ZodType>;
  return (route) => {
    const json = jsonSchemaOf(route.schema);
    return json ? fastJsonStringify(json) : zodSerializerCompiler(route as never);
  };
}

/** The contract as the JSON Schema fast-json-stringify reads, or null when it has none. */
export function jsonSchemaOf(schema: unknown): Record<string, unknown> | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output' }) as Record<
      string,
      unknown
    >;
    delete json.$schema;
    return json;
  } catch {
    return null;
  }
}
