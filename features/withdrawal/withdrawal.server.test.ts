import { describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import { ORIGIN } from '../../worker/shop/test-client';
import { env } from 'cloudflare:workers';

const get = (path: string) => app.request(`${ORIGIN}${path}`, {}, env);

describe('/odstapienie-od-umowy (withdrawal form, issue 24)', () => {
  it('renders the form for everyone, personal and not indexed, with the code of the link filled in', async () => {
    const res = await get('/odstapienie-od-umowy?order=ABC123XYZ');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toMatch(/no-store/);
    expect(res.headers.get('X-Robots-Tag')).toBe('noindex');
    const html = await res.text();
    expect(html).toContain('<h1>Odstąpienie od umowy</h1>');
    expect(html).toContain('Krok 1. Wskaż zamówienie');
    expect(html).toMatch(/<input[^>]*id="withdrawal-code"[^>]*value="ABC123XYZ"/);
    expect(html).toMatch(/<input[^>]*id="withdrawal-email"[^>]*type="email"|<input[^>]*type="email"[^>]*id="withdrawal-email"/);
  });

  it('escapes and cuts a hostile order parameter', async () => {
    const hostile = encodeURIComponent(`"><script>alert(1)</script>${'x'.repeat(200)}`);
    const html = await (await get(`/odstapienie-od-umowy?order=${hostile}`)).text();
    expect(html).not.toContain('<script>alert(1)</script>');
    const value = /id="withdrawal-code"[^>]*value="([^"]*)"|value="([^"]*)"[^>]*id="withdrawal-code"/.exec(html);
    expect(value).not.toBeNull();
    expect((value![1] ?? value![2])!.length).toBeLessThanOrEqual(64 + 40);
  });

  it('is linked as "Odstąp od umowy tutaj" in the footer of every page', async () => {
    for (const path of ['/', '/obsluga-klienta/faq']) {
      const html = await (await get(path)).text();
      expect(html, path).toMatch(/<a[^>]*href="\/odstapienie-od-umowy"[^>]*>Odstąp od umowy tutaj<\/a>/);
    }
  });
});
