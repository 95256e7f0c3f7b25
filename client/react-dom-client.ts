/**
 * The hydrating root as an ES module of its own, so the entry can load it in its own task. In the
 * browser `react-dom/client` is Preact's (`preact/compat/client`, the alias of
 * scripts/build/client.ts, decision 122); the worker renders with React.
 */
export { hydrateRoot } from 'react-dom/client';
