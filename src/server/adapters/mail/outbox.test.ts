import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { composeMail } from './message';
import { createOutboxMailer } from './outbox';

describe('outbox mailer', () => {
  it('writes each message as an .eml file readable by its owner only, and logs subject and file', async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fairshare-outbox-')), 'outbox');
    const lines: { obj: Record<string, unknown>; msg: string }[] = [];
    const mailer = createOutboxMailer({
      dir,
      from: 'Fairshare <no-reply@localhost>',
      log: { info: (obj, msg) => lines.push({ obj: obj as Record<string, unknown>, msg }) },
    });
    const url = 'http://localhost:3000/auth/reset?token=SECRETTOKEN1234567890abcd';
    for (const n of [1, 2])
      await mailer.send(
        composeMail({
          to: 'sam@example.com',
          subject: `Reset your Fairshare password ${n}`,
          greeting: 'Hi Sam,',
          paragraphs: ['Choose a new password.'],
          action: { label: 'Choose a new password', url },
        }),
      );
    const files = fs.readdirSync(dir).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    expect(fs.statSync(path.join(dir, files[0]!)).mode & 0o777).toBe(0o600);
    const parsed = await simpleParser(fs.readFileSync(path.join(dir, files[0]!)));
    expect(parsed.from?.value).toEqual([{ address: 'no-reply@localhost', name: 'Fairshare' }]);
    expect(parsed.to && 'text' in parsed.to ? parsed.to.text : '').toBe('sam@example.com');
    expect(parsed.text).toContain(url);
    expect(parsed.html).toContain(url);
    expect(lines.map((l) => l.msg)).toEqual([
      'e-mail written to the outbox',
      'e-mail written to the outbox',
    ]);
    expect(lines.map((l) => l.obj.file).sort()).toEqual(files.map((f) => path.join(dir, f)));
    expect(lines[0]!.obj.subject).toMatch(/^Reset your Fairshare password/);
    expect(JSON.stringify(lines)).not.toContain('SECRETTOKEN');
  });
});
