import { z } from 'zod';
import { moneyOutput } from './bills';

// Your account and your data (issue: download my data, delete my account). Money in the export is
// a string with 2 decimals, as everywhere in the API.

// --- GET /api/account/export -------------------------------------------------------------------

export const accountExportQuerySchema = z.object({
  format: z.enum(['json', 'csv']).default('json'),
});

/** The CSV's columns: one row per person per bill. */
export const EXPORT_CSV_HEADER = ['Date', 'Bill', 'Person', 'Owed', 'Paid', 'How'] as const;

const exportLineSchema = z.object({
  kind: z.string(),
  name: z.string(),
  amount: moneyOutput,
  portions: z.number().nullable(),
});

export const exportBillSchema = z.object({
  id: z.string(),
  name: z.string(),
  date: z.string(),
  createdAt: z.string(),
  status: z.string(),
  mode: z.string(),
  tipPercent: z.number().nullable(),
  subtotal: moneyOutput,
  serviceCharge: moneyOutput,
  tip: moneyOutput,
  tax: moneyOutput,
  totalAmount: moneyOutput,
  fee: moneyOutput,
  archived: z.boolean(),
  receiptId: z.string().nullable(),
  items: z.array(
    z.object({
      name: z.string(),
      amount: moneyOutput,
      splitMode: z.string(),
      assignments: z.array(z.object({ participant: z.string(), portions: z.number() })),
      /** Friends' own picks (a bill they pick from): portions, or null for "share". */
      picks: z.array(
        z.object({
          participant: z.string(),
          portions: z.number().nullable(),
          createdAt: z.string(),
        }),
      ),
    }),
  ),
  /** The bill's join link for friends to pick their items (its token is not exported). */
  joinLink: z.object({ createdAt: z.string(), expiresAt: z.string() }).nullable(),
  participants: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      isCreator: z.boolean(),
      amountDue: moneyOutput,
      fee: moneyOutput,
      status: z.string(),
      lines: z.array(exportLineSchema),
    }),
  ),
  paymentLinks: z.array(
    z.object({
      participant: z.string(),
      status: z.string(),
      amount: moneyOutput,
      fee: moneyOutput,
      createdAt: z.string(),
      expiresAt: z.string(),
      paidAt: z.string().nullable(),
    }),
  ),
  payments: z.array(
    z.object({
      id: z.string(),
      provider: z.string(),
      method: z.string(),
      status: z.string(),
      amount: moneyOutput,
      fee: moneyOutput,
      refunded: moneyOutput,
      cardBrand: z.string().nullable(),
      cardLast4: z.string().nullable(),
      createdAt: z.string(),
      completedAt: z.string().nullable(),
      /** Whose shares it paid. */
      paidFor: z.array(z.string()),
    }),
  ),
});
export type ExportBill = z.infer<typeof exportBillSchema>;

/** Everything Fairshare holds about an account, as one JSON document. */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  profile: z.object({
    id: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    name: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    username: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    createdAt: z.string(),
  }),
  /** How the account signs in: 'credential' (a password, never exported) or a provider. */
  signInMethods: z.array(z.object({ provider: z.string(), createdAt: z.string() })),
  sessions: z.array(
    z.object({
      createdAt: z.string(),
      expiresAt: z.string(),
      ipAddress: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
  payoutAccount: z
    .object({
      provider: z.string(),
      bankName: z.string().nullable(),
      bankLast4: z.string().nullable(),
      connectedAt: z.string(),
    })
    .nullable(),
  activitySeenAt: z.string().nullable(),
  receiptScans: z.array(
    z.object({
      id: z.string(),
      createdAt: z.string(),
      mime: z.string(),
      ocrText: z.string(),
      /** The photo, base64. */
      image: z.string(),
    }),
  ),
  bills: z.array(exportBillSchema),
  /** What the activity screen shows: bills made and payments received, newest first. */
  activity: z.array(
    z.object({
      type: z.enum(['bill_created', 'payment_received']),
      date: z.string(),
      billId: z.string(),
      billName: z.string(),
      amount: moneyOutput.nullable(),
    }),
  ),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

// --- POST /api/account/delete ------------------------------------------------------------------

export const deleteAccountBodySchema = z
  .object({
    /** Required for an account with a password; Google and Apple accounts sign in afresh instead. */
    password: z.string().max(1000).optional(),
  })
  .strict();
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;
export const deleteAccountResponseSchema = z.object({ deleted: z.literal(true) });

/** Said when the password is wrong (403, nothing changes). */
export const DELETE_WRONG_PASSWORD =
  'That password is not right. Your account has not been deleted.';
/** Said to a Google or Apple account whose sign-in is not fresh (403). */
export const DELETE_NEEDS_FRESH_SIGN_IN =
  'For your safety, sign in again with Google or Apple, then delete your account within 5 minutes.';
