import { type ComponentType, createContext, lazy, memo, Suspense, useContext, useEffect, useState } from 'react';
import { useStores } from '../../stores/StoresProvider';

/**
 * The footer is static HTML: the worker renders it in place (it provides the component through
 * this context, worker/render/render.tsx) and the browser never hydrates it — its links work as
 * plain links (client navigation is a document-level listener), its sections open natively
 * (<details>), and its buttons (newsletter, language, cookie settings) carry `data-panel` and are
 * opened by the listener below. Its code is downloaded only when a page must render it itself
 * (a client navigation from a layout without a footer).
 */
export const ServerFooter = createContext<ComponentType | null>(null);

/**
 * True from page load until the first footer has mounted, when the server rendered one: that
 * footer is hydrated with a component that never loads, so React leaves its HTML as it is.
 * A footer mounted later (after a layout without one) loads and renders its code.
 */
let serverFooterOnPage = typeof document !== 'undefined' && !!document.querySelector('footer.footer');
const ServerHtml = lazy<ComponentType>(() => new Promise(() => {}));
const ClientFooter = lazy<ComponentType>(() =>
  import('./FooterContent').catch((error) => {
    console.error('Footer code could not be loaded', error);
    return { default: () => null };
  }),
);

/** Panels the footer's buttons may open. */
const FOOTER_PANELS = new Set(['newsletter', 'language', 'cookies'] as const);
type FooterPanel = typeof FOOTER_PANELS extends Set<infer P> ? P : never;

/** Memoised: a re-render of the layout must not reach the dehydrated footer (React would client-render it). */
export const Footer = memo(function Footer() {
  const Server = useContext(ServerFooter);
  const { panels } = useStores();
  // Read during the first render only: the hydrating footer keeps the server's HTML.
  const [Island] = useState(() => (serverFooterOnPage ? ServerHtml : ClientFooter));
  useEffect(() => {
    serverFooterOnPage = false;
  }, []);
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const button = event.target instanceof Element ? event.target.closest<HTMLElement>('footer [data-panel]') : null;
      const panel = button?.dataset.panel as FooterPanel | undefined;
      if (panel && FOOTER_PANELS.has(panel)) panels.getState().openPanel(panel);
    };
    // Capture phase: React stops a click on a part it has not hydrated yet before it bubbles.
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [panels]);
  return <Suspense fallback={null}>{Server ? <Server /> : <Island />}</Suspense>;
});
