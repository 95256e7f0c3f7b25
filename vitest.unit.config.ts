import { defineConfig } from 'vitest/config';

/** Unit tests of pure code (client helpers, redirect rules, scripts) in Node. */
export default defineConfig({
  test: {
    include: ['client/**/*.test.{ts,tsx}', 'features/**/*.test.ts', 'redirects/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'features/**/*.server.test.ts', 'features/**/*.server.unit.test.ts'],
    environment: 'node',
  },
});
