// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** One-way dependency rules (STYLE.md, conventions 1 and DESIGN.md section 1). */
const noApps = {
  group: ['@quay/web', '@quay/server', '**/apps/**'],
  message: 'Packages never import an app.',
};

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
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'Export by name; no export *.' },
      ],
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
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [noApps, { group: ['node:*'], message: 'The engine is pure: no Node APIs.' }],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@quay/web', '**/apps/web/**'],
              message: 'The server does not import the web app.',
            },
            {
              group: ['@quay/*/src/*', '@quay/*/src/**'],
              message: 'Import a package through its public entry.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/http/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/store/**', '**/store'],
              message: 'Routes call domain services, never the store.',
            },
            {
              group: ['@quay/web', '**/apps/web/**'],
              message: 'The server does not import the web app.',
            },
          ],
        },
      ],
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
              group: ['**/features/**', '**/app/**'],
              message: 'platform/ and ui/ sit below features/ and app/.',
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
  {
    // The engine hosts and their queue: time only through the `now` they are given, no randomness.
    files: [
      'apps/server/src/kernel/writer-queue.ts',
      'apps/server/src/modules/*/*-host.ts',
      'apps/server/src/modules/*/host/**/*.ts',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'A host reads time through its `now` option.' },
        { object: 'performance', property: 'now', message: 'A host reads time through `now`.' },
        { object: 'Math', property: 'random', message: 'A host is deterministic: no randomness.' },
        { object: 'crypto', property: 'randomUUID', message: 'A host is deterministic.' },
        { object: 'crypto', property: 'getRandomValues', message: 'A host is deterministic.' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'Export by name; no export *.' },
        {
          selector: "NewExpression[callee.name='Date']",
          message: 'A host reads time through its `now` option.',
        },
      ],
    },
  },
);
