import { CATEGORY_SIMILARITY_THRESHOLD, similarity } from './similarity';

/** Spec §5/§9: a search needs at least 3 characters and waits 300 ms after the last keystroke (Enter: at once). */
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_DEBOUNCE_MS = 300;
/** Products shown in the overlay; 'Zobacz więcej' leads to the full listing. */
export const SEARCH_PRODUCTS_TAKE = 6;

export type SearchState<R> =
  /** Fewer than SEARCH_MIN_LENGTH characters: the overlay asks for a phrase. */
  | { status: 'idle' }
  | { status: 'loading'; term: string; previous: R | null }
  | { status: 'done'; term: string; result: R }
  | { status: 'error'; term: string };

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(id: unknown): void;
}

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

interface SearchController {
  /** The phrase changed (typing): searched after the debounce, if long enough. */
  input(phrase: string): void;
  /** Enter in the header bar: searched at once, if long enough. */
  submit(phrase: string): void;
  /** Forget everything (overlay closed, route changed); answers still on their way are ignored. */
  reset(): void;
}

/**
 * The search overlay's timing rules in one place: minimum length, debounce,
 * immediate search on Enter, and "latest wins": every search gets a number
 * and only the answer to the latest one may change the state, so a slow
 * answer to an older phrase never overwrites a newer one.
 *
 * @example
 * const search = createSearchController({ search: (term) => api(term), onChange: setState });
 * search.input('sze');     // nothing yet (debounced)
 * search.submit('szelki'); // searches now
 */
export function createSearchController<R>(options: {
  search(term: string): Promise<R>;
  onChange(state: SearchState<R>): void;
  timers?: Timers;
  delayMs?: number;
}): SearchController {
  const timers = options.timers ?? realTimers;
  const delay = options.delayMs ?? SEARCH_DEBOUNCE_MS;
  let timer: unknown;
  let latest = 0;
  let shown: R | null = null;

  const cancelTimer = () => {
    if (timer !== undefined) timers.clear(timer);
    timer = undefined;
  };
  const run = (term: string) => {
    const id = ++latest;
    options.onChange({ status: 'loading', term, previous: shown });
    options.search(term).then(
      (result) => {
        if (id !== latest) return;
        shown = result;
        options.onChange({ status: 'done', term, result });
      },
      () => {
        if (id === latest) options.onChange({ status: 'error', term });
      },
    );
  };
  const idle = () => {
    latest++;
    shown = null;
    options.onChange({ status: 'idle' });
  };

  return {
    input(phrase) {
      cancelTimer();
      const term = phrase.trim();
      if (term.length < SEARCH_MIN_LENGTH) return idle();
      timer = timers.set(() => {
        timer = undefined;
        run(term);
      }, delay);
    },
    submit(phrase) {
      cancelTimer();
      const term = phrase.trim();
      if (term.length < SEARCH_MIN_LENGTH) return idle();
      run(term);
    },
    reset() {
      cancelTimer();
      idle();
    },
  };
}

/** What the browser gets back from searchproductsterm (the fields the overlay shows). */
export interface SearchResponse {
  search: {
    totalItems: number;
    items: ReadonlyArray<{
      productId: string;
      productName: string;
      slug: string;
      productAsset: { preview: string } | null;
      priceWithTax: { min?: number; max?: number; value?: number };
    }>;
    collections: ReadonlyArray<{
      count: number;
      collection: { id: string; name: string; slug: string; breadcrumbs: ReadonlyArray<{ name: string; slug: string }> };
    }>;
  };
}

export interface SearchView {
  categories: Array<{ id: string; name: string; link: string }>;
  products: Array<{ id: string; name: string; link: string; image: string | null; price: number; from: boolean }>;
  total: number;
  /** 'Zobacz więcej' (spec §2). */
  moreLink: string;
}

const ROOT_COLLECTION = '__root_collection__';

/**
 * The overlay's sections (spec §2/§5): categories kept only when their name's
 * trigram similarity to the term is at least 0.1, linked by their breadcrumb
 * slugs without the root; products linked `/p/{id}/{slug}`.
 */
export function toSearchView(response: SearchResponse, term: string): SearchView {
  const seen = new Set<string>();
  const categories = response.search.collections
    .map((c) => c.collection)
    .filter((c) => {
      if (seen.has(c.id) || similarity(c.name, term) < CATEGORY_SIMILARITY_THRESHOLD) return false;
      seen.add(c.id);
      return true;
    })
    .map((c) => {
      const path = c.breadcrumbs.filter((b) => b.slug !== ROOT_COLLECTION && b.name !== ROOT_COLLECTION);
      return { id: c.id, name: c.name, link: `/c/${path.map((b) => b.slug).join('/')}`, parent: path.at(-2)?.name };
    })
    // Two categories of the same name (the seeded "Dodatki do smyczy" twice) are told apart by their parent.
    .map(({ parent, ...c }, _i, all) =>
      parent && all.filter((o) => o.name === c.name).length > 1 ? { ...c, name: `${c.name} (${parent})` } : c,
    );
  const products = response.search.items.map((i) => {
    const min = i.priceWithTax.min ?? i.priceWithTax.value ?? 0;
    const max = i.priceWithTax.max ?? min;
    return {
      id: i.productId,
      name: i.productName,
      link: `/p/${i.productId}/${i.slug}`,
      image: i.productAsset?.preview ?? null,
      price: min,
      from: max > min,
    };
  });
  return { categories, products, total: response.search.totalItems, moreLink: `/c/dla-psa?q=${encodeURIComponent(term)}` };
}
