import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../paths';

/** A Fairshare server started as its own process for a test, with what it has printed so far. */
export interface ServerRun {
  child: ChildProcess;
  out: () => string;
  exited: Promise<number | null>;
}

/**
 * How a test starts the server: `src/server/main.ts` through tsx, or, when `npm test` has just built
 * the app from these sources (it sets TEST_SERVER_BUILD), that build, as `npm start` runs it: it
 * starts in about half the time, with nothing to compile.
 */
export function serverArgs(): string[] {
  const built = process.env.TEST_SERVER_BUILD;
  if (built && fs.existsSync(path.resolve(PROJECT_ROOT, built))) return [built];
  return ['--import', 'tsx', 'src/server/main.ts'];
}

/** Starts the server with only PATH, HOME, LOG_LEVEL=info and `env` in its environment. */
export function startServerProcess(env: Record<string, string>): ServerRun {
  const child = spawn(process.execPath, serverArgs(), {
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
