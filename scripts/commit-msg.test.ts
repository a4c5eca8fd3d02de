import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const HOOK = path.resolve(import.meta.dirname, '../.githooks/commit-msg');

function check(message: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'commit-msg-'));
  const file = path.join(dir, 'COMMIT_EDITMSG');
  fs.writeFileSync(file, message);
  const run = spawnSync(process.execPath, [HOOK, file], { encoding: 'utf8' });
  fs.rmSync(dir, { recursive: true, force: true });
  return { status: run.status, stderr: run.stderr };
}

describe('.githooks/commit-msg', () => {
  it('lets a subject of 72 characters through, with a body of any length', () => {
    const subject = 'x'.repeat(72);
    expect(check(`${subject}\n\n${'why '.repeat(100)}\n`).status).toBe(0);
  });

  it('refuses a subject of 73 characters and says how long it was', () => {
    const result = check(`${'x'.repeat(73)}\n\nbody\n`);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('the subject is 73 characters; at most 72');
  });

  it('counts characters, not bytes, and skips the comments and blank lines git drops', () => {
    expect(
      check(
        `# a comment line longer than seventy-two characters, which git removes anyway\n\n${'£'.repeat(72)}\n`,
      ).status,
    ).toBe(0);
    expect(check(`\n${'£'.repeat(73)}\n`).status).toBe(1);
  });
});
