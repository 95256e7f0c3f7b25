/** react-dom's client as an ES module of its own, so the entry can load it in its own task (CommonJS interop happens here). */
export { hydrateRoot } from 'react-dom/client';
