import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateVapidKeys, loadSecrets } from './secrets';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'fairshare-secrets-'));

describe('loadSecrets', () => {
  it('generates VAPID keys on first start and keeps them in secrets.json (0600)', () => {
    const dir = tmp();
    const first = loadSecrets(dir, {});
    expect(first.vapid.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first.vapid.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(first.vapid.publicKey, 'base64url')[0]).toBe(4); // uncompressed P-256
    expect(fs.statSync(path.join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
    expect(loadSecrets(dir, {})).toEqual(first);
  });

  it('adds VAPID keys to a file from before push, keeping its auth secret', () => {
    const dir = tmp();
    const authSecret = 'a'.repeat(43);
    fs.writeFileSync(path.join(dir, 'secrets.json'), JSON.stringify({ authSecret }));
    const s = loadSecrets(dir, {});
    expect(s.authSecret).toBe(authSecret);
    expect(loadSecrets(dir, {}).vapid).toEqual(s.vapid);
  });

  it('takes the keys from the environment when given', () => {
    const vapid = { publicKey: 'B'.repeat(87), privateKey: 'c'.repeat(43) };
    expect(loadSecrets(tmp(), { authSecret: 'x'.repeat(40), vapid })).toEqual({
      authSecret: 'x'.repeat(40),
      vapid,
    });
  });

  it('always gives a 32-byte private key, even when it starts with zero bytes', () => {
    // About one key in 256 starts with a zero byte: 2,000 keys meet several.
    for (let i = 0; i < 2000; i++) {
      const { privateKey, publicKey } = generateVapidKeys();
      expect(Buffer.from(privateKey, 'base64url')).toHaveLength(32);
      expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    }
  });
});
