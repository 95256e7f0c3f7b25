import { reactRenderer } from '@hono/react-renderer';
import type { Context } from 'hono';
import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import manifest from '#build/manifest';
import { App } from '../../client/App';
import { ServerFooter } from '../../client/components/shell/Footer';
import FooterContent from '../../client/components/shell/FooterContent';
import type { LoadedPage } from '../../client/page-modules';
import type { PageName } from '../../client/page-modules';
import { RouterContext } from '../../client/router/context';
import { staticRouter } from '../../client/router/router';
import type { Router } from '../../client/router/types';
import type { PagePayload } from '../../client/router/types';
import type { AppEnv } from '../env';
import { type DocumentAssets, Document } from './document';
// The server's copies of the parts hydrated from their own chunks.
import './islands';

declare module '@hono/react-renderer' {
  interface Props {
    payload: PagePayload;
    assets: DocumentAssets;
  }
}

/**
 * The footer as static HTML, rendered once per isolate for the site-wide data it shows (the
 * category tree, bank details, links) instead of on every request: it is ~130 elements that the
 * browser never hydrates (client/components/shell/Footer.tsx keeps the server's HTML as it is).
 */
const footers = new Map<string, ComponentType>();
function staticFooter(router: Router): ComponentType {
  const { config, nav } = router.getState().payload;
  const key = JSON.stringify([config.bankTransfer, config.links, nav ?? null]);
  let footer = footers.get(key);
  if (!footer) {
    const html = renderToStaticMarkup(
      <RouterContext.Provider value={router}>
        <FooterContent />
      </RouterContext.Provider>,
    );
    const open = '<footer class="footer">';
    if (!html.startsWith(open) || !html.endsWith('</footer>')) throw new Error('FooterContent must render one <footer class="footer">');
    const inner = { __html: html.slice(open.length, -'</footer>'.length) };
    footer = function StaticFooter() {
      return <footer className="footer" dangerouslySetInnerHTML={inner} />;
    };
    // The tree changes a few times a day at most; a full map means something is off, not that it is busy.
    if (footers.size >= 16) footers.clear();
    footers.set(key, footer);
  }
  return footer;
}

/** The React tree of a page as the server renders it inside `#app` (also what `npm run bench` times). */
export function ServerPage({ payload, Page, url }: { payload: PagePayload; Page: LoadedPage | null; url: string }) {
  const router = staticRouter(payload, Page, url);
  // The footer island renders in place on the server (client/components/shell/Footer.tsx).
  return (
    <ServerFooter.Provider value={staticFooter(router)}>
      <App router={router} />
    </ServerFooter.Provider>
  );
}

export function assetsFor(page: string | null): DocumentAssets {
  return {
    entry: manifest.entry,
    css: manifest.css,
    preload: [...new Set([...manifest.entryPreload, ...(page ? (manifest.pages[page] ?? []) : [])])],
  };
}

/** Streams the React document (pipeline step 4's renderer, set per request on page routes). */
export const documentRenderer = reactRenderer(
  ({ children, payload, assets }) => (
    <Document payload={payload} assets={assets}>
      {children}
    </Document>
  ),
  {
    stream: { 'Content-Type': 'text/html; charset=UTF-8' },
    readableStreamOptions: {
      // Never outline a finished Suspense boundary (React does so past 12.8 KB of HTML: the footer island, the
      // deferred reviews section): its completion is an inline <script>, which the CSP (script-src 'self') blocks.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error: unknown) {
        console.error('SSR stream error', error);
      },
    },
  },
);

/**
 * Answers a page: the loader JSON for `Accept: application/json` (client
 * navigation), else the server-rendered document with the same JSON embedded.
 * `url` is the page's URL as the server sees it (a page route's: only the query
 * parameters it reads, worker/pages/page-query.ts), the request's by default.
 */
export async function respond(
  c: Context<AppEnv>,
  payload: PagePayload,
  page: PageName | null,
  Page: LoadedPage | null,
  url: URL = new URL(c.req.url),
): Promise<Response> {
  c.header('Vary', 'Accept');
  c.status(payload.status as 200);
  if (wantsJson(c)) {
    return c.json(payload);
  }
  return c.render(<ServerPage payload={payload} Page={Page} url={url.pathname + url.search} />, {
    payload,
    assets: assetsFor(page),
  });
}

export function wantsJson(c: Context): boolean {
  const accept = c.req.header('Accept') ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
}
