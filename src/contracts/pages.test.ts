import { describe, expect, it } from 'vitest';
import { isFriendPage, isPaymentPage } from './pages';

describe('isPaymentPage', () => {
  it('knows the payer and checkout pages', () => {
    for (const path of [
      '/pay/abc',
      '/payment/abc',
      '/join/abc',
      '/secure-payment/abc/',
      '/stripe-checkout/abc',
      '/sandbox/checkout/cs_1',
      '/sandbox/connect',
      '/payment-success',
      '/payment-cancelled',
    ])
      expect(isPaymentPage(path), path).toBe(true);
  });

  it('leaves the app screens and assets alone', () => {
    for (const path of [
      '/',
      '/payments',
      '/pay',
      '/pay/a/b',
      '/join',
      '/join/a/b',
      '/bill/1',
      '/assets/pay-x.js',
      '/auth',
    ])
      expect(isPaymentPage(path), path).toBe(false);
  });
});

describe('isFriendPage', () => {
  it('is every payment page a friend opens without an account', () => {
    for (const path of [
      '/pay/abc',
      '/payment/abc',
      '/join/abc',
      '/secure-payment/abc',
      '/stripe-checkout/abc',
      '/sandbox/checkout/cs_1',
      '/payment-success',
      '/payment-cancelled',
    ])
      expect(isFriendPage(path), path).toBe(true);
  });

  it("leaves the creator's pages to the whole app, the sandbox connect page too", () => {
    for (const path of ['/', '/auth', '/sandbox/connect', '/bill/1', '/bill/1/picking', '/join'])
      expect(isFriendPage(path), path).toBe(false);
  });
});
