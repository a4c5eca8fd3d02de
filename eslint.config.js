import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// A small rule set; the part that matters most is the import boundaries of STYLE.md: domain knows
// nobody, contracts know only domain (and zod), web and server never import each other.
const restrict = (patterns) => ['error', { patterns }];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      'test-results',
      'playwright-report',
      '.test-output',
      'e2e/screenshots',
      '.scratch',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': restrict([
        {
          group: ['**/server/**', 'node:*'],
          message: 'The browser code must not import server code.',
        },
      ]),
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['**/server/**', '**/web/**', '**/contracts/**', 'node:*', 'zod', 'react'],
          message: 'The domain is pure: no IO, no framework, no other layer.',
        },
      ]),
    },
  },
  {
    files: ['src/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['**/server/**', '**/web/**', 'node:*'],
          message: 'Contracts import zod and the domain only.',
        },
      ]),
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/web/**'], message: 'The server must not import browser code.' },
      ]),
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', '**/*.test.ts', 'src/server/main.ts'],
    rules: { 'no-console': 'off' },
  },
);
