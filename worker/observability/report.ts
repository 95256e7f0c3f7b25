import { captureException, withScope } from '@sentry/cloudflare';
import { tryGetContext } from 'hono/context-storage';
import type { AppEnv } from '../env';

/**
 * Reports an error to Sentry, tagged with the request id and route of the request it happened
 * in. Without a DSN (`SENTRY_DSN` unset: development, tests) Sentry has no client and this only
 * logs; nothing leaves the worker. What an event may carry is decided in ./sentry.ts (`scrub`).
 */
export function reportError(error: unknown, tags: Record<string, string> = {}): void {
  const c = tryGetContext<AppEnv>();
  const facts = c?.get('facts');
  console.error(
    JSON.stringify({
      level: 'error',
      requestId: facts?.id,
      ...tags,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    }),
  );
  withScope((scope) => {
    if (facts) scope.setTag('request_id', facts.id);
    if (facts?.route) scope.setTag('route', facts.route);
    for (const [k, v] of Object.entries(tags)) scope.setTag(k, v);
    captureException(error);
  });
}
