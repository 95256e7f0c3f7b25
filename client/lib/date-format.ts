/**
 * An `Intl.DateTimeFormat` made on its first `format`, not when its module is evaluated.
 *
 * A page's first `Intl` formatter for a locale loads the browser's data for it: 140–220 ms of
 * main thread at Lighthouse's 4× slowdown. Made at the top of a module, that cost landed wherever
 * the module was evaluated: the reviews' code loading after a shopper's first tap on a product
 * page, or another page's code prefetched while the shopper is still on this one (issue 42;
 * docs/performance.md, "A phone's main thread"). Made on first use, only a page that shows such a
 * date pays for it, when it shows it.
 */
export function lazyDateFormat(locale: string, options: Intl.DateTimeFormatOptions): { format(date: Date): string } {
  let made: Intl.DateTimeFormat | null = null;
  return {
    format: (date) => (made ??= new Intl.DateTimeFormat(locale, options)).format(date),
  };
}
