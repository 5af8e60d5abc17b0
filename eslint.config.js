// ESLint flat config: the architecture's import boundaries, enforced by a tool (docs/architecture.md "Boundaries
// enforced by a tool", after bulletproof-react's `import/no-restricted-paths` zones and `import/no-cycle`),
// plus a few rules that catch real mistakes. Layout and formatting belong to Prettier, not to this file.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = dirname(fileURLToPath(import.meta.url));
const folders = (path) =>
  readdirSync(join(root, path), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

/** Each page area (src/web/pages/<area>/) is a feature: it imports no other area (docs/architecture.md "Layout"). */
const pageAreaZones = folders('src/web/pages').map((area) => ({
  target: `./src/web/pages/${area}`,
  from: './src/web/pages',
  except: [`./${area}`],
  message: 'A page area imports no other page area: move what both need to src/web/components/.',
}));

/** The browser's shared pieces (components, layouts, shell…) sit below the pages and never import one. */
const belowPages = folders('src/web')
  .filter((name) => name !== 'pages')
  .map((name) => `./src/web/${name}`);

/** The server's API areas: src/server/api/<area>/, one per manifest/api/<area>.yaml (src/server/api/README.md). */
const apiAreas = folders('src/server/api');

/** Everything else of src/server is its core (services, domain modules, the process): below every area. */
const serverCore = readdirSync(join(root, 'src/server'))
  .filter((name) => name !== 'api')
  .map((name) => `./src/server/${name}`);

const apiAreaZones = [
  {
    target: serverCore,
    from: './src/server/api',
    except: ['./handler-table.ts'],
    message:
      'Server core and domain code import no API area: move what both need to src/server/domain/ or the core; only the joined table (api/handler-table.ts) is theirs to import.',
  },
  ...apiAreas.map((area) => ({
    target: `./src/server/api/${area}`,
    from: './src/server/api',
    except: [`./${area}`],
    message: 'An API area imports no other area: move what both need to src/server/domain/ (or the core).',
  })),
];

export const boundaryZones = [
  {
    target: './src/shared',
    from: ['./src/web', './src/server'],
    message: 'src/shared runs on both sides: it imports neither src/web nor src/server.',
  },
  { target: './generated', from: ['./src/web', './src/server'], message: 'Generated code depends only on src/shared.' },
  { target: './src/web', from: './src/server', message: 'The browser never imports server code: share it through src/shared.' },
  { target: './src/server', from: './src/web', message: 'The server never imports browser code: share it through src/shared.' },
  {
    target: belowPages,
    from: './src/web/pages',
    message: 'Shared browser code never imports a page: pages are found by the page registry.',
  },
  ...pageAreaZones,
  ...apiAreaZones,
];

/**
 * A few rules of @eslint/js's recommended set, at its own settings: each catches a mistake the type
 * checker lets through. The rest of that set (and any style rule) stays off so that existing code
 * passes without a rewrite; add a rule here once the code base passes it.
 */
const CORRECTNESS = [
  'no-debugger',
  'no-dupe-else-if',
  'no-duplicate-case',
  'no-self-assign',
  'no-self-compare',
  'no-unsafe-finally',
  'no-unreachable',
  'require-yield',
  'use-isnan',
  'valid-typeof',
  'no-constant-binary-expression',
  'no-sparse-arrays',
  'no-cond-assign',
];
const recommended = js.configs.recommended.rules;
const correctnessRules = Object.fromEntries(CORRECTNESS.map((name) => [name, recommended[name] ?? 'error']));

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'data/**',
      '.tmp/**',
      'coverage/**',
      'test-results/**',
      // Inputs to tests, broken on purpose: a generator case may hold any manifest, and the lint
      // fixtures each break one boundary (tests/unit/lint-boundaries.test.ts lints them on its own).
      'tests/generator/cases/**',
      'tests/fixtures/lint/**',
    ],
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: {
      parser: tseslint.parser,
      ecmaVersion: 2023,
      sourceType: 'module',
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX, '@typescript-eslint': tseslint.plugin },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.d.ts', '.json'] })],
    },
    rules: {
      // Boundaries.
      // Zones are relative to the repository root; the boundary test applies the same zones to a
      // fixture tree that mirrors this layout (tests/unit/lint-boundaries.test.ts).
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      // Correctness: mistakes that compile.
      ...correctnessRules,
      'import-x/no-duplicates': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          caughtErrors: 'none',
          ignoreRestSiblings: true,
        },
      ],
      '@typescript-eslint/ban-ts-comment': [
        'error',
        { 'ts-expect-error': 'allow-with-description', 'ts-ignore': true, 'ts-nocheck': true },
      ],
      '@typescript-eslint/no-non-null-asserted-optional-chain': 'error',
    },
  },
  {
    // React's rules of hooks: a hook is called the same way on every render, and an effect or memo
    // lists everything it reads, so it never runs on a stale value.
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // One access check (docs/architecture.md "One check behind every control", after react-admin's canAccess): pages and components ask canAccess,
    // useLinkTarget/AppLink (routes) or useCanCall (calls), never the permission list itself.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/session/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='all_permission']",
          message: 'Ask the access module (canAccess, useLinkTarget/AppLink, useCanCall) rather than testing permission strings.',
        },
      ],
    },
  },
);
