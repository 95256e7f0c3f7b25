import { type ComponentType, lazy, memo, type ReactNode, Suspense, useState } from 'react';

/**
 * True in the browser from page load until the page's first hydration has committed (App's
 * HydratedMark sets `<html data-hydrated>`). A StaticPart mounted meanwhile is one the server
 * rendered; one mounted later (a client navigation) renders its children itself. HydrationSlice
 * asks the same.
 */
export const firstHydration = () =>
  typeof document !== 'undefined' && !!document.getElementById('__PAYLOAD__') && document.documentElement.dataset.hydrated !== 'true';

/** A component that never loads: hydrating, the runtime keeps the suspended part's server HTML as it is. */
const NeverLoads = lazy<ComponentType>(() => new Promise(() => {}));

/**
 * Memoised and without props, so no re-render of the page reaches the suspended part (with React,
 * new props there would give up the server's HTML and render the fallback in its place; the
 * component tests hydrate with React). Context changes would too: only the stable router and
 * stores contexts sit above a StaticPart.
 */
const KeptServerHtml = memo(function KeptServerHtml() {
  return (
    <Suspense fallback={null}>
      <NeverLoads />
    </Suspense>
  );
});

/**
 * A part of a page no shopper's tap changes (texts, breadcrumbs, descriptions): the server renders
 * it, and the browser's first hydration leaves its HTML as it is — the runtime (Preact, decision
 * 122) neither walks it nor attaches anything to it ([decision 118](docs/decisions/118-static-parts-of-pages-are-never-hydrated-and-the-product-image-is-sized-for-phones.md)). Its links are plain links, routed by the app's
 * document-level listener (client/App.tsx, LinkInterceptor); `<details>` open natively. Nothing
 * inside may need the runtime: no handlers, state or effects.
 *
 * `version` names the content (a product's id, a list's links): while it is the one the server
 * rendered, the server's HTML stays; once it differs (the same page component showing other
 * data after a client navigation), the runtime replaces the part with its children rendered in the
 * browser. Rendered on a client navigation, it renders its children at once.
 */
export function StaticPart({ version, children }: { version: string; children: ReactNode }) {
  const [serverVersion] = useState(() => (firstHydration() ? version : null));
  if (serverVersion === version) return <KeptServerHtml />;
  // One element around the part (`display: contents`, no box of its own): the browser's runtime
  // (Preact, decision 122) keeps the first element of a part that suspends while hydrating.
  return (
    <Suspense fallback={null}>
      <div className="static-part">{children}</div>
    </Suspense>
  );
}
