import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { CategoryData } from './CategoryPage';
import type { PagePayload } from '../../client/router/types';
import { app } from '../../worker/app';
import { sortSearchItems } from './listing.server';

const BASE = 'http://127.0.0.1:8787';
const get = (path: string, json = false) =>
  app.request(
    `${BASE}${path}`,
    { headers: { Cookie: 'currency=PLN; country=PL; locale=pl', ...(json ? { Accept: 'application/json' } : {}) } },
    env,
  );

describe('category listing with bad query parameters (spec §2: fall back, never an error)', () => {
  const cases: Array<[query: string, expected: Partial<CategoryData['params']>]> = [
    ['page=abc', { page: 1 }],
    ['page=-3', { page: 1 }],
    ['page=1.5', { page: 1 }],
    ['itemsPerPage=-5', { itemsPerPage: 20 }],
    ['itemsPerPage=abc', { itemsPerPage: 20 }],
    ['itemsPerPage=33', { itemsPerPage: 20 }],
    ['sort=DROP', { sort: null }],
    ['sort=NAME_ASC%3B%20DROP%20TABLE', { sort: null }],
    ['a=x', { facetValueIds: [] }],
    ['a=1%20OR%201%3D1&a=', { facetValueIds: [] }],
  ];
  for (const [query, expected] of cases) {
    it(`renders 200 with the fallback for ?${query}`, async () => {
      const res = await get(`/c/dla-psa?${query}&bad=${Date.now()}`, true);
      expect(res.status).toBe(200);
      const body = (await res.json()) as PagePayload<CategoryData>;
      expect(body.data.params).toMatchObject(expected);
      expect(body.data.products.length).toBeGreaterThan(0);
    });
  }

  it('renders all of them at once, reflecting a <script> in q only escaped', async () => {
    const q = encodeURIComponent('<script>alert(1)</script>"><img src=x onerror=alert(2)>');
    const res = await get(`/c/dla-psa?page=abc&itemsPerPage=-5&sort=DROP&a=x&q=${q}&all=${Date.now()}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // The hydration payload keeps the term as data, with `<` escaped so it cannot end the script element.
    const payload = html.match(/<script id="__PAYLOAD__" type="application\/json">([\s\S]*?)<\/script>/)![1]!;
    expect(payload).not.toContain('<');
    expect((JSON.parse(payload) as PagePayload<CategoryData>).data.params).toMatchObject({
      page: 1,
      itemsPerPage: 20,
      sort: null,
      facetValueIds: [],
    });
  });

  it('sends a page past the end to the last page (302, filters and sort kept), never a soft 404', async () => {
    const first = (await (
      await get(`/c/dla-psa?itemsPerPage=40&sort=NAME_ASC&end=${Date.now()}`, true)
    ).json()) as PagePayload<CategoryData>;
    const last = first.data.totalPages;
    expect(last).toBeGreaterThan(1);
    const res = await get(`/c/dla-psa?page=999&itemsPerPage=40&sort=NAME_ASC`, true);
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe(`/c/dla-psa?sort=NAME_ASC&itemsPerPage=40&page=${last}`);
    const landed = (await (await get(`/c/dla-psa?sort=NAME_ASC&itemsPerPage=40&page=${last}`, true)).json()) as PagePayload<CategoryData>;
    expect(landed.data.products.length).toBeGreaterThan(0);
    // One page only: back to the listing without a page number.
    const single = await get(`/c/dla-psa?page=5&itemsPerPage=100`, true);
    if (first.data.totalItems <= 100) expect(single.headers.get('Location')).toBe('/c/dla-psa?itemsPerPage=100');
  });
});

describe('category listing sort (spec §5, §9 labels)', () => {
  const listing = async (query: string) =>
    ((await (await get(`/c/dla-psa?${query}&sorted=${Date.now()}`, true)).json()) as PagePayload<CategoryData>).data.products;

  it("sorts by the lowest price a card shows ('od'), up and down, across pages", async () => {
    const page1 = await listing('sort=PRICE_ASC');
    const page2 = await listing('sort=PRICE_ASC&page=2');
    const up = [...page1, ...page2].map((p) => p.priceMin);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    const down = (await listing('sort=PRICE_DESC&itemsPerPage=40')).map((p) => p.priceMin);
    expect(down).toEqual([...down].sort((a, b) => b - a));
  });

  it('sorts names in Polish alphabetical order', async () => {
    const names = (await listing('sort=NAME_ASC&itemsPerPage=100')).map((p) => p.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('pl').compare));
    const reversed = (await listing('sort=NAME_DESC&itemsPerPage=100')).map((p) => p.name);
    expect(reversed).toEqual([...names].reverse());
  });

  it('orders ties by the default (newest product id first) and ranges by their minimum', () => {
    const items = [
      { productId: '3', productName: 'Łącznik', priceWithTax: { value: 2900 } },
      { productId: '9', productName: 'Zawieszka', priceWithTax: { value: 2900 } },
      { productId: '5', productName: 'Suszone żwacze', priceWithTax: { min: 749, max: 2499 } },
    ];
    expect(sortSearchItems(items, 'PRICE', 'ASC').map((i) => i.productId)).toEqual(['5', '9', '3']);
    expect(sortSearchItems(items, 'NAME', 'ASC').map((i) => i.productName)).toEqual(['Łącznik', 'Suszone żwacze', 'Zawieszka']);
  });
});

describe('search on a listing (issue 23)', () => {
  const search = async (query: string) => {
    const res = await get(`/c/dla-psa?${query}`, true);
    expect(res.status).toBe(200);
    return ((await res.json()) as PagePayload<CategoryData>).data;
  };

  it('finds collars typed without diacritics, the collars first (relevance order)', async () => {
    const data = await search('q=obroza');
    expect(data.totalItems).toBeGreaterThan(10);
    expect(data.products.slice(0, 5).every((p) => p.name.startsWith('Obroża'))).toBe(true);
  });

  it("searches the whole shop from a top category ('Zobacz więcej'): the owner's products are found", async () => {
    for (const q of ['skarpetki', 'nerka', 'kubek']) {
      const data = await search(`q=${q}`);
      expect(data.totalItems, q).toBeGreaterThan(0);
      expect(data.search?.wholeShop).toBe(true);
    }
  });

  it('offers the term one edit away when nothing is found', async () => {
    const data = await search('q=nrka');
    expect(data.totalItems).toBe(0);
    expect(data.search).toEqual({ term: 'nrka', suggestion: 'nerka', wholeShop: true });
    const html = await (await get('/c/dla-psa?q=nrka')).text();
    expect(html).toContain('Czy chodziło Ci o: ');
    expect(html).toContain('href="/c/dla-psa?q=nerka"');
  });

  it('keeps a subcategory search inside the subcategory', async () => {
    const res = await get('/c/dla-psa/akcesoria?q=kubek', true);
    expect(res.status).toBe(200);
    const data = ((await res.json()) as PagePayload<CategoryData>).data;
    expect(data.search?.wholeShop).toBe(false);
    expect(data.totalItems).toBe(0);
  });
});

describe('category sidebar (spec §7 getsidebarnavigation), in the server HTML', () => {
  /** The sidebar's links as [href, marked current], in document order. */
  async function sidebarLinks(path: string): Promise<{ nav: string; links: Array<[string, boolean]> }> {
    const html = await (await get(path)).text();
    const nav = /<nav class="category-sidebar" aria-label="Nawigacja po kategoriach">[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
    const links = [...nav.matchAll(/<a (?:class="[^"]*" )?href="([^"]+)"( aria-current="page")?/g)].map((m): [string, boolean] => [
      m[1]!,
      !!m[2],
    ]);
    return { nav, links };
  }

  it('shows the parent, the siblings with the current category marked, and its children only', async () => {
    const { nav, links } = await sidebarLinks('/c/dla-psa/akcesoria/szelki');
    expect(nav).toContain('class="category-sidebar__parent" href="/c/dla-psa/akcesoria"');
    const hrefs = links.map(([href]) => href);
    expect(hrefs[0]).toBe('/c/dla-psa/akcesoria');
    for (const sibling of ['obroze', 'smycze', 'dodatki']) expect(hrefs).toContain(`/c/dla-psa/akcesoria/${sibling}`);
    expect(links.filter(([, current]) => current)).toEqual([['/c/dla-psa/akcesoria/szelki', true]]);
    const children = hrefs.filter((h) => h.startsWith('/c/dla-psa/akcesoria/szelki/'));
    expect(children).toEqual([
      '/c/dla-psa/akcesoria/szelki/szelki-typu-guard',
      '/c/dla-psa/akcesoria/szelki/szelki-bezuciskowe-pro-fit',
      '/c/dla-psa/akcesoria/szelki/szelki-bezuciskowe-pro-active',
    ]);
    // Another category's children are not listed.
    expect(hrefs.some((h) => h.startsWith('/c/dla-psa/akcesoria/obroze/'))).toBe(false);
  });

  it('under a top category lists the top categories, without a parent', async () => {
    const { nav, links } = await sidebarLinks('/c/dla-psa');
    expect(nav).not.toContain('category-sidebar__parent');
    expect(links.slice(0, 1)).toEqual([['/c/dla-psa', true]]);
    expect(links.map(([href]) => href)).toContain('/c/dla-czlowieka');
    expect(links.map(([href]) => href)).toContain('/c/dla-psa/akcesoria');
  });

  it('marks a leaf category among its siblings, with no children', async () => {
    const { links } = await sidebarLinks('/c/dla-psa/akcesoria/dodatki/akcesoria-do-smyczy');
    expect(links.filter(([, current]) => current)).toEqual([['/c/dla-psa/akcesoria/dodatki/akcesoria-do-smyczy', true]]);
    expect(links.map(([href]) => href)).toContain('/c/dla-psa/akcesoria/dodatki/worki-na-odchody');
    expect(links.some(([href]) => href.startsWith('/c/dla-psa/akcesoria/dodatki/akcesoria-do-smyczy/'))).toBe(false);
  });
});
