import { z } from 'zod';

/** The signed-in user as GET /api/auth/user answers (payments-accounts.md §3 User). */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  name: z.string(),
  username: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;
