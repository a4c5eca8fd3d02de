import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { countReport } from './test-summary.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-summary-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const report = (name: string, body: unknown) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(body));
  return file;
};

describe('countReport', () => {
  it('names each failed Vitest test with the first line of its error', () => {
    const file = report('vitest.json', {
      numPassedTests: 3,
      numFailedTests: 1,
      testResults: [
        {
          name: path.join(process.cwd(), 'src/a.test.ts'),
          status: 'failed',
          assertionResults: [
            { fullName: 'adds up', status: 'passed', failureMessages: [] },
            {
              fullName: 'bills > saves one',
              status: 'failed',
              failureMessages: [
                '\n\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n    at x',
              ],
            },
          ],
        },
        {
          name: '/abs/src/b.test.ts',
          status: 'failed',
          message: 'Cannot find module',
          assertionResults: [],
        },
      ],
    });
    expect(countReport(file)).toEqual({
      passed: 3,
      failed: 2,
      notes: [
        '/abs/src/b.test.ts: Cannot find module',
        'src/a.test.ts > bills > saves one: AssertionError: expected 1 to be 2',
      ],
    });
  });

  it('names each unexpected Playwright test, however deep its suite, and counts flaky ones as passed', () => {
    const file = report('e2e.json', {
      stats: { expected: 5, unexpected: 1, flaky: 1 },
      errors: [],
      suites: [
        {
          specs: [],
          suites: [
            {
              specs: [
                {
                  file: 'pay.spec.ts',
                  line: 9,
                  title: 'pays',
                  tests: [{ status: 'flaky', results: [] }],
                },
                {
                  file: 'pay.spec.ts',
                  line: 40,
                  title: 'refunds',
                  tests: [
                    {
                      status: 'unexpected',
                      results: [{ error: { message: 'Error: Timed out 5000ms\nCall log:' } }],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(countReport(file)).toEqual({
      passed: 6,
      failed: 1,
      notes: ['pay.spec.ts:40 refunds: Error: Timed out 5000ms'],
    });
  });

  it('counts a missing report as a failure', () => {
    expect(countReport(path.join(dir, 'none.json')).failed).toBe(1);
  });
});
