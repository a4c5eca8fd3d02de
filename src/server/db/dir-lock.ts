import fs from 'node:fs';

export interface DirLock {
  release(): void;
}

export class DirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another Fairshare process (pid ${pid}). ` +
        'Stop that process first, or start this one with a different DATA_DIR.',
    );
    this.name = 'DirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite happily opens one directory from two processes and corrupts it; this lock file (holding the
 * owner's pid) makes the second process stop with a clear message. A lock left by a crashed process
 * (pid no longer alive) is taken over.
 */
export function acquireDirLock(lockFile: string, dataDir: string): DirLock {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockFile, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(lockFile, 'utf8').trim() === String(process.pid))
              fs.unlinkSync(lockFile);
          } catch {
            // already gone
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number.parseInt(fs.readFileSync(lockFile, 'utf8').trim(), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DirLockedError(dataDir, pid);
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock ${lockFile}`);
}
