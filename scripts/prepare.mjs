// `npm install`'s prepare step: install the repository's git hooks, then build the app so that
// `npm start` serves it. Neither in CI: nobody commits there, and `npm test` builds (once).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = fs.realpathSync(path.resolve(import.meta.dirname, '..'));
const ci = Boolean(process.env.CI) && process.env.CI !== 'false';

/** Points git at .githooks when this folder is the top of a git checkout (not a copy, not CI). */
function installHooks() {
  let top;
  try {
    top = execFileSync('git', ['rev-parse', '--show-toplevel'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return; // no git, or not a checkout
  }
  if (fs.realpathSync(top) !== root) return; // inside someone else's repository
  execFileSync('git', ['config', 'core.hooksPath', '.githooks'], { cwd: root });
}

if (ci) {
  console.log('prepare: CI is set, so no hooks and no build (npm test builds)');
} else {
  installHooks();
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  process.exit(build.status ?? 1);
}
