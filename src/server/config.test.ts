import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('loadConfig', () => {
  it('needs no variable: every value has an embedded default', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.google).toBeUndefined();
    expect(c.apple).toBeUndefined();
  });

  it('limits sign-ups per IP to 10 unless SIGNUPS_PER_IP says otherwise', () => {
    expect(loadConfig({}).authRateLimits.signUpPerIp).toBe(10);
    expect(loadConfig({ SIGNUPS_PER_IP: '200' }).authRateLimits.signUpPerIp).toBe(200);
    expect(problemsOf({ SIGNUPS_PER_IP: '0' })[0]).toMatch(/^SIGNUPS_PER_IP: must be at least 1/);
  });

  it('takes payments with the sandbox unless PAYMENTS_PROVIDER names Stripe with its keys', () => {
    expect(loadConfig({}).payments).toEqual({ provider: 'sandbox' });
    expect(problemsOf({ PAYMENTS_PROVIDER: 'stripe' })).toEqual([
      "STRIPE_SECRET_KEY: must be set when PAYMENTS_PROVIDER is 'stripe'",
      "STRIPE_WEBHOOK_SECRET: must be set when PAYMENTS_PROVIDER is 'stripe'",
    ]);
    expect(problemsOf({ PAYMENTS_PROVIDER: 'paypal' })[0]).toMatch(/^PAYMENTS_PROVIDER: /);
    const bad = problemsOf({
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'pk_live_oops',
      STRIPE_WEBHOOK_SECRET: 'whsec_a',
    });
    expect(bad).toEqual([
      'STRIPE_SECRET_KEY: must be a Stripe secret key (sk_test_... or sk_live_...) (got "<hidden>")',
    ]);
    expect(
      loadConfig({
        PAYMENTS_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_live_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_one, whsec_two',
      }).payments,
    ).toEqual({
      provider: 'stripe',
      secretKey: 'sk_live_abc',
      webhookSecrets: ['whsec_one', 'whsec_two'],
      apiUrl: undefined,
    });
  });

  it('trusts no proxy unless TRUST_PROXY names hops or addresses; never from PUBLIC_URL alone', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://fairshare.example' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1, loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'loopback',
    ]);
    for (const bad of ['true', 'yes', '10.0.0.0/33', '300.1.1.1', '11', '-1', 'example.com'])
      expect(problemsOf({ TRUST_PROXY: bad })[0], bad).toMatch(
        /^TRUST_PROXY: must be a number of proxy hops/,
      );
  });

  it("takes changes from PUBLIC_URL's origin and TRUSTED_ORIGINS only", () => {
    expect(loadConfig({ PUBLIC_URL: 'https://fairshare.example/app/' }).trustedOrigins).toEqual([
      'https://fairshare.example',
    ]);
    expect(
      loadConfig({ TRUSTED_ORIGINS: 'http://localhost:5173, https://m.fairshare.example' })
        .trustedOrigins,
    ).toEqual(['http://localhost:3000', 'http://localhost:5173', 'https://m.fairshare.example']);
    for (const bad of ['*', 'https://x.example/path', 'ftp://x.example', 'x.example'])
      expect(problemsOf({ TRUSTED_ORIGINS: bad })[0], bad).toMatch(/^TRUSTED_ORIGINS: /);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' }).port).toBe(3000);
  });

  it('names the variable when PORT is not a number', () => {
    const problems = problemsOf({ PORT: 'abc' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^PORT: /);
    expect(problems[0]).toContain('"abc"');
  });

  it('lists every bad variable at once, and never echoes a database URL', () => {
    const problems = problemsOf({
      PORT: '70000',
      DATABASE_URL: 'mysql://u:secretpw@h/db',
      LOG_LEVEL: 'loud',
    });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'DATABASE_URL',
      'LOG_LEVEL',
      'PORT',
    ]);
    expect(problems.join('\n')).not.toContain('secretpw');
  });

  it('derives PUBLIC_URL from PORT and strips a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://fairshare.example/' }).publicUrl).toBe(
      'https://fairshare.example',
    );
  });

  it('wants OAuth client ids and secrets in pairs', () => {
    expect(problemsOf({ GOOGLE_CLIENT_ID: 'id' })).toEqual([
      'GOOGLE_CLIENT_SECRET: must be set together with GOOGLE_CLIENT_ID',
    ]);
    expect(loadConfig({ APPLE_CLIENT_ID: 'a', APPLE_CLIENT_SECRET: 'b' }).apple).toEqual({
      clientId: 'a',
      clientSecret: 'b',
    });
  });

  it('refuses a short AUTH_SECRET', () => {
    expect(problemsOf({ AUTH_SECRET: 'short' })[0]).toMatch(/^AUTH_SECRET: must be at least 32/);
  });

  it('writes mail to DATA_DIR/outbox unless SMTP_URL and MAIL_FROM name a server', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/fs' }).mail).toEqual({
      transport: 'outbox',
      dir: path.resolve('/tmp/fs/outbox'),
      from: 'Fairshare <no-reply@localhost>',
    });
    expect(
      loadConfig({ SMTP_URL: 'smtps://u:pw@smtp.example.com', MAIL_FROM: 'hello@example.com' })
        .mail,
    ).toEqual({
      transport: 'smtp',
      url: 'smtps://u:pw@smtp.example.com',
      from: 'Fairshare <hello@example.com>',
    });
    expect(problemsOf({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toEqual([
      'MAIL_FROM: must be set when SMTP_URL is set (the address mail is sent from)',
    ]);
  });

  it('lists a bad SMTP_URL and MAIL_FROM together, never echoing the SMTP password', () => {
    const problems = problemsOf({ SMTP_URL: 'http://u:hunter22@h', MAIL_FROM: 'not an address' });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(['MAIL_FROM', 'SMTP_URL']);
    expect(problems.join('\n')).not.toContain('hunter22');
  });
});
