// Lint (`npm test` runs it before jest, zero warnings): typescript-eslint's
// type-aware recommended rules on every source, the plain recommended ones on
// tests; formatting is prettier's alone (eslint-config-prettier turns off the
// rules it owns).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/generated/**', '.lps-bootstrap/**', 'packages/client/src/openapi.ts'] },
  { files: ['**/*.ts'], extends: [js.configs.recommended, ...tseslint.configs.recommended] },
  {
    files: ['packages/*/src/**/*.ts', 'services/*/src/**/*.ts'],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
  prettier,
);
