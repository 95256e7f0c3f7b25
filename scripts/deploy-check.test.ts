import { describe, expect, it } from 'vitest';
import { configProblems, readDeployConfig } from './deploy-check';
import { DEV_CATALOGUE_HOOK_SECRET } from '../worker/env';

const production = () => readDeployConfig('production');

describe('deploy check: the production configuration', () => {
  it('finds wrangler.toml production complete, the example KV namespace ids and Turnstile site key aside', () => {
    expect(configProblems(production())).toEqual({
      problems: [],
      placeholders: [
        'var TURNSTILE_SITE_KEY is "REPLACE_WITH_TURNSTILE_SITE_KEY"',
        'KV namespace REDIRECTS id is "REPLACE_WITH_PRODUCTION_NAMESPACE_ID"',
        'KV namespace MCP_CARTS id is "REPLACE_WITH_MCP_CARTS_NAMESPACE_ID"',
      ],
    });
  });

  it('names what is missing or wrong: a rate limit, a var, a secret among the vars, logs off', () => {
    const config = production();
    config.ratelimits = config.ratelimits.filter((r) => r.name !== 'LOGIN_FAILURE_LIMITER');
    config.ratelimits[0]!.namespace_id = config.ratelimits[1]!.namespace_id;
    const vars = config.vars;
    delete vars.VENDURE_SHOP_API;
    vars.RATE_LIMITS = 'off';
    vars.SENTRY_DSN = 'https://key@sentry.example/1';
    vars.TURNSTILE_SECRET_KEY = '0x4AAAAAAAexample';
    vars.SHOP_API_SECRET = 'a'.repeat(40);
    vars.CATALOGUE_HOOK_SECRET = 'c'.repeat(40);
    config.observability = { enabled: false };
    const { problems } = configProblems(config);
    expect(problems).toEqual(
      expect.arrayContaining([
        'rate-limit binding LOGIN_FAILURE_LIMITER missing',
        expect.stringMatching(/^rate-limit binding \w+: namespace_id \d+ used twice$/),
        expect.stringMatching(/^var VENDURE_SHOP_API: /),
        'var RATE_LIMITS must be "on"',
        'SENTRY_DSN is a secret (`wrangler secret put SENTRY_DSN --env production`), not a var',
        'TURNSTILE_SECRET_KEY is a secret (`wrangler secret put TURNSTILE_SECRET_KEY --env production`), not a var',
        'SHOP_API_SECRET is a secret (`wrangler secret put SHOP_API_SECRET --env production`), not a var',
        'CATALOGUE_HOOK_SECRET is a secret (`wrangler secret put CATALOGUE_HOOK_SECRET --env production`), not a var',
        'Workers Logs ([observability] enabled) off',
      ]),
    );
  });

  it("refuses Cloudflare's Turnstile test keys in production", () => {
    const config = production();
    config.vars.TURNSTILE_SITE_KEY = '1x00000000000000000000AA';
    expect(configProblems(config).problems).toContain(
      "var TURNSTILE_SITE_KEY: Cloudflare's Turnstile test site keys are for development only",
    );
  });

  it("refuses the catalogue hook's development key in production", () => {
    const config = production();
    config.vars.CATALOGUE_HOOK_SECRET = DEV_CATALOGUE_HOOK_SECRET;
    expect(configProblems(config).problems).toContain(
      'var CATALOGUE_HOOK_SECRET: the development catalogue hook secret is for development only',
    );
  });

  it("gives development the catalogue hook's development key, the one the test stacks give the backend", () => {
    expect(readDeployConfig().vars.CATALOGUE_HOOK_SECRET).toBe(DEV_CATALOGUE_HOOK_SECRET);
    expect(production().vars.CATALOGUE_HOOK_SECRET).toBeUndefined();
  });

  it('keeps the development configuration in step: the same rate-limit bindings', () => {
    const dev = readDeployConfig();
    expect(dev.ratelimits.map((r) => [r.name, r.namespace_id, r.simple])).toEqual(
      production().ratelimits.map((r) => [r.name, r.namespace_id, r.simple]),
    );
  });
});
