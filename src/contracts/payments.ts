import { z } from 'zod';
import { BANK_MESSAGES, parseAccountNumber, parseSortCode } from '../domain/bank-details';
import {
  billStatusSchema,
  moneyInput,
  moneyOutput,
  participantStatusSchema,
  shareLineSchema,
} from './bills';
import { safe, safeId } from './text';

// Getting paid back (payments-accounts.md §3, §4, §7; DECISIONS.md Payments, Statuses). Amounts
// are 2-decimal strings computed by the server from the shares stored when the bill was saved.

/** A payment link's token: 32 URL-safe characters (192 random bits). */
export const PAYMENT_TOKEN_LENGTH = 32;

export { PAYMENT_LINK_NOT_FOUND } from './constants';

export const providerNameSchema = z.enum(['sandbox', 'stripe']);
export type ProviderName = z.infer<typeof providerNameSchema>;

/** How a share was settled: by card through a payment link, or marked paid by the creator. */
export const paidMethodSchema = z.enum(['card', 'bank', 'cash', 'bank_transfer']);
export type PaidMethod = z.infer<typeof paidMethodSchema>;

/** Any string up to the router's limit: unknown and malformed tokens get one and the same 404. */
export const tokenParamsSchema = z.object({ token: z.string().max(1000) });

// --- Creator: links for a bill -------------------------------------------------------------------

/** POST /api/payment-links: the spec's payload; amounts are checked against the stored shares. */
export const createPaymentLinksBodySchema = z
  .object({
    billId: safe(z.string().trim().min(1).max(64)),
    /** The people to be paid by (the creator excluded), each with what the summary showed. */
    participants: z
      .array(
        z
          .object({
            name: safe(z.string().trim().min(1).max(200)),
            amount: moneyInput,
          })
          .strict(),
      )
      .max(50)
      .optional(),
  })
  .strict();
export type CreatePaymentLinksBody = z.infer<typeof createPaymentLinksBodySchema>;

/** A link as its creator sees it. */
export const creatorPaymentLinkSchema = z.object({
  id: z.string(),
  token: z.string(),
  /** The payer page's full address, for the QR code and sharing. */
  url: z.string(),
  participantId: z.string(),
  participantName: z.string(),
  /** The share, before the fee. */
  amount: moneyOutput,
  fee: moneyOutput,
  /** What the payer pays by card: amount + fee. */
  amountIncludingFee: moneyOutput,
  status: participantStatusSchema,
  paidAt: z.string().nullable(),
  paidMethod: paidMethodSchema.nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
  /** Paid, then disputed by the payer with their bank: pending until the dispute closes. */
  disputed: z.boolean(),
});
export type CreatorPaymentLink = z.infer<typeof creatorPaymentLinkSchema>;

export const createPaymentLinksResponseSchema = z.object({
  billId: z.string(),
  billStatus: billStatusSchema,
  paymentLinks: z.array(creatorPaymentLinkSchema),
});
export type CreatePaymentLinksResponse = z.infer<typeof createPaymentLinksResponseSchema>;

/** GET /api/bills/:id/payment-links */
export const billPaymentLinksResponseSchema = createPaymentLinksResponseSchema;
export type BillPaymentLinksResponse = CreatePaymentLinksResponse;

/** GET /api/payment-links: the creator's bills that have payment links, newest first. */
export const paymentRequestsResponseSchema = z.object({
  requests: z.array(
    z.object({
      billId: z.string(),
      billName: z.string(),
      date: z.string(),
      createdAt: z.string(),
      totalAmount: moneyOutput,
      billStatus: billStatusSchema,
      linkCount: z.number().int(),
      paidCount: z.number().int(),
      /** What is still owed across the links, before fees. */
      outstanding: moneyOutput,
    }),
  ),
});
export type PaymentRequestsResponse = z.infer<typeof paymentRequestsResponseSchema>;

/** POST /api/bills/:id/participants/:participantId/payment: marked paid by hand. */
export const markPaidBodySchema = z
  .object({ method: z.enum(['cash', 'bank_transfer']).default('cash') })
  .strict();
export const participantParamsSchema = z.object({
  id: safeId(64),
  participantId: safeId(64),
});

// --- Payers: a link and its bill -------------------------------------------------------------------

/** GET /api/payment-links/:token: what one payer owes, line by line. */
export const publicPaymentLinkSchema = z.object({
  id: z.string(),
  token: z.string(),
  participantId: z.string(),
  participantName: z.string(),
  /** The bill's creator, who receives the money. */
  recipientName: z.string(),
  billId: z.string(),
  billName: z.string(),
  billDate: z.string(),
  amount: moneyOutput,
  fee: moneyOutput,
  amountIncludingFee: moneyOutput,
  status: participantStatusSchema,
  expired: z.boolean(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lines: z.array(shareLineSchema),
  provider: providerNameSchema,
  /** True when no real money moves (the sandbox): every payer screen says so. */
  testMode: z.boolean(),
  /** The card payment that settled it, when paid by card. */
  paymentIntentId: z.string().nullable(),
});
export type PublicPaymentLink = z.infer<typeof publicPaymentLinkSchema>;

export const publicBillParticipantSchema = z.object({
  id: z.string(),
  participantName: z.string(),
  isCreator: z.boolean(),
  amountDue: moneyOutput,
  fee: moneyOutput,
  amountDueIncludingFee: moneyOutput,
  status: participantStatusSchema,
  /** Whether someone holding a link to this bill may pay this share now. */
  payable: z.boolean(),
  assignedItems: z.array(z.object({ name: z.string(), amount: moneyOutput })),
  lines: z.array(shareLineSchema),
});
export type PublicBillParticipant = z.infer<typeof publicBillParticipantSchema>;

/** GET /api/payment-links/:token/bill: the bill with its participants, for paying for several. */
export const publicBillSchema = z.object({
  id: z.string(),
  name: z.string(),
  date: z.string(),
  creatorName: z.string(),
  status: billStatusSchema,
  subtotal: moneyOutput,
  serviceCharge: moneyOutput,
  tip: moneyOutput,
  totalAmount: moneyOutput,
  fee: moneyOutput,
  /** The participant whose link this is. */
  linkParticipantId: z.string(),
  expired: z.boolean(),
  testMode: z.boolean(),
  participants: z.array(publicBillParticipantSchema),
});
export type PublicBill = z.infer<typeof publicBillSchema>;

// --- Paying ----------------------------------------------------------------------------------------

/** How a payer pays (DECISIONS.md Paying by bank): bank first, card second. */
export const payMethodSchema = z.enum(['bank', 'card']);
export type PayMethod = z.infer<typeof payMethodSchema>;

/** POST /api/payments/checkout: pay for one or more participants of the link's bill. */
export const checkoutBodySchema = z
  .object({
    token: z.string().max(512),
    participantIds: z.array(safeId(64)).min(1, 'Select who to pay for').max(50),
    /** From the bank app (open banking) or by card; card when absent. The price is the same. */
    method: payMethodSchema.default('card'),
  })
  .strict();
export type CheckoutBody = z.input<typeof checkoutBodySchema>;

export const checkoutResponseSchema = z.object({
  success: z.literal(true),
  sessionUrl: z.string(),
  sessionId: z.string(),
  /** What the payer will be charged, fee included. */
  amount: moneyOutput,
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/** POST /api/payment-links/:token/process: a card payment for this link alone (the two-step flow). */
export const processResponseSchema = z.object({
  paymentLink: publicPaymentLinkSchema,
  clientSecret: z.string(),
  paymentIntentId: z.string(),
});
export type ProcessResponse = z.infer<typeof processResponseSchema>;

/** POST /api/create-stripe-payment */
export const createPaymentBodySchema = z
  .object({ token: z.string().max(512), returnUrl: safeId(2000).optional() })
  .strict();
export const createPaymentResponseSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
});

/** POST /api/payment-links/:token/confirm and POST /api/pay/:token/confirm */
export const confirmBodySchema = z
  .object({ paymentIntentId: safe(z.string().trim().min(1).max(255)) })
  .strict();
export const confirmResponseSchema = z.object({
  /** processing: not paid yet (the card form not finished, or the provider still working). */
  status: z.enum(['succeeded', 'processing', 'failed']),
  paymentLink: publicPaymentLinkSchema,
});
export type ConfirmResponse = z.infer<typeof confirmResponseSchema>;

/** GET /api/payments/sessions/:sessionId: a checkout's outcome, for the success page. */
export const paymentSessionSchema = z.object({
  sessionId: z.string(),
  /** processing: the payer approved in their bank app and the bank's answer is awaited. */
  status: z.enum(['open', 'processing', 'succeeded', 'failed', 'expired', 'refunded']),
  /** How the payer pays: from their bank app or by card. */
  method: payMethodSchema,
  /** The bank the payer chose, when they paid from their bank app and it is known. */
  bankName: z.string().nullable(),
  billName: z.string(),
  recipientName: z.string(),
  /** Charged, fee included. */
  amount: moneyOutput,
  fee: moneyOutput,
  /** Of which refunded, when a share had already been paid by someone else. */
  refunded: moneyOutput,
  people: z.array(
    z.object({
      participantName: z.string(),
      amount: moneyOutput,
      fee: moneyOutput,
      paid: z.boolean(),
    }),
  ),
  paidAt: z.string().nullable(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  testMode: z.boolean(),
  /** The link the payer came from, for 'Try Payment Again'. */
  token: z.string().nullable(),
  /** Why part of it was refunded, in words for the payer. */
  message: z.string().nullable(),
});
export type PaymentSession = z.infer<typeof paymentSessionSchema>;
export const sessionParamsSchema = z.object({ sessionId: safeId(255) });

// --- The sandbox's own checkout page --------------------------------------------------------------

/** POST /api/sandbox/checkout/:sessionId/pay: the card form's fields, checked by domain/cards. */
export const sandboxPayBodySchema = z
  .object({
    number: z.string().max(40),
    expiry: z.string().max(10),
    cvc: z.string().max(8),
    /** For a payment intent (the two-step flow): its client secret. */
    clientSecret: safeId(255).optional(),
  })
  .strict();
export type SandboxPayBody = z.infer<typeof sandboxPayBodySchema>;

/** GET /api/sandbox/checkout/:sessionId: what the sandbox's checkout page shows. */
export const sandboxCheckoutSchema = paymentSessionSchema.extend({
  kind: z.enum(['checkout', 'payment_intent']),
  /** Where 'Cancel' goes. */
  cancelUrl: z.string(),
});
export type SandboxCheckout = z.infer<typeof sandboxCheckoutSchema>;

/** The banks the sandbox's test bank page offers (DECISIONS.md Paying by bank). */
export const SANDBOX_BANKS = [
  'Barclays',
  'HSBC UK',
  'Lloyds Bank',
  'Monzo',
  'Nationwide',
  'NatWest',
  'Santander',
  'Starling Bank',
] as const;
/** How long the sandbox's test bank takes to answer after Approve or Decline, in ms. */
export const SANDBOX_BANK_WAIT_MS = 6000;

/** POST /api/sandbox/checkout/:sessionId/bank: the test bank page's choice and answer. */
export const sandboxBankBodySchema = z
  .object({
    bank: z.enum(SANDBOX_BANKS),
    answer: z.enum(['approve', 'decline']),
  })
  .strict();
export type SandboxBankBody = z.infer<typeof sandboxBankBodySchema>;

export const sandboxBankResponseSchema = z.object({
  status: z.literal('processing'),
  /** The success page, which waits for the bank's answer. */
  redirectUrl: z.string(),
});

export const sandboxPayResponseSchema = z.object({
  status: z.literal('succeeded'),
  /** Where the page goes 2500 ms after success. */
  redirectUrl: z.string(),
});

// --- Payout account (the spec's /api/stripe/* calls, for either provider) -----------------------------

export const bankAccountSchema = z.object({
  connected: z.boolean(),
  bankName: z.string().nullable(),
  bankAccountLast4: z.string().nullable(),
  provider: providerNameSchema,
  testMode: z.boolean(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const connectStatusSchema = z.object({ onboardingComplete: z.boolean() });
export const connectAccountResponseSchema = z.object({ accountSetupRequired: z.boolean() });
export const onboardingLinkResponseSchema = z.object({ onboardingUrl: z.string() });

/** POST /api/stripe/connect/onboarding: where the provider sends the user back to (this site only). */
export const onboardingLinkBodySchema = z
  .object({
    returnUrl: safe(z.string().trim().min(1).max(2000)),
    refreshUrl: safe(z.string().trim().min(1).max(2000)),
  })
  .strict();

/** GET /api/stripe/connect/refresh: the provider's refresh_url, back to a fresh onboarding link. */
export const onboardingRefreshQuerySchema = z.object({
  return: safe(z.string().trim().min(1).max(2000)),
  fallback: safe(z.string().trim().min(1).max(2000)),
});

/** POST /api/sandbox/connect: the sandbox's connect page, UK bank details. */
export const sandboxConnectBodySchema = z
  .object({
    accountHolderName: safe(
      z
        .string()
        .trim()
        .min(1, BANK_MESSAGES.accountNameRequired)
        .max(70, BANK_MESSAGES.accountNameTooLong),
    ),
    sortCode: z
      .string()
      .max(20)
      .transform((v, ctx) => {
        const r = parseSortCode(v);
        if (!r.ok) ctx.addIssue({ code: 'custom', message: r.error });
        return r.ok ? r.value : v;
      }),
    accountNumber: z
      .string()
      .max(20)
      .transform((v, ctx) => {
        const r = parseAccountNumber(v);
        if (!r.ok) ctx.addIssue({ code: 'custom', message: r.error });
        return r.ok ? r.value : v;
      }),
  })
  .strict();
export type SandboxConnectBody = z.input<typeof sandboxConnectBodySchema>;
