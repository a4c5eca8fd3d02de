import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDirLock, DirLockedError } from './dir-lock';

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('acquireDirLock', () => {
  it('refuses a directory held by a live process, naming the pid', async () => {
    const dir = tmp();
    const file = path.join(dir, 'fairshare.lock');
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      fs.writeFileSync(file, String(other.pid));
      expect(() => acquireDirLock(file, dir)).toThrow(DirLockedError);
      expect(() => acquireDirLock(file, dir)).toThrow(`pid ${other.pid}`);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = tmp();
    const file = path.join(dir, 'fairshare.lock');
    fs.writeFileSync(file, '999999999');
    const lock = acquireDirLock(file, dir);
    expect(fs.readFileSync(file, 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(file)).toBe(false);
  });

  it('can be taken again after release', () => {
    const dir = tmp();
    const file = path.join(dir, 'fairshare.lock');
    acquireDirLock(file, dir).release();
    const again = acquireDirLock(file, dir);
    again.release();
    again.release();
  });
});
