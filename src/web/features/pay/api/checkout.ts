import { useMutation } from '@tanstack/react-query';
import {
  checkoutResponseSchema,
  type CheckoutBody,
  type CheckoutResponse,
} from '../../../../contracts/payments';
import { apiRequest } from '../../../lib/api';

/** POST /api/payments/checkout: opens the provider's checkout for the chosen people's shares. */
export async function startCheckout(body: CheckoutBody): Promise<CheckoutResponse> {
  return checkoutResponseSchema.parse(await apiRequest('POST', '/api/payments/checkout', body));
}

export function useCheckout() {
  return useMutation({ mutationFn: startCheckout });
}
