import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// A small rule set; the part that matters most is the import boundaries of STYLE.md: domain knows
// nobody, contracts know only domain (and zod), web and server never import each other; in the
// web, app > features > components > entities > components/ui and lib (docs/decisions/022).
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

/**
 * Vendor SDKs and the only places that may import them: their adapter, or the module that owns one.
 * The names are the packages in package.json the code loads, however it loads them (an import, or
 * a path given to require or resolve: vendorRequire below).
 */
const VENDORS = {
  sharp: ['./src/server/adapters/image', './src/server/adapters/ocr'],
  'libheif-js': ['./src/server/adapters/image'],
  piscina: ['./src/server/adapters'],
  'onnxruntime-node': ['./src/server/adapters/ocr'],
  paddleocr: ['./src/server/adapters/ocr'],
  'better-auth': ['./src/server/modules/accounts'],
  stripe: ['./src/server/adapters/payments'],
};
const vendorAllowed = (file, pkg) =>
  isTest(file) || VENDORS[pkg].some((dir) => file.startsWith(`${dir}/`));

const WEB = './src/web';
// The resolver answers a package's real path: node_modules may be a link (a git worktree's is).
const NODE_MODULES = fs.realpathSync('node_modules');
const ENTITIES = fs.existsSync('src/web/entities') ? dirs('src/web/entities') : [];

/** The package a module specifier names ('sharp', '@scope/pkg'), or null for a relative path. */
const packageOf = (spec) =>
  spec.startsWith('.') || spec.startsWith('/') || spec.startsWith('node:')
    ? null
    : spec
        .split('/')
        .slice(0, spec.startsWith('@') ? 2 : 1)
        .join('/');

// House rules no plugin here has: one file-name case, and vendor packages loaded by a path string
// (createRequire(...)('pkg/file.js'), require.resolve('pkg/x.wasm')), which import rules never see.
const house = {
  rules: {
    'kebab-case-file': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const base = context.filename.split(/[\\/]/).pop() ?? '';
        const stem = base.split('.')[0];
        return {
          Program(node) {
            if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(stem)) {
              context.report({
                node,
                message: `File names are kebab-case (STYLE.md 10): rename ${base}.`,
              });
            }
          },
        };
      },
    },
    'vendor-require': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const file = `./${context.filename.slice(process.cwd().length + 1).replaceAll('\\', '/')}`;
        const check = (arg) => {
          if (arg?.type !== 'Literal' || typeof arg.value !== 'string') return;
          const pkg = packageOf(arg.value);
          if (pkg && pkg in VENDORS && !vendorAllowed(file, pkg)) {
            context.report({
              node: arg,
              message: `${pkg} is used only in ${VENDORS[pkg].join(' or ')}: go through it.`,
            });
          }
        };
        return {
          CallExpression(node) {
            const callee = node.callee;
            const named = (n) =>
              n.type === 'Identifier'
                ? n.name
                : n.type === 'MemberExpression' && n.property.type === 'Identifier'
                  ? n.property.name
                  : null;
            // require('x'), require.resolve('x'), createRequire(url)('x'), import.meta.resolve('x')
            const name = named(callee);
            if (name === 'require' || name === 'resolve' || callee.type === 'CallExpression') {
              check(node.arguments[0]);
            }
          },
          ImportExpression(node) {
            check(node.source);
          },
        };
      },
    },
  },
};

const zones = [
  // A feature does not import another feature: what several need of one thing of the product moves
  // down to its entity (entities/bill, ...), what knows no screen to lib/.
  ...FEATURES.map((f) => ({
    target: `${WEB}/features/${f}`,
    from: `${WEB}/features`,
    except: [`./${f}`],
    message: 'A feature does not import another feature: move what both need to entities/ or lib/.',
  })),
  {
    target: `${WEB}/features`,
    from: `${WEB}/app`,
    message: 'A feature does not import the app that composes it.',
  },
  // Entities: below the features, above components/ui and lib/ (STYLE.md, Feature-Sliced Design).
  {
    target: `${WEB}/entities`,
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'An entity is below the features and the app: it imports neither.',
  },
  {
    target: `${WEB}/entities`,
    from: `${WEB}/components`,
    except: ['./ui'],
    message: 'An entity builds on components/ui only, not on the shared screen parts above it.',
  },
  ...ENTITIES.map((e) => ({
    target: `${WEB}/entities/${e}`,
    from: `${WEB}/entities`,
    except: [`./${e}`],
    message: 'An entity does not import another entity: pass what it needs in, or use lib/.',
  })),
  // The shared screen parts (header, bottom navigation) may show entities; never features.
  {
    target: `${WEB}/components`,
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'components/ is below the features and the app: it imports neither.',
  },
  {
    target: `${WEB}/components/ui`,
    from: [`${WEB}/entities`, `${WEB}/components`],
    except: ['./ui'],
    message: 'components/ui holds primitives: they know no entity and no screen part.',
  },
  {
    target: `${WEB}/lib`,
    from: [`${WEB}/components`, `${WEB}/features`, `${WEB}/entities`, `${WEB}/app`],
    message: 'lib/ knows no screen: it imports no components, features, entities or app.',
  },
  // Contracts are shared by both sides: zod and the domain only (packages: no-restricted-imports).
  {
    target: './src/contracts',
    from: './src',
    except: ['./contracts', './domain'],
    message: 'Contracts import zod and the domain only.',
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
  ...Object.keys(VENDORS).map((pkg) => ({
    target: SOURCES.filter((file) => !vendorAllowed(file, pkg)),
    from: `${NODE_MODULES}/${pkg}`,
    message: `${pkg} is used only in ${VENDORS[pkg].join(' or ')}: go through it.`,
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
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['**/server/**', '**/web/**', 'node:*'],
          message: 'Contracts import zod and the domain only.',
        },
        // Any package but zod (relative paths are held to contracts/ and domain/ by the zones).
        { regex: '^(?!zod(/|$)|\\.)', message: 'Contracts import zod and the domain only.' },
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
    files: ['src/server/**/*.ts'],
    plugins: { house },
    rules: { 'house/vendor-require': 'error' },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { house },
    rules: { 'house/kebab-case-file': 'error' },
  },
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', '**/*.test.ts', 'src/server/main.ts'],
    rules: { 'no-console': 'off' },
  },
);
