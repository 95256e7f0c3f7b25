import { withSentry } from '@sentry/cloudflare';
import { app } from './app';
import type { Bindings } from './env';
import { sentryOptions } from './observability/sentry';

/** The same app with Sentry's per-request scope around it: used only when a DSN is configured. */
const handler: ExportedHandler<Bindings> = { fetch: (request, env, ctx) => app.fetch(request, env, ctx) };
const reported = withSentry<Bindings, unknown, unknown, ExportedHandler<Bindings>>(sentryOptions, handler);

/**
 * The worker. Without `SENTRY_DSN` the app answers directly (nothing is initialised or sent);
 * with it, uncaught errors and the ones the app reports (worker/observability/report.ts) reach
 * Sentry, scrubbed (worker/observability/sentry.ts).
 */
export default {
  fetch(request, env, ctx) {
    return env.SENTRY_DSN ? reported.fetch!(request, env, ctx) : app.fetch(request, env, ctx);
  },
} satisfies ExportedHandler<Bindings>;
