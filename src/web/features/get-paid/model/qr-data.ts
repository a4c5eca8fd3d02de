import type {
  CreatePaymentLinksResponse,
  CreatorPaymentLink,
} from '../../../../contracts/payments';
import { moneyOutput } from '../../../../contracts/bills';
import { isRecord, readSession, writeSession } from '../../../lib/session-store';

// What /qr-payment shows (payments-accounts.md §2 /qr-payment, §3 "Stored QR data"): the links just
// made or fetched, kept in session storage so that a reload keeps the screen. Amounts are the
// server's 2-decimal strings.
export const QR_PAYMENT_STORAGE_KEY = 'fairshare.qrPayment';

export interface QrFriend {
  participantId: string;
  name: string;
  /** The payer page's full address: what the QR code holds and what is shared. */
  url: string;
  /** The share, before the card fee. */
  amount: string;
  fee: string;
  /** What the friend pays by card. */
  amountIncludingFee: string;
  status: 'pending' | 'paid';
}

export interface QrPaymentData {
  billId: string;
  billName: string;
  friends: QrFriend[];
}

/** The QR screen's data from the links answer: one entry per friend, in the bill's order. */
export function qrDataFromLinks(
  billName: string,
  response: CreatePaymentLinksResponse,
): QrPaymentData {
  return {
    billId: response.billId,
    billName,
    friends: response.paymentLinks.map((link) => ({
      participantId: link.participantId,
      name: link.participantName,
      url: link.url,
      amount: link.amount,
      fee: link.fee,
      amountIncludingFee: link.amountIncludingFee,
      status: link.status,
    })),
  };
}

/**
 * The stored QR data with each friend's status as the server now has it (a friend may pay while
 * their code is on show). Friends the answer does not mention keep their stored status.
 */
export function withLiveStatus(
  data: QrPaymentData,
  links: readonly Pick<CreatorPaymentLink, 'participantId' | 'status'>[] | undefined,
): QrPaymentData {
  if (!links) return data;
  const now = new Map(links.map((l) => [l.participantId, l.status]));
  return {
    ...data,
    friends: data.friends.map((f) => ({ ...f, status: now.get(f.participantId) ?? f.status })),
  };
}

/** Only web addresses: the stored value can be edited by hand, and it becomes a QR code and a share. */
function isWebUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

const isMoney = (value: unknown) =>
  typeof value === 'string' && moneyOutput.safeParse(value).success;

function isQrFriend(value: unknown): value is QrFriend {
  return (
    isRecord(value) &&
    typeof value.participantId === 'string' &&
    typeof value.name === 'string' &&
    isWebUrl(value.url) &&
    isMoney(value.amount) &&
    isMoney(value.fee) &&
    isMoney(value.amountIncludingFee) &&
    (value.status === 'pending' || value.status === 'paid')
  );
}

/** Whether a stored value is QR data with at least one friend; anything else means "none stored". */
export function isQrPaymentData(value: unknown): value is QrPaymentData {
  return (
    isRecord(value) &&
    typeof value.billId === 'string' &&
    value.billId !== '' &&
    typeof value.billName === 'string' &&
    Array.isArray(value.friends) &&
    value.friends.length > 0 &&
    value.friends.every(isQrFriend)
  );
}

export function saveQrPaymentData(data: QrPaymentData): void {
  writeSession(QR_PAYMENT_STORAGE_KEY, data);
}

/** The stored QR data, or null when there is none or it is not valid. */
export function loadQrPaymentData(): QrPaymentData | null {
  const stored = readSession(QR_PAYMENT_STORAGE_KEY);
  return isQrPaymentData(stored) ? stored : null;
}
