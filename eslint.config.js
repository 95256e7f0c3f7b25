// Lint rules of the storefront and of the development backend (`npm run lint`). Type checking is
// tsc's job; this catches mistakes tsc allows and enforces the one-way import rule of DESIGN.md.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Rules shared by the storefront and backend/. */
const commonRules = {
  '@typescript-eslint/no-explicit-any': 'error',
  '@typescript-eslint/no-non-null-assertion': 'off',
  '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
  '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
  'no-empty': ['error', { allowEmptyCatch: true }],
  eqeqeq: ['error', 'smart'],
};

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      '.wrangler/',
      'client/graphql/graphql-env.d.ts',
      '**/*.tmp.*',
      // generated or local state of the backend (its sources, tests and seed are linted)
      'backend/dist/',
      'backend/data/',
      'backend/.scratch/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['backend/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The classic hook rules (the React Compiler rules of v7 assume the compiler, which we do not use).
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...commonRules,
    },
  },
  {
    // The development Vendure backend: Node only, CommonJS output (backend/package.json).
    files: ['backend/**/*.{ts,cjs,js}'],
    languageOptions: {
      globals: { ...globals.node },
      // As in backend/tsconfig.json: Nest's dependency injection reads the emitted constructor
      // parameter types, so consistent-type-imports must leave imports used by decorated classes alone.
      parserOptions: { experimentalDecorators: true, emitDecoratorMetadata: true },
    },
    rules: commonRules,
  },
  {
    // The launcher runs before anything is compiled: plain CommonJS, require() is the way.
    files: ['backend/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Tests and test helpers may use `any` for loosely shaped fixtures and responses.
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.ts', 'e2e/**/*.ts', 'scripts/test-stack/**/*.ts', '**/test-client.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Browser code never imports server code (the client build checks it too).
    files: ['client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/worker/**', '**/redirects/**', '**/backend/**', '**/scripts/**', 'cloudflare:*', 'node:*'],
              message: 'client/ must not import server code (DESIGN.md).',
            },
          ],
        },
      ],
    },
  },
  {
    // Every Location the worker sends passes the one gate (worker/security/redirect.ts safeRedirect).
    files: ['worker/**/*.{ts,tsx}'],
    ignores: ['worker/security/redirect.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='redirect'][callee.object.name='c']",
          message: 'Redirect through safeRedirect (worker/security/redirect.ts), never c.redirect.',
        },
        {
          selector: "CallExpression[callee.object.name='Response'][callee.property.name='redirect']",
          message: 'Redirect through safeRedirect (worker/security/redirect.ts), never Response.redirect.',
        },
      ],
    },
  },
);
