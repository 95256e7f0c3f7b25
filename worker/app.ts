import { Hono } from 'hono';
import { contextStorage } from 'hono/context-storage';
import { checkRoutes } from '../client/router/route-facts';
import { routes } from './pages/route-table';
import { catalogueApi } from './cache/catalogue-hook';
import { edgePageCache } from './cache/page-cache';
import type { AppEnv } from './env';
import { canonical } from './middleware/canonical';
import { redirectOnMiss } from './middleware/redirect-on-miss';
import { securityHeaders } from './middleware/security-headers';
import { staticAssets } from './middleware/static-assets';
import { errorPage, matchPage, renderPage, renderStatus } from './pages/handler';
import { documentRenderer } from './render/render';
import { newsletterApi } from '../features/newsletter/newsletter-api.server';
import { mcpApi } from '../features/mcp/mcp-api.server';
import { assistantCartAdopt } from '../features/mcp/assistant-cart.server';
import { feedsApi } from '../features/feeds/feeds.server';
import { requestLog } from './observability/request-log';
import { lockersApi } from '../features/checkout/lockers.server';
import { sitemapRoutes } from '../features/sitemap/sitemap.server';
import { paymentsApi } from './payments/notify';
import { inpostWebhookApi } from './inpost/webhook';
import { shopProxy } from './shop/proxy';
import { invoicePdfApi } from './invoices/pdf';

/** The request pipeline, in order. Each line is one step of docs/architecture.md "The request pipeline". */
// The route table is checked once per isolate, before the first request is answered.
checkRoutes(routes);

export const app = new Hono<AppEnv>();

app.use(contextStorage()); //                   0. the request's context, for backend calls deep in loaders (timing, breaker)
app.use(requestLog); //                           request id, one JSON log line, Server-Timing
app.use(securityHeaders); //                      security headers on whatever answers below
app.use(canonical); //                         1. ebook host → main host; "/x/" → "/x" (or its legacy target), no other I/O
app.use(staticAssets); //                      2. /assets/* (immutable), /sw.js, /pliki/*.pdf …
app.route('/api/shop', shopProxy); //          3. GraphQL proxy to the Vendure Shop API, session cookie ⇄ Bearer token
app.route('/api/newsletter', newsletterApi); //     newsletter sign-up: validated, rate limited, then the Shop API
app.route('/api/payments', paymentsApi); //       payment gateway notifications → backend (signature checked there)
app.route('/api/inpost', inpostWebhookApi); //    InPost ShipX status webhooks → backend (re-read from ShipX there)
app.route('/api/lockers', lockersApi); //         InPost parcel lockers for the checkout (public, cached 1 h)
app.route('/api/catalogue', catalogueApi); //     the backend's signed "catalogue changed" call → catalogue epoch (KV)
app.route('/', sitemapRoutes()); //               /sitemap.xml, its sitemaps and /robots.txt naming it, cached until a catalogue change
app.route('/api/mcp', mcpApi); //                  AI assistants: MCP tools (catalogue, policies, a cart by handle); SDK loaded on demand
app.route('/asystent/koszyk', assistantCartAdopt); // the assistant cart link's POST: adopt that cart into the shopper's session
app.route('/faktury', invoicePdfApi); //           an invoice's PDF by its owner's unguessable handle → backend (never cached)
app.route('/feeds', feedsApi); //                 product feeds for Google Merchant Center and Ceneo (cached until the catalogue changes)
app.use(documentRenderer); //                  4. page routes (worker/pages/route-table.ts):
app.get('*', matchPage); //                       a. match the route table, run the route's guards
app.get(
  '*',
  edgePageCache(async (req, env, ctx) => app.fetch(req, env, ctx)),
); // b. edge cache (stale copy served, rendered again through the app)
app.get('*', renderPage); //                      c. loader → React SSR stream, or its JSON
app.get('*', redirectOnMiss); //               5. miss → legacy redirect table (KV), 301
app.notFound((c) => renderStatus(c, 404)); //     … else the 404 screen
app.onError((error, c) => errorPage(c, error)); // a thrown error is an error screen, never an unhandled exception
