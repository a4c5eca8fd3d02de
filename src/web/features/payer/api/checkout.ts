import type { CheckoutBody, CheckoutResponse } from '../../../../contracts/payments';
import { expectAnswer } from '../../../lib/answer';
import { apiRequest } from '../../../lib/api';

/** POST /api/payments/checkout: opens the provider's checkout for the chosen people's shares. */
export async function startCheckout(body: CheckoutBody): Promise<CheckoutResponse> {
  return expectAnswer<CheckoutResponse>(await apiRequest('POST', '/api/payments/checkout', body), [
    'sessionUrl',
    'sessionId',
    'amount',
  ]);
}
