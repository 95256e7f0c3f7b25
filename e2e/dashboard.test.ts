import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { hydrated, setupBrowser } from './browser';
import { credentials, dashboard, logIn } from './dashboard';
import { shopCall } from './session';

/**
 * Vendure's Dashboard at /dashboard on the backend (decision 101): the shop staff's role 'Obsługa
 * sklepu' moderates reviews in our plugin's screen (backend/src/plugins/reviews/dashboard/), and
 * has no settings.
 */
const browser = setupBrowser();
const POLL = { timeout: 20_000 };

/** Every link of the Dashboard's navigation, each of its sections opened in turn. */
async function navLinks(page: Page): Promise<string[]> {
  const sidebar = page.locator('[data-sidebar="sidebar"]').first();
  // the menu renders a moment after the start page's first link: wait for it
  await sidebar.locator('a[href]').first().waitFor(POLL);
  const links = new Set<string>();
  const collect = async () => {
    for (const href of await sidebar.locator('a[href]').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname)))
      links.add(href);
  };
  await collect();
  const sections = sidebar.locator('button[data-slot="collapsible-trigger"]');
  for (let i = 0; i < (await sections.count()); i++) {
    const section = sections.nth(i);
    if ((await section.getAttribute('aria-expanded')) !== 'true') await section.click();
    await expect.poll(() => section.getAttribute('aria-expanded'), POLL).toBe('true');
    await collect();
  }
  return [...links];
}

/** An Admin API call as `login`: its data and errors. */
async function adminApi<T>(login: string, query: string): Promise<{ data?: T; errors?: Array<{ extensions?: { code?: string } }> }> {
  const url = `${inject('backendUrl')}/admin-api`;
  const { username, password } = credentials(login);
  const post = (token: string | null, q: string, variables: Record<string, unknown> = {}) =>
    fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query: q, variables }),
    });
  const res = await post(null, 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { ... on CurrentUser { id } } }', {
    u: username,
    p: password,
  });
  return (await (await post(res.headers.get('vendure-auth-token'), query)).json()) as {
    data?: T;
    errors?: Array<{ extensions?: { code?: string } }>;
  };
}

/** The error code of a refused Admin API call as `login`, or 'allowed'. */
async function adminApiOutcome(login: string, query: string): Promise<string> {
  const body = await adminApi(login, query);
  return body.errors?.length ? String(body.errors[0]!.extensions?.code) : 'allowed';
}

describe("Vendure's Dashboard for the shop staff", () => {
  it('the staff member logs in, approves a pending review of a bought product in "Opinie o produktach", and it shows on the product page', async () => {
    const { page, errors } = await browser.page();
    // The demo customer writes a review of a product from their seeded order 2 (Shop API, as the form does).
    await page.goto('/');
    await hydrated(page);
    const text = `Worki wchodzą bez problemu, zapięcie trzyma mocno ${Date.now()}.`;
    const context = page.context();
    await shopCall(context, `mutation { login(username: "demo@psiaki.test", password: "Demo1234!") { ... on CurrentUser { id } } }`);
    const { product } = await shopCall<{ product: { slug: string } }>(context, `{ product(id: "56") { slug } }`);
    const submitted = await shopCall<{ submitProductReview: { state?: string; verifiedPurchase?: boolean } }>(
      context,
      `mutation($text: String!) { submitProductReview(input: { productId: "56", rating: 4, text: $text }) { ... on ProductReview { state verifiedPurchase } } }`,
      { text },
    );
    expect(submitted.submitProductReview).toEqual({ state: 'PENDING', verifiedPurchase: true });

    const staff = await browser.page();
    await logIn(staff.page, inject('staffLogin'));
    expect(await navLinks(staff.page)).toContain('/dashboard/opinie');
    await staff.page.goto(dashboard('/opinie'));
    await staff.page.getByRole('heading', { name: 'Opinie o produktach' }).first().waitFor(POLL);
    // pending reviews are the first tab, open by default
    expect(await staff.page.getByRole('tab', { name: /^Oczekujące/ }).getAttribute('aria-selected')).toBe('true');
    const row = staff.page.getByRole('row').filter({ hasText: text });
    await row.waitFor(POLL);
    expect(await row.getByText('Zweryfikowany zakup').count()).toBe(1);
    expect(await row.getByText('Anna K.').count()).toBe(1);
    await row.getByRole('button', { name: 'Zatwierdź' }).click();
    await row.waitFor({ state: 'detached', ...POLL });
    await staff.page.getByRole('tab', { name: /^Zatwierdzone/ }).click();
    await staff.page.getByRole('row').filter({ hasText: text }).waitFor(POLL);

    // The shopper sees it within seconds: the approval changes the product's review summary in the
    // backend's catalogue read model, which tells the worker; its edge copy of the page expires (decision 108).
    await expect
      .poll(
        async () => {
          await page.goto(`/p/56/${product.slug}`);
          await hydrated(page);
          return page.locator('article.review', { hasText: text }).count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    expect(errors).toEqual([]);
  });

  it('the staff role has no settings: channels, administrators and payment methods are absent from its navigation and the Admin API refuses them', async () => {
    // the superadmin's navigation has them (so their absence below is the role's doing)
    const admin = await browser.page();
    await logIn(admin.page, inject('adminLogin'));
    const adminLinks = await navLinks(admin.page);
    for (const path of ['/dashboard/channels', '/dashboard/administrators', '/dashboard/payment-methods', '/dashboard/opinie'])
      expect(adminLinks).toContain(path);

    const staff = await browser.page();
    await logIn(staff.page, inject('staffLogin'));
    const links = await navLinks(staff.page);
    expect(links).toContain('/dashboard/orders');
    expect(links).toContain('/dashboard/customers');
    expect(links).toContain('/dashboard/odstapienia');
    expect(links).toContain('/dashboard/newsletter');
    for (const path of [
      '/dashboard/channels',
      '/dashboard/administrators',
      '/dashboard/roles',
      '/dashboard/payment-methods',
      '/dashboard/global-settings',
    ])
      expect(links).not.toContain(path);

    // the withdrawals screen (backend/src/plugins/withdrawal/dashboard/) answers for the staff
    await staff.page.goto(dashboard('/odstapienia'));
    await staff.page.getByRole('heading', { name: 'Odstąpienia od umowy' }).first().waitFor(POLL);
    expect(await staff.page.getByRole('alert').filter({ hasText: 'Nie udało się' }).count()).toBe(0);

    // the newsletter subscribers (backend/src/plugins/newsletter/dashboard/) with their CSV export
    await staff.page.goto(dashboard('/newsletter'));
    await staff.page.getByRole('heading', { name: 'Newsletter: subskrybenci' }).first().waitFor(POLL);
    const download = staff.page.waitForEvent('download', POLL);
    await staff.page.getByRole('button', { name: 'Eksportuj CSV' }).click();
    const csv = await (await download).createReadStream().then(async (stream) => {
      let text = '';
      for await (const chunk of stream) text += chunk;
      return text;
    });
    expect(csv.split('\r\n')[0]).toBe('email,status,consented_at,confirmed_at,customer_id');

    const staffLogin = inject('staffLogin');
    expect(await adminApiOutcome(staffLogin, '{ channels { totalItems } }')).toBe('FORBIDDEN');
    expect(await adminApiOutcome(staffLogin, '{ administrators { totalItems } }')).toBe('FORBIDDEN');
    expect(await adminApiOutcome(staffLogin, '{ paymentMethods { totalItems } }')).toBe('FORBIDDEN');
    expect(await adminApiOutcome(staffLogin, '{ orders(options: { take: 1 }) { totalItems } }')).toBe('allowed');
  });

  it("shows the staff the online payment's Przelewy24 transaction on the order page", async () => {
    // the demo customer's seeded order 2 was paid online (through the gateway stand-in)
    const { data } = await adminApi<{
      orders: { items: Array<{ id: string; payments: Array<{ method: string; transactionId: string }> }> };
    }>(inject('staffLogin'), '{ orders(options: { sort: { id: ASC }, take: 10 }) { items { id payments { method transactionId } } } }');
    const paidOnline = data!.orders.items.find((o) => o.payments.some((p) => p.method === 'online'))!;
    const transactionId = paidOnline.payments.find((p) => p.method === 'online')!.transactionId;
    expect(transactionId).toBeTruthy();

    const { page, errors } = await browser.page();
    await logIn(page, inject('staffLogin'));
    await page.goto(dashboard(`/orders/${paidOnline.id}`));
    const block = page.getByRole('table', { name: 'Transakcje Przelewy24' });
    await block.waitFor(POLL);
    expect(await block.getByText(transactionId, { exact: true }).count()).toBe(1);
    expect(await block.getByText('opłacona').count()).toBe(1);
    expect(errors.filter((e) => !/FORBIDDEN|not currently authorized|status of 40[13]/.test(e))).toEqual([]);
  });
});
