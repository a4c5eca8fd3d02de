import type { PayMethod } from '../../../../contracts/payments';
import { startCheckout } from '../api/checkout';
import { buildPaymentContext, savePaymentContext, type PayeeInput } from '../model/payment-context';

/**
 * Opens a checkout and keeps the payment context for the way back; the address to hand the page
 * to. Loaded when the payer taps Pay (use-start-checkout.ts), not with the page.
 */
export async function openCheckout(
  what: {
    token: string;
    billName: string;
    recipientName: string;
    testMode: boolean;
    people: PayeeInput[];
  },
  method: PayMethod,
): Promise<string> {
  const answer = await startCheckout({
    token: what.token,
    participantIds: what.people.map((p) => p.id),
    method,
  });
  savePaymentContext(buildPaymentContext({ ...what, checkout: answer, now: new Date() }));
  return answer.sessionUrl;
}
