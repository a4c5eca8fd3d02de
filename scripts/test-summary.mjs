// Reads the JSON reports of Vitest and Playwright and counts passed and failed tests. A run that
// crashed before reporting, or a file that failed to load, counts as a failure: never as a pass.
import fs from 'node:fs';

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
    return { passed: r.numPassedTests, failed: r.numFailedTests + brokenFiles.length, notes };
  }
  if (r.stats) {
    // Playwright
    const errors = (r.errors ?? []).map((e) => e.message ?? String(e));
    return {
      passed: r.stats.expected + (r.stats.flaky ?? 0),
      failed: r.stats.unexpected + errors.length,
      notes: errors,
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
