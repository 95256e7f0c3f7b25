import type { ReactNode } from 'react';
import type { PagePayload } from '../../client/router/types';
import { BOOT_SOURCE } from './boot';
import { safeJson } from './safe-json';

export interface DocumentAssets {
  entry: string;
  css: string[];
  /** Module chunks of the current page, preloaded (after the first paint) so hydration does not wait on a waterfall. */
  preload: string[];
}

/** The HTML document around `#app`. Server only: the browser hydrates `#app`, not the head. */
export function Document({ payload, assets, children }: { payload: PagePayload; assets: DocumentAssets; children?: ReactNode }) {
  const { head } = payload;
  return (
    <html lang="pl">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        <meta name="description" content={head.description ?? ''} />
        {head.noindex && <meta name="robots" content="noindex" />}
        {head.canonical && <link rel="canonical" href={head.canonical} />}
        <meta property="og:type" content="website" />
        <meta property="og:locale" content="pl_PL" />
        <meta property="og:site_name" content="Psiaki" />
        <meta property="og:title" content={head.title} />
        {head.description && <meta property="og:description" content={head.description} />}
        {head.canonical && <meta property="og:url" content={head.canonical} />}
        {head.ogImage && <meta property="og:image" content={head.ogImage} />}
        <meta name="theme-color" content="#0f766e" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href="/manifest.webmanifest" />
        {assets.css.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {(head.jsonLd ?? []).map((item) => {
          const json = safeJson(item);
          return <script key={json} type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
        })}
      </head>
      <body>
        <div id="app">{children}</div>
        <script id="__PAYLOAD__" type="application/json" dangerouslySetInnerHTML={{ __html: safeJson(payload) }} />
        {/* Starts the entry module and the page's chunks after the first paint (./boot.ts). */}
        <script data-entry={assets.entry} data-preload={assets.preload.join(' ')} dangerouslySetInnerHTML={{ __html: BOOT_SOURCE }} />
      </body>
    </html>
  );
}
