import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import {
  EMAIL_REDACTED,
  loggerOptions,
  REDACTED,
  redact,
  redactUrl,
  redactValue,
  serializeError,
} from './logger';

describe('redactValue (payments-accounts.md §9)', () => {
  it('hides strings of 8 characters or fewer entirely', () => {
    expect(redactValue('hunter2')).toBe(REDACTED);
    expect(redactValue('12345678')).toBe(REDACTED);
  });
  it('keeps the first 4 characters of longer strings', () => {
    expect(redactValue('123456789')).toBe(`1234${REDACTED}`);
    expect(redactValue('sk_test_abcdefghijkl')).toBe(`sk_t${REDACTED}`);
  });
  it('hides non-strings', () => {
    expect(redactValue(12345)).toBe(REDACTED);
    expect(redactValue({ a: 1 })).toBe(REDACTED);
  });
});

describe('redact', () => {
  it('redacts sensitive keys at any depth and leaves the rest', () => {
    const out = redact({
      user: { email: 'a@b.co', password: 'correct horse battery' },
      headers: { authorization: 'Bearer abcdefghijklmnop', accept: 'json' },
      list: [{ token: 'tok' }],
      stripeAccountId: 'acct_123456789',
      amount: 1250,
      details: { state: 'C8OdLIJWNJ2B3-H8tXF1ZUM3Sf4hBO7b', code: 'state_security_mismatch' },
    });
    expect(out).toEqual({
      user: { email: EMAIL_REDACTED, password: `corr${REDACTED}` },
      headers: { authorization: `Bear${REDACTED}`, accept: 'json' },
      list: [{ token: REDACTED }],
      stripeAccountId: `acct${REDACTED}`,
      amount: 1250,
      // An OAuth state is a one-time secret; an error's code is not.
      details: { state: `C8Od${REDACTED}`, code: 'state_security_mismatch' },
    });
  });
});

describe('redactUrl', () => {
  it('masks token-like path segments and sensitive query values', () => {
    expect(redactUrl('/api/payment-links/Qm9vZ2llV29vZ2llQm9vZ2ll/bill')).toBe(
      `/api/payment-links/Qm9v${REDACTED}/bill`,
    );
    expect(redactUrl('/auth/callback?token=abcdefghijk&x=1')).toBe(
      `/auth/callback?token=abcd${encodeURIComponent(REDACTED)}&x=1`,
    );
    expect(redactUrl('/api/bills/42')).toBe('/api/bills/42');
  });
  it("masks an OAuth callback's code and state, and any long opaque query value", () => {
    const url = redactUrl(
      '/api/auth/callback/google?code=RhQyfHB-5SEW2uaI2RlML0cMtfPmYh9WEHeN5Us_3Qc&state=QE2qDwmnElwDz2tt&iss=x',
    );
    expect(url).not.toContain('RhQyfHB-5SEW2uaI2RlML0cMtfPmYh9WEHeN5Us_3Qc');
    expect(url).not.toContain('QE2qDwmnElwDz2tt');
    expect(url).toContain('iss=x');
  });
});

describe('the pino logger built from loggerOptions', () => {
  it('writes JSON with the redaction applied', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const log = pino(loggerOptions('info'), sink);
    log.info({ secret: 'abcdefghij', note: 'kept' }, 'hello');
    const entry = JSON.parse(lines[0] ?? '{}');
    expect(entry).toMatchObject({ msg: 'hello', secret: `abcd${REDACTED}`, note: 'kept' });
  });
});

describe('e-mails and failed queries in logs (issue 22)', () => {
  function logOf(write: (log: pino.Logger) => void): string {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    write(pino(loggerOptions('trace'), sink));
    return lines.join('');
  }

  it("masks e-mail addresses in messages, in fields and in a library's details", () => {
    const out = logOf((log) => {
      log.info('Sign-up attempt for existing email: ada.lovelace@example.com');
      log.info({ details: [{ user: { email: 'grace@navy.example.org' } }] }, 'user');
    });
    expect(out).not.toMatch(/ada\.lovelace@example\.com|grace@navy\.example\.org/);
    expect(out).toContain(EMAIL_REDACTED);
  });

  it('masks the tokens of links in messages and fields (a reset or verification link)', () => {
    const out = logOf((log) => {
      log.info(
        'reset link http://localhost:3000/api/auth/reset-password/AbCdEfGhIjKlMnOpQrStUvWx?callbackURL=%2Fauth%2Freset',
      );
      log.warn(
        {
          details: [
            'http://localhost:3000/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.e30.sig&callbackURL=%2F',
          ],
        },
        'failed',
      );
      log.info({ note: 'see https://example.com/bill/123 now' }, 'plain link');
    });
    expect(out).not.toContain('AbCdEfGhIjKlMnOpQrStUvWx');
    expect(out).not.toContain('eyJhbGciOiJIUzI1NiJ9.e30.sig');
    expect(out).toContain('http://localhost:3000/api/auth/reset-password/AbCd[REDACTED]');
    expect(out).toContain('https://example.com/bill/123 now');
  });

  it("keeps a failed query's SQL and code, not its values", () => {
    const cause = Object.assign(new Error('invalid input syntax for type uuid: "secret-input"'), {
      code: '22P02',
      detail: 'Key (email)=(ada@example.com) already exists.',
    });
    const err = new DrizzleQueryError(
      'select "id" from "user" where "email" = $1 and "name" = $2',
      ['ada@example.com', 'Ada Lovelace typed this'],
      cause,
    );
    const out = logOf((log) => log.error({ err }, 'request failed'));
    expect(out).toContain('select \\"id\\" from \\"user\\"');
    expect(out).toContain('22P02');
    expect(out).not.toMatch(/ada@example\.com|Ada Lovelace typed this|secret-input/);
    const serialized = JSON.stringify(serializeError(err));
    expect(serialized).not.toMatch(/ada@example\.com|Ada Lovelace typed this|secret-input/);
  });
});
