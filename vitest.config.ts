import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.ts',
            'src/**/*.test.tsx',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          exclude: ['src/**/*.api.test.ts', 'node_modules/**'],
          environment: 'node',
          setupFiles: ['src/testing/fail-on-console-error.ts'],
          // Property tests run 1000 cases each; on a busy 2-core machine that can take seconds.
          // This is a hang guard, not a speed check.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['src/**/*.api.test.ts'],
          environment: 'node',
          globalSetup: ['src/server/testing/global-setup.ts'],
          setupFiles: ['src/testing/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores: one file at a time per core, each with its own database.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
