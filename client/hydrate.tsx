import type { hydrateRoot as HydrateRoot } from './react-dom-client';
import { App } from './App';
import { createBrowserRouter, loadPage } from './router/router';
import type { PagePayload } from './router/types';

/** Loads the page's code (its own task), then hydrates `root` from the embedded payload. */
export async function hydrate(
  root: HTMLElement,
  payload: PagePayload,
  hydrateRoot: typeof HydrateRoot,
  nextTask: () => Promise<void>,
): Promise<void> {
  const Page = payload.route === 'error' ? null : await loadPage(payload.page, payload.data);
  await nextTask();
  const router = createBrowserRouter({
    payload,
    Page,
    url: location.pathname + location.search,
    pending: false,
    failed: false,
    navigationId: 0,
  });
  history.replaceState({ ...(history.state ?? {}), scroll: scrollY }, '');
  // One task (Preact hydrates synchronously; React would as a transition, yielding): the static
  // parts and the deferred islands are not walked (decision 122), the effects run after the paint.
  hydrateRoot(root, <App router={router} />);
}
