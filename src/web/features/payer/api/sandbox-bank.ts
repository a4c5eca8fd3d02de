import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { sandboxBankResponseSchema, SandboxBankBody } from '../../../../contracts/payments';
import { expectAnswer } from '../../../lib/answer';
import { apiRequest } from '../../../lib/api';

export type SandboxBankResult = z.infer<typeof sandboxBankResponseSchema>;

/** POST /api/sandbox/checkout/:sessionId/bank: the test bank's Approve or Decline. */
export async function answerSandboxBank(
  sessionId: string,
  body: SandboxBankBody,
): Promise<SandboxBankResult> {
  const raw = await apiRequest(
    'POST',
    `/api/sandbox/checkout/${encodeURIComponent(sessionId)}/bank`,
    body,
  );
  return expectAnswer<SandboxBankResult>(raw, ['status', 'redirectUrl']);
}

export function useSandboxBank(sessionId: string) {
  return useMutation({
    mutationFn: (body: SandboxBankBody) => answerSandboxBank(sessionId, body),
  });
}
