import { z } from 'zod';
import { billListItemSchema, moneyOutput, participantStatusSchema } from './bills';
import { safe } from './text';

// GET /api/friends and GET /api/friends/bills (DECISIONS.md, screens the spec names: /friends):
// the people the user has split bills with, and the bills shared with one of them.

export const friendSchema = z.object({
  /** The name as written on the most recent shared bill. */
  name: z.string(),
  sharedBills: z.number().int(),
  /** Bills on which they still owe something. */
  pendingBills: z.number().int(),
  /** What they still owe over every shared bill, card fees excluded. */
  pendingAmount: moneyOutput,
  lastSharedAt: z.string(),
});
export type Friend = z.infer<typeof friendSchema>;

export const friendsResponseSchema = z.object({ friends: z.array(friendSchema) });
export type FriendsResponse = z.infer<typeof friendsResponseSchema>;

/** A friend by name: matched trimmed and case-insensitive, as the list groups them. */
export const friendBillsQuerySchema = z.object({
  name: safe(z.string().trim().min(1, 'Name is required').max(200, 'is too long')),
});

export const friendBillSchema = billListItemSchema.extend({
  /** This friend's share of the bill and whether they paid it. */
  share: z.object({ amountDue: moneyOutput, status: participantStatusSchema }),
});
export type FriendBill = z.infer<typeof friendBillSchema>;

export const friendBillsResponseSchema = z.object({
  friend: friendSchema,
  /** Newest first. */
  bills: z.array(friendBillSchema),
});
export type FriendBillsResponse = z.infer<typeof friendBillsResponseSchema>;
