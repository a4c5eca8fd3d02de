import { z } from 'zod';

/** The one JSON shape of every error answer. `message` is safe to show to the user. */
export const errorBodySchema = z.object({
  error: z.string(),
  message: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
