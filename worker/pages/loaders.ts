import type { PageData, PageName } from '../../client/page-modules';
import { loaders } from '../../generated/loaders.server';
import type { PageContext } from '../env';
import type { Loader } from './loader';

/**
 * Runs the loader of `page` (the generated table of features' loaders, generated/loaders.server.ts,
 * typed by the page): its data, a redirect, or null (not found).
 */
export function loadPage<P extends PageName>(page: P, ctx: PageContext): ReturnType<Loader<PageData<P>>> {
  const loader: Loader<PageData<P>> = loaders[page];
  return loader(ctx);
}
