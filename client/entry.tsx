import { hydrate } from './hydrate';
import { preactAsReact } from './lib/runtime';
import { readPayload } from './router/types';

/** Lets the browser run other work (input, paint) before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Reads the page data the worker embedded once and hydrates the same tree from it. The code
 * comes in three module graphs, each evaluated in its own task: this entry (the app: shell,
 * router, stores, and the browser's runtime, Preact behind React's API, decision 122), then the
 * hydrating root (`client/react-dom-client.ts`, React's `react-dom/client` name for Preact's), then
 * the page. The root's chunk is preloaded with the entry (the boot script, dist/manifest.json
 * `entryPreload`), the page's with the page.
 */
async function main() {
  const script = document.getElementById('__PAYLOAD__');
  const root = document.getElementById('app');
  if (!script || !root) return;
  const payload = readPayload(JSON.parse(script.textContent ?? 'null'));
  preactAsReact();
  await nextTask();
  const { hydrateRoot } = await import('./react-dom-client');
  await nextTask();
  await hydrate(root, payload, hydrateRoot, nextTask);
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error) => console.warn('SW registration failed', error));
  }
}

void main();
