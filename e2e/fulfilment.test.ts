/**
 * Order fulfilment with tracking in Chromium (issue 28): a registered shopper places an order; the
 * shop's staff, in Vendure's Dashboard with the 'Obsługa sklepu' role, send it with InPost and a
 * tracking number (a malformed number is refused with its Polish reason) and move it to Wysłane;
 * the account's order history shows 'Wysłane' with the carrier, the number and a link to InPost's
 * tracking page, and the shipping notice is in the mailbox; once staff mark it Dostarczone, the
 * history shows 'Dostarczone' with the date. A guest opens the shipping notice's link on a phone,
 * without the session that placed the order, and finds it on the order status page, or types its
 * code and e-mail address there.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { hydrated, setupBrowser } from './browser';
import { dashboard, logIn } from './dashboard';
import { adminCall, checkoutByTransfer, settleOrder, shopInPage } from './session';

const browser = setupBrowser();
const POLL = { timeout: 20_000 };

/** The link of the first mail of `type` to `email` in the stack's mailbox ('' while there is none). */
async function mailLink(email: string, type: string): Promise<string> {
  const mails = (await (await fetch(`${inject('mailboxUrl')}?email=${encodeURIComponent(email)}`)).json()) as Array<{
    type: string;
    link: string;
  }>;
  return mails.find((m) => m.type === type)?.link ?? '';
}
const NUMBER = '620011112222333344445555';

/** The order page's shipment card (Dashboard: 'Szczegóły realizacji') moved on by its state menu. */
async function moveShipment(staff: Page, to: 'Wysłane' | 'Dostarczone'): Promise<void> {
  const card = staff
    .locator('div')
    .filter({ has: staff.getByText('Kod śledzenia') })
    .filter({ hasText: 'Zrealizowane pozycje' })
    .last();
  await card.getByTestId('state-transition-trigger').click();
  await staff.getByRole('menuitem', { name: `Przejdź do ${to}` }).click();
  await card.getByText(to, { exact: true }).first().waitFor(POLL);
}

describe('fulfilment in Chromium', () => {
  it("staff send the parcel from the Dashboard; the shopper's order history shows it sent with its tracking link, then delivered", async () => {
    const { page, errors } = await browser.page();
    const email = `wysylka-${Date.now().toString(36)}@psiaki.test`;
    await page.goto('/kontakt');
    await hydrated(page);
    await shopInPage(page, 'mutation($i: RegisterCustomerInput!) { registerCustomerAccount(input: $i) { __typename } }', {
      i: { emailAddress: email, firstName: 'Ewa', lastName: 'Kot', password: 'Start1234!' },
    });
    await shopInPage(page, 'mutation($u: String!) { login(username: $u, password: "Start1234!") { __typename } }', { u: email });
    const { product } = await shopInPage<{ product: { variants: Array<{ id: string }> } }>(
      page,
      '{ product(id: "56") { variants { id } } }',
    );
    await shopInPage(page, 'mutation($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 1) { __typename } }', {
      id: product.variants[0]!.id,
    });
    const { code } = await checkoutByTransfer(page, email);

    // the bank transfer arrives; staff send the parcel from the Dashboard
    const orderId = await settleOrder(code);
    const staff = (await browser.page()).page;
    await logIn(staff, inject('staffLogin'));
    await staff.goto(dashboard(`/orders/${orderId}`));
    const fulfil = async (trackingCode: string) => {
      await staff.getByRole('button', { name: 'Zrealizuj zamówienie' }).first().click();
      const dialog = staff.getByRole('dialog');
      // Vendure's form labels are not tied to their fields: the carrier is the group's combobox
      await dialog.getByRole('group').filter({ hasText: 'Przewoźnik' }).getByRole('combobox').click();
      await staff.getByRole('option', { name: 'InPost Paczkomat' }).click();
      await dialog.locator('input[name="trackingCode"]').fill(trackingCode);
      await dialog.getByRole('button', { name: 'Zrealizuj zamówienie' }).click();
    };
    await fulfil('12345');
    await staff
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Numer przesyłki może mieć od 6 do 40 znaków: tylko litery, cyfry i myślnik.' })
      .waitFor(POLL);
    await fulfil(NUMBER.replace(/(\d{4})/g, '$1 ').trim()); // as printed on the label, in groups
    await staff.locator('[data-sonner-toast]').filter({ hasText: 'Pomyślnie zrealizowano zamówienie' }).waitFor(POLL);
    await moveShipment(staff, 'Wysłane');
    await page.goto('/my-account/orders');
    await hydrated(page);
    const card = page.getByRole('listitem', { name: `Numer zamówienia ${code}` });
    const parcel = card.getByRole('region', { name: 'Przesyłka' });
    await parcel.getByText('Wysłane').waitFor(POLL);
    expect(await parcel.textContent()).toContain('InPost Paczkomat');
    expect(await parcel.textContent()).toContain(NUMBER);
    const track = parcel.getByRole('link', { name: /^Śledź przesyłkę/ });
    expect(await track.getAttribute('href')).toBe(`https://inpost.pl/sledzenie-przesylek?number=${NUMBER}`);
    expect(await track.getAttribute('target')).toBe('_blank');
    expect(await track.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await track.getAttribute('aria-label')).toBe(
      `Śledź przesyłkę ${NUMBER} na stronie przewoźnika InPost Paczkomat (otwiera się w nowej karcie)`,
    );

    // the shipping notice (dev mailbox, or the SMTP sink of the production profile)
    await expect
      .poll(async () => {
        const mails = (await (await fetch(`${inject('mailboxUrl')}?email=${encodeURIComponent(email)}`)).json()) as Array<{
          type: string;
          orderCode?: string;
          trackingUrl?: string;
          link: string;
        }>;
        return mails.find((m) => m.type === 'order-shipped');
      }, POLL)
      .toMatchObject({
        orderCode: code,
        trackingUrl: `https://inpost.pl/sledzenie-przesylek?number=${NUMBER}`,
        // the order's status page, which opens logged in or not (decision 102), for 90 days (decision 104)
        link: expect.stringMatching(new RegExp(`/status-zamowienia\\?order=${code}&key=[0-9a-z]{1,10}\\.[\\w-]{22}$`)),
      });

    await moveShipment(staff, 'Dostarczone');
    await page.reload();
    await hydrated(page);
    await parcel.getByText('Dostarczone').waitFor(POLL);
    const today = new Intl.DateTimeFormat('pl-PL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Warsaw' }).format(
      new Date(),
    );
    expect(await parcel.locator('time').textContent()).toBe(today);
    expect(await card.getByText('Wysłane').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("a guest opens the shipping notice's link on a phone and sees the parcel sent with its tracking link; or finds the order by code and e-mail", async () => {
    const { page: shop } = await browser.page();
    const email = `gosc-${Date.now().toString(36)}@psiaki.test`;
    await shop.goto('/kontakt');
    await hydrated(shop);
    const { product } = await shopInPage<{ product: { variants: Array<{ id: string }> } }>(
      shop,
      '{ product(id: "56") { variants { id } } }',
    );
    await shopInPage(shop, 'mutation($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 1) { __typename } }', {
      id: product.variants[0]!.id,
    });
    const { code } = await checkoutByTransfer(shop, email);
    const orderId = await settleOrder(code);
    // staff send it (the Dashboard's form is the test above; here its Admin API call)
    const { order } = await adminCall<{ order: { lines: Array<{ id: string; quantity: number }> } }>(
      'query($id: ID!) { order(id: $id) { lines { id quantity } } }',
      { id: orderId },
    );
    const { addFulfillmentToOrder } = await adminCall<{ addFulfillmentToOrder: { id: string } }>(
      'mutation($i: FulfillOrderInput!) { addFulfillmentToOrder(input: $i) { ... on Fulfillment { id } } }',
      {
        i: {
          lines: order.lines.map((l) => ({ orderLineId: l.id, quantity: l.quantity })),
          handler: {
            code: 'psiaki-przesylka',
            arguments: [
              { name: 'carrier', value: 'inpost' },
              { name: 'trackingCode', value: NUMBER },
            ],
          },
        },
      },
    );
    await adminCall('mutation($id: ID!) { transitionFulfillmentToState(id: $id, state: "Shipped") { __typename } }', {
      id: addFulfillmentToOrder.id,
    });
    let link = '';
    await expect
      .poll(async () => (link = await mailLink(email, 'order-shipped')), POLL)
      .toMatch(/^(https?:\/\/[^/]+)?\/status-zamowienia\?order=/);

    // the e-mail opened on a phone: another browser, no session of the order
    const { page, errors } = await browser.page();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(new URL(link, 'http://x').pathname + new URL(link, 'http://x').search);
    await hydrated(page);
    await page.getByRole('heading', { level: 1, name: 'Status zamówienia' }).waitFor(POLL);
    expect(await page.locator('[data-order-code]').textContent()).toBe(code);
    const parcel = page.getByRole('region', { name: 'Przesyłka' });
    await parcel.getByText('Wysłane').waitFor(POLL);
    const track = parcel.getByRole('link', { name: /^Śledź przesyłkę/ });
    expect(await track.getAttribute('href')).toBe(`https://inpost.pl/sledzenie-przesylek?number=${NUMBER}`);
    // on a 390 px screen: nothing wider than the screen, and the parcel's state within the first screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const box = (await parcel.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.y).toBeLessThan(844);

    // from the footer's link: the form; a wrong e-mail is refused and keeps what was typed
    await page.goto('/status-zamowienia');
    await hydrated(page);
    await page.getByLabel('Numer zamówienia').fill(code.toLowerCase());
    await page.getByLabel('Adres e-mail podany w zamówieniu').fill('ktos-inny@psiaki.test');
    await page.getByRole('button', { name: 'Sprawdź status' }).click();
    await page.getByRole('alert').filter({ hasText: 'Nie znaleźliśmy zamówienia o tym numerze i adresie e-mail.' }).waitFor(POLL);
    expect(await page.getByLabel('Numer zamówienia').inputValue()).toBe(code.toLowerCase());
    await page.getByLabel('Adres e-mail podany w zamówieniu').fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Sprawdź status' }).click();
    await parcel.getByText('Wysłane').waitFor(POLL);
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('order-status');

    // a link that no longer opens the order (here one of the first format, without an expiry, as
    // expired links are): the note, the code filled in, and a fresh link by e-mail (decision 104)
    const signature = new URL(link, 'http://x').searchParams.get('key')!.split('.')[1];
    await page.goto(`/status-zamowienia?order=${code}&key=${signature}`);
    await hydrated(page);
    await page.getByText('Ten link do zamówienia wygasł albo jest niepełny.').waitFor(POLL);
    expect(await page.getByLabel('Numer zamówienia').inputValue()).toBe(code);
    const newLink = page.getByRole('button', { name: 'Wyślij nowy link' });
    // without the e-mail address: its error, tied to the field, and focus on it
    await newLink.click();
    const emailField = page.getByLabel('Adres e-mail podany w zamówieniu');
    await expect.poll(() => emailField.getAttribute('aria-invalid'), POLL).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('order-status-email');
    expect(await emailField.getAttribute('aria-describedby')).toContain('order-status-email-error');
    expect(await page.locator('#order-status-email-error').textContent()).toBe('Podaj adres e-mail w formacie nazwa@domena.pl.');
    await emailField.fill(email);
    await newLink.click();
    await page.getByRole('status').filter({ hasText: 'dostaniesz na niego e-mail z nowym linkiem' }).waitFor(POLL);
    expect(await emailField.inputValue()).toBe(email);
    let fresh = '';
    await expect
      .poll(async () => (fresh = await mailLink(email, 'order-status-link')), POLL)
      .toMatch(new RegExp(`/status-zamowienia\\?order=${code}&key=[0-9a-z]{1,10}\\.[\\w-]{22}$`));
    await page.goto(new URL(fresh, 'http://x').pathname + new URL(fresh, 'http://x').search);
    await hydrated(page);
    expect(await page.locator('[data-order-code]').textContent()).toBe(code);
    await page.getByRole('region', { name: 'Przesyłka' }).getByText('Wysłane').waitFor(POLL);
    expect(errors).toEqual([]);
  });
});
