import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { findChromium, NO_BROWSER_MESSAGE } from '../../scripts/find-chromium.mjs';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts the built app on a free port with a throw-away DATA_DIR; tests read E2E_BASE_URL. */
export default async function globalSetup() {
  // One clear line instead of every test failing to launch a browser.
  if (!findChromium()) throw new Error(NO_BROWSER_MESSAGE);
  if (!fs.existsSync('dist/server/main.js') || !fs.existsSync('dist/web/index.html')) {
    throw new Error('The app is not built: run `npm run build` before the browser tests.');
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairshare-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      DATABASE_URL: '',
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      // Every test signs a new user up from 127.0.0.1; the per-IP limit itself is tested in the API tests.
      SIGNUPS_PER_IP: '1000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // A hang guard: the unit and API tests start beside the journeys (scripts/test.mjs), and on a
  // busy 2-core machine the app's first start can take over a minute.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the app exited with code ${child.exitCode} before answering`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the app did not answer /api/health within 180 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
