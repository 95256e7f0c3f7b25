import { cloudflareTest } from '@cloudflare/vitest-plugin';
import type { inject } from 'vitest';
import { configDefaults, defineConfig } from 'vitest/config';

/** Worker tests that need no backend: `*.unit.test.ts` (`npm test -- --only worker-unit`). */
export const WORKER_UNIT_TESTS = ['worker/**/*.unit.test.{ts,tsx}', 'features/**/*.server.unit.test.ts'];
/** Every worker test; those not named `*.unit.test.ts` run against the throwaway backend. */
export const WORKER_TESTS = ['worker/**/*.test.{ts,tsx}', 'features/**/*.server.test.ts', 'features/**/*.server.unit.test.ts'];

/** Where the worker finds Vendure (`backendUrl`) and the blog + InPost stand-in (`blogUrl`). */
interface StandIns {
  backendUrl: string;
  blogUrl: string;
}

/**
 * What the two worker test configs (vitest.worker-unit.config.ts, vitest.workers.config.ts)
 * share: workerd with the bindings of wrangler.toml and miniflare's local KV, the backend, blog
 * and InPost bindings pointed at `standIns`.
 */
export function workersTestConfig(options: {
  include: string[];
  exclude?: string[];
  globalSetup?: string[];
  standIns: (provided: typeof inject) => StandIns;
}) {
  return defineConfig({
    plugins: [
      cloudflareTest(({ inject }) => {
        const { backendUrl, blogUrl } = options.standIns(inject);
        // a production-profile backend answers only with its secret (decision 105); none on SQLite or in unit tests
        const shopApiSecret = inject('shopApiSecret');
        return {
          wrangler: { configPath: './wrangler.toml' },
          miniflare: {
            bindings: {
              VENDURE_SHOP_API: `${backendUrl}/shop-api`,
              ASSET_URL: `${backendUrl}/assets`,
              BLOG_API_URL: `${blogUrl}/wp-json/wp/v2`,
              BLOG_URL: blogUrl,
              // Every shopper of a test stack comes from one address; the limits themselves are worker tests
              // (worker/ratelimit/*.test.ts turn them on again).
              RATE_LIMITS: 'off',
              INPOST_POINTS_URL: `${blogUrl}/inpost/v1/points`,
              // the account challenge's Turnstile: the stand-in's siteverify and widget (Cloudflare's test keys of wrangler.toml)
              TURNSTILE_VERIFY_URL: `${blogUrl}/turnstile/v0/siteverify`,
              TURNSTILE_SCRIPT_URL: `${blogUrl}/turnstile/v0/api.js?render=explicit`,
              ...(shopApiSecret ? { SHOP_API_SECRET: shopApiSecret } : {}),
            },
          },
        };
      }),
    ],
    test: {
      include: options.include,
      exclude: [...configDefaults.exclude, ...(options.exclude ?? [])],
      globalSetup: options.globalSetup ?? [],
      testTimeout: 20_000,
      // The worker's one JSON line per request (worker/observability/request-log.ts) is for Workers
      // Logs; in a test run it would bury the output (request-log.test.ts reads it itself).
      onConsoleLog: (log) => !log.startsWith('{"message":"request"'),
    },
  });
}
