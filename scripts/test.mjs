// `npm test`: builds the app, then runs the unit and API tests (Vitest) and the browser journeys
// (Playwright, against the build). Every suite runs even when an earlier one fails; each step's
// time is printed as it ends and again beside the others; the exit code and the last line say how
// it went.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { findChromium, NO_BROWSER_MESSAGE } from './find-chromium.mjs';
import { countReport, sum } from './test-summary.mjs';

const OUT = '.test-output';
fs.rmSync(OUT, { recursive: true, force: true });
fs.mkdirSync(OUT, { recursive: true });

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

const steps = [];
/** Runs one step, inheriting the terminal, and notes its exit status and time. */
function step(name, cmd, args) {
  const started = Date.now();
  const status = spawnSync(cmd, args, { stdio: 'inherit' }).status ?? 1;
  const ms = Date.now() - started;
  console.log(`\nnpm test: ${name} took ${seconds(ms)}${status === 0 ? '' : ' (failed)'}`);
  steps.push({ name, status, ms });
}

step('build', 'npm', ['run', '--silent', 'build']);
step('vitest', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${OUT}/vitest.json`,
]);
// Without a browser the journeys cannot run: say how to get one; the unit and API tests still count.
const browser = findChromium();
if (!browser) console.log(`\n${NO_BROWSER_MESSAGE}`);
const runBrowserTests = steps[0].status === 0 && browser !== null;
if (runBrowserTests) step('playwright', 'npx', ['playwright', 'test']);

const reports = [`${OUT}/vitest.json`, ...(runBrowserTests ? [`${OUT}/e2e.json`] : [])];
const total = sum(reports.map(countReport));
const failedSteps = steps.filter((s) => s.status !== 0).map((s) => s.name);
// A step that failed without a failing test (a build error, a crash) still fails the run.
const extra = failedSteps.length && total.failed === 0 ? failedSteps.length : 0;
total.notes.forEach((n) => console.log(`  ! ${n}`));
if (failedSteps.length) console.log(`  ! failed steps: ${failedSteps.join(', ')}`);
console.log(`\nnpm test: ${steps.map((s) => `${s.name} ${seconds(s.ms)}`).join(', ')}`);
console.log(`\nnpm test: ${total.passed} passed, ${total.failed + extra} failed`);
process.exit(total.failed + extra > 0 || failedSteps.length ? 1 : 0);
