// 'Try Payment Again' on /payment-cancelled (payments-accounts.md §2): back to where the payer came
// from (the provider's checkout, still open) when there is history; otherwise the payment link.

export type TryAgain = { kind: 'back' } | { kind: 'go'; to: string };

export function tryAgainTarget(historyLength: number, token: string | null): TryAgain {
  if (historyLength > 1) return { kind: 'back' };
  const t = token?.trim();
  return { kind: 'go', to: t ? `/pay/${encodeURIComponent(t)}` : '/' };
}
