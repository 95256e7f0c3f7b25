import type { Head } from '../../client/router/types';
import type { PageContext } from '../env';

interface LoaderResult<D> {
  data: D;
  head: Head;
  status?: number;
}

/** The page lives at another URL (e.g. a product asked for under an old or missing slug). */
export interface LoaderRedirect {
  redirect: string;
  status: 301 | 302;
}

/**
 * A loader: validate params → data, a redirect to the page's right URL, or
 * null when the page does not exist (→ redirect hook → 404).
 */
export type Loader<D> = (ctx: PageContext) => Promise<LoaderResult<D> | LoaderRedirect | null>;

/** Absolute URL on the main host, for canonical links and structured data. */
export function absoluteUrl(ctx: PageContext, path: string): string {
  return `${ctx.url.protocol}//${ctx.c.env.MAIN_HOST}${path}`;
}
