// `npm test`: builds the app, then runs the unit and API tests (Vitest) side by side with the
// browser journeys (Playwright, against the build): they share no database, and the journeys spend
// much of their time waiting on the browser, so the two lanes together take little more than the
// longer one. `npm test -- --postgres <url>` also runs the API tests again on that PostgreSQL
// server, in the Vitest lane once the embedded run is done (CI does this). Every suite runs even
// when an earlier one fails; each step's time is printed as it ends and again beside the others;
// the exit code and the last line say how it went.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import readline from 'node:readline';
import { findChromium, NO_BROWSER_MESSAGE } from './find-chromium.mjs';
import { countReport, sum } from './test-summary.mjs';

const OUT = '.test-output';
fs.rmSync(OUT, { recursive: true, force: true });
fs.mkdirSync(OUT, { recursive: true });

const args = process.argv.slice(2);
const pgAt = args.indexOf('--postgres');
const postgresUrl = pgAt >= 0 ? args[pgAt + 1] : undefined;
if (pgAt >= 0 && !postgresUrl) {
  console.error('npm test: --postgres needs a URL, e.g. postgres://postgres@127.0.0.1:5432/test');
  process.exit(2);
}

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const steps = [];
function done(name, status, started) {
  const ms = Date.now() - started;
  console.log(`\nnpm test: ${name} took ${seconds(ms)}${status === 0 ? '' : ' (failed)'}`);
  steps.push({ name, status, ms });
  return status;
}

/** Runs one step alone, inheriting the terminal. */
function step(name, cmd, cmdArgs) {
  const started = Date.now();
  return done(name, spawnSync(cmd, cmdArgs, { stdio: 'inherit' }).status ?? 1, started);
}

/** Runs one step beside others: each line it prints is prefixed with the step's name. */
function stepBeside(name, cmd, cmdArgs, env = process.env) {
  const started = Date.now();
  const child = spawn(cmd, cmdArgs, { stdio: ['ignore', 'pipe', 'pipe'], env });
  for (const stream of [child.stdout, child.stderr])
    readline.createInterface({ input: stream }).on('line', (l) => console.log(`[${name}] ${l}`));
  return new Promise((resolve) => {
    child.on('error', () => resolve(done(name, 1, started)));
    child.on('close', (code) => resolve(done(name, code ?? 1, started)));
  });
}

const vitest = (project, report) => [
  'vitest',
  'run',
  ...(project ? ['--project', project] : []),
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${OUT}/${report}`,
];

const buildStatus = step('build', 'npm', ['run', '--silent', 'build']);
// Without a browser the journeys cannot run: say how to get one; the unit and API tests still count.
const browser = findChromium();
if (!browser) console.log(`\n${NO_BROWSER_MESSAGE}`);
const runBrowserTests = buildStatus === 0 && browser !== null;

// Tests that start the server as a process start this build (testing/server-process.ts).
const vitestEnv = buildStatus === 0 ? { TEST_SERVER_BUILD: 'dist/server/main.js' } : {};
const vitestLane = (async () => {
  await stepBeside('vitest', 'npx', vitest(null, 'vitest.json'), { ...process.env, ...vitestEnv });
  if (postgresUrl)
    await stepBeside('vitest api on PostgreSQL', 'npx', vitest('api', 'vitest-pg.json'), {
      ...process.env,
      ...vitestEnv,
      TEST_DATABASE_URL: postgresUrl,
    });
})();
const browserLane = runBrowserTests
  ? stepBeside('playwright', 'npx', ['playwright', 'test'])
  : Promise.resolve();
const started = Date.now();
await Promise.all([vitestLane, browserLane]);
const lanesMs = Date.now() - started;

const reports = [
  `${OUT}/vitest.json`,
  ...(postgresUrl ? [`${OUT}/vitest-pg.json`] : []),
  ...(runBrowserTests ? [`${OUT}/e2e.json`] : []),
];
const total = sum(reports.map(countReport));
const failedSteps = steps.filter((s) => s.status !== 0).map((s) => s.name);
// A step that failed without a failing test (a build error, a crash) still fails the run.
const extra = failedSteps.length && total.failed === 0 ? failedSteps.length : 0;
total.notes.forEach((n) => console.log(`  ! ${n}`));
if (failedSteps.length) console.log(`  ! failed steps: ${failedSteps.join(', ')}`);
console.log(
  `\nnpm test: ${steps.map((s) => `${s.name} ${seconds(s.ms)}`).join(', ')}` +
    ` (the tests side by side: ${seconds(lanesMs)})`,
);
console.log(`\nnpm test: ${total.passed} passed, ${total.failed + extra} failed`);
process.exit(total.failed + extra > 0 || failedSteps.length ? 1 : 0);
