import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSchema } from '../../../contracts/auth';
import { cookieFrom, signUp, uniqueEmail } from '../../testing/auth-helpers';
import { SIGN_UP_REFUSED } from './routes';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    authRateLimits: { signInPerIp: 8, signInPerEmail: 4, signUpPerIp: 50, windowSeconds: 600 },
  });
});
afterAll(() => t.close());

const getUser = (cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: '/api/auth/user',
    headers: { ...(cookie ? { cookie } : {}), ...headers },
  });

describe('sign-up', () => {
  it('creates an account with a hashed password and an HttpOnly, SameSite=Lax session cookie', async () => {
    const email = uniqueEmail('ada');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password: 'analytical engine' },
    });
    expect(res.statusCode).toBe(200);
    const setCookie = [res.headers['set-cookie']].flat().join('\n');
    expect(setCookie).toMatch(/session_token=[^;]+;.*HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i); // http://localhost: no Secure flag

    const me = await getUser(cookieFrom(res.headers['set-cookie']));
    expect(me.statusCode).toBe(200);
    const user = userSchema.parse(me.json());
    expect(user).toMatchObject({
      email,
      firstName: null,
      lastName: null,
      username: email.split('@')[0],
    });

    const stored = (await t.database.db.execute(
      `select a.password from account a join "user" u on u.id = a.user_id where u.email = '${email}'`,
    )) as unknown as { rows: { password: string }[] };
    expect(stored.rows[0]?.password).toBeTruthy();
    expect(stored.rows[0]?.password).not.toContain('analytical engine');
  });

  it('normalises the e-mail, and never says that one is registered', async () => {
    const local = `Grace.${Date.now()}`;
    const email = `${local.toLowerCase()}@example.com`;
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: `  ${local}@Example.COM `, password: 'cobol rules ok' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().user.email).toBe(email);

    // Signing up again with the account's own password just signs in: the same answer as a new one.
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password: 'cobol rules ok' },
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().user.email).toBe(email);
    expect(cookieFrom(same.headers['set-cookie'])).toMatch(/session_token=[^;]+/);

    // Another password: refused without the words 'already exists' or 'registered'.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password: 'another password' },
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(SIGN_UP_REFUSED);
    expect(again.body).not.toMatch(/exist|registered/i);
    expect(cookieFrom(again.headers['set-cookie'])).not.toMatch(/session_token=[^;]+/);
    const count = (await t.database.db.execute(
      `select count(*)::int as n from "user" where email = '${email}'`,
    )) as unknown as { rows: { n: number }[] };
    expect(count.rows[0]?.n).toBe(1);
  });

  it('counts a refused sign-up as a try at that e-mail, so guessing through sign-up stops too', async () => {
    const email = uniqueEmail('guessed');
    await signUp(t.app, email, 'the real password', '10.9.0.1');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email, password: `guess number ${i}` },
        remoteAddress: `10.9.1.${i}`,
      });
      statuses.push(res.statusCode);
    }
    // signInPerEmail is 4 in this file: four refusals, then 429, even for the right password.
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: 'the real password' },
      remoteAddress: '10.9.2.1',
    });
    expect(signIn.statusCode).toBe(429);
  });

  it('refuses a password under 8 characters and a malformed e-mail, naming the field', async () => {
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: uniqueEmail(), password: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      message: 'Password must be at least 8 characters',
      fields: { password: expect.any(String) },
    });

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'not-an-email', password: 'long enough pw' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('email');

    const none = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: {},
    });
    expect(none.statusCode).toBe(400);
  });
});

describe('sign-in', () => {
  it('signs in with the right password, and a bearer token works as well as the cookie', async () => {
    const email = uniqueEmail('bearer');
    await signUp(t.app, email, 'open sesame 123', '10.1.0.1');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: 'open sesame 123' },
      remoteAddress: '10.1.0.1',
    });
    expect(res.statusCode).toBe(200);
    const token = res.headers['set-auth-token'] as string;
    expect(token).toBeTruthy();
    const me = await getUser(undefined, { authorization: `Bearer ${token}` });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(email);
  });

  it('answers a wrong password and an unknown e-mail the same way', async () => {
    const email = uniqueEmail('known');
    await signUp(t.app, email, 'the real password', '10.2.0.1');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: 'not the password' },
      remoteAddress: '10.2.0.2',
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: uniqueEmail('nobody'), password: 'not the password' },
      remoteAddress: '10.2.0.3',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json().message).toBe(wrong.json().message);
    expect(wrong.json().message).toBe('Invalid e-mail or password');
  });

  it('limits attempts per e-mail across IPs, then per IP across e-mails, with 429 and Retry-After', async () => {
    const email = uniqueEmail('target');
    await signUp(t.app, email, 'strong password', '10.3.0.1');
    const attempt = (addr: string, e = email) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: e, password: 'guess guess' },
        remoteAddress: addr,
      });
    for (let i = 0; i < 4; i++) expect((await attempt(`10.3.1.${i}`)).statusCode).toBe(401);
    const limited = await attempt('10.3.1.99');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(
      /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password is refused while the e-mail is limited.
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: 'strong password' },
      remoteAddress: '10.3.1.100',
    });
    expect(right.statusCode).toBe(429);

    // One IP trying many e-mails: 8 per window.
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++)
      statuses.push((await attempt('10.3.2.1', uniqueEmail(`spray${i}`))).statusCode);
    expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
    expect(statuses[8]).toBe(429);
  });
});

describe('GET /api/auth/user', () => {
  it('answers 401 with the spec message when signed out or with a forged cookie', async () => {
    const none = await getUser();
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'unauthorized', message: 'Authentication required' });
    const forged = await getUser('better-auth.session_token=forged.value');
    expect(forged.statusCode).toBe(401);
    const bearer = await getUser(undefined, { authorization: 'Bearer nonsense' });
    expect(bearer.statusCode).toBe(401);
  });
});

describe('PATCH /api/auth/user', () => {
  it('sets the names (trimmed) and derives the display name', async () => {
    const s = await signUp(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      headers: { cookie: s.cookie },
      payload: { firstName: '  Siobhán ', lastName: "O'Neill" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Siobhán',
      lastName: "O'Neill",
      name: "Siobhán O'Neill",
    });
    expect((await getUser(s.cookie)).json().firstName).toBe('Siobhán');
  });

  it('says which name is missing', async () => {
    const s = await signUp(t.app);
    const noFirst = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      headers: { cookie: s.cookie },
      payload: { firstName: '   ', lastName: 'Smith' },
    });
    expect(noFirst.statusCode).toBe(400);
    expect(noFirst.json().fields).toEqual({ firstName: 'First name is required' });
    const noLast = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      headers: { cookie: s.cookie },
      payload: { firstName: 'Jo' },
    });
    expect(noLast.statusCode).toBe(400);
    expect(noLast.json().fields).toEqual({ lastName: 'Last name is required' });
    expect((await getUser(s.cookie)).json().firstName).toBeNull();
  });

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      payload: { firstName: 'A', lastName: 'B' },
    });
    expect(res.statusCode).toBe(401);
  });

  it("changes only the caller's own profile", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      headers: { cookie: a.cookie },
      payload: { firstName: 'Alice', lastName: 'Able' },
    });
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      headers: { cookie: b.cookie },
      payload: { firstName: 'Bob', lastName: 'Baker', id: a.userId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(b.userId);
    expect((await getUser(a.cookie)).json()).toMatchObject({ id: a.userId, firstName: 'Alice' });
    expect((await getUser(b.cookie)).json()).toMatchObject({ id: b.userId, firstName: 'Bob' });
  });
});

describe('POST /api/auth/sync-supabase-user', () => {
  it('upserts the profile fields and is idempotent', async () => {
    const s = await signUp(t.app);
    const email = (await getUser(s.cookie)).json().email as string;
    const payload = {
      email,
      firstName: 'Mary',
      lastName: 'Seacole',
      profileImageUrl: 'https://images.example.com/m.png',
      username: 'mseacole',
    };
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sync-supabase-user',
      headers: { cookie: s.cookie },
      payload,
    });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sync-supabase-user',
      headers: { cookie: s.cookie },
      payload,
    });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(first.json().user).toMatchObject({
      firstName: 'Mary',
      lastName: 'Seacole',
      name: 'Mary Seacole',
      username: 'mseacole',
      profileImageUrl: 'https://images.example.com/m.png',
    });
    const count = (await t.database.db.execute(
      `select count(*)::int as n from "user" where email = '${email}'`,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(count.rows[0]?.n).toBe(1);
  });

  it('keeps fields that are not sent, refuses another e-mail, and needs a session', async () => {
    const s = await signUp(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sync-supabase-user',
      headers: { cookie: s.cookie },
      payload: { firstName: 'Keep', lastName: 'Me' },
    });
    const partial = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sync-supabase-user',
      headers: { cookie: s.cookie },
      payload: { username: 'newhandle', firstName: null },
    });
    expect(partial.json().user).toMatchObject({
      firstName: 'Keep',
      lastName: 'Me',
      username: 'newhandle',
    });

    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sync-supabase-user',
      headers: { cookie: s.cookie },
      payload: { email: 'someone.else@example.com' },
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().fields).toHaveProperty('email');

    const badUrl = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sync-supabase-user',
      headers: { cookie: s.cookie },
      payload: { profileImageUrl: 'javascript:alert(1)' },
    });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().fields).toHaveProperty('profileImageUrl');

    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sync-supabase-user',
      payload: {},
    });
    expect(anon.statusCode).toBe(401);
  });
});

describe('POST /api/logout', () => {
  it('ends the session and goes back to /', async () => {
    const s = await signUp(t.app);
    expect((await getUser(s.cookie)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: s.cookie, origin: 'http://localhost:3000' },
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
    expect([res.headers['set-cookie']].flat().join('\n')).toMatch(/session_token=;|Max-Age=0/i);
    expect((await getUser(s.cookie)).statusCode).toBe(401);
  });

  it('is harmless when signed out', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/logout' });
    expect(res.statusCode).toBe(303);
  });
  it('is not a GET: a link (or an image) on another site cannot sign anyone out', async () => {
    const s = await signUp(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie: s.cookie, referer: 'http://evil.example/page' },
    });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await getUser(s.cookie)).statusCode).toBe(200);
  });
});

describe('GET /api/auth/providers', () => {
  it('shows Google and Apple only when configured', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({
      google: false,
      apple: false,
    });
    const configured = await createTestApp({
      database: t.database,
      env: {
        GOOGLE_CLIENT_ID: 'g',
        GOOGLE_CLIENT_SECRET: 's',
        APPLE_CLIENT_ID: 'a',
        APPLE_CLIENT_SECRET: 'b',
      },
    });
    try {
      expect(
        (await configured.app.inject({ method: 'GET', url: '/api/auth/providers' })).json(),
      ).toEqual({
        google: true,
        apple: true,
      });
    } finally {
      await configured.app.close();
    }
  });
});

describe('bad bodies', () => {
  it('answer 400 for malformed JSON', async () => {
    const s = await signUp(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      headers: { 'content-type': 'application/json', cookie: s.cookie },
      payload: '{"firstName":',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("better-auth's own profile endpoints", () => {
  it('are switched off, so profile fields only change through the validated PATCH', async () => {
    const s = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie: s.cookie },
      payload: { firstName: 'x'.repeat(5000) },
    });
    expect(res.statusCode).toBe(404);
    expect((await getUser(s.cookie)).json().firstName).toBeNull();
  });
});
