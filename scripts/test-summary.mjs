// Reads the JSON reports of Vitest and Playwright and counts passed and failed tests. A run that
// crashed before reporting, or a file that failed to load, counts as a failure: never as a pass.
// Each failed test is named in a note with the first line of its error, so that the end of a long
// log (often all a CI page shows) says what failed.
import fs from 'node:fs';
import path from 'node:path';

const firstLine = (text) =>
  String(text ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.length > 0)
    ?.slice(0, 240) ?? 'failed';

/** The Playwright tests that failed, from a report's nested suites. */
function playwrightFailures(suites, out = []) {
  for (const suite of suites ?? []) {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected') {
          const error = (test.results ?? []).map((r) => r.error?.message).find(Boolean);
          out.push(`${spec.file}:${spec.line} ${spec.title}: ${firstLine(error)}`);
        }
    playwrightFailures(suite.suites, out);
  }
  return out;
}

/** @returns {{passed: number, failed: number, notes: string[]}} */
export function countReport(file) {
  if (!fs.existsSync(file))
    return { passed: 0, failed: 1, notes: [`${file}: no report (the run crashed?)`] };
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  if ('numPassedTests' in r) {
    // Vitest
    const brokenFiles = (r.testResults ?? []).filter(
      (f) =>
        f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
    );
    const notes = brokenFiles.map((f) => `${f.name}: ${f.message || 'failed to run'}`);
    for (const f of r.testResults ?? [])
      for (const a of f.assertionResults ?? [])
        if (a.status === 'failed')
          notes.push(
            `${path.relative(process.cwd(), f.name)} > ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`,
          );
    return { passed: r.numPassedTests, failed: r.numFailedTests + brokenFiles.length, notes };
  }
  if (r.stats) {
    // Playwright
    const errors = (r.errors ?? []).map((e) => e.message ?? String(e));
    return {
      passed: r.stats.expected + (r.stats.flaky ?? 0),
      failed: r.stats.unexpected + errors.length,
      notes: [...playwrightFailures(r.suites), ...errors],
    };
  }
  return { passed: 0, failed: 1, notes: [`${file}: unknown report format`] };
}

export function sum(counts) {
  return counts.reduce(
    (a, c) => ({
      passed: a.passed + c.passed,
      failed: a.failed + c.failed,
      notes: [...a.notes, ...c.notes],
    }),
    { passed: 0, failed: 0, notes: [] },
  );
}

// As a command: node scripts/test-summary.mjs report.json... [--extra-failures N]
if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const i = args.indexOf('--extra-failures');
  const extra = i >= 0 ? Number(args.splice(i, 2)[1]) : 0;
  const total = sum(args.map(countReport));
  total.notes.forEach((n) => console.log(`  ! ${n}`));
  console.log(`${total.passed} passed, ${total.failed + extra} failed`);
  process.exit(total.failed + extra > 0 ? 1 : 0);
}
