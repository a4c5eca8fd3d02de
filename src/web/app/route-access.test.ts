import { describe, expect, it } from 'vitest';
import { afterSignIn, decideAccess, routeAccess } from './route-access';

const named = { firstName: 'Ada', lastName: 'Lovelace' };
const nameless = { firstName: null, lastName: null };

describe('routeAccess (payments-accounts.md §2)', () => {
  it.each([
    '/pay/abc',
    '/payment/abc',
    '/join/abc',
    '/secure-payment/abc',
    '/payment-success',
    '/payment-cancelled',
    '/auth',
    '/auth/callback',
  ])('%s is public', (p) => expect(routeAccess(p)).toBe('public'));
  it.each([
    '/onboarding',
    '/',
    '/activity',
    '/payments',
    '/history',
    '/bill/42',
    '/bill/42/picking',
    '/bill/42/edit',
    '/summary',
    '/split-bill',
    '/receipt-flow',
    '/processing-receipt',
    '/qr-payment',
    '/settings',
    '/friends',
    '/friends/Zo%C3%AB',
  ])('%s is for signed-in users', (p) => expect(routeAccess(p)).toBe('signed-in'));
  it('anything else is unknown', () => {
    expect(routeAccess('/nope')).toBe('unknown');
    expect(routeAccess('/bill/1/2')).toBe('unknown');
    expect(routeAccess('/pay/')).toBe('unknown');
  });
});

describe('decideAccess', () => {
  it('shows the landing at / when signed out, and sends other signed-in routes to /auth', () => {
    expect(decideAccess('/', null)).toEqual({ kind: 'landing' });
    expect(decideAccess('/history', null)).toEqual({
      kind: 'redirect',
      to: '/auth?next=%2Fhistory',
    });
    expect(decideAccess('/bill/42', null, '?from=home')).toEqual({
      kind: 'redirect',
      to: '/auth?next=%2Fbill%2F42%3Ffrom%3Dhome',
    });
    expect(decideAccess('/onboarding', null)).toEqual({
      kind: 'redirect',
      to: '/auth?next=%2Fonboarding',
    });
  });
  it('sends a user without a first or last name to /onboarding', () => {
    expect(decideAccess('/', nameless)).toEqual({ kind: 'redirect', to: '/onboarding' });
    expect(decideAccess('/settings', { firstName: 'A', lastName: ' ' })).toEqual({
      kind: 'redirect',
      to: '/onboarding?next=%2Fsettings',
    });
    expect(decideAccess('/onboarding', nameless)).toEqual({ kind: 'render' });
  });
  it('sends a signed-in user away from /auth', () => {
    expect(decideAccess('/auth', named)).toEqual({ kind: 'redirect', to: '/' });
    expect(decideAccess('/auth', nameless)).toEqual({ kind: 'redirect', to: '/onboarding' });
  });
  it('sends a user who signed in from a page back to it, and never off the site', () => {
    expect(decideAccess('/auth', named, 'next=%2Fhistory')).toEqual({
      kind: 'redirect',
      to: '/history',
    });
    expect(decideAccess('/auth', nameless, '?next=%2Fhistory')).toEqual({
      kind: 'redirect',
      to: '/onboarding?next=%2Fhistory',
    });
    for (const next of ['%2F%2Fevil.example', 'https%3A%2F%2Fevil.example', '%2F%5Cevil.example'])
      expect(decideAccess('/auth', named, `?next=${next}`)).toEqual({ kind: 'redirect', to: '/' });
    // A path of this site that is no page (the 404) is not worth coming back to.
    expect(afterSignIn('?next=%2Fnope', false)).toBe('/');
    expect(afterSignIn('?next=%2Fbill%2F42%3Ffrom%3Dhome', false)).toBe('/bill/42?from=home');
  });
  it('lets anyone see public pages and the 404', () => {
    expect(decideAccess('/pay/tok', null)).toEqual({ kind: 'render' });
    expect(decideAccess('/pay/tok', nameless)).toEqual({ kind: 'render' });
    expect(decideAccess('/nope', null)).toEqual({ kind: 'render' });
  });
});
