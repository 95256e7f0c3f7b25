import type { ContentPage } from '../../worker/loaders/static-page';

/**
 * `dist/static-pages.json`, written by `npm run build` from `content/pages/**.md`: sanitised
 * HTML by `section/slug`. Imported as `#build/static-pages` (package.json "imports").
 */
declare const pages: Record<string, ContentPage>;
export default pages;
