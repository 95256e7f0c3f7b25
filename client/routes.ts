import { compilePattern } from './router/match';
import type { PageModule } from './router/types';

/** Layouts of spec §2 "Layouts and shell". */
export type LayoutName = 'default' | 'account' | 'blank';

/** Named route middleware (spec §2); `language` runs on every page. */
export type MiddlewareName = 'checkout' | 'is-authenticated' | 'seo' | 'status' | 'language';

/**
 * Page modules, loaded lazily in the browser (one chunk per page) and bundled
 * into the worker for server rendering. The key is the page name that the
 * worker's loaders are registered under; it is also the file name under
 * `client/pages/`, which is how the build maps a page to its chunk.
 */
export const pageModules = {
  HomePage: () => import('./pages/HomePage'),
  StaticPage: () => import('./pages/StaticPage'),
  CategoryPage: () => import('./pages/CategoryPage'),
  CollectionsPage: () => import('./pages/CollectionsPage'),
  CollectionPage: () => import('./pages/CollectionPage'),
  ProductPage: () => import('./pages/ProductPage'),
} satisfies Record<string, () => Promise<PageModule<any>>>;

export type PageName = keyof typeof pageModules;

export interface RouteDef {
  /** Unique id, stable across server and client. */
  id: string;
  path: string;
  page: PageName;
  layout: LayoutName;
  middleware: MiddlewareName[];
  /** Fixed arguments for the loader (e.g. which static page a legacy alias shows). */
  meta?: Readonly<Record<string, string>>;
}

const STATIC_MW: MiddlewareName[] = ['checkout', 'language', 'seo'];

/**
 * Capitalised legacy static routes of spec §2, mapped onto the content of the
 * live page they duplicate (rendered with a canonical link to it).
 */
const LEGACY_STATIC: Array<[path: string, content: string]> = [
  ['/Pielegnacja', 'o-produkcie/pielegnacja'],
  ['/Tasma', 'page/tasma'],
  ['/Okucia', 'page/okucia'],
  ['/Personalizacja', 'o-produkcie/personalizacja'],
  ['/Karabinczyki', 'page/karabinczyki'],
  ['/Metka', 'page/metka'],
  ['/ONas', 'pomoc/o-nas'],
  ['/PolitykaCookies', 'page/polityka-cookies'],
  ['/PolitykaPrywatnosci', 'pomoc/polityka-prywatnosci'],
  ['/Regulamin', 'pomoc/regulamin'],
  ['/CzasRealizacji', 'obsluga-klienta/czas-realizacji'],
  ['/FAQ', 'obsluga-klienta/faq'],
  ['/Platnosci', 'obsluga-klienta/platnosci'],
  ['/Promocje', 'obsluga-klienta/promocje'],
  ['/Reklamacje', 'obsluga-klienta/reklamacje'],
  ['/Wspolpraca', 'obsluga-klienta/wspolpraca'],
  ['/Wymiana', 'obsluga-klienta/wymiana'],
  ['/Zwrot', 'obsluga-klienta/zwrot'],
];

/**
 * The route table (spec §2). A route whose page is not built yet stays out of
 * it, so it answers 404 (or a legacy redirect) instead of a placeholder.
 */
export const routes: readonly RouteDef[] = [
  { id: 'home', path: '/', page: 'HomePage', layout: 'default', middleware: STATIC_MW },
  { id: 'category', path: '/c/:s1/:s2?/:s3?/:s4?/:s5?', page: 'CategoryPage', layout: 'default', middleware: STATIC_MW },
  { id: 'collections', path: '/kolekcje', page: 'CollectionsPage', layout: 'default', middleware: STATIC_MW },
  { id: 'collection', path: '/kolekcje/:id/:slug?', page: 'CollectionPage', layout: 'default', middleware: STATIC_MW },
  { id: 'product', path: '/p/:id/:slug?', page: 'ProductPage', layout: 'default', middleware: ['checkout', 'language', 'seo'] },
  { id: 'kontakt', path: '/kontakt', page: 'StaticPage', layout: 'default', middleware: STATIC_MW, meta: { section: 'kontakt' } },
  { id: 'o-produkcie', path: '/o-produkcie/:pageName?', page: 'StaticPage', layout: 'default', middleware: STATIC_MW, meta: { section: 'o-produkcie' } },
  { id: 'obsluga-klienta', path: '/obsluga-klienta/:pageName?', page: 'StaticPage', layout: 'default', middleware: STATIC_MW, meta: { section: 'obsluga-klienta' } },
  { id: 'pomoc', path: '/pomoc/:pageName?', page: 'StaticPage', layout: 'default', middleware: STATIC_MW, meta: { section: 'pomoc' } },
  { id: 'page', path: '/page/:pageName?', page: 'StaticPage', layout: 'default', middleware: STATIC_MW, meta: { section: 'page' } },
  ...LEGACY_STATIC.map(([path, content]): RouteDef => ({
    id: `legacy:${path}`,
    path,
    page: 'StaticPage',
    layout: 'default',
    middleware: STATIC_MW,
    meta: { content },
  })),
];

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

/** Resolves a pathname (already canonical: no trailing slash) to its route. */
export function matchRoute(pathname: string): RouteMatch | null {
  for (const route of routes) {
    const params = compilePattern(route.path).match(pathname);
    if (params) return { route, params };
  }
  return null;
}

export function routeById(id: string): RouteDef | undefined {
  return routes.find((r) => r.id === id);
}
