import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './browser';
import { FOOTER_SECTIONS } from '../client/components/shell/FooterContent';

/**
 * Internal links that lead to pages of issues not landed yet. Each issue removes its route
 * from here when it lands (the test fails while a listed route already answers), so the list
 * must end empty.
 */
export const KNOWN_FUTURE_ROUTES: readonly string[] = [
  // Empty: /my-account (accounts) and /pro-fit-studio (configurators) have landed. Add a route here only
  // while the issue that builds it is open.
];

const isFuture = (path: string) => KNOWN_FUTURE_ROUTES.some((r) => path === r || path.startsWith(`${r}/`) || path.startsWith(`${r}?`));

/** Same-origin hrefs of a page's HTML (no assets, no API, no fragments alone). */
function internalLinks(html: string): string[] {
  const found = new Set<string>();
  for (const [, href] of html.matchAll(/<a\b[^>]*?\shref="([^"#]*)(?:#[^"]*)?"/g)) {
    const value = href!.replace(/&amp;/g, '&');
    if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/assets/') && !value.startsWith('/api/')) found.add(value);
  }
  return [...found];
}

/** Status after following redirects on the shop's own host (at most 3 hops). */
async function finalStatus(path: string): Promise<{ status: number; url: string }> {
  let url = new URL(path, baseUrl()).toString();
  for (let hop = 0; hop < 4; hop++) {
    const res = await fetch(url, { redirect: 'manual' });
    await res.arrayBuffer();
    const location = res.headers.get('Location');
    if (res.status >= 300 && res.status < 400 && location) {
      const next = new URL(location, url);
      if (next.origin !== new URL(baseUrl()).origin) return { status: 200, url: next.toString() };
      url = next.toString();
      continue;
    }
    return { status: res.status, url };
  }
  return { status: 508, url };
}

const html = async (path: string) => (await fetch(new URL(path, baseUrl()))).text();

describe('link walk', () => {
  it('every internal link of home, the footer, every static page and a sample of category and product pages resolves', async () => {
    const staticPages = Object.values(
      JSON.parse(readFileSync(join(import.meta.dirname, '../dist/static-pages.json'), 'utf8')) as Array<{ section: string; slug: string }>,
    ).map((p) => (p.slug === 'index' ? `/${p.section}` : `/${p.section}/${p.slug}`));
    const home = await html('/');
    const homeLinks = internalLinks(home);
    const categories = homeLinks.filter((l) => /^\/c\/[^?]+$/.test(l)).slice(0, 6);
    const products = homeLinks.filter((l) => l.startsWith('/p/')).slice(0, 4);
    const category = await html(categories.at(-1) ?? '/c/dla-psa');
    products.push(
      ...internalLinks(category)
        .filter((l) => l.startsWith('/p/'))
        .slice(0, 4),
    );
    const footer = FOOTER_SECTIONS.flatMap((s) => s.links.map(([href]) => href));
    expect(staticPages.length).toBeGreaterThan(10);
    expect(products.length).toBeGreaterThan(2);

    const pages = [...new Set(['/', ...staticPages, ...categories, ...products])];
    const links = new Set<string>(footer);
    const bodies = await Promise.all(pages.map((page) => (page === '/' ? home : html(page))));
    for (const body of bodies) for (const link of internalLinks(body)) links.add(link);

    const broken: string[] = [];
    const future = new Set<string>();
    const queue = [...new Set([...links, ...pages])].sort().filter((link) => !(isFuture(link) && future.add(link)));
    // A few requests at a time: the stack shares a small machine.
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let link = queue.shift(); link !== undefined; link = queue.shift()) {
          const { status, url } = await finalStatus(link);
          if (status >= 400) broken.push(`${status} ${link}${url.endsWith(link) ? '' : ` → ${url}`}`);
        }
      }),
    );
    expect(broken.sort()).toEqual([]);
    // The walk must have seen the shell's links (top bar, footer, bottom nav).
    expect(links.has('/obsluga-klienta/faq')).toBe(true);
    expect(links.has('/kolekcje')).toBe(true);
    expect(links.has('/pro-fit-studio')).toBe(true);
    expect([...future]).toEqual([]);
  }, 400_000);

  it('the known future routes still answer 404 (remove a route from KNOWN_FUTURE_ROUTES when its issue lands)', async () => {
    for (const route of KNOWN_FUTURE_ROUTES) expect((await finalStatus(route)).status, route).toBe(404);
  });
});
