import { hydrate } from './hydrate';
import { readPayload } from './router/types';

/** Lets the browser run other work (input, paint) before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Reads the page data the worker embedded once and hydrates the same tree from it. The code
 * comes in three module graphs, each evaluated in its own task so that none blocks a slow
 * phone's main thread for long: this entry (the app: shell, router, stores), then react-dom
 * (~205 KB before gzip), then the page. react-dom's chunk is preloaded with the entry (the boot
 * script, dist/manifest.json `entryPreload`), the page's with the page.
 */
async function main() {
  const script = document.getElementById('__PAYLOAD__');
  const root = document.getElementById('app');
  if (!script || !root) return;
  const payload = readPayload(JSON.parse(script.textContent ?? 'null'));
  await nextTask();
  const { hydrateRoot } = await import('./react-dom-client');
  await nextTask();
  await hydrate(root, payload, hydrateRoot, nextTask);
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error) => console.warn('SW registration failed', error));
  }
}

void main();
