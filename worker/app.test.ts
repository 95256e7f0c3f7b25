import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import manifest from '#build/manifest';
import staticPages from '#build/static-pages';
import { routes } from './pages/route-table';
import { app } from './app';
import { HttpError } from './pages/errors';
import { runGuards } from './pages/guards';
import { safeJson } from './render/safe-json';

const BASE = 'http://127.0.0.1:8787';
const get = (path: string, init: RequestInit = {}) => app.request(`${BASE}${path}`, { redirect: 'manual', ...init }, env);

describe('pipeline step 1: canonical host and path', () => {
  it('redirects a trailing slash to the same path without it, keeping the query', async () => {
    const res = await get('/kontakt/?x=1');
    expect(res.status).toBe(301);
    expect(res.headers.get('Location')).toBe('/kontakt?x=1');
  });

  it('sends an ebook host to the main host with the same path and query', async () => {
    const res = await app.request('http://ebook.psiaki.pl/pomoc/regulamin?utm=1', { redirect: 'manual' }, env);
    expect(res.status).toBe(301);
    expect(res.headers.get('Location')).toBe(`http://${env.MAIN_HOST}/pomoc/regulamin?utm=1`);
  });

  it('rewrites old listing parameters on a live listing in one hop', async () => {
    const res = await get('/c/dla-psa?attributes=27');
    expect(res.status).toBe(301);
    expect(res.headers.get('Location')).toBe('/c/dla-psa?a=27');
  });

  it('sends an accented variant of a live page to it, percent-encoded, and never loops on an encoded path', async () => {
    const res = await get('/obs%C5%82uga-klienta/faq');
    expect(res.status).toBe(301);
    expect(res.headers.get('Location')).toBe(`${BASE}/obsluga-klienta/faq`);
    const odd = await get('/pomoc/%3Cb%3E');
    expect(odd.status).toBe(404);
  });

  it('leaves the root path alone', async () => {
    expect((await get('/')).status).toBe(200);
  });
});

describe('pipeline step 2: static assets', () => {
  it('serves the service worker as JavaScript that revalidates', async () => {
    const res = await get('/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/javascript/);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=0, must-revalidate');
    expect(await res.text()).toContain('offline.html');
  });

  it('serves content-hashed bundles as immutable for a year', async () => {
    expect(manifest.entry).toMatch(/^\/assets\/entry-[A-Z0-9]{8}\.js$/);
    const res = await get(manifest.entry);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
  });

  it('serves the offline page as HTML under its own name (the service worker precaches it)', async () => {
    const res = await get('/offline.html');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('Jesteś offline');
  });

  it('serves the withdrawal and exchange forms as PDF files', async () => {
    for (const path of ['/pliki/formularz-odstapienia.pdf', '/pliki/formularz-wymiany.pdf']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('Content-Type')).toBe('application/pdf');
      expect(new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    }
  });

  it('answers 404 for a bundle that does not exist', async () => {
    expect((await get('/assets/nope-AAAAAAAA.js')).status).toBe(404);
  });
});

describe('pipeline step 4: pages', () => {
  it('server-renders the home page in Polish with the hydration payload and the page chunk preloaded', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="pl">/);
    expect(html).toContain('<title>Psiaki – Spersonalizowane akcesoria dla psów</title>');
    expect(html).toContain('<script id="__PAYLOAD__" type="application/json">{"route":"home"');
    // No module script or modulepreload in the HTML: the boot script adds them after the first paint.
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    const boot = /<script data-entry="([^"]+)" data-preload="([^"]*)">([\s\S]+?)<\/script>/.exec(html);
    expect(boot?.[1]).toBe(manifest.entry);
    // react-dom's chunk and the entry's imports, then the page's chunks (each once).
    expect(boot?.[2]!.split(' ')).toEqual([...new Set([...manifest.entryPreload, ...manifest.pages.HomePage!])]);
    expect(manifest.entryPreload.length).toBeGreaterThan(0);
    expect(html).toContain('<link rel="canonical" href="http://127.0.0.1:8787/"/>');
  });

  it('returns the loader data as JSON for Accept: application/json, varying on Accept', async () => {
    const res = await get('/pomoc/regulamin', { headers: { Accept: 'application/json' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Vary')).toBe('Accept');
    const body = (await res.json()) as { route: string; head: { title: string }; data: { title: string; sidebar: unknown[] } };
    expect(body.route).toBe('pomoc');
    expect(body.data.title).toBe('Regulamin sklepu');
    expect(body.head.title).toBe('Regulamin sklepu – Psiaki');
    expect(body.data.sidebar.length).toBeGreaterThan(1);
  });

  it('sets the currency, country and locale cookies for a year on the first visit only', async () => {
    const first = await get('/kontakt');
    const cookies = first.headers.getSetCookie();
    expect(cookies).toEqual(
      expect.arrayContaining([
        'currency=PLN; Max-Age=31536000; Path=/; SameSite=Lax',
        'country=PL; Max-Age=31536000; Path=/; SameSite=Lax',
        'locale=pl; Max-Age=31536000; Path=/; SameSite=Lax',
      ]),
    );
    const again = await get('/kontakt', { headers: { Cookie: 'currency=PLN; country=PL; locale=pl' } });
    expect(again.headers.getSetCookie()).toEqual([]);
  });

  it('sets the same cookies on a first visit that lands on the 404 screen, and on a catalogue miss once only', async () => {
    for (const path of ['/nie-ma-takiej-strony', '/pomoc/nie-ma-takiej']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain('Ups... mamy ERROR!');
      const cookies = res.headers.getSetCookie();
      expect(cookies, path).toEqual([
        'currency=PLN; Max-Age=31536000; Path=/; SameSite=Lax',
        'country=PL; Max-Age=31536000; Path=/; SameSite=Lax',
        'locale=pl; Max-Age=31536000; Path=/; SameSite=Lax',
      ]);
    }
    const returning = await get('/nie-ma-takiej-strony', { headers: { Cookie: 'currency=PLN; country=PL; locale=pl' } });
    expect(returning.status).toBe(404);
    expect(returning.headers.getSetCookie()).toEqual([]);
  });

  it('puts security headers on every HTML response', async () => {
    for (const path of ['/', '/nie-ma-takiej-strony']) {
      const res = await get(path);
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('X-Frame-Options')).toBe('DENY');
      const csp = res.headers.get('Content-Security-Policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    }
  });

  it('allows exactly the inline boot script it serves, by its SHA-256 in the CSP', async () => {
    const res = await get('/');
    const html = await res.text();
    const inline = [...html.matchAll(/<script(?![^>]*\b(?:src|type)=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(1);
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(inline[0])));
    const hash = `'sha256-${btoa(String.fromCharCode(...digest))}'`;
    const scriptSrc = (res.headers.get('Content-Security-Policy') ?? '').split('; ').find((d) => d.startsWith('script-src '));
    // and the Turnstile script's origin (the login's challenge), nothing else
    expect(scriptSrc).toBe(`script-src 'self' ${hash} ${new URL(env.TURNSTILE_SCRIPT_URL).origin}`);
  });
});

describe('footer payment and delivery marks', () => {
  it('shows each as our own SVG with its name as the text alternative, served by the worker', async () => {
    const html = await (await get('/')).text();
    const footer = html.slice(html.indexOf('<footer'));
    const marks = [...footer.matchAll(/<img src="([^"]+)" alt="([^"]+)"/g)].map((m) => ({ src: m[1]!, alt: m[2]! }));
    expect(marks.map((m) => m.alt)).toEqual(['BLIK', 'Visa', 'Mastercard', 'Przelew bankowy', 'InPost Paczkomat®', 'Kurier']);
    for (const { src } of marks) {
      expect(src).toMatch(/^\/marki\/[a-z]+\.svg$/);
      const res = await get(src);
      expect(res.status, src).toBe(200);
      expect(res.headers.get('Content-Type'), src).toMatch(/^image\/svg\+xml/);
      expect(res.headers.get('Cache-Control')).toBe('public, max-age=604800');
      expect(await res.text()).toMatch(/^<svg [^>]*viewBox="0 0 64 32"/);
    }
    expect((await get('/marki/nie-ma.svg')).status).toBe(404);
  });
});

describe('static content pages', () => {
  it('renders /kontakt, the only page of its section, without a sidebar', async () => {
    const html = await (await get('/kontakt')).text();
    expect(html).toContain('<h1>Kontakt</h1>');
    expect(html).not.toContain('class="static-page__sidebar"');
  });

  const pages = [
    ['/o-produkcie', 'O produkcie'],
    ['/o-produkcie/personalizacja', 'Personalizacja'],
    ['/obsluga-klienta/zwrot', 'Zwrot'],
    ['/obsluga-klienta/faq', 'FAQ'],
    ['/pomoc/polityka-prywatnosci', 'Polityka prywatności'],
    ['/page/polityka-cookies', 'cookies'],
  ] as const;
  for (const [path, text] of pages) {
    it(`renders ${path} with its title and the sibling sidebar`, async () => {
      const res = await get(path);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(text);
      expect(html).toContain('class="static-page__sidebar"');
    });
  }

  it('maps every capitalised legacy static route onto its live page, with the live page as canonical', async () => {
    const legacy = routes.filter((r) => r.id.startsWith('legacy:'));
    expect(legacy.length).toBe(18);
    for (const route of legacy) {
      const res = await get(route.path, { headers: { Accept: 'application/json' } });
      expect(res.status, route.path).toBe(200);
      const body = (await res.json()) as { head: { canonical: string } };
      expect(body.head.canonical).toBe(`http://127.0.0.1:8787/${route.meta!.content!.replace(/\/index$/, '')}`);
    }
  });

  it('answers /page without a name with an index linking every static page, by section', async () => {
    const res = await get('/page');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h1>Strony informacyjne</h1>');
    const paths = Object.values(staticPages).map((p) => (p.slug === 'index' ? `/${p.section}` : `/${p.section}/${p.slug}`));
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) expect(html, path).toContain(`href="${path}"`);
    expect(html).toContain('<h2><a href="/obsluga-klienta">Obsługa klienta</a></h2>');
  });

  it('answers 404 for an unknown pageName, without reflecting it', async () => {
    const res = await get('/pomoc/nie-ma-takiej');
    expect(res.status).toBe(404);
    const evil = await get('/pomoc/%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(evil.status).toBe(404);
    expect(await evil.text()).not.toContain('<script>alert(1)');
  });

  it('does not show the sample-content marker comment to shoppers', async () => {
    expect(await (await get('/pomoc/regulamin')).text()).not.toContain('TREŚĆ PRZYKŁADOWA');
  });
});

describe('error screens', () => {
  it('renders the 404 screen for an unknown path', async () => {
    const res = await get('/to-nie-istnieje');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Ups... mamy ERROR!');
    expect(html).toContain('This page could not be found');
    expect(html).toContain('<a class="button" href="/">Strona główna</a>');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });

  it('answers a 404 as JSON for client navigation', async () => {
    const res = await get('/to-nie-istnieje', { headers: { Accept: 'application/json' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ route: 'error', status: 404, data: { status: 404 } });
  });

  it("fails an unknown middleware name with 500 'Unknown middleware'", async () => {
    const ctx = { c: {} as never, url: new URL(BASE), route: routes[0]!, params: {} };
    await expect(runGuards(['seo', 'no-such-middleware'], ctx)).rejects.toEqual(new HttpError(500, 'Unknown middleware'));
  });
});

describe('safeJson', () => {
  it('cannot be broken out of a script element', () => {
    const out = safeJson({ description: '</script><script>alert(1)</script><!--' });
    expect(out).not.toContain('</script>');
    expect(out).not.toContain('<!--');
    expect(JSON.parse(out)).toEqual({ description: '</script><script>alert(1)</script><!--' });
  });
});
