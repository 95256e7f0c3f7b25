import { defineConfig } from 'vitest/config';

/** Unit tests of pure code (client helpers, redirect rules, scripts) in Node. */
export default defineConfig({
  test: {
    include: ['client/**/*.test.{ts,tsx}', 'redirects/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
  },
});
