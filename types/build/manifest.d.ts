/**
 * `dist/manifest.json`, written by `npm run build` (scripts/build.ts): the entry chunk, the
 * stylesheets and each page's chunks. Imported as `#build/manifest` (package.json "imports"),
 * so the type check needs no build; bundlers read the real file.
 */
declare const manifest: {
  /** `/assets/entry-XXXXXXXX.js` */
  entry: string;
  /** The chunks the entry imports (react-dom, the app) with theirs: preloaded with it. */
  entryPreload: string[];
  css: string[];
  /** Page name (client/routes.ts) → its chunks, in load order. */
  pages: Record<string, string[]>;
};
export default manifest;
