import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { architecture } from './eslint.architecture.js';

export default tseslint.config(
  { ignores: ['**/dist/**', 'schema/**', 'node_modules/**', 'docs/**', 'coverage/**', 'test-results/**', 'examples/*/dist/**', 'examples/*/node_modules/**', 'packages/*/.test-build/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...architecture,
);
