import type { JoinPaymentLinkBody, JoinPaymentLinkResponse } from '../../../../contracts/join';
import { expectAnswer } from '../../../lib/answer';
import { apiRequest } from '../../../lib/api';
import { useAction } from '../../../lib/use-fetched';

/**
 * POST /api/join/:token/payment-link: this person's own payment link at their picked amount, for
 * "Pay now" (its token opens the existing checkout) and "Pay later" (its address is kept).
 */
export async function joinPaymentLink(
  token: string,
  body: JoinPaymentLinkBody,
): Promise<JoinPaymentLinkResponse> {
  return expectAnswer<JoinPaymentLinkResponse>(
    await apiRequest('POST', `/api/join/${encodeURIComponent(token)}/payment-link`, body),
    ['token', 'url', 'amountIncludingFee'],
  );
}

export function useJoinPaymentLink(token: string) {
  return useAction((body: JoinPaymentLinkBody) => joinPaymentLink(token, body));
}
