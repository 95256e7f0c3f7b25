import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { getFacetValueCounts } from './catalogue.graphql.server';
import type { CollectionData } from './CollectionPage';
import type { CollectionsData } from './CollectionsPage';
import type { PagePayload } from '../../client/router/types';
import { app } from '../../worker/app';
import { shopClient } from '../../worker/shop/vendure';

const BASE = 'http://127.0.0.1:8787';
let n = 0;
const get = (path: string, json = false) =>
  app.request(
    `${BASE}${path}${path.includes('?') ? '&' : '?'}c=${Date.now()}-${n++}`,
    { redirect: 'manual', headers: { Cookie: 'currency=PLN; country=PL; locale=pl', ...(json ? { Accept: 'application/json' } : {}) } },
    env,
  );

/** The truth from the backend: products per value of the collection facet (kolor in the seeded shop). */
async function colourCounts() {
  const { search } = await shopClient(env).request(getFacetValueCounts, { input: { groupByProduct: true, take: 0 } });
  return search.facetValues.filter((f) => f.facetValue.facet.code === env.COLLECTION_FACET_CODE);
}

describe('collections /kolekcje', () => {
  it('lists every value of the collection facet that has products, with its count and link, most products first', async () => {
    const counts = await colourCounts();
    const res = await get('/kolekcje', true);
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as PagePayload<CollectionsData>;
    expect(data.collections.map((c) => [c.name, c.count]).sort()).toEqual(
      counts
        .filter((c) => c.count > 0)
        .map((c) => [c.facetValue.name, c.count])
        .sort(),
    );
    expect(data.collections[0]!.count).toBe(Math.max(...counts.map((c) => c.count)));
    const granatowy = data.collections.find((c) => c.slug === 'granatowy')!;
    expect(granatowy.link).toBe(`/kolekcje/${granatowy.id}/granatowy`);
    const html = await (await get('/kolekcje')).text();
    expect(html).toContain('<h1>Kolekcje</h1>');
    expect(html).toContain(`href="${granatowy.link}"`);
  });

  it('shows one collection with its products through the listing, without offering its own value as a filter', async () => {
    const granatowy = (await colourCounts()).find((c) => c.facetValue.code === 'granatowy')!;
    const path = `/kolekcje/${granatowy.facetValue.id}/granatowy`;
    const res = await get(path, true);
    expect(res.status).toBe(200);
    const { data, head } = (await res.json()) as PagePayload<CollectionData>;
    expect(data.collection.name).toBe('Granatowy');
    expect(data.totalItems).toBe(granatowy.count);
    expect(data.path).toBe(path);
    expect(data.products).toHaveLength(Math.min(20, granatowy.count));
    expect(data.facets.flatMap((f) => f.values.map((v) => v.id))).not.toContain(granatowy.facetValue.id);
    expect(data.breadcrumbs.map((b) => b.text)).toEqual(['Home', 'Kolekcje', 'Granatowy']);
    expect(head.canonical).toBe(`${BASE}${path}`);
    const html = await (await get(`${path}?sort=PRICE_ASC&itemsPerPage=40`)).text();
    expect(html).toContain('<h1>Granatowy</h1>');
  });

  it('sends a wrong or missing slug to the right one with 301, keeping the query', async () => {
    const granatowy = (await colourCounts()).find((c) => c.facetValue.code === 'granatowy')!;
    const id = granatowy.facetValue.id;
    for (const path of [`/kolekcje/${id}/zly-slug?sort=NAME_ASC`, `/kolekcje/${id}?sort=NAME_ASC`]) {
      const res = await get(path);
      expect(res.status, path).toBe(301);
      expect(res.headers.get('Location')).toMatch(new RegExp(`^/kolekcje/${id}/granatowy\\?sort=NAME_ASC&c=`));
    }
  });

  it('answers 404 for an unknown or non-numeric collection id', async () => {
    for (const path of ['/kolekcje/999999/x', '/kolekcje/abc/granatowy', '/kolekcje/1%3Cscript%3E/x']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain('<script>');
    }
  });
});
