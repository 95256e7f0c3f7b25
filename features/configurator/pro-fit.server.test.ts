import staticPages from '#build/static-pages';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { addToCart, getCart } from '../../client/graphql/cart.graphql';
import type { ConfiguratorData, ProFitStudioData } from './types';
import type { PagePayload } from '../../client/router/types';
import { app } from '../../worker/app';
import { forgetPage } from '../../worker/cache/test-cache';
import { CACHE_STATUS_HEADER, PUBLIC_CACHE_CONTROL } from '../../worker/cache/page-cache';
import { shopper } from '../../worker/shop/test-client';

const BASE = 'http://127.0.0.1:8787';
const RETURNING = 'currency=PLN; country=PL; locale=pl';
/** A page with no copy in the edge cache, so that its request renders it (entries of other tests never answer it). */
const uncached = async (path: string) => {
  await forgetPage(`${BASE}${path}`);
  return path;
};
const get = (path: string, headers: Record<string, string> = {}) =>
  app.request(`${BASE}${path}`, { headers: { Cookie: RETURNING, ...headers }, redirect: 'manual' }, env);
const json = async <D>(path: string) => (await (await get(path, { Accept: 'application/json' })).json()) as PagePayload<D>;

describe('Pro-Fit Studio pages', () => {
  it('renders the landing page with both harness types, a picture each and a way into each configurator, cached at the edge', async () => {
    const path = await uncached('/pro-fit-studio');
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe(PUBLIC_CACHE_CONTROL);
    expect(res.headers.get(CACHE_STATUS_HEADER)).toBe('MISS');
    const html = await res.text();
    expect(html).toContain('<h1>Pro-Fit Studio</h1>');
    expect(html).toContain('href="/pro-fit-studio/guard"');
    expect(html).toContain('href="/pro-fit-studio/bezuciski"');
    expect(html).toContain('aria-label="Zaprojektuj: Szelki typu guard"');
    expect(html).toContain(`<link rel="canonical" href="${BASE}/pro-fit-studio"/>`);
    expect((await get(path)).headers.get(CACHE_STATUS_HEADER)).toBe('HIT');
    const payload = await json<ProFitStudioData>('/pro-fit-studio');
    expect(payload.data.types.map((x) => [x.type, x.href, !!x.image])).toEqual([
      ['guard', '/pro-fit-studio/guard', true],
      ['bezuciski', '/pro-fit-studio/bezuciski', true],
    ]);
  });

  it('renders both configurators for everybody: the models of the collection with their parts, colours, extras and pictures', async () => {
    for (const [type, first, parts] of [
      ['guard', 'szelki-typu-guard-classic', ['szyja', 'klatka', 'lacznik']],
      ['bezuciski', 'szelki-bezuciskowe-pro-fit-classic', ['szyja', 'klatka', 'grzbiet']],
    ] as const) {
      const path = await uncached(`/pro-fit-studio/${type}`);
      const res = await get(path);
      expect(res.status, type).toBe(200);
      expect(res.headers.get('Cache-Control'), type).toBe(PUBLIC_CACHE_CONTROL);
      expect(res.headers.getSetCookie(), type).toEqual([]);
      expect((await get(path)).headers.get(CACHE_STATUS_HEADER), type).toBe('HIT');
      const { data } = await json<ConfiguratorData>(`/pro-fit-studio/${type}`);
      expect(data.type).toBe(type);
      expect(data.models.length, type).toBeGreaterThan(3);
      const model = data.models[0]!;
      expect(model.slug).toBe(first);
      expect(model.parts.map((p) => p.key)).toEqual(parts);
      expect(model.colours.length).toBeGreaterThan(1);
      for (const c of model.colours) expect(model.pictures[c.code], `${type} ${c.code}`).toMatch(/\/assets\/preview\/.+__preview\.jpg$/);
      expect(model.offerSets[model.variants[0]!.offers]!.some((e) => e.field === 'kolorOkuc')).toBe(true);
      // distinct offers are sent once: fewer sets than variants
      expect(model.offerSets.length).toBeLessThan(model.variants.length);
    }
  });

  it('server-renders a shared design with its choices, and reads invalid parameters as not chosen', async () => {
    const shared = await (
      await get(
        await uncached(
          '/pro-fit-studio/guard?model=szelki-typu-guard-classic&szerokosc-tasmy=25-mm&rozmiar=m&szyja=granatowy&klatka=czerwony&lacznik=czarny&kolorOkuc=czarny',
        ),
      )
    ).text();
    expect(shared).toContain('data-part="szyja" data-colour="granatowy"');
    expect(shared).toContain('Pas piersiowy: Czerwony');
    const invalid = await get(
      await uncached('/pro-fit-studio/guard?model=szelki-typu-guard-classic&szyja=mietowy&rozmiar=xxl&kolorOkuc=zloty&ilosc=-1'),
    );
    expect(invalid.status).toBe(200);
    const html = await invalid.text();
    expect(html).toContain('data-part="szyja" data-colour=""');
    expect(html).toContain('Aby dodać do koszyka, wybierz: szerokość taśmy, rozmiar, pas szyjny, pas piersiowy, łącznik, kolor okuć.');
  });

  it('is where the static content links to: every link to the studio in content/pages answers 200', async () => {
    const links = Object.values(staticPages).flatMap((p) => [...p.html.matchAll(/href="(\/pro-fit-studio[^"#?]*)/g)].map((m) => m[1]!));
    expect(links.length).toBeGreaterThan(0);
    for (const link of new Set(links)) expect((await get(link)).status, link).toBe(200);
  });

  it('answers 404 under the studio for a configurator that does not exist', async () => {
    expect((await get('/pro-fit-studio/obroze')).status).toBe(404);
  });
});

describe('a configuration the backend does not offer, through /api/shop', () => {
  it('is refused with a Polish reason and leaves no line in the cart', async () => {
    const s = shopper();
    const { data } = await json<ConfiguratorData>('/pro-fit-studio/guard');
    const model = data.models.find((m) => m.slug === 'szelki-typu-guard-classic')!;
    const variant = model.variants.find((v) => v.inStock)!;
    const lacking = ['mietowy', 'rozowy', 'zolty'].find((c) => !model.colours.some((x) => x.code === c))!;
    const crafted = JSON.stringify({
      szyja: lacking,
      klatka: model.colours[0]!.code,
      lacznik: model.colours[0]!.code,
      kolorOkuc: 'srebrny',
      imageurl: '',
    });
    const refused = await s.op(addToCart, {
      productVariantId: variant.id,
      quantity: 1,
      customFields: { kolorOkuc: 'srebrny', configurator: crafted },
    });
    expect(refused.addItemToOrder).toMatchObject({ errorCode: 'ORDER_INTERCEPTOR_ERROR' });
    expect((refused.addItemToOrder as { interceptorError?: string }).interceptorError).toBe(
      `Kolor „${lacking}” nie jest dostępny dla części „Pas szyjny” tego produktu.`,
    );
    expect((await s.op(getCart)).activeOrder?.lines ?? []).toEqual([]);

    // the same request with the product's own colours is a line priced by the backend
    const offered = JSON.stringify({
      szyja: model.colours[0]!.code,
      klatka: model.colours[1]!.code,
      lacznik: model.colours[0]!.code,
      kolorOkuc: 'czarny',
      imageurl: model.pictures[model.colours[0]!.code],
    });
    const added = await s.op(addToCart, {
      productVariantId: variant.id,
      quantity: 1,
      customFields: { kolorOkuc: 'czarny', configurator: offered },
    });
    const lines = 'lines' in added.addItemToOrder ? added.addItemToOrder.lines : [];
    expect(lines).toHaveLength(1);
    expect(lines[0]!.customFields?.configurator).toBe(offered);
    expect(lines[0]!.unitPriceWithTax).toBe(variant.price + 1000);
  });
});
