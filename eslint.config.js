import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// A small rule set; the part that matters most is the import boundaries of STYLE.md: domain knows
// nobody, contracts know only domain (and zod), web and server never import each other.
const restrict = (patterns) => ['error', { patterns }];

// STYLE.md's house rules, by path (eslint-plugin-import-x resolves every import to its file first, so
// '../../features/x/y' and a package's entry are caught however they are written).
const dirs = (parent) =>
  fs
    .readdirSync(parent, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const FEATURES = dirs('src/web/features');
/** Every source file under src/, as './src/...'. */
const SOURCES = fs
  .readdirSync('src', { recursive: true })
  .filter((f) => /\.tsx?$/.test(f))
  .map((f) => `./src/${f}`);
const isTest = (file) => /\.test\.tsx?$/.test(file) || file.startsWith('./src/server/testing/');
const MODULES = dirs('src/server/modules');

/** Vendor SDKs and the only places that may import them: adapters/, or the module that owns one. */
const VENDORS = {
  sharp: ['./src/server/adapters', './src/server/modules/receipts'],
  'heic-decode': ['./src/server/modules/receipts'],
  'onnxruntime-node': ['./src/server/adapters/ocr'],
  'better-auth': ['./src/server/modules/accounts'],
  stripe: ['./src/server/adapters/payments'],
};

const zones = [
  // A feature does not import another feature: shared pieces move down to components/ or lib/.
  ...FEATURES.map((f) => ({
    target: `./src/web/features/${f}`,
    from: './src/web/features',
    except: [`./${f}`],
    message:
      'A feature does not import another feature: move what both need to components/ or lib/.',
  })),
  {
    target: ['./src/web/lib', './src/web/components'],
    from: ['./src/web/features', './src/web/app'],
    message: 'lib/ and components/ are below the features and the app: they import neither.',
  },
  {
    target: './src/web/features',
    from: './src/web/app',
    message: 'A feature does not import the app that composes it.',
  },
  // A module does not reach into another module's repo.ts (its queries are its own).
  ...MODULES.flatMap((m) =>
    MODULES.filter((o) => o !== m).map((o) => ({
      target: `./src/server/modules/${m}`,
      from: `./src/server/modules/${o}/repo.ts`,
      message: `The ${m} module does not use the ${o} module's queries: ask its service, or move the query.`,
    })),
  ),
  // Data flows one way: adapters know no HTTP and no module; config is read by everyone, reads nobody.
  {
    target: './src/server/adapters',
    from: ['./src/server/http', './src/server/modules', './src/server/app.ts'],
    message:
      'An adapter wraps a vendor: it knows no HTTP and no module (the caller maps its errors).',
  },
  {
    target: './src/server/config.ts',
    from: ['./src/server/modules', './src/server/adapters', './src/server/http'],
    message: 'config.ts is read by the rest: it imports no module, adapter or HTTP code.',
  },
  // Vendor SDKs only behind their adapter or inside the module that owns them (tests and the test
  // helpers may use them to make fixtures).
  ...Object.entries(VENDORS).map(([pkg, allowed]) => ({
    target: SOURCES.filter(
      (file) => !isTest(file) && !allowed.some((dir) => file.startsWith(`${dir}/`)),
    ),
    from: `./node_modules/${pkg}`,
    message: `${pkg} is used only in ${allowed.join(' or ')}: go through it.`,
  })),
];

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
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      // no-cycle follows imports by parsing each file: TypeScript's parser for TypeScript files.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', '**/*.test.ts', 'src/server/main.ts'],
    rules: { 'no-console': 'off' },
  },
);
