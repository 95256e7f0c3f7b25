import { defineConfig } from 'vitest/config';

/** End-to-end tests: real Chromium (playwright-core) against backend + wrangler dev started by the global setup. */
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
