// `npm test`: builds the app, then runs the unit and API tests (Vitest) and the browser journeys
// (Playwright, against the build). Every suite runs even when an earlier one fails; the exit code
// and the last line say how it went.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { findChromium, NO_BROWSER_MESSAGE } from './find-chromium.mjs';
import { countReport, sum } from './test-summary.mjs';

const OUT = '.test-output';
fs.rmSync(OUT, { recursive: true, force: true });
fs.mkdirSync(OUT, { recursive: true });

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const steps = [];
steps.push({ name: 'build', status: run('npm', ['run', '--silent', 'build']) });
steps.push({
  name: 'vitest',
  status: run('npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${OUT}/vitest.json`,
  ]),
});
// Without a browser the journeys cannot run: say how to get one; the unit and API tests still count.
const browser = findChromium();
if (!browser) console.log(`\n${NO_BROWSER_MESSAGE}`);
const runBrowserTests = steps[0].status === 0 && browser !== null;
if (runBrowserTests) {
  steps.push({ name: 'playwright', status: run('npx', ['playwright', 'test']) });
}

const reports = [`${OUT}/vitest.json`, ...(runBrowserTests ? [`${OUT}/e2e.json`] : [])];
const total = sum(reports.map(countReport));
const failedSteps = steps.filter((s) => s.status !== 0).map((s) => s.name);
// A step that failed without a failing test (a build error, a crash) still fails the run.
const extra = failedSteps.length && total.failed === 0 ? failedSteps.length : 0;
total.notes.forEach((n) => console.log(`  ! ${n}`));
if (failedSteps.length) console.log(`  ! failed steps: ${failedSteps.join(', ')}`);
console.log(`\nnpm test: ${total.passed} passed, ${total.failed + extra} failed`);
process.exit(total.failed + extra > 0 || failedSteps.length ? 1 : 0);
