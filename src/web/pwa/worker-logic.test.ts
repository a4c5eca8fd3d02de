import { describe, expect, it } from 'vitest';
import { cacheSize, servesShell, type CacheStorageLike } from './worker-logic';

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
