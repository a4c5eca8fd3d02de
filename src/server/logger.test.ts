import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, REDACTED, redact, redactUrl, redactValue } from './logger';

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
    });
    expect(out).toEqual({
      user: { email: 'a@b.co', password: `corr${REDACTED}` },
      headers: { authorization: `Bear${REDACTED}`, accept: 'json' },
      list: [{ token: REDACTED }],
      stripeAccountId: `acct${REDACTED}`,
      amount: 1250,
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
