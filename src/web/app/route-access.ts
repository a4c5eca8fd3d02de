import { returnPathOf, withReturnPath } from '../lib/return-path';

// payments-accounts.md §2 Route access, as data. Anything not listed is unknown (the 404 screen).

const PUBLIC: RegExp[] = [
  /^\/pay\/[^/]+$/,
  /^\/payment\/[^/]+$/,
  // A friend picking their items from a bill's join link: no account.
  /^\/join\/[^/]+$/,
  /^\/secure-payment\/[^/]+$/,
  /^\/stripe-checkout\/[^/]+$/,
  /^\/payment-success$/,
  /^\/payment-cancelled$/,
  /^\/auth$/,
  /^\/auth\/callback$/,
  // The link of a "Forgot password?" e-mail: a new password, then signed in.
  /^\/auth\/reset$/,
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
  // A saved bill changed in the editor.
  /^\/bill\/[^/]+\/edit$/,
  // The creator's screen of a bill friends are picking.
  /^\/bill\/[^/]+\/picking$/,
  /^\/summary$/,
  /^\/split-bill$/,
  /^\/receipt-flow$/,
  /^\/processing-receipt$/,
  /^\/qr-payment$/,
  /^\/settings$/,
  /^\/friends$/,
  /^\/friends\/[^/]+$/,
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

/**
 * Where a user goes once signed in: the page asked for (`?next=`, a known page of this site only),
 * through onboarding first when their profile has no name yet; home otherwise.
 */
export function afterSignIn(search: string, needsProfile: boolean): string {
  const asked = returnPathOf(search);
  const next = asked && routeAccess(asked.split(/[?#]/)[0]!) !== 'unknown' ? asked : null;
  return needsProfile ? withReturnPath('/onboarding', next) : (next ?? '/');
}

/**
 * What to do with a visit to `pathname` (and its `search`), given who (if anyone) is signed in. A
 * signed-out visit to a signed-in page goes to sign-in carrying the page, to come back to it.
 */
export function decideAccess(
  pathname: string,
  user: { firstName?: string | null; lastName?: string | null } | null,
  search = '',
): AccessDecision {
  const access = routeAccess(pathname);
  const missingName = !!user && (!user.firstName?.trim() || !user.lastName?.trim());
  const here = `${pathname}${search && !search.startsWith('?') ? '?' : ''}${search}`;
  if (access === 'signed-in') {
    if (!user)
      return pathname === '/'
        ? { kind: 'landing' }
        : { kind: 'redirect', to: withReturnPath('/auth', here) };
    if (missingName && pathname !== '/onboarding')
      return { kind: 'redirect', to: withReturnPath('/onboarding', here) };
  }
  if (pathname === '/auth' && user)
    return { kind: 'redirect', to: afterSignIn(search, missingName) };
  return { kind: 'render' };
}
