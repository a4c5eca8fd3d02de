import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FORGOT_PASSWORD_SENT, RESET_LINK_INVALID } from '../../../contracts/auth';
import { cookieFrom, signUp, uniqueEmail, type Session } from '../../testing/auth-helpers';
import { linkIn, recipientOf, waitForOutbox } from '../../testing/mail-helpers';
import { requestsTo } from '../../testing/requests';
import { closedPortUrl, startTestSmtp, type TestSmtp } from '../../testing/smtp-server';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { MAIL_UNAVAILABLE } from './routes';

// "Forgot password?" and e-mail verification through better-auth's flows, the mail going to a
// local SMTP server on 127.0.0.1 (smtp-server), read back with mailparser.

let smtp: TestSmtp;
let t: TestApp;
const PUBLIC = 'http://localhost:3000';

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'hello@fairshare.example' },
    authRateLimits: { resetPerEmail: 3, resetPerIp: 50 },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const { get, post } = requestsTo(() => t.app);

/** Waits for the next message and remembers its link's token as a secret for the log check. */
let seen = 0;
async function nextMail() {
  const m = await smtp.waitFor(++seen);
  const token = /token=([^&\s]+)/.exec(m.text ?? '')?.[1];
  if (token) t.logs?.addSecrets(decodeURIComponent(token));
  return m;
}

const forgot = (email: string, ip = '10.0.0.9') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    payload: { email },
    remoteAddress: ip,
  });

const resetWith = (token: string, newPassword: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, newPassword },
  });

const signIn = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    remoteAddress: '10.0.0.77',
  });

describe('e-mail verification', () => {
  it('sign-up sends a verification e-mail whose link confirms the address', async () => {
    const email = uniqueEmail('verify');
    const s = await signUp(t.app, email);
    const m = await nextMail();
    expect(recipientOf(m)).toBe(email);
    expect(m.from?.value).toEqual([{ address: 'hello@fairshare.example', name: 'Fairshare' }]);
    expect(m.subject).toBe('Confirm your e-mail address for Fairshare');
    expect(m.html).toContain('Confirm my e-mail address');
    expect((await get(s, '/api/auth/user')).json().emailVerified).toBe(false);

    const link = new URL(linkIn(m, `${PUBLIC}/api/auth/verify-email?`));
    const opened = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/settings?verified=1');
    expect((await get(s, '/api/auth/user')).json().emailVerified).toBe(true);

    // Confirmed: asking again says so and sends nothing.
    const again = await post(s, '/api/auth/verification-email');
    expect(again.statusCode).toBe(409);
  });

  it('"Resend" sends a new link to the signed-in user, a few times per window', async () => {
    const email = uniqueEmail('resend');
    const s = await signUp(t.app, email);
    await nextMail();
    const res = await post(s, '/api/auth/verification-email');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true });
    const m = await nextMail();
    expect(recipientOf(m)).toBe(email);
    expect(m.subject).toBe('Confirm your e-mail address for Fairshare');
    expect((await post(null, '/api/auth/verification-email')).statusCode).toBe(401);
    // better-auth's own resend route (which hides a failure) is not offered.
    expect(
      (await post(s, '/api/auth/send-verification-email', { email })).statusCode,
    ).toBeGreaterThanOrEqual(400);
  });
});

describe('"Forgot password?"', () => {
  let email: string;
  let first: Session;
  const oldPassword = 'correct horse battery';

  beforeAll(async () => {
    email = uniqueEmail('forgot');
    first = await signUp(t.app, email, oldPassword);
    await nextMail(); // the verification e-mail
  });

  it('e-mails a one-time link, valid 1 hour, that sets a new password and signs in', async () => {
    const asked = Date.now();
    const res = await forgot(email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: FORGOT_PASSWORD_SENT });
    const m = await nextMail();
    expect(recipientOf(m)).toBe(email);
    expect(m.subject).toBe('Reset your Fairshare password');
    expect(m.text).toContain('The link works once, within 1 hour.');
    const link = new URL(linkIn(m, `${PUBLIC}/auth/reset?token=`));
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9]{24,}$/);

    const stored = (await t.database.db.execute(
      `select expires_at from verification where identifier = 'reset-password:${token}'`,
    )) as unknown as { rows: { expires_at: string | Date }[] };
    const expiresIn = new Date(stored.rows[0]!.expires_at).getTime() - asked;
    expect(expiresIn).toBeGreaterThan(3590_000);
    expect(expiresIn).toBeLessThan(3610_000);

    const done = await resetWith(token, 'a brand new password');
    expect(done.statusCode).toBe(200);
    const cookie = cookieFrom(done.headers['set-cookie']);
    expect(cookie).toMatch(/session_token=/);
    t.logs?.addSecrets(...cookie.split('; ').map((c) => c.split('=')[1]));
    // Signed in on this device; the session from before the reset has ended.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).json()
        .email,
    ).toBe(email);
    expect((await get(first, '/api/auth/user')).statusCode).toBe(401);
    expect((await signIn(email, oldPassword)).statusCode).toBe(401);
    expect((await signIn(email, 'a brand new password')).statusCode).toBe(200);

    // The link works once.
    const twice = await resetWith(token, 'yet another password');
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ code: 'invalid_token', error: RESET_LINK_INVALID });
    expect((await signIn(email, 'yet another password')).statusCode).toBe(401);
  });

  it('answers an unknown address the same and sends it nothing', async () => {
    const before = seen;
    const res = await forgot(uniqueEmail('nobody'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: FORGOT_PASSWORD_SENT });
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.length).toBe(before);
  });

  it('refuses a made-up token and a short password, changing nothing', async () => {
    const bad = await resetWith('x'.repeat(24), 'a fine new password');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(RESET_LINK_INVALID);
    const short = await resetWith('x'.repeat(24), 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatch(/at least 8 characters/);
    const notEmail = await forgot('not an address');
    expect(notEmail.statusCode).toBe(400);
  });

  it('is limited per address (registered or not) and per IP', async () => {
    const known = uniqueEmail('limited');
    await signUp(t.app, known);
    await nextMail();
    const unknown = uniqueEmail('limited-unknown');
    for (const address of [known, unknown]) {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await forgot(address, `10.1.0.${i}`)).statusCode);
      // Three a window, from any IP; the fourth is refused alike for both.
      expect(codes).toEqual([200, 200, 200, 429]);
    }
    const perIp = await createTestApp({
      database: t.database,
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'hello@fairshare.example' },
      authRateLimits: { resetPerIp: 2, resetPerEmail: 100 },
      secrets: t.secrets,
    });
    const codes: number[] = [];
    for (let i = 0; i < 3; i++)
      codes.push(
        (
          await perIp.app.inject({
            method: 'POST',
            url: '/api/auth/request-password-reset',
            payload: { email: uniqueEmail('ip') },
            remoteAddress: '10.9.9.9',
          })
        ).statusCode,
      );
    expect(codes).toEqual([200, 200, 429]);
    await perIp.close();
  });
});

describe('when the mail server is down', () => {
  it('"Forgot password?" answers as always, at once; "Resend" says it could not send', async () => {
    const down = await createTestApp({
      database: t.database,
      env: { SMTP_URL: await closedPortUrl(), MAIL_FROM: 'hello@fairshare.example' },
      mailRetryDelaysMs: [],
      secrets: t.secrets,
    });
    const email = uniqueEmail('down');
    const s = await signUp(down.app, email);
    const started = Date.now();
    const res = await down.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(FORGOT_PASSWORD_SENT);
    expect(Date.now() - started).toBeLessThan(2000);

    const resend = await down.app.inject({
      method: 'POST',
      url: '/api/auth/verification-email',
      headers: { cookie: s.cookie },
    });
    expect(resend.statusCode).toBe(503);
    expect(resend.json().error).toBe(MAIL_UNAVAILABLE);
    // The background sends fail on their own time: wait for the log to say so of both.
    const failures = await vi.waitFor(
      () => {
        const said = down.logs!.lines.filter((l) => l.includes('e-mail not sent'));
        expect(said.length).toBeGreaterThanOrEqual(2);
        return said;
      },
      { timeout: 10_000, interval: 25 },
    );
    expect(failures.join('\n')).toContain('password-reset');
    expect(failures.join('\n')).not.toContain(email);
    await down.close();
  });
});

describe('with no SMTP_URL', () => {
  it('the reset e-mail appears in DATA_DIR/outbox as an .eml file, named in the log', async () => {
    const outboxApp = await createTestApp({ database: t.database, secrets: t.secrets });
    const email = uniqueEmail('outbox');
    await signUp(outboxApp.app, email);
    const res = await outboxApp.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email },
    });
    expect(res.statusCode).toBe(200);
    const dir = outboxApp.config.mail.transport === 'outbox' ? outboxApp.config.mail.dir : '';
    const { files, mails } = await waitForOutbox(dir, 2);
    expect(mails.map((m) => m.subject)).toEqual([
      'Confirm your e-mail address for Fairshare',
      'Reset your Fairshare password',
    ]);
    const token = new URL(linkIn(mails[1]!, `${PUBLIC}/auth/reset?token=`)).searchParams.get(
      'token',
    )!;
    const verifyToken = new URL(
      linkIn(mails[0]!, `${PUBLIC}/api/auth/verify-email?`),
    ).searchParams.get('token')!;
    // Neither link's token may be in any log line (close() checks every line).
    outboxApp.logs?.addSecrets(token, verifyToken);
    expect(outboxApp.logs!.lines.join('\n')).not.toContain(token);
    const logged = outboxApp.logs!.lines.filter((l) => l.includes('e-mail written to the outbox'));
    expect(logged).toHaveLength(2);
    expect(logged[1]).toContain('Reset your Fairshare password');
    expect(logged[1]).toContain(files[1]);
    expect((await resetWith(token, 'from the outbox')).statusCode).toBe(200);
    await outboxApp.close();
  });
});
