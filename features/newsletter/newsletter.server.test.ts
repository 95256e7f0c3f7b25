import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { NEWSLETTER_LIMIT } from './newsletter-api.server';
import { app } from '../../worker/app';
import { freshWindow, limitsOn, uniqueAddress } from '../../worker/ratelimit/test-limits';

const BASE = 'http://127.0.0.1:8787';
const backend = env.VENDURE_SHOP_API.replace(/\/shop-api$/, '');
let ip = 0;
/** Each test its own client address, so the rate limit of one does not spill into another. */
const clientIp = () => `203.0.113.${++ip}`;

const post = (body: unknown, headers: Record<string, string> = {}, vars: typeof env = env) =>
  app.request(
    `${BASE}/api/newsletter`,
    {
      method: 'POST',
      headers: { Origin: BASE, 'Content-Type': 'application/json', 'CF-Connecting-IP': clientIp(), ...headers },
      body: JSON.stringify(body),
    },
    vars,
  );

async function optInMail(email: string): Promise<{ token: string; link: string }> {
  for (let i = 0; i < 50; i++) {
    const mails = (await (await fetch(`${backend}/dev-mailbox?email=${encodeURIComponent(email)}`)).json()) as Array<{
      type: string;
      token: string;
      link: string;
    }>;
    const mail = mails.find((m) => m.type === 'newsletter-confirm');
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no opt-in mail for ${email}`);
}

describe('POST /api/newsletter', () => {
  it('subscribes an address: the dev mailbox holds the opt-in link, whose page confirms it once', async () => {
    const email = `worker-${Date.now()}@psiaki.test`;
    const res = await post({ email, consent: true });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'confirmation-sent' });

    const mail = await optInMail(email);
    const page = await app.request(`${BASE}${mail.link}`, { headers: { Cookie: 'locale=pl; currency=PLN; country=PL' } }, env);
    expect(page.status).toBe(200);
    expect(page.headers.get('Cache-Control')).toContain('no-store');
    expect(await page.text()).toContain('Dziękujemy! Twój adres e-mail został potwierdzony');
    const again = await app.request(`${BASE}${mail.link}`, {}, env);
    expect(await again.text()).toContain('Ten adres był już potwierdzony');
    expect(await (await post({ email, consent: true })).json()).toEqual({ status: 'already-subscribed' });
  });

  it('refuses a bad address or a missing consent with 400, the field and a Polish reason', async () => {
    expect(await (await post({ email: 'anna@', consent: true })).json()).toEqual({ field: 'email', message: 'Błędny adres e-mail' });
    expect(await (await post({ email: '', consent: true })).json()).toEqual({ field: 'email', message: 'Podaj adres e-mail.' });
    const noConsent = await post({ email: 'anna@example.pl', consent: 'tak' });
    expect(noConsent.status).toBe(400);
    expect(await noConsent.json()).toEqual({ field: 'consent', message: 'Zaznacz zgodę, aby zapisać się do newslettera.' });
    expect(
      (await app.request(`${BASE}/api/newsletter`, { method: 'POST', headers: { Origin: BASE }, body: '{nie json' }, env)).status,
    ).toBe(400);
  });

  it('refuses other methods (405) and other sites (403)', async () => {
    const get = await app.request(`${BASE}/api/newsletter`, {}, env);
    expect(get.status).toBe(405);
    expect(get.headers.get('Allow')).toBe('POST');
    expect((await post({ email: 'anna@example.pl', consent: true }, { Origin: 'https://evil.example' })).status).toBe(403);
    const noOrigin = await app.request(
      `${BASE}/api/newsletter`,
      { method: 'POST', body: JSON.stringify({ email: 'anna@example.pl', consent: true }) },
      env,
    );
    expect(noOrigin.status).toBe(403);
  });

  it(`answers 429 with Retry-After after ${NEWSLETTER_LIMIT} sign-ups from one client within a minute`, async () => {
    await freshWindow(20);
    const headers = { 'CF-Connecting-IP': uniqueAddress() };
    for (let i = 0; i < NEWSLETTER_LIMIT; i++)
      expect((await post({ email: `limit-${Date.now()}-${i}@psiaki.test`, consent: true }, headers, limitsOn)).status).toBe(200);
    const refused = await post({ email: `limit-${Date.now()}-x@psiaki.test`, consent: true }, headers, limitsOn);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await post({ email: `limit-${Date.now()}-y@psiaki.test`, consent: true }, {}, limitsOn)).status).toBe(200);
  }, 60_000);
});

describe('newsletter confirmation page', () => {
  it('explains an unknown or missing token with a 400', async () => {
    const bad = await app.request(`${BASE}/newsletter/potwierdz?token=${'0'.repeat(48)}`, {}, env);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Ten link potwierdzający jest nieprawidłowy albo wygasł.');
    const missing = await app.request(`${BASE}/newsletter/potwierdz`, {}, env);
    expect(missing.status).toBe(400);
    const html = await missing.text();
    expect(html).toContain('Brakuje kodu potwierdzającego.');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });
});
