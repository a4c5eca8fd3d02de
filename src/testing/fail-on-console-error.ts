import { afterEach, beforeEach, vi } from 'vitest';

// A test that logs console.error fails: errors nobody asserted on are bugs nobody will see.
let calls: unknown[][] = [];

beforeEach(() => {
  calls = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    calls.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (calls.length) {
    const shown = calls.map((args) => args.map(String).join(' ')).join('\n');
    throw new Error(`console.error was called during the test:\n${shown}`);
  }
});
