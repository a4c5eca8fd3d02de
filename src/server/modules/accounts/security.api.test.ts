import fs from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CURRENT_PASSWORD_WRONG,
  deviceSessionsSchema,
  NO_PASSWORD_TO_CHANGE,
} from '../../../contracts/auth';
import { cookieFrom, signUp, uniqueEmail, type Session } from '../../testing/auth-helpers';
import { linkIn } from '../../testing/mail-helpers';
import { requestsTo } from '../../testing/requests';
import { createTestApp, type TestApp } from '../../testing/test-app';

// Settings, Security through better-auth's own flows: change the password (the current one asked,
// every other device signed out), change the e-mail (a link to the new address makes the change,
// the old address is told), list the devices signed in and sign one or all of them out. On the
// embedded database or (TEST_DATABASE_URL) PostgreSQL; e-mail goes to the outbox folder.

let t: TestApp;
const { get, post } = requestsTo(() => t.app);
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  t = await createTestApp();
  // Each password is hashed with scrypt, several sign-ins a test: slow on a busy machine.
  vi.setConfig({ testTimeout: 120_000 });
});
afterAll(() => t.close());

async function signIn(email: string, password: string, userAgent = 'Mozilla/5.0 (test)') {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    headers: { 'user-agent': userAgent },
    remoteAddress: '10.0.0.5',
  });
}

async function device(email: string, userAgent?: string): Promise<Session> {
  const res = await signIn(email, PASSWORD, userAgent);
  expect(res.statusCode, res.body).toBe(200);
  return { cookie: cookieFrom(res.headers['set-cookie']), token: undefined, userId: '' };
}

/** The messages sent to `to` so far (the outbox folder), once there are at least `count`. */
async function mailsTo(to: string, count = 1): Promise<ParsedMail[]> {
  const dir = t.config.mail.transport === 'outbox' ? t.config.mail.dir : '';
  for (let i = 0; i < 100; i++) {
    const found: ParsedMail[] = [];
    for (const f of fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []) {
      if (!f.endsWith('.eml')) continue;
      const m = await simpleParser(fs.readFileSync(path.join(dir, f)));
      const addresses = [m.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address));
      if (addresses.includes(to)) found.push(m);
    }
    if (found.length >= count) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`fewer than ${count} messages to ${to}`);
}

describe('changing the password', () => {
  it('asks for the current password, signs every other device out, and keeps this one in', async () => {
    const email = uniqueEmail('pw');
    const phone = await signUp(t.app, email, PASSWORD);
    const laptop = await device(email);

    const wrong = await post(phone, '/api/auth/change-password', {
      currentPassword: 'not the password',
      newPassword: 'a brand new password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(CURRENT_PASSWORD_WRONG);
    expect((await signIn(email, PASSWORD)).statusCode).toBe(200);
    expect((await get(laptop, '/api/auth/user')).statusCode).toBe(200);

    const short = await post(phone, '/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/at least 8 characters/);

    // Even asked to keep the other devices, the server signs them out.
    const res = await post(phone, '/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'a brand new password',
      revokeOtherSessions: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const phoneNow = { ...phone, cookie: cookieFrom(res.headers['set-cookie']) };
    expect(phoneNow.cookie).toMatch(/session_token=/);
    expect((await get(phoneNow, '/api/auth/user')).statusCode).toBe(200);
    expect((await get(laptop, '/api/auth/user')).statusCode).toBe(401);
    expect((await get(phone, '/api/auth/user')).statusCode).toBe(401);
    expect((await signIn(email, PASSWORD)).statusCode).toBe(401);
    expect((await signIn(email, 'a brand new password')).statusCode).toBe(200);
    expect((await post(null, '/api/auth/change-password', {})).statusCode).toBe(400);
    expect(
      (
        await post(null, '/api/auth/change-password', {
          currentPassword: 'a brand new password',
          newPassword: 'another new password',
        })
      ).statusCode,
    ).toBe(401);
  });

  it('tells a Google or Apple account that it has no password to change', async () => {
    const s = await signUp(t.app);
    await t.database.db.execute(`update account set password = null, provider_id = 'google'
      where user_id = '${s.userId}'`);
    const res = await post(s, '/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'a brand new password',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NO_PASSWORD_TO_CHANGE);
  });
});

describe('changing the e-mail address', () => {
  it('sends a link to the new address; opening it makes the change and the old address is told', async () => {
    const old = uniqueEmail('old');
    const fresh = uniqueEmail('new');
    const s = await signUp(t.app, old, PASSWORD);

    const res = await post(s, '/api/auth/change-email', { newEmail: ` ${fresh.toUpperCase()} ` });
    expect(res.statusCode, res.body).toBe(200);
    // Nothing changes until the link is opened.
    expect((await get(s, '/api/auth/user')).json().email).toBe(old);
    const [toNew] = await mailsTo(fresh);
    expect(toNew!.subject).toBe('Confirm your new e-mail address for Fairshare');
    const link = new URL(linkIn(toNew!, 'http://localhost:3000/api/auth/verify-email?'));
    t.logs?.addSecrets(link.searchParams.get('token')!);

    // Opened on another device (no session): the change is made all the same.
    const opened = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/settings?email=changed');
    const user = (await get(s, '/api/auth/user')).json();
    expect(user).toMatchObject({ email: fresh, emailVerified: true });
    expect((await signIn(fresh, PASSWORD)).statusCode).toBe(200);
    expect((await signIn(old, PASSWORD)).statusCode).toBe(401);

    const toOld = await mailsTo(old, 2); // the sign-up's verification, then the notice
    const notice = toOld.find((m) => m.subject === 'Your Fairshare e-mail address was changed');
    expect(notice?.text).toContain(fresh);
    // A link opened twice changes nothing more and tells nobody again.
    await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    await new Promise((r) => setTimeout(r, 200));
    expect(await mailsTo(old, 2)).toHaveLength(2);
  });

  it('refuses a malformed address, and answers the same for an address that has an account', async () => {
    const taken = uniqueEmail('taken');
    await signUp(t.app, taken, PASSWORD);
    const s = await signUp(t.app);
    const bad = await post(s, '/api/auth/change-email', { newEmail: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Enter a valid e-mail address');
    const res = await post(s, '/api/auth/change-email', { newEmail: taken });
    expect(res.statusCode).toBe(200);
    // No link goes to an address that has an account, and the account keeps its address.
    await new Promise((r) => setTimeout(r, 200));
    expect((await mailsTo(taken)).map((m) => m.subject)).not.toContain(
      'Confirm your new e-mail address for Fairshare',
    );
    expect((await post(null, '/api/auth/change-email', { newEmail: taken })).statusCode).toBe(401);
  });

  it('a link made for one account cannot be used after that account changed its address again', async () => {
    const s = await signUp(t.app);
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await post(s, '/api/auth/change-email', { newEmail: first });
    await post(s, '/api/auth/change-email', { newEmail: second });
    const linkOf = async (to: string) =>
      new URL(linkIn((await mailsTo(to))[0]!, 'http://localhost:3000/api/auth/verify-email?'));
    const a = await linkOf(first);
    const b = await linkOf(second);
    t.logs?.addSecrets(a.searchParams.get('token')!, b.searchParams.get('token')!);
    await t.app.inject({ method: 'GET', url: b.pathname + b.search });
    expect((await get(s, '/api/auth/user')).json().email).toBe(second);
    // The first link names the old address, no longer the account's: refused.
    const stale = await t.app.inject({ method: 'GET', url: a.pathname + a.search });
    expect(stale.headers.location).toMatch(/error=/);
    expect((await get(s, '/api/auth/user')).json().email).toBe(second);
  });
});

describe('devices signed in', () => {
  it('lists them, signs one out, then all the others, never another account', async () => {
    const email = uniqueEmail('devices');
    const phone = await signUp(t.app, email, PASSWORD);
    const laptop = await device(email, 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Safari/605');
    const tablet = await device(email, 'Mozilla/5.0 (iPad; CPU OS 17_0) Mobile Safari/604');
    const stranger = await signUp(t.app);

    const list = await get(phone, '/api/auth/list-sessions');
    expect(list.statusCode, list.body).toBe(200);
    // No session's token reaches the page (a token is a sign-in): only ids.
    expect(list.body).not.toContain(phone.token!.split('.')[0]);
    for (const s of list.json() as Record<string, unknown>[]) expect(s).not.toHaveProperty('token');
    const sessions = deviceSessionsSchema.parse(list.json());
    expect(sessions).toHaveLength(3);
    expect(sessions.map((x) => x.userAgent)).toEqual(
      expect.arrayContaining([expect.stringMatching(/Macintosh/), expect.stringMatching(/iPad/)]),
    );
    const laptopSession = sessions.find((x) => x.userAgent?.includes('Macintosh'))!;

    // Another account's token names no session of this one.
    const strangers = deviceSessionsSchema.parse(
      (await get(stranger, '/api/auth/list-sessions')).json(),
    );
    expect(
      (await post(phone, '/api/auth/revoke-session', { id: strangers[0]!.id })).statusCode,
    ).toBe(404);
    expect(
      (await post(phone, '/api/auth/revoke-session', { token: stranger.token!.split('.')[0] }))
        .statusCode,
    ).toBe(404);
    expect((await get(stranger, '/api/auth/user')).statusCode).toBe(200);
    // A body naming neither, or both: refused, nothing ended.
    for (const body of [{}, { id: '' }, { id: laptopSession.id, token: 'x' }, { id: 7 }]) {
      const res = await post(phone, '/api/auth/revoke-session', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await get(laptop, '/api/auth/user')).statusCode).toBe(200);

    const one = await post(phone, '/api/auth/revoke-session', { id: laptopSession.id });
    expect(one.statusCode, one.body).toBe(200);
    expect((await get(laptop, '/api/auth/user')).statusCode).toBe(401);
    expect((await get(tablet, '/api/auth/user')).statusCode).toBe(200);

    const all = await post(phone, '/api/auth/revoke-other-sessions', {});
    expect(all.statusCode, all.body).toBe(200);
    expect((await get(tablet, '/api/auth/user')).statusCode).toBe(401);
    expect((await get(phone, '/api/auth/user')).statusCode).toBe(200);
    expect(
      deviceSessionsSchema.parse((await get(phone, '/api/auth/list-sessions')).json()),
    ).toHaveLength(1);
    expect((await get(null, '/api/auth/list-sessions')).statusCode).toBe(401);
  });

  it('lists them however long ago this device signed in', async () => {
    const s = await signUp(t.app);
    await t.database.db.execute(`update session set created_at = now() - interval '20 days'
      where user_id = '${s.userId}'`);
    expect((await get(s, '/api/auth/list-sessions')).statusCode).toBe(200);
  });
});
