import { z } from 'zod';
import type { PublicConfig } from '../client/router/types';

/** Bindings and vars of wrangler.toml. Reached only through `c.env`. */
export interface Bindings {
  ASSETS: Fetcher;
  REDIRECTS: KVNamespace;
  MAIN_HOST: string;
  VENDURE_SHOP_API: string;
  ASSET_URL: string;
  BLOG_API_URL: string;
  BLOG_URL: string;
}

export type AppEnv = { Bindings: Bindings };

declare global {
  namespace Cloudflare {
    /** Types `env` from `cloudflare:workers` (tests) with our bindings. */
    interface Env extends Bindings {}
  }
}

const varsSchema = z.object({
  MAIN_HOST: z.string().min(1),
  VENDURE_SHOP_API: z.url(),
  ASSET_URL: z.url(),
  BLOG_API_URL: z.url(),
  BLOG_URL: z.url(),
});

const checked = new WeakSet<object>();

/** Validates the vars once per isolate (the env object is stable); throws a readable error on misconfiguration. */
export function checkEnv(env: Bindings): Bindings {
  if (checked.has(env)) return env;
  const result = varsSchema.safeParse(env);
  if (!result.success) {
    throw new Error(`Invalid worker configuration: ${result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  checked.add(env);
  return env;
}

/** The only configuration written into HTML: an explicit whitelist. */
export function publicConfig(env: Bindings): PublicConfig {
  return { assetUrl: env.ASSET_URL };
}
