import { spawn, type ChildProcess } from 'node:child_process';
import { PROJECT_ROOT } from '../paths';

/** A Fairshare server started as its own process for a test, with what it has printed so far. */
export interface ServerRun {
  child: ChildProcess;
  out: () => string;
  exited: Promise<number | null>;
}

/** Starts `src/server/main.ts` with only PATH, HOME, LOG_LEVEL=info and `env` in its environment. */
export function startServerProcess(env: Record<string, string>): ServerRun {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, out: () => out, exited };
}
