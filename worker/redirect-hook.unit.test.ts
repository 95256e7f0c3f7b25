import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUCKET_COUNT, buildBuckets, parseTable, serialiseBucket } from '../redirects';
import tableText from '../redirects/table.tsv?raw';
import { type RedirectEnv, findRedirect } from './redirect-hook';

const SHOP = 'https://sklep.psiaki.test';
const BLOG = 'https://blog.psiaki.test';

/** Seeds miniflare's KV exactly as `npm run redirects` does: the real table, the script's serialisation. */
beforeAll(async () => {
  const { entries, errors } = parseTable(tableText);
  expect(errors).toEqual([]);
  for (const [key, bucket] of buildBuckets(entries)) await env.REDIRECTS.put(key, serialiseBucket(bucket));
});

/**
 * The REDIRECTS binding behind a proxy that records every call. A new proxy is a new binding
 * object, so it starts with an empty isolate memo: each test sees cold reads.
 */
function counting(blogUrl = BLOG): { env: RedirectEnv; calls: string[] } {
  const calls: string[] = [];
  const kv = new Proxy(env.REDIRECTS, {
    get(target, prop) {
      const value = Reflect.get(target, prop);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push(`${String(prop)} ${String(args[0])}`);
        return value.apply(target, args);
      };
    },
  });
  return { env: { REDIRECTS: kv, BLOG_URL: blogUrl, MAIN_HOST: 'sklep.psiaki.test' }, calls };
}

/** findRedirect on a fresh binding; also asserts the budget of one KV read per legacy URL. */
async function redirect(pathAndQuery: string, blogUrl = BLOG): Promise<string | null> {
  const { env: e, calls } = counting(blogUrl);
  const location = await findRedirect(e, new URL(pathAndQuery, SHOP));
  expect(calls.length, `KV calls for ${pathAndQuery}`).toBeLessThanOrEqual(1);
  return location;
}

/** What the foundation's slash rule does with `/x/`: ask once for `/x`, else 301 to `/x`. */
async function slashRule(pathAndQuery: string): Promise<string> {
  const url = new URL(pathAndQuery, SHOP);
  url.pathname = url.pathname.replace(/\/+$/, '');
  return (await redirect(url.pathname + url.search)) ?? `${SHOP}${url.pathname}${url.search}`;
}

describe('general rules', () => {
  it('ignores the query string of an old URL', async () => {
    expect(await redirect('/koszyk?add-to-cart=123&quantity=2&utm_source=newsletter&fbclid=IwAR0x&ref=42')).toBe(`${SHOP}/`);
  });

  it('rewrites attributes to a numeric a, and old sort values to the new sort', async () => {
    expect(await redirect('/akcesoria/szelki?attributes=27')).toBe(`${SHOP}/c/dla-psa/akcesoria/szelki?a=27`);
    expect(await redirect('/akcesoria/szelki?attributes=abc')).toBe(`${SHOP}/c/dla-psa/akcesoria/szelki`);
    expect(await redirect('/akcesoria/szelki?orderby=date')).toBe(`${SHOP}/c/dla-psa/akcesoria/szelki?sort=CREATED_DESC`);
    expect(await redirect('/akcesoria/szelki?orderby=price')).toBe(`${SHOP}/c/dla-psa/akcesoria/szelki?sort=PRICE_ASC`);
    expect(await redirect('/akcesoria/szelki?orderby=price-desc')).toBe(`${SHOP}/c/dla-psa/akcesoria/szelki?sort=PRICE_DESC`);
    expect(await redirect('/akcesoria/szelki?orderby=popularity')).toBe(`${SHOP}/c/dla-psa/akcesoria/szelki`);
    expect(await redirect('/akcesoria/szelki?orderby=menu_order&attributes=27')).toBe(`${SHOP}/c/dla-psa/akcesoria/szelki?a=27`);
  });

  it('reaches the final target in one hop from a trailing-slash URL with a query', async () => {
    expect(await slashRule('/akcesoria/szelki/?orderby=price')).toBe(`${SHOP}/c/dla-psa/akcesoria/szelki?sort=PRICE_ASC`);
    expect(await slashRule('/c/dla-psa/?attributes=27')).toBe(`${SHOP}/c/dla-psa?a=27`);
    expect(await slashRule('/kontakt/?x=1')).toBe(`${SHOP}/kontakt?x=1`);
  });

  it('folds accents, percent-decodes safely and compares legacy keys case-insensitively', async () => {
    expect(await redirect('/produkt/obro%C5%BCa-z-klamr%C4%85-classic')).toBe(`${SHOP}/p/16/obroza-z-klamra-classic`);
    expect(await redirect('/produkt/obroza-z-klamra-classic')).toBe(`${SHOP}/p/16/obroza-z-klamra-classic`);
    expect(await redirect('/AKCESORIA/Szelki')).toBe(`${SHOP}/c/dla-psa/akcesoria/szelki`);
    expect(await redirect('/pielęgnacja')).toBe(`${SHOP}/o-produkcie/pielegnacja`);
    expect(await redirect('/produkt/%B3%zz')).toBe(`${SHOP}/c/dla-psa/akcesoria`); // invalid escapes: no throw
  });

  it('sends an accented or case variant of a live page to it, without reading KV', async () => {
    const { env: e, calls } = counting();
    expect(await findRedirect(e, new URL('/obs%C5%82uga-klienta/faq', SHOP))).toBe(`${SHOP}/obsluga-klienta/faq`);
    expect(await findRedirect(e, new URL('/Kontakt?x=1', SHOP))).toBe(`${SHOP}/kontakt?x=1`);
    expect(await findRedirect(e, new URL('/o-produkcie/piel%C4%99gnacja', SHOP))).toBe(`${SHOP}/o-produkcie/pielegnacja`);
    expect(calls).toEqual([]);
  });

  it('sends an accented or case variant of a catalogue page to it after one KV read', async () => {
    expect(await redirect('/c/dla-psa/akcesoria/obro%C5%BCe')).toBe(`${SHOP}/c/dla-psa/akcesoria/obroze`);
    expect(await redirect('/c/dla-psa/Akcesoria?page=2')).toBe(`${SHOP}/c/dla-psa/akcesoria?page=2`);
  });

  it('collapses paged old lists to their list’s target', async () => {
    expect(await redirect('/sklep/page/54')).toBe(`${SHOP}/c/dla-psa`);
    expect(await redirect('/sklep/page/312')).toBe(`${SHOP}/c/dla-psa`);
    expect(await redirect('/akcesoria/obroze/page/4')).toBe(`${SHOP}/c/dla-psa/akcesoria/obroze`);
    expect(await redirect('/category/zdrowie-psa/page/14')).toBe(`${BLOG}/zdrowie/`);
    expect(await redirect('/category/adopcja/page/40')).toBe(`${BLOG}/adopcja/`);
  });

  it('carries a {token} into the target', async () => {
    expect(await redirect('/psia-baza-wiedzy/beagle')).toBe(`${BLOG}/rasy-psow/beagle/`);
    expect(await redirect('/psia-baza-wiedzy/Owczarek-Podhala%C5%84ski')).toBe(`${BLOG}/rasy-psow/owczarek-podhalanski/`);
    expect(await redirect('/psia-baza-wiedzy')).toBe(`${BLOG}/rasy-psow/`);
    expect(await redirect('/tag/kleszcze')).toBe(`${BLOG}/tag/kleszcze/`);
  });

  it('takes the blog host from configuration', async () => {
    expect(await redirect('/blog', 'http://127.0.0.1:3001')).toBe('http://127.0.0.1:3001/');
    expect(await redirect('/psia-baza-wiedzy/york', 'https://inny-blog.example/psiaki/')).toBe(
      'https://inny-blog.example/psiaki/rasy-psow/yorkshire-terrier/',
    );
  });

  it('resolves the relative target against the request', async () => {
    expect(await redirect('/kontakt-z-nami')).toBe(`${SHOP}/kontakt`);
    const other = counting();
    expect(await findRedirect(other.env, new URL('http://127.0.0.1:8787/kontakt-z-nami'))).toBe('http://127.0.0.1:8787/kontakt');
  });

  it('answers null for an unknown path, a live page and a missing catalogue page', async () => {
    expect(await redirect(`/zupelnie-nieznana-${crypto.randomUUID()}`)).toBeNull();
    expect(await redirect('/kontakt')).toBeNull();
    expect(await redirect('/obsluga-klienta/nie-ma-takiej')).toBeNull();
    expect(await redirect('/c/dla-psa/akcesoria/szelki')).toBeNull();
    expect(await redirect('/c/dla-psa/nie-ma-takiej')).toBeNull();
  });
});

describe('families of the table', () => {
  const cases: Array<[family: string, from: string, to: string]> = [
    ['short /c/dla-psa path', '/c/dla-psa/smycze', '/c/dla-psa/akcesoria/smycze'],
    ['short /c/dla-psa child', '/c/dla-psa/dodatki/dodatki-do-smyczy', '/c/dla-psa/akcesoria/dodatki/akcesoria-do-smyczy'],
    ['short /c/akcesoria path', '/c/akcesoria/obroze', '/c/dla-psa/akcesoria/obroze'],
    ['renamed collection', '/c/dla-psa/akcesoria/dodatki/dodatki-do-smyczy', '/c/dla-psa/akcesoria/dodatki/akcesoria-do-smyczy'],
    ['old category', '/akcesoria/szelki/pro-fit', '/c/dla-psa/akcesoria/szelki/szelki-bezuciskowe-pro-fit'],
    ['car belts', '/akcesoria/pasy-do-samochodu', '/c/dla-psa/akcesoria/dodatki/pasy-do-samochodu'],
    ['poop-bag covers', '/akcesoria/pokrowce-na-worki', '/c/dla-psa/akcesoria/dodatki/pokrowce-na-worki'],
    ['mats', '/akcesoria/maty', '/c/dla-psa/legowiska/maty'],
    ['old product under a family', '/akcesoria/smycze/smycz-z-lat-90', '/c/dla-psa/akcesoria/smycze'],
    ['misspelt collars', '/akcsoria/obroze/obroze-martingale', '/c/dla-psa/akcesoria/obroze/obroze-martingale'],
    ['misspelt collars, product', '/akcsoria/obroze/obroza-w-kwiatki', '/c/dla-psa/akcesoria/obroze'],
    ['product category', '/kategoria-produktu/przysmaki/suszone-mieso', '/c/dla-psa/przysmaki/suszone-mieso'],
    ['owner items', '/kategoria-produktu/skarpetki', '/c/dla-czlowieka/ubrania/skarpetki'],
    ['product that exists', '/produkt/szelki-guard-classic', '/p/1/szelki-typu-guard-classic'],
    ['product, old suffix', '/produkt/mata-chlodzaca-dla-psa-personalizowana', '/p/70/mata-chlodzaca-dla-psa'],
    ['product retired', '/produkt/obroza-martingale-welur', '/c/dla-psa/akcesoria/obroze/obroze-martingale'],
    ['product unknown', '/produkt/cos-czego-nie-bylo', '/c/dla-psa/akcesoria'],
    ['shop', '/sklep', '/c/dla-psa'],
    ['/shop', '/shop/page/3', '/c/dla-psa'],
    ['cart', '/koszyk', '/'],
    ['checkout', '/zamowienie/zamowienie-otrzymane', '/'],
    ['account', '/moje-konto/zamowienia', '/'],
    ['sale', '/wyprzedaz', '/c/dla-psa'],
    ['services', '/uslugi/haft-imienia', '/c/dla-psa/akcesoria'],
    ['digital products', '/produkty-cyfrowe', '/'],
    ['affiliate panel', '/panel-partnera/statystyki', '/'],
    ['portfolio', '/portfolio/szelki-dla-owczarka', '/c/dla-psa/akcesoria/szelki'],
    ['English', '/en/harnesses', '/c/dla-psa/akcesoria/szelki'],
    ['retired', '/newsletter', '/'],
    ['upload: form', '/wp-content/uploads/2021/01/Formularz-odst%C4%85pienia-od-umowy.pdf', '/pliki/formularz-odstapienia.pdf'],
    ['upload: other', '/wp-content/uploads/2018/07/IMG_2041.jpg', '/c/dla-psa/akcesoria'],
    ['help page', '/regulamin', '/pomoc/regulamin'],
    ['returns', '/zwroty', '/obsluga-klienta/zwrot'],
    ['exchange form', '/formularz-wymiany', '/pliki/formularz-wymiany.pdf'],
  ];
  for (const [family, from, to] of cases) {
    it(`${family}: ${from} → ${to}`, async () => {
      expect(await redirect(from)).toBe(`${SHOP}${to}`);
    });
  }

  const blog: Array<[family: string, from: string, to: string]> = [
    ['blog root', '/blog', '/'],
    ['blog category', '/category/wychowanie-i-szkolenie', '/wychowanie/'],
    ['blog category, /blog/ section', '/blog/kategoria/w-psim-swiecie', '/blog/w-psim-swiecie/'],
    ['article under /blog/', '/blog/canicross-jak-zaczac', '/sport/canicross-jak-zaczac/'],
    ['article at the root', '/kleszcze-u-psa-jak-sie-chronic', '/zdrowie/kleszcze-u-psa-jak-sie-chronic/'],
    ['other article', '/blog/nowy-wpis', '/nowy-wpis/'],
    ['breed', '/psia-baza-wiedzy/labrador', '/rasy-psow/labrador-retriever/'],
  ];
  for (const [family, from, to] of blog) {
    it(`${family}: ${from} → {blog}${to}`, async () => {
      expect(await redirect(from)).toBe(`${BLOG}${to}`);
    });
  }
});

describe('KV budget', () => {
  it('a live path makes zero KV calls', async () => {
    const { env: e, calls } = counting();
    for (const path of ['/', '/kontakt', '/obsluga-klienta/faq', '/pomoc/regulamin', '/FAQ', '/page/tasma']) {
      expect(await findRedirect(e, new URL(path, SHOP))).toBeNull();
    }
    expect(calls).toEqual([]);
  });

  it('a legacy URL makes at most one KV get, pattern entries and page/N included', async () => {
    for (const path of [
      '/produkt/szelki-guard-classic',
      '/psia-baza-wiedzy/beagle',
      '/sklep/page/99',
      '/c/dla-psa/smycze',
      '/wp-content/uploads/2018/07/x.jpg',
    ]) {
      const { env: e, calls } = counting();
      expect(await findRedirect(e, new URL(path, SHOP))).not.toBeNull();
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatch(/^get redirects:v1:\d\d$/);
    }
  });

  it('the same random miss twice makes one KV call in total', async () => {
    const { env: e, calls } = counting();
    const path = `/wp-admin/${crypto.randomUUID()}.php`;
    expect(await findRedirect(e, new URL(path, SHOP))).toBeNull();
    expect(await findRedirect(e, new URL(path, SHOP))).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('a bot walking 500 random paths costs at most one read per bucket', async () => {
    const { env: e, calls } = counting();
    for (let i = 0; i < 500; i++) await findRedirect(e, new URL(`/${crypto.randomUUID()}/x`, SHOP));
    expect(calls.length).toBeLessThanOrEqual(BUCKET_COUNT);
  });
});
