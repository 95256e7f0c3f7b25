import { describe, expect, it, vi } from 'vitest';
import {
  createSearchController,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MIN_LENGTH,
  type SearchResponse,
  type SearchState,
  type Timers,
  toSearchView,
} from './search-input';

/** Hand-driven timers: `tick()` fires whatever is due, so no test waits on real time. */
function manualTimers() {
  let now = 0;
  const pending = new Map<number, { at: number; fn: () => void }>();
  let next = 1;
  const timers: Timers = {
    set(fn, ms) {
      const id = next++;
      pending.set(id, { at: now + ms, fn });
      return id;
    },
    clear(id) {
      pending.delete(id as number);
    },
  };
  return {
    timers,
    tick(ms: number) {
      now += ms;
      for (const [id, t] of [...pending].sort((a, b) => a[1].at - b[1].at)) {
        if (t.at <= now) {
          pending.delete(id);
          t.fn();
        }
      }
    },
  };
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup() {
  const clock = manualTimers();
  const calls: Array<{ term: string; answer: ReturnType<typeof deferred<string>> }> = [];
  const states: Array<SearchState<string>> = [];
  const controller = createSearchController<string>({
    search(term) {
      const answer = deferred<string>();
      calls.push({ term, answer });
      return answer.promise;
    },
    onChange: (s) => states.push(s),
    timers: clock.timers,
  });
  return { clock, calls, states, controller, last: () => states.at(-1) };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('search overlay timing (spec §5: ≥3 characters, 300 ms debounce, Enter at once, latest wins)', () => {
  it('does not search below three characters and asks for a phrase instead', () => {
    const { controller, calls, last, clock } = setup();
    expect(SEARCH_MIN_LENGTH).toBe(3);
    controller.input('sz');
    clock.tick(1000);
    controller.submit('  sz ');
    expect(calls).toEqual([]);
    expect(last()).toEqual({ status: 'idle' });
  });

  it('searches 300 ms after the last keystroke, once, with the trimmed phrase', () => {
    const { controller, calls, clock } = setup();
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
    controller.input('sze');
    clock.tick(200);
    controller.input('szel');
    clock.tick(299);
    expect(calls).toEqual([]);
    controller.input('szelki ');
    clock.tick(299);
    expect(calls).toEqual([]);
    clock.tick(1);
    expect(calls.map((c) => c.term)).toEqual(['szelki']);
  });

  it('searches at once on Enter and drops the pending debounced search', () => {
    const { controller, calls, clock, last } = setup();
    controller.input('obroża');
    controller.submit('obroża');
    expect(calls.map((c) => c.term)).toEqual(['obroża']);
    expect(last()).toEqual({ status: 'loading', term: 'obroża', previous: null });
    clock.tick(1000);
    expect(calls).toHaveLength(1);
  });

  it('never lets an older, slower answer overwrite a newer one', async () => {
    const { controller, calls, last } = setup();
    controller.submit('smycz');
    controller.submit('smycze');
    calls[1]!.answer.resolve('answer for smycze');
    await flush();
    expect(last()).toEqual({ status: 'done', term: 'smycze', result: 'answer for smycze' });
    calls[0]!.answer.resolve('answer for smycz');
    await flush();
    expect(last()).toEqual({ status: 'done', term: 'smycze', result: 'answer for smycze' });
  });

  it('ignores an answer that arrives after the phrase went below three characters or the overlay was reset', async () => {
    const { controller, calls, last } = setup();
    controller.submit('mata');
    controller.input('ma');
    calls[0]!.answer.resolve('answer for mata');
    await flush();
    expect(last()).toEqual({ status: 'idle' });
    controller.submit('zabawki');
    controller.reset();
    calls[1]!.answer.resolve('answer for zabawki');
    await flush();
    expect(last()).toEqual({ status: 'idle' });
  });

  it('keeps the previous results on screen while the next search loads, and reports a failure of the latest search', async () => {
    const { controller, calls, last } = setup();
    controller.submit('szelki');
    calls[0]!.answer.resolve('szelki results');
    await flush();
    controller.submit('szelki guard');
    expect(last()).toEqual({ status: 'loading', term: 'szelki guard', previous: 'szelki results' });
    calls[1]!.answer.reject(new Error('503'));
    await flush();
    expect(last()).toEqual({ status: 'error', term: 'szelki guard' });
  });

  it('uses real timers by default', () => {
    vi.useFakeTimers();
    try {
      const search = vi.fn(() => new Promise<string>(() => {}));
      const controller = createSearchController<string>({ search, onChange: () => {} });
      controller.input('legowisko');
      vi.advanceTimersByTime(299);
      expect(search).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(search).toHaveBeenCalledWith('legowisko');
    } finally {
      vi.useRealTimers();
    }
  });
});

const collection = (id: string, name: string, path: string[]) => ({
  count: 1,
  collection: {
    id,
    name,
    slug: path.at(-1)!,
    breadcrumbs: [{ name: '__root_collection__', slug: '__root_collection__' }, ...path.map((slug) => ({ name: slug, slug }))],
  },
});

describe('search overlay results (spec §2 "Search overlay")', () => {
  const response: SearchResponse = {
    search: {
      totalItems: 19,
      items: [
        {
          productId: '7',
          productName: 'Szelki bezuciskowe Pro-Fit Classic',
          slug: 'szelki-bezuciskowe-pro-fit-classic',
          productAsset: { preview: '/p/7.jpg' },
          priceWithTax: { min: 15900, max: 18900 },
        },
        { productId: '56', productName: 'Worki na odchody', slug: 'worki', productAsset: null, priceWithTax: { value: 1470 } },
      ],
      collections: [
        collection('2', 'Dla psa', ['dla-psa']),
        collection('4', 'Szelki', ['dla-psa', 'akcesoria', 'szelki']),
        collection('4', 'Szelki', ['dla-psa', 'akcesoria', 'szelki']),
        collection('6', 'Szelki bezuciskowe Pro-Fit', ['dla-psa', 'akcesoria', 'szelki', 'szelki-bezuciskowe-pro-fit']),
      ],
    },
  };

  it('keeps only categories whose name is similar to the term (≥ 0.1), once each, linked by breadcrumb slugs without the root', () => {
    const view = toSearchView(response, 'szelki');
    expect(view.categories).toEqual([
      { id: '4', name: 'Szelki', link: '/c/dla-psa/akcesoria/szelki' },
      { id: '6', name: 'Szelki bezuciskowe Pro-Fit', link: '/c/dla-psa/akcesoria/szelki/szelki-bezuciskowe-pro-fit' },
    ]);
  });

  it('tells two categories of the same name apart by their parent (breadcrumb names are the slugs here)', () => {
    const twins: SearchResponse = {
      search: {
        totalItems: 0,
        items: [],
        collections: [
          collection('17', 'Dodatki do smyczy', ['dla-psa', 'akcesoria', 'smycze', 'dodatki-do-smyczy']),
          collection('23', 'Dodatki do smyczy', ['dla-psa', 'akcesoria', 'dodatki', 'akcesoria-do-smyczy']),
        ],
      },
    };
    const view = toSearchView(twins, 'dodatki do smyczy');
    expect(view.categories.map((c) => c.name)).toEqual(['Dodatki do smyczy (smycze)', 'Dodatki do smyczy (dodatki)']);
  });

  it('links products to /p/{id}/{slug} with their lowest price, marking price ranges', () => {
    const view = toSearchView(response, 'szelki');
    expect(view.products).toEqual([
      {
        id: '7',
        name: 'Szelki bezuciskowe Pro-Fit Classic',
        link: '/p/7/szelki-bezuciskowe-pro-fit-classic',
        image: '/p/7.jpg',
        price: 15900,
        from: true,
      },
      { id: '56', name: 'Worki na odchody', link: '/p/56/worki', image: null, price: 1470, from: false },
    ]);
  });

  it("sends 'Zobacz więcej' to /c/dla-psa?q={term}, encoded", () => {
    expect(toSearchView(response, 'szelki & smycz').moreLink).toBe('/c/dla-psa?q=szelki%20%26%20smycz');
  });
});
