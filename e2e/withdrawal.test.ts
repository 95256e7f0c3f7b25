/**
 * The withdrawal function in Chromium (issue 24): a guest reaches it from the thank-you page of an
 * order that has a personalised line, withdraws from the other line, sees the receipt, gets the
 * acknowledgement e-mail, and staff see one withdrawal; a signed-in customer does the same from the
 * account's order list.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { hydrated, setupBrowser } from './browser';
import { adminCall, checkoutByTransfer, DEMO, shopInPage } from './session';

const browser = setupBrowser();
const POLL = { timeout: 20_000 };

async function variantId(page: Page, productId: number, sku: string): Promise<string> {
  const { product } = await shopInPage<{ product: { variants: Array<{ id: string; sku: string }> } }>(
    page,
    'query($id: ID!) { product(id: $id) { variants { id sku } } }',
    { id: String(productId) },
  );
  return product.variants.find((v) => v.sku === sku)!.id;
}

/** A guest order by transfer: 2 × waste bags and a guard harness with foam lining (made to order). */
async function placeOrder(page: Page, email: string): Promise<string> {
  await page.goto('/kontakt');
  // the page's own session requests first, so our cart's session cookie is the one that stays
  await hydrated(page);
  const add =
    'mutation($id: ID!, $q: Int!, $cf: OrderLineCustomFieldsInput) { addItemToOrder(productVariantId: $id, quantity: $q, customFields: $cf) { __typename } }';
  await shopInPage(page, add, { id: await variantId(page, 56, 'PS-056'), q: 2 });
  await shopInPage(page, add, { id: await variantId(page, 1, 'PS-001-20-M'), q: 1, cf: { podszycie: 'tak' } });
  const placed = await checkoutByTransfer(page, email);
  expect(placed.lines).toHaveLength(2);
  return placed.code;
}

async function mails(email: string): Promise<Array<{ type: string; orderCode?: string }>> {
  return (await (await fetch(`${inject('mailboxUrl')}?email=${encodeURIComponent(email)}`)).json()) as Array<{
    type: string;
    orderCode?: string;
  }>;
}

describe('withdrawal in Chromium', () => {
  it('a guest withdraws from the eligible line of an order with a personalised line, from the thank-you page', async () => {
    const { page, errors } = await browser.page();
    const email = `odstapienie-${Date.now().toString(36)}@psiaki.test`;
    const code = await placeOrder(page, email);

    await page.goto(`/checkout/thank-you?order=${code}`);
    await hydrated(page);
    await page.getByRole('link', { name: 'Odstąp od umowy tutaj' }).first().waitFor();
    // the thank-you page's own link (the footer has one too, without the order)
    await page.locator('.thank-you__withdrawal').getByRole('link', { name: 'Odstąp od umowy tutaj' }).click();
    await page.waitForURL(`**/odstapienie-od-umowy?order=${code}`);
    await hydrated(page);
    expect(await page.getByLabel('Numer zamówienia').inputValue()).toBe(code);

    // a wrong address says so without telling whether the order exists; what was typed stays
    await page.getByLabel('Adres e-mail podany w zamówieniu').fill('ktos-inny@psiaki.test');
    await page.getByRole('button', { name: 'Znajdź zamówienie' }).click();
    await page.getByText('Nie znaleźliśmy zamówienia o tym numerze i adresie e-mail. Sprawdź oba i spróbuj ponownie.').waitFor(POLL);
    expect(await page.getByLabel('Numer zamówienia').inputValue()).toBe(code);

    await page.getByLabel('Adres e-mail podany w zamówieniu').fill(email);
    await page.getByRole('button', { name: 'Znajdź zamówienie' }).click();
    await page.getByRole('heading', { name: 'Krok 2. Wybierz produkty i podaj imię i nazwisko' }).waitFor(POLL);
    const bags = page.getByRole('checkbox', { name: /– 2 szt\.$/ });
    expect(await bags.isChecked()).toBe(true);
    expect(await page.getByRole('checkbox').count()).toBe(1);
    await page
      .getByText(/Nie można odstąpić: Produkt wykonany według Twojej specyfikacji \(dodatki wykonane na zamówienie \(podszycie\)\)/)
      .waitFor();

    // the name is required; focus goes to it
    await page.getByRole('button', { name: 'Dalej' }).click();
    expect(await page.locator('#withdrawal-name-error').textContent()).toBe('Podaj imię i nazwisko.');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('withdrawal-name');
    await page.locator('#withdrawal-name').fill('Ewa Kot');
    await page.getByRole('button', { name: 'Dalej' }).click();
    await page.getByRole('heading', { name: 'Krok 3. Potwierdź odstąpienie' }).waitFor();
    await page.getByText(`Oświadczam, że odstępuję od umowy sprzedaży następujących produktów z zamówienia ${code}:`).waitFor();
    // the backend fails once: the shopper reads why, keeps the summary, and the retry goes through
    let failed = 0;
    await page.route('**/api/shop', async (route) => {
      if (failed === 0 && route.request().postData()?.includes('requestWithdrawal')) {
        failed += 1;
        return route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: '{"errors":[{"message":"Sklep jest chwilowo niedostępny. Spróbuj ponownie za chwilę."}]}',
        });
      }
      return route.continue();
    });
    await page.getByRole('button', { name: 'Potwierdź odstąpienie' }).click();
    await page.getByText('Sklep jest chwilowo niedostępny. Spróbuj ponownie za chwilę.').waitFor(POLL);
    expect(failed).toBe(1);
    await page.getByText(`Składający: Ewa Kot, ${email}.`).waitFor();
    await page.getByRole('button', { name: 'Potwierdź odstąpienie' }).click();
    await page.getByRole('heading', { name: 'Otrzymaliśmy Twoje odstąpienie od umowy' }).waitFor(POLL);
    await page.unroute('**/api/shop');
    await page.getByText(/^Data i godzina otrzymania: \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}\.$/).waitFor();
    await page.getByText(`Potwierdzenie wysłaliśmy na adres ${email}.`, { exact: false }).waitFor();

    await expect.poll(async () => (await mails(email)).filter((m) => m.type === 'withdrawal' && m.orderCode === code).length, POLL).toBe(1);
    const { withdrawals } = await adminCall<{ withdrawals: { items: Array<{ orderCode: string; lines: Array<{ quantity: number }> }> } }>(
      '{ withdrawals(take: 100) { items { orderCode lines { quantity } } } }',
    );
    expect(withdrawals.items.filter((w) => w.orderCode === code)).toEqual([{ orderCode: code, lines: [{ quantity: 2 }] }]);
    // the only errors in the console are the simulated failure's
    expect(errors.filter((e) => !e.includes('503'))).toEqual([]);
    expect(errors.some((e) => e.includes('503'))).toBe(true);
  });

  it('a signed-in customer withdraws from an order in the account, with the address filled in', async () => {
    const { page, errors } = await browser.page();
    await page.goto('/kontakt');
    // After the page's own first requests (the cart and the session, sent once the page is
    // hydrated): one still in flight when the login answers would come back with a new visitor's
    // session cookie and replace the logged-in one (e2e/account.test.ts, signIn).
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    await shopInPage(page, 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { __typename } }', {
      u: DEMO.email,
      p: DEMO.password,
    });
    // the seeded paid order (three lines; other tests may have placed newer ones), on its page of the history
    const { activeCustomer } = await shopInPage<{ activeCustomer: { orders: { items: Array<{ code: string; state: string }> } } }>(
      page,
      '{ activeCustomer { orders(options: { take: 100, sort: { orderPlacedAt: DESC }, filter: { active: { eq: false } } }) { items { code state } } } }',
    );
    const history = activeCustomer.orders.items;
    const index = history.map((o) => o.state).lastIndexOf('PaymentSettled');
    const code = history[index]!.code;
    await page.goto(`/my-account/orders?page=${Math.floor(index / 10) + 1}`);
    await hydrated(page);
    const paid = page.locator('.order-card').filter({ hasText: code });
    await paid.getByRole('link', { name: 'Odstąp od umowy tutaj' }).click();
    await page.waitForURL(`**/odstapienie-od-umowy?order=${code}`);
    await hydrated(page);
    await expect.poll(() => page.getByLabel('Adres e-mail podany w zamówieniu').inputValue(), POLL).toBe(DEMO.email);
    await page.getByRole('button', { name: 'Znajdź zamówienie' }).click();
    await page.getByRole('heading', { name: 'Krok 2. Wybierz produkty i podaj imię i nazwisko' }).waitFor(POLL);
    expect(await page.locator('#withdrawal-name').inputValue()).not.toBe('');
    // withdraw from the first line only
    const boxes = page.getByRole('checkbox');
    const count = await boxes.count();
    expect(count).toBeGreaterThan(1);
    for (let i = 1; i < count; i++) await boxes.nth(i).uncheck();
    await page.getByRole('button', { name: 'Dalej' }).click();
    await page.getByRole('button', { name: 'Potwierdź odstąpienie' }).click();
    await page.getByRole('heading', { name: 'Otrzymaliśmy Twoje odstąpienie od umowy' }).waitFor(POLL);
    const { withdrawals } = await adminCall<{ withdrawals: { items: Array<{ orderCode: string; emailAddress: string }> } }>(
      '{ withdrawals(take: 100) { items { orderCode emailAddress } } }',
    );
    expect(withdrawals.items.filter((w) => w.orderCode === code)).toEqual([{ orderCode: code, emailAddress: DEMO.email }]);
    expect(errors).toEqual([]);
  });
});
