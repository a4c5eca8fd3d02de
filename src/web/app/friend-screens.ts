import type { ComponentType } from 'react';

// The screens a friend opens without an account (contracts/pages.ts `isFriendPage`): a payer's
// link, a join link, the checkout and its outcome. Their own entry (friend-main.tsx) routes them
// with these loaders and starts the one it needs beside its own scripts. The whole app (app.tsx)
// routes the same screens too, for a creator who opens one from inside it.

export interface FriendScreen {
  path: string;
  load: () => Promise<ComponentType>;
}

/** A screen whose data is still read through TanStack Query: loaded with its client. */
const withQuery = (load: () => Promise<ComponentType>) => () =>
  Promise.all([load(), import('./friend-query')]).then(([Screen, { withQueryClient }]) =>
    withQueryClient(Screen),
  );

export const FRIEND_SCREENS: FriendScreen[] = [
  {
    path: '/join/:token',
    load: () => import('./screens/join-screen').then((m) => m.JoinScreen),
  },
  { path: '/pay/:token', load: () => import('./screens/pay-screen').then((m) => m.PayScreen) },
  {
    path: '/payment/:token',
    load: () => import('./screens/pay-screen').then((m) => m.PayScreen),
  },
  {
    path: '/secure-payment/:token',
    load: () => import('./screens/secure-payment-screen').then((m) => m.SecurePaymentScreen),
  },
  {
    path: '/stripe-checkout/:token',
    load: () => import('./screens/stripe-checkout-screen').then((m) => m.StripeCheckoutScreen),
  },
  {
    path: '/sandbox/checkout/:sessionId',
    load: withQuery(() =>
      import('./screens/sandbox-checkout-screen').then((m) => m.SandboxCheckoutScreen),
    ),
  },
  {
    path: '/payment-success',
    load: withQuery(() =>
      import('./screens/payment-success-screen').then((m) => m.PaymentSuccessScreen),
    ),
  },
  {
    path: '/payment-cancelled',
    load: () => import('./screens/payment-cancelled-screen').then((m) => m.PaymentCancelledScreen),
  },
];

/** The screen whose path matches `pathname` (wouter's `:param` segments), if any. */
export function friendScreenAt(pathname: string): FriendScreen | undefined {
  return FRIEND_SCREENS.find(({ path }) =>
    new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}$`).test(pathname),
  );
}
