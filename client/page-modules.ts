import type { ComponentType } from 'react';
import { pageModules, type PageName } from '../generated/pages';
import type { PageComponent, PageProps } from './router/types';

export { pageModules, type PageName };

/** The data a page renders: the `data` prop of its component, so the loader must return exactly that. */
export type PageData<P extends PageName> =
  Awaited<ReturnType<(typeof pageModules)[P]>>['default'] extends ComponentType<PageProps<infer D>> ? D : never;

/**
 * A page whose data arrived as JSON (the embedded payload or a client navigation). The route
 * id in the payload names the page, and the worker produced that data with the loader the
 * registry paired with it, so the browser renders it without a second check.
 */
export type LoadedPage = PageComponent;

/**
 * The page component of `page`, for the worker (render) and the browser (hydration, navigation,
 * prefetch). Page modules come from the generated registry (generated/pages.ts, one chunk per
 * page). In the browser `data` is the page's data about to be rendered: a page module may
 * export `prepare(data)`, a promise of what it must have before it renders that data (the chunk
 * of a part it shows from its own chunk: client/lib/chunks/deferred-island.ts); it is waited for
 * here, so the page renders, and hydrates, whole.
 */
export async function loadPageComponent(page: string, data?: unknown): Promise<LoadedPage> {
  if (!Object.hasOwn(pageModules, page)) throw new Error(`Unknown page "${page}"`);
  const mod: { default: unknown; prepare?: (data: never) => Promise<unknown> } = await pageModules[page as PageName]();
  if (data !== undefined) await mod.prepare?.(data as never);
  return mod.default as LoadedPage;
}
