import { describe, expect, it } from 'vitest';
import { isFriendPage } from '../../contracts/pages';
import { friendScreenAt } from './friend-screens';

describe('friendScreenAt', () => {
  it('finds a screen for every page the friend entry is sent for', () => {
    for (const [pathname, path] of <const>[
      ['/join/tok', '/join/:token'],
      ['/pay/tok', '/pay/:token'],
      ['/payment/tok', '/payment/:token'],
      ['/secure-payment/tok', '/secure-payment/:token'],
      ['/stripe-checkout/tok', '/stripe-checkout/:token'],
      ['/sandbox/checkout/cs_1', '/sandbox/checkout/:sessionId'],
      ['/payment-success', '/payment-success'],
      ['/payment-cancelled', '/payment-cancelled'],
    ]) {
      expect(isFriendPage(pathname), pathname).toBe(true);
      expect(friendScreenAt(pathname)?.path, pathname).toBe(path);
    }
  });

  it("finds none for the whole app's pages", () => {
    for (const pathname of ['/', '/pay', '/pay/a/b', '/join', '/sandbox/connect', '/bill/1'])
      expect(friendScreenAt(pathname), pathname).toBeUndefined();
  });
});
