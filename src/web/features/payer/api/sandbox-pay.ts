import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { sandboxPayResponseSchema, SandboxPayBody } from '../../../../contracts/payments';
import { expectAnswer } from '../../../lib/answer';
import { apiRequest } from '../../../lib/api';

export type SandboxPayResult = z.infer<typeof sandboxPayResponseSchema>;

/** POST /api/sandbox/checkout/:sessionId/pay: charges a test card. */
export async function paySandboxCheckout(
  sessionId: string,
  body: SandboxPayBody,
): Promise<SandboxPayResult> {
  const raw = await apiRequest(
    'POST',
    `/api/sandbox/checkout/${encodeURIComponent(sessionId)}/pay`,
    body,
  );
  return expectAnswer<SandboxPayResult>(raw, ['status', 'redirectUrl']);
}

export function useSandboxPay(sessionId: string) {
  return useMutation({ mutationFn: (body: SandboxPayBody) => paySandboxCheckout(sessionId, body) });
}
