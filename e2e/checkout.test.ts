import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { courierToPayment, hydrated, setupBrowser } from './browser';
import { firstLoadJs, JS_BUDGET_BYTES } from './first-load';
import { adminCall, DEMO, shopInPage } from './session';

const browser = setupBrowser();
/** Backend round trips on a slow machine: wait up to 15 s for what the shopper would see. */
const POLL = { timeout: 15_000 };
const BAGS = '/c/dla-psa/akcesoria/dodatki/worki-na-odchody';
const VALID_NIP = '1234567883';

/** Adds the 3x15 waste-bag set (14,70 zł) from its category card and waits for the badge. */
async function addBags(page: Page): Promise<void> {
  await page.goto(BAGS);
  await hydrated(page);
  await page.getByRole('button', { name: 'DODAJ 14,70 zł' }).click();
  await page.getByRole('button', { name: /^Koszyk: \d+ szt/ }).waitFor();
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');
const errorOf = (page: Page, id: string) => page.locator(`#${id}-error`).textContent();

describe('checkout in Chromium against the real stack', () => {
  it('a guest checks out to an InPost locker found by postal code, with an invoice, pays by transfer and sees the order and transfer details', async () => {
    const { page, errors } = await browser.page();
    const email = `gosc-${Date.now().toString(36)}@psiaki.test`;
    await addBags(page);

    // The cart's 'Przejdź do kasy' leads to /checkout, which starts at the first step (client navigation).
    await page.getByRole('button', { name: /^Koszyk: 1 sztuka/ }).click();
    await page.getByRole('link', { name: 'Przejdź do kasy' }).click();
    await page.waitForURL('**/checkout/customer');
    await page.getByRole('heading', { name: 'Twoje dane', level: 1 }).waitFor();

    await page.getByLabel('Adres e-mail').fill(email);
    await page.getByLabel('Imię').fill('Zofia');
    await page.getByLabel('Nazwisko').fill('Nowak-Kowalska');
    await page.getByLabel('Telefon').fill('601 234 567');
    await page.getByRole('button', { name: 'Przejdź do dostawy' }).click();
    await page.waitForURL('**/checkout/shipping', POLL);

    // Locker: prices from the backend, search by postal code, nearest first, keyboard choice.
    await page.getByRole('radio', { name: /InPost Paczkomat 24\/7/ }).check();
    expect(await page.getByText('12,99\u00a0zł').count()).toBeGreaterThan(0);
    const search = page.getByLabel('Miasto lub kod pocztowy');
    await search.fill('31-100');
    await search.press('Enter');
    const lockers = page.getByRole('group', { name: 'Paczkomaty w pobliżu' }).getByRole('radio');
    await expect.poll(() => lockers.count(), POLL).toBeGreaterThan(3);
    const list = page.locator('.locker-option');
    expect(await list.first().textContent()).toMatch(/Paczkomat KRA\d+\w.*Godziny otwarcia/);
    const distances = await page.locator('.locker-option__distance').allTextContents();
    const km = distances.map((d) => Number.parseFloat(d.replace(',', '.')));
    expect(km).toEqual([...km].sort((a, b) => a - b));
    await lockers.first().focus();
    await page.keyboard.press('ArrowDown');
    const lockerCode = await lockers.nth(1).getAttribute('value');
    expect(await lockers.nth(1).isChecked()).toBe(true);
    expect(lockerCode).toMatch(/^KRA/);
    await page.screenshot({ path: 'dist/checkout-shipping-locker.png', fullPage: true });
    // The recipient comes from the customer step.
    expect(await page.locator('#shipping-firstName').inputValue()).toBe('Zofia');
    await page.getByRole('button', { name: 'Przejdź do danych do faktury' }).click();
    await page.waitForURL('**/checkout/billing', POLL);

    // Billing: a locker is no billing address; invoice with a valid NIP.
    expect(await page.getByText('Przy dostawie do paczkomatu podaj adres rozliczeniowy.').count()).toBe(1);
    await page.locator('#billing-streetName').fill('ul. Jana Pawła II');
    await page.locator('#billing-streetNumber').fill('12');
    await page.locator('#billing-apartment').fill('3');
    await page.locator('#billing-postalCode').fill('31-100');
    await page.locator('#billing-city').fill('Kraków');
    await page.getByLabel('Chcę otrzymać fakturę VAT').check();
    await page.locator('#billing-company').fill('Psia Firma sp. z o.o.');
    await page.locator('#billing-nip').fill(VALID_NIP);
    await page.getByRole('button', { name: 'Przejdź do płatności' }).click();
    await page.waitForURL('**/checkout/payment', POLL);

    // Payment: the order is in ArrangingPayment; a double click places one order.
    expect((await shopInPage<{ activeOrder: { state: string } }>(page, '{ activeOrder { state } }')).activeOrder.state).toBe(
      'ArrangingPayment',
    );
    expect(await page.getByText(`Paczkomat ${lockerCode}`).count()).toBeGreaterThan(0);
    await page.getByRole('radio', { name: /Przelew tradycyjny/ }).check();
    await page.getByRole('button', { name: 'Zamawiam i płacę' }).dblclick();
    await page.waitForURL('**/checkout/thank-you?order=*', POLL);
    const code = new URL(page.url()).searchParams.get('order')!;

    await page.getByRole('heading', { name: 'Dziękujemy za zamówienie!' }).waitFor();
    expect(await page.locator('[data-order-code]').textContent()).toBe(code);
    const transfer = page.locator('.thank-you__transfer');
    expect(await transfer.getByText('PL75 1010 0000 0000 0000 0000 1234').count()).toBe(1);
    expect(await transfer.getByText('Psiaki sp. z o.o.').count()).toBe(1);
    expect(await transfer.getByText(code, { exact: true }).count()).toBe(1);
    // 14,70 zł + 12,99 zł locker delivery.
    expect(await transfer.getByText('27,69\u00a0zł').count()).toBe(1);
    expect(await page.getByText(`Paczkomat ${lockerCode}`).count()).toBe(1);

    // The cart is empty: no badge, no active order; the next add starts a new order.
    await expect.poll(() => page.locator('.header-icon__badge').count(), POLL).toBe(0);
    expect((await shopInPage<{ activeOrder: unknown }>(page, '{ activeOrder { id } }')).activeOrder).toBeNull();

    // In the backend: one order for this e-mail, with the locker and the NIP.
    const { customers } = await adminCall<{
      customers: {
        items: Array<{
          orders: {
            items: Array<{
              code: string;
              state: string;
              shippingAddress: { customFields: { paczkomat: string } };
              billingAddress: { company: string; customFields: { nip: string; fvat: boolean } };
            }>;
          };
        }>;
      };
    }>(
      `query($email: String!) { customers(options: { filter: { emailAddress: { eq: $email } } }) { items { orders { items {
        code state shippingAddress { customFields { paczkomat } } billingAddress { company customFields { nip fvat } } } } } } }`,
      { email },
    );
    const orders = customers.items[0]!.orders.items.filter((o) => o.state !== 'AddingItems');
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      code,
      state: 'PaymentAuthorized',
      shippingAddress: { customFields: { paczkomat: lockerCode } },
      billingAddress: { company: 'Psia Firma sp. z o.o.', customFields: { nip: VALID_NIP, fvat: true } },
    });

    await page.screenshot({ path: 'dist/checkout-thank-you.png', fullPage: true });
    // A guest creates an account on the thank-you page.
    await page.getByLabel('Hasło').fill('Haslo1234!');
    await page.getByRole('button', { name: 'Załóż konto' }).click();
    await page.getByText('Konto zostało założone. Możesz się już zalogować.').waitFor(POLL);
    // The new account logs in at once and holds this order.
    const signedIn = await shopInPage<{ login: { id?: string } }>(
      page,
      'mutation($u: String!) { login(username: $u, password: "Haslo1234!") { ... on CurrentUser { id } } }',
      { u: email },
    );
    expect(signedIn.login.id).toBeTruthy();
    const mine = await shopInPage<{ activeCustomer: { orders: { items: Array<{ code: string }> } } }>(
      page,
      '{ activeCustomer { orders { items { code } } } }',
    );
    expect(mine.activeCustomer.orders.items.map((o) => o.code)).toContain(code);
    expect(errors).toEqual([]);
  });

  it('the logged-in demo customer checks out with a saved address by online payment: cancel, retry, pay', async () => {
    const { page, errors } = await browser.page();
    // The gateway stand-in (another origin) has no favicon; only our own missing resources count.
    const missing: string[] = [];
    page.on('response', (res) => {
      if (res.status() === 404 && res.url().startsWith(inject('storefrontUrl'))) missing.push(res.url());
    });
    await page.goto('/');
    await hydrated(page);
    const login = await shopInPage<{ login: { id?: string } }>(
      page,
      'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { ... on CurrentUser { id } } }',
      {
        u: DEMO.email,
        p: DEMO.password,
      },
    );
    expect(login.login.id).toBeTruthy();
    await addBags(page);

    // The customer step is skipped for a logged-in customer.
    await page.goto('/checkout');
    await page.waitForURL('**/checkout/shipping');
    await hydrated(page);
    await page.getByRole('radio', { name: /^Kurier/ }).check();
    const saved = page.getByRole('group', { name: 'Twoje zapisane adresy' }).getByRole('radio');
    expect(await saved.first().isChecked()).toBe(true);
    expect(await page.locator('#shipping-streetName').inputValue()).toBe('Marszałkowska');
    await page.getByRole('button', { name: 'Przejdź do danych do faktury' }).click();
    await page.waitForURL('**/checkout/billing', POLL);
    expect(await page.getByLabel('Dane rozliczeniowe takie same jak adres dostawy').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Przejdź do płatności' }).click();
    await page.waitForURL('**/checkout/payment', POLL);

    await page.getByRole('radio', { name: /Płatność online/ }).check();
    await page.getByRole('button', { name: 'Zamawiam i płacę' }).click();
    await page.getByRole('button', { name: 'Anuluj' }).waitFor(POLL);
    await page.getByRole('button', { name: 'Anuluj' }).click();
    await page.waitForURL('**/payment-cancel?order=*', POLL);
    const code = new URL(page.url()).searchParams.get('order')!;
    await page.getByRole('heading', { name: 'Płatność nie została zrealizowana' }).waitFor();
    // The order and its lines are kept.
    expect(await page.locator('.checkout-summary__line').count()).toBeGreaterThan(0);
    await hydrated(page);

    await page.getByRole('button', { name: 'Spróbuj ponownie' }).click();
    await page.getByRole('button', { name: 'Zapłać' }).waitFor(POLL);
    await page.getByRole('button', { name: 'Zapłać' }).click();
    await page.waitForURL(/\/(payment-check|checkout\/thank-you)\?order=/, POLL);
    await page.waitForURL('**/checkout/thank-you?order=*', { timeout: 35_000 });
    expect(new URL(page.url()).searchParams.get('order')).toBe(code);
    await page.getByText('Płatność została przyjęta. Dziękujemy!').waitFor();
    const { orderByCode } = await shopInPage<{ orderByCode: { state: string } }>(
      page,
      'query($code: String!) { orderByCode(code: $code) { state } }',
      { code },
    );
    expect(orderByCode.state).toBe('PaymentSettled');
    await expect.poll(() => page.locator('.header-icon__badge').count(), POLL).toBe(0);
    expect(missing).toEqual([]);
    expect(errors.filter((e) => !e.startsWith('Failed to load resource: the server responded with a status of 404'))).toEqual([]);
  });

  it('pays even when another page moved the order back to AddingItems while the payment step was open (another tab, a prefetch)', async () => {
    const { page, errors } = await browser.page();
    await page.goto('/');
    await hydrated(page);
    await shopInPage(page, 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { ... on CurrentUser { id } } }', {
      u: DEMO.email,
      p: DEMO.password,
    });
    await addBags(page);
    await courierToPayment(page);
    // Hovering the logo on the payment step fetches no page data (it would move the order back).
    await page.locator('a[href="/"]:visible').first().hover();
    await page.waitForLoadState('networkidle');
    const state = async () => (await shopInPage<{ activeOrder: { state: string } }>(page, '{ activeOrder { state } }')).activeOrder.state;
    expect(await state()).toBe('ArrangingPayment');
    // The shop's home page loaded elsewhere (another tab) does move it back.
    await page.evaluate(() => fetch('/', { headers: { Accept: 'application/json' } }).then((r) => r.text()));
    await expect.poll(state, POLL).toBe('AddingItems');
    await page.getByRole('radio', { name: /Przelew tradycyjny/ }).check();
    await page.getByRole('button', { name: 'Zamawiam i płacę' }).click();
    await page.waitForURL('**/checkout/thank-you?order=*', POLL);
    await page.getByRole('heading', { name: 'Dziękujemy za zamówienie!' }).waitFor(POLL);
    expect(errors).toEqual([]);
  });

  it('shows the Polish message at each invalid field (e-mail, phone, postal code, NIP) with focus on the first, and keeps the data when the backend is out of reach', async () => {
    const { page } = await browser.page();
    await addBags(page);
    await page.goto('/checkout/customer');
    await hydrated(page);
    await page.getByLabel('Adres e-mail').fill('jan@');
    await page.getByLabel('Imię').fill('Jan');
    await page.getByLabel('Nazwisko').fill('Kos');
    await page.getByLabel('Telefon').fill('123');
    await page.getByRole('button', { name: 'Przejdź do dostawy' }).click();
    await expect.poll(() => focusedId(page)).toBe('customer-email');
    expect(await errorOf(page, 'customer-email')).toBe('Błędny adres e-mail');
    expect(await errorOf(page, 'customer-phone')).toBe('Wprowadź poprawny numer telefonu.');
    expect(await page.getByLabel('Telefon').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Telefon').getAttribute('aria-describedby')).toContain('customer-phone-error');
    // What was typed survives the failed submit.
    expect(await page.getByLabel('Imię').inputValue()).toBe('Jan');

    await page.getByLabel('Adres e-mail').fill('jan.kos@psiaki.test');
    await page.getByLabel('Telefon').fill('+48 601 234 567');
    // Backend out of reach: a Polish message with a retry, and the form keeps what was typed.
    await page.route('**/api/shop', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Przejdź do dostawy' }).click();
    await page.getByText('Nie udało się połączyć ze sklepem. Twoje dane są zachowane – spróbuj ponownie.').waitFor(POLL);
    expect(await page.getByLabel('Adres e-mail').inputValue()).toBe('jan.kos@psiaki.test');
    expect(page.url()).toMatch(/\/checkout\/customer$/);
    await page.unroute('**/api/shop');
    await page.getByRole('button', { name: 'Spróbuj ponownie' }).click();
    await page.waitForURL('**/checkout/shipping', POLL);
    await page.getByRole('radio', { name: /^Kurier/ }).check();
    await page.locator('#shipping-streetName').fill('Długa');
    await page.locator('#shipping-streetNumber').fill('1');
    await page.locator('#shipping-postalCode').fill('31100');
    await page.locator('#shipping-city').fill('Kraków');
    await page.getByRole('button', { name: 'Przejdź do danych do faktury' }).click();
    await expect.poll(() => focusedId(page)).toBe('shipping-postalCode');
    expect(await errorOf(page, 'shipping-postalCode')).toBe('Wpisz kod pocztowy w formacie 00-000.');
    await page.locator('#shipping-postalCode').fill('31-100');
    await page.getByRole('button', { name: 'Przejdź do danych do faktury' }).click();
    await page.waitForURL('**/checkout/billing', POLL);

    await page.getByLabel('Chcę otrzymać fakturę VAT').check();
    await page.locator('#billing-nip').fill('1234567890');
    await page.getByRole('button', { name: 'Przejdź do płatności' }).click();
    await expect.poll(() => focusedId(page)).toBe('billing-nip');
    expect(await errorOf(page, 'billing-nip')).toBe('Błędny numer NIP – sprawdź, czy ma 10 cyfr i nie ma literówki.');
    expect(page.url()).toMatch(/\/checkout\/billing$/);
  });

  it('sends a client navigation to a step whose precondition fails to the home page', async () => {
    const { page } = await browser.page();
    await addBags(page);
    // A link to the payment step without customer or address: the router follows the worker's 302.
    await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = '/checkout/payment';
      a.textContent = 'do płatności';
      a.id = 'skip-to-payment';
      document.body.append(a);
    });
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    // A mark on this document: it survives a client navigation, not a full load.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.locator('#skip-to-payment').click();
    await page.waitForURL((url) => url.pathname === '/', POLL);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(requests.some((u) => u.endsWith('/checkout/payment'))).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  it('looks right on a 390 px phone (screenshot for review)', async () => {
    const { page } = await browser.page();
    await page.setViewportSize({ width: 390, height: 844 });
    await addBags(page);
    await page.goto('/checkout/customer');
    await hydrated(page);
    await page.screenshot({ path: 'dist/checkout-customer-390.png', fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('loads the checkout code only on checkout pages, within the 80 KB gzip of every page type', async () => {
    const { page } = await browser.page();
    await page.setViewportSize({ width: 390, height: 844 });
    const home = await firstLoadJs(page, '/');
    expect(home.scripts.some((u) => /Checkout/.test(u))).toBe(false);
    await addBags(page);
    const { bytes, scripts, sizes } = await firstLoadJs(page, '/checkout/customer');
    console.log(
      `first-load JS checkout step ${(bytes / 1024).toFixed(1)} KB gzip: ${[...sizes].map(([u, b]) => `${u.split('/').pop()} ${b}`).join(', ')}`,
    );
    expect(scripts.some((u) => /CheckoutCustomerPage-/.test(u))).toBe(true);
    // Only this step's form: the other steps' code loads when the shopper gets there.
    expect(scripts.some((u) => /Checkout(Shipping|Billing|Payment)Page-/.test(u))).toBe(false);
    expect(bytes).toBeLessThanOrEqual(JS_BUDGET_BYTES);
  });
});
