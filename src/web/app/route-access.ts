// payments-accounts.md §2 Route access, as data. Anything not listed is unknown (the 404 screen).

const PUBLIC: RegExp[] = [
  /^\/pay\/[^/]+$/,
  /^\/payment\/[^/]+$/,
  /^\/secure-payment\/[^/]+$/,
  /^\/stripe-checkout\/[^/]+$/,
  /^\/payment-success$/,
  /^\/payment-cancelled$/,
  /^\/auth$/,
  /^\/auth\/callback$/,
  // The sandbox provider's own checkout page stands in for Stripe's hosted one: payers have no account.
  /^\/sandbox\/checkout\/[^/]+$/,
];

const SIGNED_IN: RegExp[] = [
  /^\/onboarding$/,
  /^\/$/,
  /^\/activity$/,
  /^\/payments$/,
  /^\/history$/,
  /^\/bill\/[^/]+$/,
  /^\/summary$/,
  /^\/split-bill$/,
  /^\/receipt-flow$/,
  /^\/processing-receipt$/,
  /^\/qr-payment$/,
  /^\/settings$/,
  /^\/friends$/,
  // The sandbox provider's connect page stands in for Stripe's onboarding: the creator's own.
  /^\/sandbox\/connect$/,
];

export type Access = 'public' | 'signed-in' | 'unknown';

export function routeAccess(pathname: string): Access {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (PUBLIC.some((r) => r.test(path))) return 'public';
  if (SIGNED_IN.some((r) => r.test(path))) return 'signed-in';
  return 'unknown';
}

export type AccessDecision =
  { kind: 'render' } | { kind: 'landing' } | { kind: 'redirect'; to: string };

/** What to do with a visit to `pathname`, given who (if anyone) is signed in. */
export function decideAccess(
  pathname: string,
  user: { firstName?: string | null; lastName?: string | null } | null,
): AccessDecision {
  const access = routeAccess(pathname);
  const missingName = !!user && (!user.firstName?.trim() || !user.lastName?.trim());
  if (access === 'signed-in') {
    if (!user) return pathname === '/' ? { kind: 'landing' } : { kind: 'redirect', to: '/auth' };
    if (missingName && pathname !== '/onboarding') return { kind: 'redirect', to: '/onboarding' };
  }
  if (pathname === '/auth' && user)
    return { kind: 'redirect', to: missingName ? '/onboarding' : '/' };
  return { kind: 'render' };
}
