import { configDefaults, defineConfig } from 'vitest/config';
import { WORKER_TESTS, WORKER_UNIT_TESTS, workersTestProject } from './scripts/test-stack/workers-config.ts';

/** Nothing listens on port 9 (discard): a worker unit test that reaches for the backend fails at once. */
const CLOSED = 'http://127.0.0.1:9';

/** Tests of a feature folder that run in workerd (the `worker-unit` and `worker` projects), not in Node. */
const SERVER_TESTS = ['**/*.server.test.{ts,tsx}', '**/*.server.unit.test.{ts,tsx}'];

/**
 * Every test of the storefront, one project per kind (`npx vitest run --project unit`; `npm test`
 * runs them one step each, scripts/test.ts). backend/ has its own (`npx vitest run --root backend`).
 * A project's global setup runs only when that project is picked.
 */
export default defineConfig({
  test: {
    // The worker's one JSON line per request (worker/observability/request-log.ts) is for Workers
    // Logs; in a test run it would bury the output (request-log.test.ts reads it itself).
    onConsoleLog: (log) => !log.startsWith('{"message":"request"'),
    projects: [
      {
        // Pure code (client and feature helpers, redirect rules, scripts) in Node.
        test: {
          name: 'unit',
          include: ['client/**/*.test.ts', 'features/**/*.test.ts', 'redirects/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...SERVER_TESTS],
          environment: 'node',
        },
      },
      {
        // React components on happy-dom with Testing Library: `*.test.tsx` of client/ and the feature folders.
        test: {
          name: 'component',
          include: ['client/**/*.test.tsx', 'features/**/*.test.tsx'],
          exclude: [...configDefaults.exclude, ...SERVER_TESTS],
          environment: 'happy-dom',
          setupFiles: ['./scripts/test-stack/component-setup.ts'],
        },
      },
      /**
       * Worker tests that need no backend: workerd with wrangler.toml's bindings and local KV, no
       * global setup, so they run in seconds. The backend, blog and InPost bindings point at a
       * closed port; a test that needs them belongs in the `worker` project.
       */
      workersTestProject({
        name: 'worker-unit',
        include: WORKER_UNIT_TESTS,
        standIns: () => ({ backendUrl: CLOSED, blogUrl: CLOSED }),
      }),
      /**
       * Worker tests against the backend: workerd reaching the throwaway Vendure backend and the
       * blog + InPost stand-in started by the global setup.
       */
      workersTestProject({
        name: 'worker',
        include: WORKER_TESTS,
        exclude: WORKER_UNIT_TESTS,
        globalSetup: ['./scripts/test-stack/global-setup.ts'],
        standIns: (inject) => ({ backendUrl: inject('backendUrl'), blogUrl: inject('blogUrl') }),
      }),
      {
        // End-to-end: real Chromium (playwright-core) against backend + wrangler dev started by the global setup.
        test: {
          name: 'e2e',
          // TEST_PROFILE=production (the production-shaped core): the suites that exercise the backend
          // most (checkout, accounts, configurator, reviews, Dashboard, fulfilment with the e-mails'
          // links through the SMTP sink), InPost shipments (webhooks through the balancer), the hostile
          // API requests of issue 44, catalogue changes reaching the edge copies (issue 38), the VAT
          // invoice of a BLIK payment accepted by KSeF (issue 40) and the failover test of e2e/production/
          include:
            process.env.TEST_PROFILE === 'production'
              ? [
                  'e2e/{checkout,account,configurator,reviews,dashboard,fulfilment,hostile-api,catalogue-freshness,inpost-shipment,invoice-blik}.test.ts',
                  'e2e/production/*.test.ts',
                ]
              : ['e2e/*.test.ts'],
          environment: 'node',
          globalSetup: ['./e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          // One retry in CI only, as Playwright's own CI preset does: a real browser on a loaded 2-core
          // machine can miss a timing once. A test that fails twice fails the run.
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
