import type { Context } from 'hono';
import { z } from 'zod';
import { parseAddonSlugs } from '../features/cart/addons';
import type { RouteDef } from './pages/route-table';
import type { PublicConfig } from '../client/router/types';
import type { RequestFacts } from './observability/facts';
import type { LimiterName } from './ratelimit/limiters';

/** Bindings and vars of wrangler.toml. Reached only through `c.env`. */
export interface Bindings extends Record<LimiterName, RateLimit> {
  ASSETS: Fetcher;
  /** The legacy redirect table (`redirects:v1:*`, decision 004) and the catalogue epoch (`catalogue:epoch`, decision 109). */
  REDIRECTS: KVNamespace;
  /**
   * The assistants' carts of /api/mcp (features/mcp/, decision 112): a cart handle's and a cart link's
   * SHA-256 → the Vendure session token behind it, each expiring after 24 hours.
   */
  MCP_CARTS: KVNamespace;
  MAIN_HOST: string;
  VENDURE_SHOP_API: string;
  ASSET_URL: string;
  BLOG_API_URL: string;
  BLOG_URL: string;
  /** Facet code listed first in listing filters (spec §9: facet 67 in production). */
  FIRST_FACET_CODE: string;
  /** `facetCode:valueCode` of the sale facet value (spec: /c/dla-psa?a=303 in production). */
  SALE_FACET_VALUE: string;
  /** Facet whose values are the shop's collections, /kolekcje (docs/decisions/010-a-kolekcja-is-a-value-of-one-facet.md). */
  COLLECTION_FACET_CODE: string;
  /** Comma-separated product slugs suggested in the cart (spec §9 add-ons; product 1634 and friends in production). */
  CART_ADDON_SLUGS: string;
  /** Bank transfer details (footer, checkout transfer instructions), public. */
  BANK_TRANSFER_RECIPIENT: string;
  BANK_TRANSFER_ACCOUNT: string;
  BANK_TRANSFER_BANK: string;
  /** Footer's external links: harness creator page (absolute URL or a path of this shop), dog-breeds page. */
  HARNESS_CREATOR_URL: string;
  DOG_BREEDS_URL: string;
  /** Social profiles of the footer: comma-separated `Name=https://…`. */
  SOCIAL_LINKS: string;
  /**
   * `on` (default): the rate limits of worker/ratelimit/ apply. `off`: not enforced, for local
   * test stacks whose every shopper comes from one address; refused in production.
   */
  RATE_LIMITS?: string;
  /**
   * `on`: a login of an account that failed too often from anywhere asks for a Turnstile challenge
   * even where RATE_LIMITS is off (development stacks: the e2e test of the challenge). With the limits
   * on it always does (worker/ratelimit/auth.ts).
   */
  LOGIN_CHALLENGE?: string;
  /**
   * Development only: the Shop API timeouts of worker/shop/backend.ts multiplied by this whole number
   * (1–10). A development backend on a laptop or a shared CI machine answers its first listing after a
   * start in several seconds; production keeps the recorded timeouts (refused there).
   */
  BACKEND_TIMEOUT_FACTOR?: string;
  /** Sentry DSN (a secret: `wrangler secret put SENTRY_DSN`); unset, nothing is reported. */
  SENTRY_DSN?: string;
  /**
   * Cloudflare Turnstile site key of the account challenge (worker/ratelimit/turnstile.ts): public,
   * sent to the browser in the challenge's 403. Development and tests: Cloudflare's always-passing
   * test key `1x00000000000000000000AA`; production refuses the test keys.
   */
  TURNSTILE_SITE_KEY: string;
  /**
   * Turnstile secret key, for siteverify. A secret in production (`wrangler secret put
   * TURNSTILE_SECRET_KEY --env production`), never a var; development: Cloudflare's documented
   * always-passing test secret in wrangler.toml. Unset: every challenge fails (logged).
   */
  TURNSTILE_SECRET_KEY?: string;
  /** Siteverify endpoint (`https://challenges.cloudflare.com/turnstile/v0/siteverify`); development: the stand-in next to the blog. */
  TURNSTILE_VERIFY_URL: string;
  /**
   * The widget's script, explicit rendering (`https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit`);
   * development: the stand-in's. Its origin is allowed in the pages' CSP (script-src, frame-src).
   */
  TURNSTILE_SCRIPT_URL: string;
  /** InPost ShipX points endpoint (`…/v1/points`) of the checkout's locker picker (/api/lockers). */
  INPOST_POINTS_URL: string;
  /** `development` allows GraphQL introspection through /api/shop (tooling); anything else refuses it. */
  ENVIRONMENT?: string;
  /**
   * The backend's SHOP_API_SECRET, sent on every Shop API call (worker/shop/backend.ts; decision 105).
   * A secret (`wrangler secret put SHOP_API_SECRET --env production`), never a var; required in
   * production; development stacks leave it unset unless their backend has one (the production profile).
   */
  SHOP_API_SECRET?: string;
  /**
   * The key of the backend's signed "the catalogue changed" calls (`POST /api/catalogue/changed`,
   * worker/cache/catalogue-hook.ts; decision 109), shared with the backend. A secret in production
   * (`wrangler secret put CATALOGUE_HOOK_SECRET --env production`), never a var; development and
   * tests: DEV_CATALOGUE_HOOK_SECRET in wrangler.toml. Unset: the hook answers 503 and catalogue
   * changes show when the cached copies expire (5 minutes).
   */
  CATALOGUE_HOOK_SECRET?: string;
}

/**
 * The development key of the catalogue hook (wrangler.toml's [vars] repeat it; the test stacks give
 * it to the development backend): public, so production refuses it.
 */
export const DEV_CATALOGUE_HOOK_SECRET = 'dev-only-catalogue-hook-secret-not-for-production';

/** The page request a guard and a loader see: the matched route and its params. */
export interface PageContext {
  c: Context<AppEnv>;
  /** The request's URL with only the query parameters the route reads (worker/pages/page-query.ts). */
  url: URL;
  route: RouteDef;
  params: Record<string, string>;
}

export type AppEnv = {
  Bindings: Bindings;
  Variables: {
    /** Set by pipeline step 4a when the path is a page of the route table. */
    page?: PageContext;
    /** Set once a page's guards ran (step 4a), so the error screen does not run its own again. */
    guarded?: boolean;
    /** Set by step 0 (worker/observability/request-log.ts): the request id and what the log line tells. */
    facts?: RequestFacts;
  };
};

declare global {
  // Global augmentation of the workers types needs the namespace form.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Cloudflare {
    /** Types `env` from `cloudflare:workers` (tests) with our bindings. */
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface Env extends Bindings {}
  }
}

const varsSchema = z
  .object({
    MAIN_HOST: z.string().min(1),
    VENDURE_SHOP_API: z.url(),
    ASSET_URL: z.url(),
    BLOG_API_URL: z.url(),
    BLOG_URL: z.url(),
    FIRST_FACET_CODE: z.string().min(1),
    SALE_FACET_VALUE: z.string().regex(/^[a-z0-9-]+:[a-z0-9-]+$/),
    COLLECTION_FACET_CODE: z.string().regex(/^[a-z0-9-]+$/),
    CART_ADDON_SLUGS: z.string().regex(/^[a-z0-9-]*(\s*,\s*[a-z0-9-]*)*$/, 'comma-separated product slugs'),
    BANK_TRANSFER_RECIPIENT: z.string().min(1),
    BANK_TRANSFER_ACCOUNT: z.string().regex(/^[A-Z]{2}[0-9 ]{20,40}$/, 'an IBAN such as "PL61 1090 …"'),
    BANK_TRANSFER_BANK: z.string().min(1),
    HARNESS_CREATOR_URL: z.union([z.url({ protocol: /^https?$/ }), z.string().regex(/^\/[^/]/, 'a URL or a path of this shop')]),
    DOG_BREEDS_URL: z.url({ protocol: /^https?$/ }),
    SOCIAL_LINKS: z.string().refine((v) => parseSocialLinks(v) !== null, 'comma-separated "Name=https://…"'),
    RATE_LIMITS: z.enum(['on', 'off']).optional(),
    LOGIN_CHALLENGE: z.enum(['on', 'off']).optional(),
    BACKEND_TIMEOUT_FACTOR: z
      .string()
      .regex(/^([1-9]|10)$/, 'a whole number from 1 to 10')
      .optional(),
    SENTRY_DSN: z.url({ protocol: /^https?$/ }).optional(),
    TURNSTILE_SITE_KEY: z.string().regex(/^[\w-]{1,64}$/, 'a Turnstile site key'),
    TURNSTILE_SECRET_KEY: z.string().min(1).optional(),
    TURNSTILE_VERIFY_URL: z.url({ protocol: /^https?$/ }),
    TURNSTILE_SCRIPT_URL: z.url({ protocol: /^https?$/ }),
    INPOST_POINTS_URL: z.url(),
    ENVIRONMENT: z.enum(['development', 'production']).optional(),
    SHOP_API_SECRET: z.string().min(32, 'at least 32 characters (the backend refuses shorter ones)').optional(),
    CATALOGUE_HOOK_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  })
  .refine((vars) => !(vars.RATE_LIMITS === 'off' && vars.ENVIRONMENT !== 'development'), {
    message: 'RATE_LIMITS=off is for development stacks only',
    path: ['RATE_LIMITS'],
  })
  .refine((vars) => vars.ENVIRONMENT === 'development' || !isTurnstileTestKey(vars.TURNSTILE_SITE_KEY), {
    message: "Cloudflare's Turnstile test site keys are for development only",
    path: ['TURNSTILE_SITE_KEY'],
  })
  .refine((vars) => vars.ENVIRONMENT === 'development' || !isTurnstileTestKey(vars.TURNSTILE_SECRET_KEY), {
    message: "Cloudflare's Turnstile test secret keys are for development only",
    path: ['TURNSTILE_SECRET_KEY'],
  })
  .refine((vars) => vars.ENVIRONMENT === 'development' || vars.CATALOGUE_HOOK_SECRET !== DEV_CATALOGUE_HOOK_SECRET, {
    message: 'the development catalogue hook secret is for development only',
    path: ['CATALOGUE_HOOK_SECRET'],
  })
  .refine((vars) => !(vars.BACKEND_TIMEOUT_FACTOR && vars.BACKEND_TIMEOUT_FACTOR !== '1' && vars.ENVIRONMENT !== 'development'), {
    message: 'BACKEND_TIMEOUT_FACTOR is for development stacks only',
    path: ['BACKEND_TIMEOUT_FACTOR'],
  });

/**
 * Cloudflare's documented Turnstile test keys (`1x…AA` passes, `2x…` fails, `3x…` …): site keys
 * `[123]x` + 20 zeros + two letters, secrets `[123]x` + 31 zeros + `AA`.
 */
function isTurnstileTestKey(key: string | undefined): boolean {
  return !!key && /^[123]x0{20,31}[A-Z]{2}$/.test(key);
}

/** The vars' schema, for the deploy check (scripts/deploy-check.ts) as much as for checkEnv. */
export { varsSchema };

/** `Facebook=https://…,Instagram=https://…` as name/URL pairs, or null when a part is not that shape. */
function parseSocialLinks(value: string): Array<{ name: string; url: string }> | null {
  const links: Array<{ name: string; url: string }> = [];
  for (const part of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^([^=]+)=(https:\/\/\S+)$/.exec(part);
    if (!match) return null;
    links.push({ name: match[1]!.trim(), url: match[2]! });
  }
  return links;
}

const checked = new WeakSet<object>();

/**
 * Secrets production cannot run without (`wrangler secret put NAME --env production`): not vars, so
 * not in varsSchema (the deploy check validates wrangler.toml's vars with it) but in checkEnv. Without
 * the Turnstile secret a challenged account could not log in at all (decision 106).
 */
export const REQUIRED_SECRETS = ['SHOP_API_SECRET', 'TURNSTILE_SECRET_KEY'] as const;

/** Validates the vars once per isolate (the env object is stable); throws a readable error on misconfiguration. */
export function checkEnv(env: Bindings): Bindings {
  if (checked.has(env)) return env;
  const result = varsSchema.safeParse(env);
  if (!result.success) {
    throw new Error(`Invalid worker configuration: ${result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const missing = env.ENVIRONMENT === 'development' ? [] : REQUIRED_SECRETS.filter((name) => !env[name]);
  if (missing.length) throw new Error(`Invalid worker configuration: secret ${missing.join(', ')} missing (wrangler secret put)`);
  checked.add(env);
  return env;
}

/** The only configuration written into HTML: an explicit whitelist. */
export function publicConfig(env: Bindings): PublicConfig {
  return {
    assetUrl: env.ASSET_URL,
    cartAddonSlugs: parseAddonSlugs(env.CART_ADDON_SLUGS),
    bankTransfer: { recipient: env.BANK_TRANSFER_RECIPIENT, account: env.BANK_TRANSFER_ACCOUNT, bank: env.BANK_TRANSFER_BANK },
    links: {
      harnessCreator: env.HARNESS_CREATOR_URL,
      blog: env.BLOG_URL,
      dogBreeds: env.DOG_BREEDS_URL,
      social: parseSocialLinks(env.SOCIAL_LINKS) ?? [],
    },
  };
}
