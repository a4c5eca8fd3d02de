import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUserResponseSchema } from '../../contracts/auth';
import { signUpWithProfile } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { pickEncoding } from './spa';

// A small stand-in for the build: each file beside its brotli and gzip copies, as the build makes.
const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'fairshare-web-'));
const INDEX = '<!doctype html><title>Fairshare</title>' + '<p>shell</p>'.repeat(200);
const FRIEND = '<!doctype html><title>Fairshare</title>' + '<p>friend pages</p>'.repeat(200);
const SCRIPT = 'console.log("fairshare");'.repeat(200);
function writeWithCopies(rel: string, text: string) {
  const file = path.join(webRoot, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}
writeWithCopies('index.html', INDEX);
writeWithCopies('friend.html', FRIEND);
writeWithCopies('assets/index-abc123.js', SCRIPT);
writeWithCopies('sw.js', SCRIPT);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webRoot });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0 and *', () => {
    const all = ['br', 'gzip', 'identity'] as const;
    expect(pickEncoding('gzip, deflate, br, zstd', all)).toBe('br');
    expect(pickEncoding('gzip, deflate', all)).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5', all)).toBe('gzip');
    expect(pickEncoding('*', all)).toBe('br');
    expect(pickEncoding('*, br;q=0', all)).toBe('gzip');
    expect(pickEncoding(undefined, all)).toBe('identity');
    expect(pickEncoding('br', ['identity'])).toBe('identity');
  });
});

describe('the built app', () => {
  it('sends a hashed asset precompressed by Accept-Encoding, cached for a year', async () => {
    const br = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('revalidates the service worker and index.html on every use', async () => {
    const sw = await get('/sw.js', { 'accept-encoding': 'br' });
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['content-encoding']).toBe('br');

    for (const url of ['/', '/history', '/bill/42']) {
      const page = await get(url, { 'accept-encoding': 'gzip, br' });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(page.headers.vary, url).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(page.rawPayload).toString(), url).toBe(INDEX);
    }
    const plain = await get('/history');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(INDEX);
  });

  it('answers the pages a friend opens without an account with their own entry', async () => {
    for (const url of ['/pay/tok', '/join/tok', '/secure-payment/tok', '/payment-success?x=1']) {
      const page = await get(url, { 'accept-encoding': 'gzip' });
      expect(page.headers['content-encoding'], url).toBe('gzip');
      expect(zlib.gunzipSync(page.rawPayload).toString(), url).toBe(FRIEND);
    }
    for (const url of ['/', '/sandbox/connect', '/bill/1/picking', '/pay/a/b']) {
      const page = await get(url);
      expect(page.body, url).toBe(INDEX);
    }
  });

  it('never lets a payment page be stored', async () => {
    for (const url of [
      '/pay/tok',
      '/payment/tok',
      '/secure-payment/tok',
      '/sandbox/checkout/cs_1',
      '/payment-success?payment_intent=pi_1',
      '/payment-cancelled',
    ]) {
      const page = await get(url, { 'accept-encoding': 'gzip' });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('API answers', () => {
  it('are never stored, signed in or not, found or not', async () => {
    const alice = await signUpWithProfile(t.app, 'Alice', 'Archer');
    for (const [url, cookie] of [
      ['/api/bills', alice.cookie],
      ['/api/auth/user', alice.cookie],
      ['/api/auth/me', undefined],
      ['/api/payment-links/unknown-token', undefined],
      ['/api/bills', undefined],
    ] as const) {
      const res = await get(url, cookie ? { cookie } : {});
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('compress large JSON answers, and leave small ones alone', async () => {
    const bob = await signUpWithProfile(t.app, 'Bob', 'Baker');
    for (let i = 0; i < 8; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/bills',
        headers: { cookie: bob.cookie },
        payload: {
          name: `Dinner number ${i}`,
          participants: [
            { key: 'me', name: 'Bob' },
            { key: 'p2', name: 'Priya' },
          ],
          items: [{ name: 'Curry', amount: '12.00', splitMode: 'equally', assignments: [] }],
        },
      });
      expect(res.statusCode).toBe(201);
    }
    const list = await get('/api/bills', { cookie: bob.cookie, 'accept-encoding': 'br, gzip' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    const body = JSON.parse(zlib.brotliDecompressSync(list.rawPayload).toString());
    expect(body.bills).toHaveLength(8);
    expect(list.rawPayload.length).toBeLessThan(JSON.stringify(body).length / 2);

    const gz = await get('/api/bills', { cookie: bob.cookie, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const small = await get('/api/auth/providers', { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('GET /api/auth/me', () => {
  it('answers 200 with null for a signed-out visitor (no failing request at start)', async () => {
    const res = await get('/api/auth/me');
    expect(res.statusCode).toBe(200);
    expect(currentUserResponseSchema.parse(res.json())).toEqual({ user: null });
    const forged = await get('/api/auth/me', { cookie: 'better-auth.session_token=forged.value' });
    expect(forged.statusCode).toBe(200);
    expect(forged.json()).toEqual({ user: null });
  });

  it('answers with the signed-in user, as GET /api/auth/user does', async () => {
    const carol = await signUpWithProfile(t.app, 'Carol', 'Cole');
    const me = currentUserResponseSchema.parse(
      (await get('/api/auth/me', { cookie: carol.cookie })).json(),
    );
    const user = (await get('/api/auth/user', { cookie: carol.cookie })).json();
    expect(me.user).toEqual(user);
    expect(me.user).toMatchObject({ firstName: 'Carol', lastName: 'Cole' });
  });
});
