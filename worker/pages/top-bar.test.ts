import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { toTopBar } from './top-bar';
import type { PagePayload } from '../../client/router/types';
import { app } from '../app';

const BASE = 'http://127.0.0.1:8787';
const RETURNING = 'currency=PLN; country=PL; locale=pl';

describe('top bar in every page payload', () => {
  it("carries the backend's promo title (sanitised) and a future countdown date, and server-renders the title without a time", async () => {
    const q = `?top-bar=${Date.now()}`;
    const res = await app.request(`${BASE}/kontakt${q}`, { headers: { Cookie: RETURNING, Accept: 'application/json' } }, env);
    const payload = (await res.json()) as PagePayload;
    expect(payload.topBar?.titleHtml).toBe('Black Week: <strong>-20%</strong> z kodem BLACKWEEK24');
    expect(Date.parse(payload.topBar!.date!)).toBeGreaterThan(Date.now());
    const html = await (await app.request(`${BASE}/kontakt${q}`, { headers: { Cookie: RETURNING } }, env)).text();
    expect(html).toContain('<span class="top-bar__title">Black Week: <strong>-20%</strong> z kodem BLACKWEEK24</span>');
    // The countdown is computed after mount: the server's box is empty, so hydration cannot disagree.
    expect(html).toContain('<span class="countdown" role="timer" aria-label="Do końca promocji"></span>');
    expect(html).toContain('href="/obsluga-klienta/faq">Pomoc i FAQ</a>');
  });

  it('server-renders the footer island in place, never as a streamed boundary (the CSP blocks its inline script)', async () => {
    const html = await (await app.request(`${BASE}/pomoc?footer=${Date.now()}`, { headers: { Cookie: RETURNING } }, env)).text();
    expect(html).not.toContain('<template id="B:');
    expect(html).not.toMatch(/<script>(?!.*application)/);
    expect(html).toContain('<h2 id="footer-bank">Dane do przelewu</h2>');
    expect(html).toContain(`<dd class="footer__iban">${env.BANK_TRANSFER_ACCOUNT}</dd>`);
    expect(html).toContain('href="/obsluga-klienta/reklamacje">Reklamacje</a>');
  });

  it('carries the public footer configuration: bank transfer details and external links', async () => {
    const res = await app.request(`${BASE}/kontakt?cfg=${Date.now()}`, { headers: { Cookie: RETURNING, Accept: 'application/json' } }, env);
    const { config } = (await res.json()) as PagePayload;
    expect(config.bankTransfer).toEqual({
      recipient: env.BANK_TRANSFER_RECIPIENT,
      account: env.BANK_TRANSFER_ACCOUNT,
      bank: env.BANK_TRANSFER_BANK,
    });
    expect(config.links.harnessCreator).toBe(env.HARNESS_CREATOR_URL);
    expect(config.links.social.map((s) => s.name)).toEqual(['Facebook', 'Instagram', 'YouTube']);
  });
});

describe('top bar data from the channel fields', () => {
  it('keeps inline emphasis and links, strips scripts, handlers and block markup', () => {
    const bar = toTopBar(
      '<b onclick="x()">Hej</b> <script>alert(1)</script><div>Promo</div> <a href="javascript:alert(1)">tu</a> <a href="/c/dla-psa">tam</a>',
      '2030-01-01T00:00:00Z',
    );
    expect(bar?.titleHtml).toBe('<b>Hej</b> Promo <a href>tu</a> <a href="/c/dla-psa">tam</a>');
    expect(bar?.date).toBe('2030-01-01T00:00:00.000Z');
  });

  it('gives no countdown for a missing or invalid date, and nothing at all without title and date', () => {
    expect(toTopBar('Promocja', 'nie-data')).toEqual({ titleHtml: 'Promocja', date: null });
    expect(toTopBar('Promocja', null)).toEqual({ titleHtml: 'Promocja', date: null });
    expect(toTopBar('', null)).toBeNull();
    expect(toTopBar(null, undefined)).toBeNull();
  });
});
