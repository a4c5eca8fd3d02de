import { describe, expect, it } from 'vitest';
import { decideAccess, routeAccess } from './route-access';

const named = { firstName: 'Ada', lastName: 'Lovelace' };
const nameless = { firstName: null, lastName: null };

describe('routeAccess (payments-accounts.md §2)', () => {
  it.each([
    '/pay/abc',
    '/payment/abc',
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
    '/summary',
    '/split-bill',
    '/receipt-flow',
    '/processing-receipt',
    '/qr-payment',
    '/settings',
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
    expect(decideAccess('/history', null)).toEqual({ kind: 'redirect', to: '/auth' });
    expect(decideAccess('/onboarding', null)).toEqual({ kind: 'redirect', to: '/auth' });
  });
  it('sends a user without a first or last name to /onboarding', () => {
    expect(decideAccess('/', nameless)).toEqual({ kind: 'redirect', to: '/onboarding' });
    expect(decideAccess('/settings', { firstName: 'A', lastName: ' ' })).toEqual({
      kind: 'redirect',
      to: '/onboarding',
    });
    expect(decideAccess('/onboarding', nameless)).toEqual({ kind: 'render' });
  });
  it('sends a signed-in user away from /auth', () => {
    expect(decideAccess('/auth', named)).toEqual({ kind: 'redirect', to: '/' });
    expect(decideAccess('/auth', nameless)).toEqual({ kind: 'redirect', to: '/onboarding' });
  });
  it('lets anyone see public pages and the 404', () => {
    expect(decideAccess('/pay/tok', null)).toEqual({ kind: 'render' });
    expect(decideAccess('/pay/tok', nameless)).toEqual({ kind: 'render' });
    expect(decideAccess('/nope', null)).toEqual({ kind: 'render' });
  });
});
