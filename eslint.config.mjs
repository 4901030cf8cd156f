// Lint (`npm test` runs it with the tests' type-check and prettier's check before
// jest, zero warnings): typescript-eslint's type-aware recommended rules on every
// source, the plain recommended ones on tests (under test/, or beside a use case as
// `*.test.ts`); formatting is
// prettier's alone (eslint-config-prettier turns off the rules it owns).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/generated/**', '.lps-bootstrap/**', 'coverage/**', 'bench-results/**'] },
  {
    files: ['**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    // `_name` says "unused on purpose" (a parameter a signature requires, a field taken out of a rest).
    rules: { '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }] },
  },
  {
    files: ['packages/*/src/**/*.ts', 'services/*/src/**/*.ts'],
    // A use case's test beside it in src/ is a test: the rules of tests below, not those of sources.
    ignores: ['**/*.test.ts'],
    extends: [...tseslint.configs.recommendedTypeChecked],
    // One program over every source (tsconfig.eslint.json) instead of one per package's tsconfig:
    // the same types, half the time (31 s against 63 s for the whole tree here).
    languageOptions: { parserOptions: { project: './tsconfig.eslint.json', tsconfigRootDir: import.meta.dirname } },
    // Off on purpose: an `async` implementation of a promise-returning interface (the in-memory sandbox
    // store, the built-in providers) turns a throw into a rejection, which its callers handle; without
    // `async` the same code throws synchronously past their `.catch`.
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    // The dashboard's browser code: its own program (DOM types, JSX), the same type-aware rules, and React's rules of hooks.
    files: ['services/dashboard/web/src/**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked, reactHooks.configs.flat.recommended],
    languageOptions: { parserOptions: { project: './services/dashboard/web/tsconfig.json', tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // A test reads answers of any shape (their shape is checked against the OpenAPI document, not by tsc).
    files: ['**/test/**/*.ts', '**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  prettier,
);
