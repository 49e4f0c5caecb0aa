import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Files linted with type information: every TypeScript file of a package with a tsconfig. */
const TYPED_FILES = [
  'apps/api/**/*.ts',
  'apps/web/**/*.{ts,tsx}',
  'packages/*/**/*.ts',
  'bench/**/*.ts',
  'e2e/**/*.ts',
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      '**/routeTree.gen.ts',
      'packages/client/src/schema.d.ts',
      '**/.data/**',
      'e2e/.artifacts/**',
      'bench/.data/**',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Type-aware rules (the essentials of recommendedTypeChecked): promises are awaited or
    // handed on, never given where a void callback is expected, and no assertion restates a type.
    files: TYPED_FILES,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
    },
  },
  {
    // The domain knows no transport: services throw DomainError and take AppDeps from deps.ts.
    files: ['apps/api/src/services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@trpc/*'],
              message: 'Services know no transport: throw DomainError (services/platform/errors.ts).',
            },
            {
              group: ['**/trpc', '**/trpc/*'],
              message: 'Services know no transport: AppDeps and SessionUser live in deps.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // A domain's index is its public face: everything outside the services (routers, REST routes, workers,
    // the cli, the tests, the benchmarks and journeys) imports a domain, never one of its files. Services
    // import each other's files directly.
    files: ['apps/api/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts'],
    ignores: ['apps/api/src/services/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)services/[\\w-]+/',
              message:
                'Import the domain (services/<domain>), whose index.ts is its public face, not one of its files.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
