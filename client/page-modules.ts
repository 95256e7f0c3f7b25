import type { ComponentType } from 'react';
import type { PageName } from './routes';
import type { PageComponent, PageProps } from './router/types';

/**
 * Page modules, loaded lazily in the browser (one chunk per page) and bundled into the
 * worker for server rendering. The key is also the file name under `client/pages/`, which is
 * how the build maps a page to its chunk (the build fails when one has no chunk).
 */
export const pageModules = {
  HomePage: () => import('./pages/HomePage'),
  StaticPage: () => import('./pages/StaticPage'),
  CategoryPage: () => import('./pages/CategoryPage'),
  CollectionsPage: () => import('./pages/CollectionsPage'),
  CollectionPage: () => import('./pages/CollectionPage'),
  ProductPage: () => import('./pages/ProductPage'),
  NewsletterConfirmPage: () => import('./pages/NewsletterConfirmPage'),
  CheckoutCustomerPage: () => import('./pages/CheckoutCustomerPage'),
  CheckoutShippingPage: () => import('./pages/CheckoutShippingPage'),
  CheckoutBillingPage: () => import('./pages/CheckoutBillingPage'),
  CheckoutPaymentPage: () => import('./pages/CheckoutPaymentPage'),
  CheckoutThankYouPage: () => import('./pages/CheckoutThankYouPage'),
  CheckoutPaymentCheckPage: () => import('./pages/CheckoutPaymentCheckPage'),
  CheckoutPaymentCancelPage: () => import('./pages/CheckoutPaymentCancelPage'),
  ProFitStudioPage: () => import('./pages/ProFitStudioPage'),
  ConfiguratorPage: () => import('./pages/ConfiguratorPage'),
  AccountPage: () => import('./pages/AccountPage'),
  VerifyPage: () => import('./pages/VerifyPage'),
  PasswordResetPage: () => import('./pages/PasswordResetPage'),
  WithdrawalPage: () => import('./pages/WithdrawalPage'),
  OrderStatusPage: () => import('./pages/OrderStatusPage'),
} satisfies Record<PageName, () => Promise<{ default: ComponentType<never> }>>;

/** The data a page renders: the `data` prop of its component, so the loader must return exactly that. */
export type PageData<P extends PageName> =
  Awaited<ReturnType<(typeof pageModules)[P]>>['default'] extends ComponentType<PageProps<infer D>> ? D : never;

/**
 * A page whose data arrived as JSON (the embedded payload or a client navigation). The route
 * id in the payload names the page, and the worker produced that data with the loader the
 * compiler paired with it, so the browser renders it without a second check.
 */
export type LoadedPage = PageComponent;

/**
 * The page component of `page`, for the worker (render) and the browser (hydration, navigation,
 * prefetch). In the browser `data` is the page's data about to be rendered: a page module may
 * export `prepare(data)`, a promise of what it must have before it renders that data (the chunk
 * of a part it shows from its own chunk: client/lib/chunks/deferred-island.ts); it is waited for
 * here, so the page renders, and hydrates, whole.
 */
export async function loadPageComponent(page: PageName, data?: unknown): Promise<LoadedPage> {
  if (!Object.hasOwn(pageModules, page)) throw new Error(`Unknown page "${page}"`);
  const mod: { default: unknown; prepare?: (data: never) => Promise<unknown> } = await pageModules[page]();
  if (data !== undefined) await mod.prepare?.(data as never);
  return mod.default as LoadedPage;
}
