import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import areaBoundaries from './scripts/eslint/area-boundaries.js';
import tableOwners from './scripts/eslint/table-owners.js';

export default tseslint.config(
  { ignores: ['dist', 'build', 'data', 'node_modules', 'coverage', 'test-results', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Client areas and server modules meet only through their index.ts (scripts/eslint/area-boundaries.js).
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    plugins: { local: { rules: { 'area-boundaries': areaBoundaries } } },
    rules: { 'local/area-boundaries': 'error' },
  },
  {
    // Server modules write only their own tables (scripts/eslint/table-owners.js).
    files: ['server/modules/**/*.ts'],
    plugins: { owners: { rules: { 'table-owners': tableOwners } } },
    rules: { 'owners/table-owners': 'error' },
  },
  {
    // Menus open through MenuDropdown (src/ui/menus): antd's own motion slid items under the pointer.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/ui/menus/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'antd',
              importNames: ['Dropdown'],
              message: 'Use MenuDropdown from src/ui/menus: its items hold still while it opens.',
            },
          ],
        },
      ],
    },
  },
  {
    // The shared rules are imported by both sides: no React, no server code in them.
    files: ['src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['react*', 'antd*', '@refinedev/*', 'fastify*', '**/server/**', 'node:*'] },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser, ...globals.serviceworker } },
  },
);
