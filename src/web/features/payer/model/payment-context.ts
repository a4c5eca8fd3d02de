import type { ShareLineOut } from '../../../../contracts/bills';
import type { CheckoutResponse } from '../../../../contracts/payments';
import { isPence, toPence, type Pence } from '../../../../domain/money';
import { isRecord, readSession, removeSession, writeSession } from '../../../lib/session-store';

// The payment context (payments-accounts.md §3 "Payment session data"): what a payer is paying
// for, kept in session storage between the Pay button and the provider's return. The success
// page of the two-step flow needs the link's token from it to confirm the payment; the cancel page
// clears it. Amounts are integer pence (DECISIONS.md Money), copied from the server's answers.

export const PAYMENT_CONTEXT_KEY = 'fairshare.payment';
const VERSION = 1;

export interface PaymentContextPerson {
  id: string;
  name: string;
  /** Their share, before the fee. */
  amount: Pence;
  fee: Pence;
}

export interface PaymentContextItem {
  participantId: string;
  kind: ShareLineOut['kind'];
  name: string;
  amount: Pence;
  portions: number | null;
}

export interface PaymentContext {
  version: typeof VERSION;
  /** The link the payer came from. */
  token: string;
  /** The provider's checkout session (or payment intent) id. */
  sessionId: string;
  /** Set in the two-step flow, where the provider returns with it. */
  paymentIntentId: string | null;
  billName: string;
  recipientName: string;
  /** The people's items and equal shares, before service, tip and fee. */
  subtotal: Pence;
  serviceCharge: Pence;
  tip: Pence;
  fee: Pence;
  /** What the card is charged: every share and fee. */
  total: Pence;
  participantAmounts: PaymentContextPerson[];
  participants: { id: string; name: string }[];
  items: PaymentContextItem[];
  testMode: boolean;
  savedAt: string;
}

/** One person being paid for, as both payer screens know them. */
export interface PayeeInput {
  id: string;
  name: string;
  /** '12.50' strings, as the server sends them. */
  amount: string;
  fee: string;
  lines: readonly ShareLineOut[];
}

/** The context for a checkout just opened for `people` (the link's own participant, or several). */
export function buildPaymentContext(input: {
  token: string;
  billName: string;
  recipientName: string;
  testMode: boolean;
  people: readonly PayeeInput[];
  checkout: Pick<CheckoutResponse, 'sessionId' | 'amount'>;
  paymentIntentId?: string | null;
  now: Date;
}): PaymentContext {
  const items: PaymentContextItem[] = input.people.flatMap((p) =>
    p.lines.map((line) => ({
      participantId: p.id,
      kind: line.kind,
      name: line.name,
      amount: toPence(line.amount),
      portions: line.portions,
    })),
  );
  const sum = (kinds: ShareLineOut['kind'][]) =>
    items.filter((i) => kinds.includes(i.kind)).reduce((s, i) => s + i.amount, 0);
  return {
    version: VERSION,
    token: input.token,
    sessionId: input.checkout.sessionId,
    paymentIntentId: input.paymentIntentId ?? null,
    billName: input.billName,
    recipientName: input.recipientName,
    subtotal: sum(['item', 'share']),
    serviceCharge: sum(['service']),
    tip: sum(['tip']),
    fee: input.people.reduce((s, p) => s + toPence(p.fee), 0),
    // The server's figure for the charge: it is what the provider will take.
    total: toPence(input.checkout.amount),
    participantAmounts: input.people.map((p) => ({
      id: p.id,
      name: p.name,
      amount: toPence(p.amount),
      fee: toPence(p.fee),
    })),
    participants: input.people.map((p) => ({ id: p.id, name: p.name })),
    items,
    testMode: input.testMode,
    savedAt: input.now.toISOString(),
  };
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isNullableString = (v: unknown): v is string | null => v === null || isString(v);
const KINDS = new Set(['item', 'share', 'service', 'tip', 'tax', 'fee']);

function isPerson(v: unknown): v is PaymentContextPerson {
  return isRecord(v) && isString(v.id) && isString(v.name) && isPence(v.amount) && isPence(v.fee);
}

function isItem(v: unknown): v is PaymentContextItem {
  return (
    isRecord(v) &&
    isString(v.participantId) &&
    isString(v.kind) &&
    KINDS.has(v.kind) &&
    isString(v.name) &&
    isPence(v.amount) &&
    (v.portions === null || (typeof v.portions === 'number' && Number.isFinite(v.portions)))
  );
}

/**
 * The stored context when `value` is one in full, else null: storage is written by other tabs,
 * older builds or a curious person, so nothing in it is trusted without a check.
 */
export function parsePaymentContext(value: unknown): PaymentContext | null {
  if (!isRecord(value) || value.version !== VERSION) return null;
  const ok =
    isString(value.token) &&
    value.token.length > 0 &&
    isString(value.sessionId) &&
    isNullableString(value.paymentIntentId) &&
    isString(value.billName) &&
    isString(value.recipientName) &&
    [value.subtotal, value.serviceCharge, value.tip, value.fee, value.total].every(isPence) &&
    Array.isArray(value.participantAmounts) &&
    value.participantAmounts.every(isPerson) &&
    Array.isArray(value.participants) &&
    value.participants.every((p) => isRecord(p) && isString(p.id) && isString(p.name)) &&
    Array.isArray(value.items) &&
    value.items.every(isItem) &&
    typeof value.testMode === 'boolean' &&
    isString(value.savedAt);
  return ok ? (value as unknown as PaymentContext) : null;
}

export function readPaymentContext(): PaymentContext | null {
  return parsePaymentContext(readSession(PAYMENT_CONTEXT_KEY));
}

export function savePaymentContext(context: PaymentContext): void {
  writeSession(PAYMENT_CONTEXT_KEY, context);
}

export function clearPaymentContext(): void {
  removeSession(PAYMENT_CONTEXT_KEY);
}
