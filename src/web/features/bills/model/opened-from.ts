import { readSession, writeSession } from '../../../lib/session-store';

// Where a bill detail was opened from (spec §2 Home, Bill detail): its back button returns there.
export const BILL_OPENED_FROM_KEY = 'fairshare.billOpenedFrom';

export type BillOrigin = 'home' | 'history';

export function rememberBillOrigin(origin: BillOrigin): void {
  writeSession(BILL_OPENED_FROM_KEY, origin);
}

/** Home when the bill was opened from home, otherwise History (the spec's default). */
export function billOrigin(): BillOrigin {
  return readSession(BILL_OPENED_FROM_KEY) === 'home' ? 'home' : 'history';
}
