import { type ComponentType, createContext, lazy, Suspense, useContext } from 'react';

/**
 * The footer is an island: the worker renders it in place (it provides the component through
 * this context, worker/render/render.tsx), and the browser downloads its code and hydrates it
 * only when it comes near the viewport. Until then its links work as plain links (client
 * navigation is a document-level listener) and its sections open natively (<details>); a click
 * on one of its buttons is replayed by React once the island has hydrated.
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

export function Footer() {
  const Server = useContext(ServerFooter);
  return <Suspense fallback={null}>{Server ? <Server /> : <LazyFooter />}</Suspense>;
}
