// The in-process session cache (http/session-cache.ts, decision 013): a confirmed session costs no
// query for a few seconds, and sign-out or revocation still take effect on the very next request.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUp } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createSessionCache, sessionKeyOf } from './session-cache';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ORIGIN = 'http://localhost:3000';
const get = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/auth/user', headers });

/** Statements the app sent to the database while `fn` ran. */
async function queriesDuring(fn: () => Promise<unknown>): Promise<number> {
  const before = t.database.queries.count;
  await fn();
  return t.database.queries.count - before;
}

async function signIn(email: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password: 'correct horse battery' },
    remoteAddress: '10.9.0.1',
  });
  expect(res.statusCode).toBe(200);
  return res.headers['set-auth-token'] as string;
}

describe('the session cache', () => {
  it('lets a session just confirmed through without asking the database again', async () => {
    const s = await signUp(t.app);
    expect((await get({ cookie: s.cookie })).statusCode).toBe(200);
    // GET /api/auth/user reads the user (one query); the session check costs none.
    expect(
      await queriesDuring(async () =>
        expect((await get({ cookie: s.cookie })).statusCode).toBe(200),
      ),
    ).toBe(1);
  });

  it('checks a session once for requests that arrive together', async () => {
    const s = await signUp(t.app);
    const answers: number[] = [];
    const queries = await queriesDuring(async () => {
      const all = await Promise.all(Array.from({ length: 10 }, () => get({ cookie: s.cookie })));
      answers.push(...all.map((r) => r.statusCode));
    });
    expect(answers).toEqual(Array(10).fill(200));
    // One session check (better-auth: at most 2 statements) and each request's own user lookup.
    expect(queries).toBeLessThanOrEqual(2 + 10);
  });

  it('refuses a signed-out session on the next request in the same process', async () => {
    const s = await signUp(t.app);
    expect((await get({ cookie: s.cookie })).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: s.cookie, origin: ORIGIN },
    });
    expect(out.statusCode).toBe(303);
    expect((await get({ cookie: s.cookie })).statusCode).toBe(401);
  });

  it("refuses a revoked session on the next request, revoked from the user's other session", async () => {
    const s = await signUp(t.app);
    const me = (await get({ cookie: s.cookie })).json() as { email: string };
    const second = await signIn(me.email);
    const bearer = { authorization: `Bearer ${second}` };
    expect((await get(bearer)).statusCode).toBe(200);
    expect((await get(bearer)).statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/revoke-session',
      headers: { cookie: s.cookie, origin: ORIGIN },
      payload: { token: second.split('.')[0] },
    });
    expect(revoked.statusCode).toBe(200);
    expect((await get(bearer)).statusCode).toBe(401);
    // The session that revoked it is still signed in.
    expect((await get({ cookie: s.cookie })).statusCode).toBe(200);
  });

  it('refuses every session after revoke-sessions, on the next request', async () => {
    const s = await signUp(t.app);
    expect((await get({ cookie: s.cookie })).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/revoke-sessions',
      headers: { cookie: s.cookie, origin: ORIGIN },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect((await get({ cookie: s.cookie })).statusCode).toBe(401);
  });

  it('forgets a session ended elsewhere (another process) within its life, and not before', async () => {
    const short = await createTestApp({
      database: t.database,
      secrets: t.secrets,
      env: { SESSION_CACHE_MS: '400' },
    });
    try {
      const s = await signUp(short.app);
      const ask = () =>
        short.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: s.cookie } });
      // The clock stands still until moved: a slow machine cannot outlast the cache's life
      // between two asks.
      vi.useFakeTimers({ toFake: ['Date'] });
      expect((await ask()).statusCode).toBe(200);
      // Ended behind this process's back, as another process's sign-out would.
      await t.database.db.execute(sql`delete from "session" where user_id = ${s.userId}`);
      vi.setSystemTime(Date.now() + 399);
      expect((await ask()).statusCode).toBe(200);
      vi.setSystemTime(Date.now() + 2);
      expect((await ask()).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
      await short.close();
    }
  });

  it('is off with SESSION_CACHE_MS=0: a session ended elsewhere is refused at once', async () => {
    const off = await createTestApp({
      database: t.database,
      secrets: t.secrets,
      env: { SESSION_CACHE_MS: '0' },
    });
    try {
      const s = await signUp(off.app);
      const ask = () =>
        off.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: s.cookie } });
      expect((await ask()).statusCode).toBe(200);
      await t.database.db.execute(sql`delete from "session" where user_id = ${s.userId}`);
      expect((await ask()).statusCode).toBe(401);
    } finally {
      await off.close();
    }
  });

  it('does not let a forged cookie through, even beside a cached one', async () => {
    const s = await signUp(t.app);
    expect((await get({ cookie: s.cookie })).statusCode).toBe(200);
    const forged = s.cookie.replace(/session_token=([^.;]+)\.[^;]+/, 'session_token=$1.forged');
    expect(forged).not.toBe(s.cookie);
    expect((await get({ cookie: forged })).statusCode).toBe(401);
  });
});

describe('createSessionCache', () => {
  it('never outlives the session, forgets the oldest when full, and drops a check older than a clear', () => {
    let now = 1000;
    const cache = createSessionCache({ ttlMs: 5000, maxEntries: 2, now: () => now });
    cache.remember('a', 'u1', new Date(3000), cache.generation);
    expect(cache.lookup('a')).toBe('u1');
    now = 3000;
    expect(cache.lookup('a')).toBeUndefined();
    cache.remember('b', 'u2', new Date(1e9), cache.generation);
    cache.remember('c', 'u3', new Date(1e9), cache.generation);
    cache.remember('d', 'u4', new Date(1e9), cache.generation);
    expect(cache.lookup('b')).toBeUndefined();
    expect(cache.lookup('d')).toBe('u4');
    const started = cache.generation;
    cache.clear();
    cache.remember('e', 'u5', new Date(1e9), started);
    expect(cache.lookup('e')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keys a request by its session cookie and bearer header only', () => {
    expect(sessionKeyOf({})).toBeNull();
    expect(sessionKeyOf({ cookie: 'theme=dark' })).toBeNull();
    const a = sessionKeyOf({ cookie: 'theme=dark; better-auth.session_token=abc.sig' });
    expect(a).toBe(sessionKeyOf({ cookie: 'better-auth.session_token=abc.sig; theme=light' }));
    expect(a).not.toBe(sessionKeyOf({ cookie: 'better-auth.session_token=abc.sih' }));
    expect(sessionKeyOf({ cookie: '__Secure-better-auth.session_token=abc.sig' })).not.toBe(a);
    expect(sessionKeyOf({ authorization: 'Bearer x' })).toBe('|Bearer x');
  });
});
