import { defineConfig } from 'vitest/config';

/** TEMPORARY (issue 37): component tests in happy-dom; the lead replaces this at merge. */
export default defineConfig({
  test: {
    include: ['client/**/*.test.tsx', 'features/**/*.test.tsx'],
    environment: 'happy-dom',
    setupFiles: ['scripts/test-stack/component-setup.ts'],
  },
});
