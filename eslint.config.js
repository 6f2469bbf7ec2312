// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';

/** One-way dependency rules (STYLE.md, conventions 1 and DESIGN.md section 1). */
const noApps = {
  group: ['@quay/web', '@quay/server', '**/apps/**'],
  message: 'Packages never import an app.',
};
const noWebInServer = {
  group: ['@quay/web', '**/apps/web/**'],
  message: 'The server does not import the web app.',
};
const packageEntryOnly = {
  group: ['@quay/*/src/*', '@quay/*/src/**'],
  message: 'Import a package through its public entry.',
};
const noDatabaseDriver = {
  group: ['kysely', 'kysely/*', 'pg', 'pg-*', 'better-sqlite3'],
  message:
    "Only the database layer touches the database: kernel/db (the store, the kernel's repositories and migrations) and a module's *-repository.ts, *-repositories.ts and *-migrations.ts.",
};
/** A module's database layer: its repositories, its store contribution and its migrations. */
const MODULE_DATABASE_FILES = [
  'apps/server/src/modules/*/*-repository.ts',
  'apps/server/src/modules/*/*-repositories.ts',
  'apps/server/src/modules/*/*-migrations.ts',
];
const noHttpFramework = {
  group: ['fastify', 'fastify/*', '@fastify/*', 'ws'],
  message: 'Engine code knows no HTTP framework: it takes commands and returns results.',
};
/** Engine code is deterministic: the time and randomness it needs are passed in. */
const noClockOrRandom = [
  {
    object: 'Date',
    property: 'now',
    message: 'Engine code reads time only through the `now` it is given.',
  },
  { object: 'Math', property: 'random', message: 'Engine code takes randomness from its caller.' },
  {
    object: 'crypto',
    property: 'randomUUID',
    message: 'Engine code takes randomness from its caller.',
  },
  {
    object: 'crypto',
    property: 'getRandomValues',
    message: 'Engine code takes randomness from its caller.',
  },
  {
    object: 'performance',
    property: 'now',
    message: 'Engine code reads time only through the `now` it is given.',
  },
];
const noNewDate = {
  selector: "NewExpression[callee.name='Date'][arguments.length=0]",
  message: 'Engine code reads time only through the `now` it is given.',
};
const noComposition = {
  group: ['**/services', '**/modules', '**/app', '**/store'],
  message:
    'A module reads the services it needs through its own *-services.ts slice, not the app that composes it.',
};
const noOtherModulesStore = {
  group: ['../*/*-repositories', '../../*/*-repositories'],
  message:
    "A module is imported only through its index.ts; another module's store entry is for src/store.ts.",
};
const noExportAll = { selector: 'ExportAllDeclaration', message: 'Export by name; no export *.' };
/** Source files stay short enough to read in one sitting; tests aside. */
const MAX_SOURCE_LINES = 500;

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', '.test-data/**', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': ['error', noExportAll],
    },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**'],
    rules: {
      'max-lines': ['error', { max: MAX_SOURCE_LINES, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    files: ['packages/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noApps,
            { group: ['@quay/engine'], message: 'core imports nothing of ours.' },
            { group: ['node:*'], message: 'core is isomorphic: no Node APIs.' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/engine/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noApps,
            noDatabaseDriver,
            noHttpFramework,
            { group: ['node:*'], message: 'The engine is pure: no Node APIs.' },
          ],
        },
      ],
      'no-restricted-properties': ['error', ...noClockOrRandom],
      'no-restricted-syntax': ['error', noExportAll, noNewDate],
    },
  },
  // Server: the kernel never imports a module; modules import each other only
  // through their index.ts (DESIGN.md section 1).
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: 'apps/server/tsconfig.json' } },
      'boundaries/elements': [
        { type: 'kernel', pattern: 'apps/server/src/kernel' },
        { type: 'module', pattern: 'apps/server/src/modules/*', capture: ['name'] },
        { type: 'server-test', pattern: 'apps/server/src/test' },
      ],
      // The files at the root of src/ compose the app out of the kernel and the modules.
      'boundaries/files': [{ category: 'composition', pattern: 'apps/server/src/*.ts' }],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'kernel' } },
              disallow: [
                { to: { element: { type: 'module' } } },
                { to: { file: { categories: 'composition' } } },
              ],
              message: 'The kernel never imports a module or the app that composes them.',
            },
            {
              // A module's *-repositories.ts is its store entry, for src/store.ts
              // (which no module may import); no module imports another's.
              disallow: {
                to: {
                  element: { type: 'module', fileInternalPath: '!{index.ts,*-repositories.ts}' },
                },
                dependency: { relationship: { to: null } },
              },
              message: 'A module is imported only through its index.ts, never a file inside it.',
            },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        { patterns: [noWebInServer, packageEntryOnly, noDatabaseDriver] },
      ],
    },
  },
  {
    // The database layer, and tests that prepare or inspect a database.
    files: [
      'apps/server/src/kernel/db/**/*.ts',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/test/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noWebInServer, packageEntryOnly] }],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noWebInServer,
            packageEntryOnly,
            noDatabaseDriver,
            noComposition,
            noOtherModulesStore,
          ],
        },
      ],
    },
  },
  {
    files: MODULE_DATABASE_FILES,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [noWebInServer, packageEntryOnly, noComposition, noOtherModulesStore] },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/**/*-routes.ts', 'apps/server/src/kernel/http/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noWebInServer,
            packageEntryOnly,
            noDatabaseDriver,
            noComposition,
            noOtherModulesStore,
            {
              group: [
                '**/kernel/db',
                '**/kernel/db/*',
                '!**/kernel/db/db',
                '**/*-repository',
                '**/*-repositories',
                '**/*-migrations',
              ],
              message: 'Routes call services, never a repository.',
            },
          ],
        },
      ],
    },
  },
  {
    // Engine code on the server: the single writers and the queue they share.
    files: [
      'apps/server/src/kernel/writer-queue.ts',
      'apps/server/src/modules/*/*-host.ts',
      'apps/server/src/modules/*/host/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noWebInServer,
            packageEntryOnly,
            noDatabaseDriver,
            noHttpFramework,
            noComposition,
            noOtherModulesStore,
          ],
        },
      ],
      'no-restricted-properties': ['error', ...noClockOrRandom],
      'no-restricted-syntax': ['error', noExportAll, noNewDate],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: {
      globals: { ...globals.browser },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'Export by name; no export *.' },
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message:
            'Server-provided HTML goes through <RichText> (platform/rich-text), the one sanitiser.',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/platform/rich-text/rich-text.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'Export by name; no export *.' },
      ],
    },
  },
  {
    files: ['apps/web/src/platform/**/*.{ts,tsx}', 'apps/web/src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // Packages' own folders of those names (antd/es/app) are not the app's layers.
              group: ['**/features/**', '**/app/**', '**/entities/**', '!antd/**'],
              message: 'platform/ and ui/ sit below entities/, features/ and app/.',
            },
            {
              group: ['@quay/server', '**/apps/server/**'],
              message: 'The web app does not import the server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/entities/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/app/**'],
              message: 'entities/ sit below features/ and app/.',
            },
            {
              group: ['**/platform/realtime/*', '!**/platform/realtime/realtime'],
              message: 'The socket is read through its facade: platform/realtime/realtime.',
            },
            {
              group: ['@quay/server', '**/apps/server/**'],
              message: 'The web app does not import the server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/app/**'], message: 'features/ sit below app/.' },
            {
              group: ['**/platform/realtime/*', '!**/platform/realtime/realtime'],
              message: 'The socket is read through its facade: platform/realtime/realtime.',
            },
            {
              group: [
                '../../features/*/**',
                '../../*/components/**',
                '../../*/api/**',
                '../../*/stores/**',
                '../../*/hooks/**',
              ],
              message:
                'Features do not import each other; share through platform/, ui/ or @quay/core.',
            },
            {
              group: ['@quay/server', '**/apps/server/**'],
              message: 'The web app does not import the server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@quay/server', '**/apps/server/**'],
              message: 'The web app does not import the server.',
            },
          ],
        },
      ],
    },
  },
);
