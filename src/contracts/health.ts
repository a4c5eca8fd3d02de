import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  database: z.object({
    kind: z.enum(['embedded', 'postgres']),
    migrations: z.object({
      applied: z.number().int(),
      available: z.number().int(),
      latest: z.string().nullable(),
    }),
  }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
