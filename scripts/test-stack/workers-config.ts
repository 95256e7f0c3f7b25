import { cloudflareTest } from '@cloudflare/vitest-plugin';
import type { inject } from 'vitest';
import { configDefaults, defineProject } from 'vitest/config';

/**
 * Worker tests that need no backend (`npm test -- --only worker-unit`): `*.unit.test.ts` under
 * worker/ and `*.server.unit.test.ts` in a feature folder.
 */
export const WORKER_UNIT_TESTS = ['worker/**/*.unit.test.{ts,tsx}', 'features/**/*.server.unit.test.{ts,tsx}'];
/**
 * Worker tests against the throwaway backend (`npm test -- --only worker`): every other test under
 * worker/, and `*.server.test.ts` in a feature folder (the glob of which does not match
 * `*.server.unit.test.ts`).
 */
export const WORKER_TESTS = ['worker/**/*.test.{ts,tsx}', 'features/**/*.server.test.{ts,tsx}'];

/** Where the worker finds Vendure (`backendUrl`) and the blog + InPost stand-in (`blogUrl`). */
interface StandIns {
  backendUrl: string;
  blogUrl: string;
}

/**
 * What the two worker test projects of vitest.config.ts (`worker-unit`, `worker`) share: workerd
 * with the bindings of wrangler.toml and miniflare's local KV, the backend, blog and InPost
 * bindings pointed at `standIns`.
 */
export function workersTestProject(options: {
  name: string;
  include: string[];
  exclude?: string[];
  globalSetup?: string[];
  standIns: (provided: typeof inject) => StandIns;
}) {
  return defineProject({
    plugins: [
      cloudflareTest(({ inject }) => {
        const { backendUrl, blogUrl } = options.standIns(inject);
        // a production-profile backend answers only with its secret (decision 105); none on SQLite or in unit tests
        const shopApiSecret = inject('shopApiSecret');
        // the backend's catalogue hook key (decision 109); without a backend, wrangler.toml's development one
        const catalogueHookSecret = inject('catalogueHookSecret');
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
              ...(catalogueHookSecret ? { CATALOGUE_HOOK_SECRET: catalogueHookSecret } : {}),
            },
          },
        };
      }),
    ],
    test: {
      name: options.name,
      include: options.include,
      exclude: [...configDefaults.exclude, ...(options.exclude ?? [])],
      globalSetup: options.globalSetup ?? [],
      testTimeout: 20_000,
    },
  });
}
