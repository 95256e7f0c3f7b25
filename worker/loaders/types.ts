import type { Head } from '../../client/router/types';
import type { PageContext } from '../pages/middleware';

export interface LoaderResult<D> {
  data: D;
  head: Head;
  status?: number;
}

/** A loader: validate params → data, or null when the page does not exist (→ redirect hook → 404). */
export type Loader<D> = (ctx: PageContext) => Promise<LoaderResult<D> | null>;

/** Absolute URL on the main host, for canonical links and structured data. */
export function absoluteUrl(ctx: PageContext, path: string): string {
  return `${ctx.url.protocol}//${ctx.c.env.MAIN_HOST}${path}`;
}
