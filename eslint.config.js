// ESLint flat config: typescript-eslint type-checked rules (no-floating-promises on) for main,
// preload and tests; eslint-plugin-svelte for the renderer.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import { boundaryBlocks } from './eslint.boundaries.js';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'main/gen/', 'test-artifacts/', 'release/', 'renderer/dist/', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname, extraFileExtensions: ['.svelte'] },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
    },
  },
  ...svelte.configs.recommended,
  {
    files: ['renderer/**/*.svelte', 'renderer/**/*.svelte.ts', 'renderer/**/*.ts'],
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: { parser: tseslint.parser, projectService: true, extraFileExtensions: ['.svelte'] },
    },
  },
  // Decided: the renderer runs no main-process code. At run time renderer/ may import from main/
  // only the shared, Node-free modules main/contract, main/pose and main/drawings (which import
  // nothing of main outside those three); `import type` may name any module.
  {
    files: ['renderer/**/*.svelte', 'renderer/**/*.svelte.ts', 'renderer/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+main/(?!(contract|pose|drawings)/)',
              allowTypeImports: true,
              message: 'the renderer imports main/ at run time only from main/contract, main/pose and main/drawings (use `import type` for types)',
            },
          ],
        },
      ],
    },
  },
  ...boundaryBlocks,
  { files: ['eslint.config.js', 'eslint.boundaries.js'], ...tseslint.configs.disableTypeChecked },
);
