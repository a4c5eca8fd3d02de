import {
  createPaymentLinksResponseSchema,
  type CreatePaymentLinksBody,
  type CreatePaymentLinksResponse,
} from '../../../../contracts/payments';
import { apiRequest } from '../../../lib/api';

/**
 * POST /api/payment-links: a link per friend on the bill. Idempotent: asking again returns the
 * same links, renewing any that expired unpaid.
 */
export async function createPaymentLinks(
  body: CreatePaymentLinksBody,
): Promise<CreatePaymentLinksResponse> {
  return createPaymentLinksResponseSchema.parse(
    await apiRequest('POST', '/api/payment-links', body),
  );
}
