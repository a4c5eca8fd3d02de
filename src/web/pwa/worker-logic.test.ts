import { describe, expect, it } from 'vitest';
import {
  cacheSize,
  notificationOfPush,
  pageOfThisSite,
  servesShell,
  type CacheStorageLike,
} from './worker-logic';

const ORIGIN = 'https://fairshare.example';
const at = (path: string) => new URL(path, ORIGIN);

describe('servesShell', () => {
  it('answers app screens from the precached shell', () => {
    for (const path of ['/', '/history', '/bill/42', '/split-bill', '/auth', '/settings?x=1'])
      expect(servesShell(at(path), ORIGIN), path).toBe(true);
  });

  it('sends payment pages, the API and other sites to the network', () => {
    for (const path of [
      '/pay/tok',
      '/secure-payment/tok',
      '/sandbox/checkout/cs_1',
      '/payment-success?redirect_status=succeeded',
      '/payment-cancelled',
      '/api/logout',
      '/api/auth/callback/google',
    ])
      expect(servesShell(at(path), ORIGIN), path).toBe(false);
    expect(servesShell(new URL('https://checkout.stripe.com/c/pay'), ORIGIN)).toBe(false);
  });
});

describe('cacheSize', () => {
  it('adds up the bytes of every response in every cache', async () => {
    const caches = new Map<string, Map<string, string>>([
      [
        'precache',
        new Map([
          ['/a.js', 'x'.repeat(1000)],
          ['/index.html', 'y'.repeat(250)],
        ]),
      ],
      ['other', new Map([['/b.css', 'z'.repeat(50)]])],
    ]);
    const storage: CacheStorageLike = {
      keys: async () => [...caches.keys()],
      open: async (name) => {
        const entries = caches.get(name)!;
        return {
          keys: async () => [...entries.keys()].map((url) => new Request(new URL(url, ORIGIN))),
          match: async (req) => {
            const body = entries.get(new URL(req.url).pathname);
            return body === undefined ? undefined : new Response(body);
          },
        };
      },
    };
    expect(await cacheSize(storage)).toBe(1300);
    caches.clear();
    expect(await cacheSize(storage)).toBe(0);
  });
});

describe('notificationOfPush', () => {
  const message = (m: object) => JSON.stringify(m);

  it("shows the server's title and words, and keeps the page to open", () => {
    const shown = notificationOfPush(
      message({
        title: 'Payment received',
        body: 'Sam paid you £14.20 for The Crown & Anchor',
        url: '/bill/b1',
        tag: 'paid:p1',
      }),
      ORIGIN,
    );
    expect(shown).toEqual({
      title: 'Payment received',
      options: {
        body: 'Sam paid you £14.20 for The Crown & Anchor',
        tag: 'paid:p1',
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        data: { url: '/bill/b1' },
      },
    });
  });

  it('shows nothing for a message that is not one of ours, or that would open another site', () => {
    const ok = { title: 'T', body: 'B', url: '/bill/1', tag: 't' };
    for (const text of [
      'not json',
      'null',
      '"text"',
      message({ ...ok, title: '' }),
      message({ ...ok, body: 1 }),
      message({ ...ok, url: 'https://evil.example/x' }),
      message({ ...ok, url: '//evil.example/x' }),
      message({ ...ok, url: 'javascript:alert(1)' }),
    ])
      expect(notificationOfPush(text, ORIGIN), text).toBeNull();
  });
});

describe('pageOfThisSite', () => {
  it('keeps a path with its query and refuses anything off the site', () => {
    expect(pageOfThisSite('/bill/1?links=1', ORIGIN)).toBe('/bill/1?links=1');
    expect(pageOfThisSite('/\\evil.example', ORIGIN)).toBeNull();
    expect(pageOfThisSite('https://fairshare.example/bill/1', ORIGIN)).toBeNull();
  });
});
