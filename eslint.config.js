// ESLint (flat config): the JavaScript and typescript-eslint recommended rules, without the
// type-checked ones (they need a full type-check per run; `tsc --noEmit` already does that
// in `npm test`). No formatting rules: layout is Prettier's business (`npm run format`).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'dist/', '.dist-build-*/', '.test-dist-*', '..test-dist-*', 'cdk.out/', 'coverage/', 'node_modules/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      // Node 20 globals used by the .mjs scripts (the .ts files get theirs from @types/node via tsc).
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', performance: 'readonly' },
    },
    rules: {
      // Matching control characters is the point of the code that neutralises untrusted text and checks it.
      'no-control-regex': 'off',
      // `_`-prefixed parameters and variables are deliberately unused (a handler's event, a skipped tuple slot).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Tests read untyped JSON (synthesized CloudFormation templates, simulator bodies) by property access;
    // tsc still checks everything else. Product code keeps the rule.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
