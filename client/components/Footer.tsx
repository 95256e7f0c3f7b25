import { type ComponentType, createContext, lazy, Suspense, useContext, useEffect } from 'react';
import { useStores } from '../stores/StoresProvider';

/**
 * The footer is an island: the worker renders it in place (it provides the component through
 * this context, worker/render/render.tsx), and the browser downloads its code and hydrates it
 * only when it comes near the viewport. Until then its links work as plain links (client
 * navigation is a document-level listener) and its sections open natively (<details>); its
 * buttons (newsletter, language, cookie settings) carry `data-panel` and are opened by the
 * listener below, so they work before the island's code has arrived.
 */
export const ServerFooter = createContext<ComponentType | null>(null);

/** Resolves when the server-rendered footer is within 600 px of the viewport (at once where that cannot be watched). */
function whenNear(): Promise<void> {
  return new Promise((resolve) => {
    const footer = typeof document === 'undefined' ? null : document.querySelector('footer.footer');
    if (!footer || !('IntersectionObserver' in window)) return resolve();
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(footer);
  });
}

const LazyFooter = lazy<ComponentType>(() =>
  whenNear()
    .then(() => import('./shell/extras'))
    .then((m) => ({ default: m.FooterContent }))
    .catch((error) => {
      console.error('Footer code could not be loaded', error);
      // The server's footer stays as it is (links work without its code).
      return { default: () => null };
    }),
);

/** Panels the footer's buttons may open. */
const FOOTER_PANELS = new Set(['newsletter', 'language', 'cookies'] as const);
type FooterPanel = typeof FOOTER_PANELS extends Set<infer P> ? P : never;

export function Footer() {
  const Server = useContext(ServerFooter);
  const { panels } = useStores();
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
  return <Suspense fallback={null}>{Server ? <Server /> : <LazyFooter />}</Suspense>;
}
