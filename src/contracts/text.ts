import { z } from 'zod';

import { hasUnsafeText } from '../domain/text';

// Text a client sends is refused, at the field, when it holds characters that no name, item or
// address needs (domain/text.ts says which and why). The browser checks the same schemas, so it
// refuses them first.

export { hasUnsafeText };

export const UNSAFE_TEXT_MESSAGE = 'must not contain control characters';

/** Adds the unsafe-character check to a string schema, after its own trims and lengths. */
export function safe<T extends z.ZodString>(schema: T): T {
  return schema.refine((v) => !hasUnsafeText(v), UNSAFE_TEXT_MESSAGE) as T;
}

/** An id or opaque value from a client, compared but never parsed: at most `max` safe characters. */
export const safeId = (max: number) => safe(z.string().max(max));
