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
import { whenIdle } from './lib/chunks/when-idle';
import { matchRoute } from './router/routes';
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

/** What counts as the shopper's first interaction with the page. */
const INTERACTIONS = ['scroll', 'pointerdown', 'keydown', 'touchstart'] as const;

function LinkInterceptor({ router }: { router: Router }) {
  useEffect(() => {
    const anchorOf = (target: EventTarget | null) =>
      target instanceof Element ? (target.closest('a[href]') as HTMLAnchorElement | null) : null;
    const routable = (a: HTMLAnchorElement) => {
      if (a.target && a.target !== '_self') return false;
      if (a.hasAttribute('download') || a.getAttribute('rel')?.includes('external')) return false;
      const url = new URL(a.href, location.href);
      if (url.origin !== location.origin) return false;
      return matchRoute(url.pathname) !== null;
    };
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
    // Viewport prefetch of page code starts with the shopper's first interaction, not at load:
    // on a phone the first load should carry only what the first paint needs (docs/decisions/029-viewport-prefetch-after-the-first-interaction-first-load-js-is-a-test.md).
    let observer: IntersectionObserver | null = null;
    const observeLinks = () => {
      if (observer) for (const a of document.querySelectorAll('a[href^="/"]')) observer.observe(a);
    };
    const startObserving = () => {
      if (observer || !('IntersectionObserver' in window)) return;
      observer = new IntersectionObserver((entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer?.unobserve(entry.target);
          const a = entry.target as HTMLAnchorElement;
          if (routable(a)) router.prefetch(a.href, 'code');
        }
      });
      observeLinks();
    };
    // After the tap that started it has been answered: the observer's set-up and the code it
    // loads (evaluated on the main thread) would otherwise delay that tap's own events (issue 42).
    const startWhenIdle = () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, startWhenIdle);
      whenIdle(startObserving);
    };
    for (const type of INTERACTIONS) window.addEventListener(type, startWhenIdle, { passive: true, once: true });
    const unsubscribe = router.subscribe(observeLinks);
    document.addEventListener('click', onClick);
    document.addEventListener('mouseover', onIntent, { passive: true });
    document.addEventListener('focusin', onIntent);
    window.addEventListener('popstate', onPop);
    return () => {
      unsubscribe();
      for (const type of INTERACTIONS) window.removeEventListener(type, startWhenIdle);
      observer?.disconnect();
      document.removeEventListener('click', onClick);
      document.removeEventListener('mouseover', onIntent);
      document.removeEventListener('focusin', onIntent);
      window.removeEventListener('popstate', onPop);
    };
  }, [router]);
  return null;
}
