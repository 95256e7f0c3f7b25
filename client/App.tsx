import { useEffect } from 'react';
import { PromotionFlags } from '../features/cart/PromotionFlags';
import { Sidebars } from '../features/cart/Sidebars';
import { ErrorScreen } from './components/shell/ErrorScreen';
import { LoadingBar } from './components/shell/LoadingBar';
import { LoginModalMount } from '../features/account/LoginModalMount';
import { Notifications } from './components/shell/Notifications';
import { ShellModals } from './components/shell/ShellModals';
import { AccountLayout } from './layouts/AccountLayout';
import { BlankLayout } from './layouts/BlankLayout';
import { DefaultLayout } from './layouts/DefaultLayout';
import { wakeSliceAt } from './lib/chunks/hydration-slices';
import { pageOf, startViewportPrefetch } from './router/viewport-prefetch';
import { RouterContext, useRouterState } from './router/context';
import type { Router } from './router/types';
import type { ErrorData } from './router/types';
import { StoresProvider, useStores } from './stores/StoresProvider';

const layouts = { default: DefaultLayout, account: AccountLayout, blank: BlankLayout };

/** The whole app below `<div id="app">`: the same tree on the server and in the browser. */
/**
 * `<html data-hydrated="true">` once the first render has committed and the effects before it
 * (listeners, stores) have run; then the button a shopper tapped before hydration, if any, is
 * clicked again (worker/render/boot.ts).
 * End-to-end tests wait for it; CSS may use it; a StaticPart mounted before it keeps the server's HTML.
 */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    // A button tapped before its handler was attached (worker/render/boot.ts kept it): tapped again.
    const early = document as Document & { __tap?: HTMLButtonElement };
    const tapped = early.__tap;
    delete early.__tap;
    if (!tapped?.isConnected || tapped.disabled) return;
    // In a product card that still sleeps (scrolled away before the page hydrated, decision 126)
    // the button has no handler yet: the card is woken, and the tap given once it has hydrated.
    if (!wakeSliceAt(tapped)) {
      tapped.click();
      return;
    }
    setTimeout(() => {
      if (tapped.isConnected && !tapped.disabled) tapped.click();
    });
  }, []);
  return null;
}

export function App({ router }: { router: Router }) {
  return (
    <RouterContext.Provider value={router}>
      <StoresProvider>
        <ShellModals />
        <Shell />
        <Sidebars />
        <LoginModalMount />
        <Notifications />
        <PromotionFlags />
        <ClosePanelsOnNavigation />
        <LinkInterceptor router={router} />
        <HydratedMark />
      </StoresProvider>
    </RouterContext.Provider>
  );
}

function Shell() {
  const { payload, Page, url } = useRouterState();
  const Layout = layouts[payload.layout];
  const search = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  return (
    <>
      <LoadingBar />
      <Layout>
        {Page && payload.route !== 'error' ? (
          <Page data={payload.data} params={payload.params} search={search} />
        ) : (
          <ErrorScreen status={(payload.data as ErrorData | null)?.status ?? payload.status} retryHref={url} />
        )}
      </Layout>
    </>
  );
}

/** Spec §2: the mobile menu, the wishlist and the filters close when the route changes. */
function ClosePanelsOnNavigation() {
  const { navigationId } = useRouterState();
  const { panels } = useStores();
  // Read at navigation time (not subscribed): opening a panel must not close it.
  useEffect(() => {
    const { open, close } = panels.getState();
    if (navigationId > 0 && (open === 'menu' || open === 'wishlist' || open === 'filters')) close();
  }, [navigationId, panels]);
  return null;
}

/**
 * Turns clicks on same-origin links to known routes into client navigation,
 * and prefetches on hover/focus (data) and when links enter the viewport (code).
 * Plain `<a href>` everywhere, so every link also works without JavaScript.
 */
/** The checkout's payment step (worker/pages/route-table.ts), where the order must stay in ArrangingPayment. */
const PAYMENT_ROUTE = 'checkout-payment';

function LinkInterceptor({ router }: { router: Router }) {
  useEffect(() => {
    const anchorOf = (target: EventTarget | null) =>
      target instanceof Element ? (target.closest('a[href]') as HTMLAnchorElement | null) : null;
    const routable = (a: HTMLAnchorElement) => pageOf(a) !== null;
    const onClick = (event: MouseEvent) => {
      // In the bubble phase, after the link's own handlers (Preact attaches them to the elements
      // themselves, so a click on a part it never hydrated, a StaticPart or the footer, bubbles too).
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const a = anchorOf(event.target);
      if (!a || !routable(a)) return;
      const url = new URL(a.href);
      if (url.pathname === location.pathname && url.search === location.search && url.hash) return;
      event.preventDefault();
      void router.navigate(a.href);
    };
    const onIntent = (event: Event) => {
      const a = anchorOf(event.target);
      if (!a || !routable(a)) return;
      // On the payment step a page's data is not fetched ahead: any other page's request moves
      // the order back to AddingItems (the order-state guard), under the shopper paying. Its code may load.
      router.prefetch(a.href, router.getState().payload.route === PAYMENT_ROUTE ? 'code' : 'data');
    };
    const onPop = () => void router.navigate(location.href, { pop: true });
    // Page code for the links in view, from the shopper's first interaction on, not at load: on a
    // phone the first load carries only what the first paint needs (decisions 029 and 128).
    const viewport = startViewportPrefetch(
      (href) => router.prefetch(href, 'code'),
      () => router.getState().payload.page,
    );
    const unsubscribe = router.subscribe(() => viewport.scan());
    document.addEventListener('click', onClick);
    document.addEventListener('mouseover', onIntent, { passive: true });
    document.addEventListener('focusin', onIntent);
    window.addEventListener('popstate', onPop);
    return () => {
      unsubscribe();
      viewport.stop();
      document.removeEventListener('click', onClick);
      document.removeEventListener('mouseover', onIntent);
      document.removeEventListener('focusin', onIntent);
      window.removeEventListener('popstate', onPop);
    };
  }, [router]);
  return null;
}
