// One lint setup for the whole repository. The import zones keep the layout honest:
// the client follows bulletproof-react (app -> features -> shared, no feature imports another),
// and the server's domain stays pure (it is shared with the client).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const client = './client/src';
const features = readdirSync(new URL('./client/src/features', import.meta.url));
const clientShared = ['components', 'config', 'hooks', 'lib', 'stores', 'styles', 'types'].map((dir) => `${client}/${dir}`);

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', 'node_modules/**', 'test-results/**', 'coverage/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.typescript,
  {
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['tsconfig.json', 'client/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
    },
  },
  {
    files: ['server/**/*.ts', 'projections/**/*.ts', 'scripts/**/*.{ts,mjs}', 'test/**/*.{ts,tsx}', '*.{js,mjs,ts}'],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
  },
  {
    files: ['test/**/*.{ts,tsx}'],
    rules: {
      // Tests read JSON answers and reach into modules the way a test must.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    files: ['**/*.{cjs,js}'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
  },
  {
    files: ['server/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './server/src/domain',
              from: ['./server/src', './projections'],
              except: ['./domain'],
              message: 'The domain is pure and shared with the client: it imports nothing of the server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `${client}/features/${feature}`,
              from: `${client}/features`,
              except: [`./${feature}`],
              message: 'Features do not import each other: compose them in app/, or move the shared piece to components/ or lib/.',
            })),
            { target: `${client}/features`, from: `${client}/app`, message: 'Imports go one way: app -> features -> shared.' },
            {
              target: clientShared,
              from: [`${client}/features`, `${client}/app`],
              message: 'Shared code imports neither features nor app.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
