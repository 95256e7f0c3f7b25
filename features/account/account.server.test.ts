import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { login } from '../../client/graphql/auth.graphql';
import { unwrap } from '../../client/graphql/errors';
import { app } from '../../worker/app';
import { SESSION_COOKIE } from '../../worker/shop/session';
import { ORIGIN, shopper } from '../../worker/shop/test-client';

/** Every account page by its canonical path and its capitalised alias (spec §2), with what it must show. */
const PAGES: Array<{ path: string; alias: string | null; canonical: string; heading: string; shows: RegExp[] }> = [
  {
    path: '/my-account',
    alias: null,
    canonical: '/my-account/profile',
    heading: 'Mój profil',
    shows: [/value="Anna"/, /value="Figa/, /value="Border collie"/],
  },
  {
    path: '/my-account/profile',
    alias: '/MyAccount/MyProfile',
    canonical: '/my-account/profile',
    heading: 'Mój profil',
    shows: [/value="Anna"/, /value="Figa/, /value="2019-04-12"/],
  },
  {
    path: '/my-account/shipping',
    alias: '/MyAccount/ShippingDetails',
    canonical: '/my-account/shipping',
    heading: 'Dane do wysyłki',
    shows: [/Marszałkowska 10\/5/, /WAW01M/, /Domyślny adres wysyłki/],
  },
  {
    path: '/my-account/billing',
    alias: '/MyAccount/BillingDetails',
    canonical: '/my-account/billing',
    heading: 'Dane do faktury',
    shows: [/Pracownia Figa Anna Kowalska/, /1234567883/, /Domyślne dane do faktury/],
  },
  {
    path: '/my-account/orders',
    alias: '/MyAccount/OrderHistory',
    canonical: '/my-account/orders',
    heading: 'Historia zamówień',
    shows: [/Dostarczone/, /Opłacone/],
  },
  {
    path: '/my-account/newsletter',
    alias: '/MyAccount/MyNewsletter',
    canonical: '/my-account/newsletter',
    heading: 'Newsletter',
    shows: [/Chcę otrzymywać newsletter/],
  },
];

async function demoCookie(): Promise<string> {
  const s = shopper();
  unwrap((await s.op(login, { username: 'demo@psiaki.test', password: 'Demo1234!' })).login);
  return `${SESSION_COOKIE}=${s.jar.get(SESSION_COOKIE)}`;
}

const get = (path: string, headers: Record<string, string> = {}) => app.request(`${ORIGIN}${path}`, { headers, redirect: 'manual' }, env);

describe('account pages (/my-account/* and /MyAccount/*)', () => {
  it('render for a logged-in customer, server-side, never stored and never indexed', async () => {
    const cookie = await demoCookie();
    for (const page of PAGES) {
      for (const path of [page.path, page.alias].filter((p): p is string => !!p)) {
        const res = await get(path, { Cookie: cookie });
        expect(res.status, path).toBe(200);
        expect(res.headers.get('Cache-Control'), path).toMatch(/no-store/);
        expect(res.headers.get('X-Robots-Tag'), path).toBe('noindex');
        const html = await res.text();
        expect(html, path).toContain('<meta name="robots" content="noindex"/>');
        expect(html, path).toContain(`<link rel="canonical" href="http://${env.MAIN_HOST}${page.canonical}"/>`);
        expect(html, path).toMatch(new RegExp(`<h1 id="account-title">${page.heading}</h1>`));
        for (const shown of page.shows) expect(html, `${path} shows ${shown}`).toMatch(shown);
      }
    }
  });

  it("shows each order line's product features (spec §3 features list)", async () => {
    const res = await get('/my-account/orders', { Cookie: await demoCookie() });
    const html = await res.text();
    // The seeded guard harness (nylon tape): its one-valued facet, not the colours it comes in.
    expect(html).toMatch(/<dl class="line-features"><div><dt>Rodzaj taśmy(?:<!-- -->)?:<\/dt> <dd>Taśma nylonowa<\/dd><\/div><\/dl>/);
    expect(html).not.toMatch(/<dt>Promocja(?:<!-- -->)?:<\/dt>/);
  });

  it('lists the two seeded orders newest first, with their codes and Polish states', async () => {
    const res = await get('/my-account/orders', { Cookie: await demoCookie(), Accept: 'application/json' });
    const body = (await res.json()) as {
      data: { orders: { totalItems: number; items: Array<{ code: string; state: string; orderPlacedAt: string }> } };
    };
    const seeded = body.data.orders.items.filter((o) => o.state === 'Delivered' || o.state === 'PaymentSettled');
    expect(seeded.length).toBe(2);
    const dates = body.data.orders.items.map((o) => o.orderPlacedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(res.headers.get('Cache-Control')).toMatch(/no-store/);
  });

  it('send a visitor without a session, with a bogus session or with a guest session home (302 /), page and JSON alike', async () => {
    const guest = shopper();
    await guest.call({ query: '{ activeOrder { id } }' });
    const sessions: Array<Record<string, string>> = [{}, { Cookie: `${SESSION_COOKIE}=nieprawidlowy-token` }];
    const guestCookie = guest.jar.get(SESSION_COOKIE);
    if (guestCookie) sessions.push({ Cookie: `${SESSION_COOKIE}=${guestCookie}` });
    for (const headers of sessions) {
      for (const page of PAGES) {
        for (const path of [page.path, page.alias].filter((p): p is string => !!p)) {
          for (const accept of ['text/html', 'application/json']) {
            const res = await get(path, { ...headers, Accept: accept });
            expect(res.status, `${path} ${accept}`).toBe(302);
            expect(res.headers.get('Location'), path).toBe('/');
          }
        }
      }
    }
  });

  it('answers 404 for an account page that does not exist', async () => {
    const res = await get('/MyAccount/Nieznana', { Cookie: await demoCookie() });
    expect(res.status).toBe(404);
  });
});

describe('/verify and /password-reset', () => {
  it('render without a session, personal and not indexed, and leave the token for the browser to spend', async () => {
    for (const [path, heading] of [
      ['/verify?token=abc', 'Aktywacja konta'],
      ['/password-reset?token=abc', 'Ustaw nowe hasło'],
    ] as const) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('Cache-Control'), path).toMatch(/no-store/);
      expect(res.headers.get('X-Robots-Tag'), path).toBe('noindex');
      const html = await res.text();
      expect(html, path).toContain(`<h1>${heading}</h1>`);
      expect(html, path).toContain('<meta name="robots" content="noindex"/>');
    }
  });

  it('explain a link without a token', async () => {
    expect(await (await get('/password-reset')).text()).toContain('W tym linku brakuje kodu.');
    expect(await (await get('/verify')).text()).toContain('W tym linku brakuje kodu aktywacyjnego.');
  });
});
