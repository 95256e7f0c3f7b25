import { defineConfig } from 'vitest/config';

/**
 * Backend tests: `npx vitest run --root backend`. One throwaway backend (fresh copy of the seeded
 * template on free ports) is started for the whole run by test/global-setup.ts.
 */
export default defineConfig({
    test: {
        // test/production/: promises of the production profile itself, run only against it
        include: process.env.TEST_PROFILE === 'production' ? ['test/**/*.test.ts'] : ['test/*.test.ts'],
        environment: 'node',
        globalSetup: ['test/global-setup.ts'],
        testTimeout: 20_000,
        hookTimeout: 120_000,
    },
});
