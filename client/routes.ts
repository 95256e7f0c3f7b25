import { compilePattern } from './router/match';

/**
 * The route table: the one place for every fact about a route (DESIGN.md "The route table is
 * the map"). The worker and the browser both read it; the worker pairs each page with its
 * loader in `worker/loaders/index.ts`, whose type is derived from `pageModules`
 * (client/page-modules.ts), so a
 * page without a loader, or with a loader of another page's data, fails the type check.
 */

/** Layouts of spec §2 "Layouts and shell". */
export type LayoutName = 'default' | 'account' | 'blank';

/**
 * Route guards, by their spec §2 middleware names, run by the worker before the loader
 * (`worker/pages/guards.ts`): `language` sets the first visit's cookies, `seo` the robots
 * header, `status` marks a personal page, `checkout` syncs the order state, `is-authenticated`
 * sends visitors without a customer session home.
 */
export type GuardName = 'checkout' | 'is-authenticated' | 'seo' | 'status' | 'language';
export const GUARD_NAMES: readonly GuardName[] = ['checkout', 'is-authenticated', 'seo', 'status', 'language'];

/**
 * The pages, by the file name of their module under `client/pages/` (which is how the build maps
 * a page to its chunk). Their modules are loaded by `client/page-modules.ts`, which must
 * list exactly these (type-checked; its test checks the table's pages at run time), so the
 * table itself imports no page and the browser's shared chunk carries no list of names.
 */
export type PageName =
  | 'HomePage'
  | 'StaticPage'
  | 'CategoryPage'
  | 'CollectionsPage'
  | 'CollectionPage'
  | 'ProductPage'
  | 'NewsletterConfirmPage'
  | 'CheckoutCustomerPage'
  | 'CheckoutShippingPage'
  | 'CheckoutBillingPage'
  | 'CheckoutPaymentPage'
  | 'CheckoutThankYouPage'
  | 'CheckoutPaymentCheckPage'
  | 'CheckoutPaymentCancelPage'
  | 'ProFitStudioPage'
  | 'ConfiguratorPage'
  | 'AccountPage'
  | 'VerifyPage'
  | 'PasswordResetPage'
  | 'WithdrawalPage'
  | 'OrderStatusPage';

export interface RouteDef {
  /** Unique id, stable across server and client; the payload names the page by it. */
  id: string;
  /** The canonical path pattern (`:name`, `:name?` at the end). */
  path: string;
  /** Other patterns answering the same page (spec §2 capitalised duplicates); the page links the canonical one. */
  aliases?: readonly string[];
  page: PageName;
  layout: LayoutName;
  /** Run in order before the loader; a guard may answer instead (a redirect home). */
  guards: readonly GuardName[];
  /**
   * `edge`: the same for everybody, kept in the edge cache (worker/cache/page-cache.ts);
   * `none`: rendered per request (personal, or not decided yet).
   */
  cache: 'edge' | 'none';
  /**
   * Whether a path this route matches may still be a legacy URL: true for catalogue routes,
   * whose loader alone knows whether the category or product exists (a miss then asks the
   * redirect table); false when the route answers every path it matches itself, so the
   * redirect lookup never spends a KV read on it and the table may not contain it.
   */
  legacyOnMiss: boolean;
  /** Fixed arguments for the loader (e.g. which static page a legacy alias shows). */
  meta?: Readonly<Record<string, string>>;
}

/**
 * Checks every entry of a route table and returns it. An entry missing a fact, naming an
 * unknown guard, or caching a personal page at the edge is refused when the worker starts
 * (worker/app.ts) and in the route-table test, never silently served wrong. The browser runs the
 * table the worker has checked, so this code stays out of its bundle (nothing there calls it).
 */
export function checkRoutes(entries: readonly RouteDef[]): readonly RouteDef[] {
  const ids = new Set<string>();
  for (const entry of entries as ReadonlyArray<Partial<RouteDef>>) {
    const name = entry.id ?? entry.path ?? JSON.stringify(entry);
    const fail = (fact: string) => {
      throw new Error(`Route ${name}: ${fact}`);
    };
    if (typeof entry.id !== 'string' || !entry.id) fail('needs an id');
    if (ids.has(entry.id!)) fail('duplicate id');
    ids.add(entry.id!);
    for (const path of [entry.path, ...(entry.aliases ?? [])]) {
      if (typeof path !== 'string' || !path.startsWith('/')) fail('needs a path starting with "/"');
    }
    if (typeof entry.page !== 'string' || !entry.page) fail('needs a page');
    if (entry.layout !== 'default' && entry.layout !== 'account' && entry.layout !== 'blank') fail('needs a layout');
    if (!Array.isArray(entry.guards)) fail('needs its guards (an empty list when none)');
    for (const guard of entry.guards!) if (!GUARD_NAMES.includes(guard)) fail(`unknown guard "${guard}"`);
    if (entry.cache !== 'edge' && entry.cache !== 'none') fail('needs cache: "edge" or "none"');
    if (typeof entry.legacyOnMiss !== 'boolean') fail('needs legacyOnMiss: true or false');
    if (entry.cache === 'edge' && entry.guards!.some((g) => g === 'is-authenticated' || g === 'status'))
      fail('a personal page cannot be cached at the edge');
  }
  return entries;
}

/** Guards of the pages that are the same for everybody. */
const CATALOGUE_GUARDS: readonly GuardName[] = ['checkout', 'language', 'seo'];

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

/** A static content page: same for everybody, answers its own paths. */
const staticRoute = (id: string, path: string, meta: Record<string, string>): RouteDef => ({
  id,
  path,
  page: 'StaticPage',
  layout: 'default',
  guards: CATALOGUE_GUARDS,
  cache: 'edge',
  legacyOnMiss: false,
  meta,
});

/** Guards of the checkout and payment return pages: order-state sync, no-store + noindex, cookies. */
const CHECKOUT_GUARDS: readonly GuardName[] = ['checkout', 'status', 'language'];

/** A checkout page (spec §2): personal, never cached, answering its capitalised duplicate too. */
const checkoutRoute = (
  id: string,
  path: string,
  alias: string,
  page: PageName,
  layout: LayoutName,
  meta?: Record<string, string>,
): RouteDef => ({
  id,
  path,
  aliases: [alias],
  page,
  layout,
  guards: CHECKOUT_GUARDS,
  cache: 'none',
  legacyOnMiss: false,
  ...(meta ? { meta } : {}),
});

/**
 * Checkout steps, thank-you and the payment return pages (spec §2, issue 11). `/checkout` goes to
 * the first step not done. The steps use the blank layout: their slim frame (CheckoutShell) loads
 * with their own chunks instead of adding to every page's entry.
 */
const CHECKOUT_ROUTES: RouteDef[] = [
  // Its loader always redirects (to the first step not done, or home); the page is never shown.
  {
    id: 'checkout',
    path: '/checkout',
    page: 'CheckoutCustomerPage',
    layout: 'blank',
    guards: CHECKOUT_GUARDS,
    cache: 'none',
    legacyOnMiss: false,
    meta: { step: 'start' },
  },
  checkoutRoute('checkout-customer', '/checkout/customer', '/Checkout/Customer', 'CheckoutCustomerPage', 'blank', { step: 'customer' }),
  checkoutRoute('checkout-shipping', '/checkout/shipping', '/Checkout/Shipping', 'CheckoutShippingPage', 'blank', { step: 'shipping' }),
  checkoutRoute('checkout-billing', '/checkout/billing', '/Checkout/Billing', 'CheckoutBillingPage', 'blank', { step: 'billing' }),
  checkoutRoute('checkout-payment', '/checkout/payment', '/Checkout/Payment', 'CheckoutPaymentPage', 'blank', { step: 'payment' }),
  checkoutRoute('checkout-thank-you', '/checkout/thank-you', '/Checkout/ThankYou', 'CheckoutThankYouPage', 'default'),
  checkoutRoute('payment-check', '/payment-check', '/Checkout/PaymentCheck', 'CheckoutPaymentCheckPage', 'blank'),
  checkoutRoute('payment-cancel', '/payment-cancel', '/Checkout/PaymentCancel', 'CheckoutPaymentCancelPage', 'blank'),
];

/**
 * The route table (spec §2). A route whose page is not built yet stays out of
 * it, so it answers 404 (or a legacy redirect) instead of a placeholder.
 */
export const routes: readonly RouteDef[] = [
  { id: 'home', path: '/', page: 'HomePage', layout: 'default', guards: CATALOGUE_GUARDS, cache: 'edge', legacyOnMiss: false },
  {
    id: 'category',
    path: '/c/:s1/:s2?/:s3?/:s4?/:s5?',
    page: 'CategoryPage',
    layout: 'default',
    guards: CATALOGUE_GUARDS,
    cache: 'edge',
    legacyOnMiss: true,
  },
  {
    id: 'collections',
    path: '/kolekcje',
    page: 'CollectionsPage',
    layout: 'default',
    guards: CATALOGUE_GUARDS,
    cache: 'edge',
    legacyOnMiss: true,
  },
  {
    id: 'collection',
    path: '/kolekcje/:id/:slug?',
    page: 'CollectionPage',
    layout: 'default',
    guards: CATALOGUE_GUARDS,
    cache: 'edge',
    legacyOnMiss: true,
  },
  {
    id: 'product',
    path: '/p/:id/:slug?',
    page: 'ProductPage',
    layout: 'default',
    guards: CATALOGUE_GUARDS,
    cache: 'edge',
    legacyOnMiss: true,
  },
  {
    id: 'pro-fit-studio',
    path: '/pro-fit-studio',
    page: 'ProFitStudioPage',
    layout: 'default',
    guards: CATALOGUE_GUARDS,
    cache: 'edge',
    legacyOnMiss: false,
  },
  {
    id: 'pro-fit-studio-guard',
    path: '/pro-fit-studio/guard',
    page: 'ConfiguratorPage',
    layout: 'default',
    guards: CATALOGUE_GUARDS,
    cache: 'edge',
    legacyOnMiss: false,
    meta: { type: 'guard' },
  },
  {
    id: 'pro-fit-studio-bezuciski',
    path: '/pro-fit-studio/bezuciski',
    page: 'ConfiguratorPage',
    layout: 'default',
    guards: CATALOGUE_GUARDS,
    cache: 'edge',
    legacyOnMiss: false,
    meta: { type: 'bezuciski' },
  },
  staticRoute('kontakt', '/kontakt', { section: 'kontakt' }),
  staticRoute('o-produkcie', '/o-produkcie/:pageName?', { section: 'o-produkcie' }),
  staticRoute('obsluga-klienta', '/obsluga-klienta/:pageName?', { section: 'obsluga-klienta' }),
  staticRoute('pomoc', '/pomoc/:pageName?', { section: 'pomoc' }),
  staticRoute('page', '/page/:pageName?', { section: 'page' }),
  {
    id: 'newsletter-confirm',
    path: '/newsletter/potwierdz',
    page: 'NewsletterConfirmPage',
    layout: 'default',
    guards: ['checkout', 'language', 'status'],
    cache: 'none',
    legacyOnMiss: false,
  },
  ...LEGACY_STATIC.map(([path, content]) => staticRoute(`legacy:${path}`, path, { content })),
  ...CHECKOUT_ROUTES,
  // Account area (spec §2): `/MyAccount/MyProfile` etc. answer the same pages (client/lib/account/account-pages.ts).
  {
    id: 'account',
    path: '/my-account/:pageName?',
    aliases: ['/MyAccount/:pageName'],
    page: 'AccountPage',
    layout: 'account',
    guards: ['checkout', 'is-authenticated', 'status', 'language'],
    cache: 'none',
    legacyOnMiss: false,
  },
  {
    id: 'verify',
    path: '/verify',
    page: 'VerifyPage',
    layout: 'default',
    guards: ['checkout', 'status', 'language'],
    cache: 'none',
    legacyOnMiss: false,
  },
  {
    id: 'password-reset',
    path: '/password-reset',
    page: 'PasswordResetPage',
    layout: 'default',
    guards: ['checkout', 'status', 'language'],
    cache: 'none',
    legacyOnMiss: false,
  },
  {
    // the withdrawal function (issue 24): personal answers, never cached
    id: 'withdrawal',
    path: '/odstapienie-od-umowy',
    page: 'WithdrawalPage',
    layout: 'default',
    guards: ['checkout', 'status', 'language'],
    cache: 'none',
    legacyOnMiss: false,
  },
  {
    // a guest's order: status, shipments, lines (issue 28; decision 102); personal answers, never cached
    id: 'order-status',
    path: '/status-zamowienia',
    page: 'OrderStatusPage',
    layout: 'default',
    guards: ['checkout', 'status', 'language'],
    cache: 'none',
    legacyOnMiss: false,
  },
];

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

/** Resolves a pathname (already canonical: no trailing slash) to its route: its path or one of its aliases. */
export function matchRoute(pathname: string, table: readonly RouteDef[] = routes): RouteMatch | null {
  for (const route of table) {
    for (const pattern of [route.path, ...(route.aliases ?? [])]) {
      const params = compilePattern(pattern).match(pathname);
      if (params) return { route, params };
    }
  }
  return null;
}

export function routeById(id: string): RouteDef | undefined {
  return routes.find((r) => r.id === id);
}

/**
 * First path segments of the routes whose misses may be legacy URLs (`c`, `p`, `kolekcje`),
 * derived from `legacyOnMiss`: the redirect lookup asks KV for paths under them even when a
 * route matches, and never for another live route's path.
 */
export const LEGACY_ON_MISS_SEGMENTS: readonly string[] = [
  ...new Set(routes.filter((r) => r.legacyOnMiss).map((r) => (r.path.split('/')[1] ?? '').toLowerCase())),
];

/** Whether `pathname` lies under a route whose loader alone knows if its page exists (see above). */
export function isCataloguePath(pathname: string): boolean {
  const segment = pathname.split('/')[1] ?? '';
  return LEGACY_ON_MISS_SEGMENTS.includes(segment.toLowerCase());
}
