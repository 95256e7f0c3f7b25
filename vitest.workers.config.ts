import { cloudflareTest } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';

/**
 * Worker tests: run inside workerd with the bindings of wrangler.toml and
 * miniflare's local KV. Integration tests reach the throwaway Vendure backend
 * started by the global setup.
 */
export default defineConfig({
  plugins: [
    cloudflareTest(({ inject }) => ({
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        bindings: {
          VENDURE_SHOP_API: `${inject('backendUrl')}/shop-api`,
          ASSET_URL: `${inject('backendUrl')}/assets`,
          BLOG_API_URL: `${inject('blogUrl')}/wp-json/wp/v2`,
          BLOG_URL: inject('blogUrl'),
          // Every test file logs in from the same address ('local'); worker/ratelimit tests set their own limits.
          AUTH_RATE_LIMIT: '1000',
          INPOST_POINTS_URL: `${inject('blogUrl')}/inpost/v1/points`,
        },
      },
    })),
  ],
  test: {
    include: ['worker/**/*.test.{ts,tsx}'],
    globalSetup: ['./scripts/test-stack/global-setup.ts'],
    testTimeout: 20_000,
  },
});
