import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { createBrowserRouter, loadPage } from './router/router';
import { readPayload } from './router/types';

/** Reads the page data the worker embedded once and hydrates the same tree from it. */
async function main() {
  const script = document.getElementById('__PAYLOAD__');
  const root = document.getElementById('app');
  if (!script || !root) return;
  const payload = readPayload(JSON.parse(script.textContent ?? 'null'));
  const Page = payload.route === 'error' ? null : await loadPage(payload.route);
  const router = createBrowserRouter({
    payload,
    Page,
    url: location.pathname + location.search,
    pending: false,
    failed: false,
    navigationId: 0,
  });
  history.replaceState({ ...(history.state ?? {}), scroll: scrollY }, '');
  // As a transition, hydration yields to the browser every few milliseconds instead of one long
  // task (a tap during it is handled first); the server's HTML stays on screen meanwhile.
  startTransition(() => {
    hydrateRoot(root, <App router={router} />);
  });
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error) => console.warn('SW registration failed', error));
  }
}

void main();
