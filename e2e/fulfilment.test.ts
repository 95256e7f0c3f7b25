/**
 * Order fulfilment with tracking in Chromium (issue 28): a registered shopper places an order,
 * staff send it with InPost and a tracking number, the account's order history shows 'Wysłane'
 * with the carrier, the number and a link to InPost's tracking page, and the shipping notice is in
 * the mailbox; once delivered, 'Dostarczone' with the date.
 */
import { describe, expect, inject, it } from 'vitest';
import { hydrated, setupBrowser } from './browser';
import { checkoutByTransfer, moveShipment, shipOrder, shopInPage } from './session';

const browser = setupBrowser();
const POLL = { timeout: 20_000 };
const NUMBER = '620011112222333344445555';

describe('fulfilment in Chromium', () => {
  it("a shopper's order history shows the parcel sent with its tracking link, then delivered", async () => {
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

    const shipment = await shipOrder(code, 'inpost', NUMBER);
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
        }>;
        return mails.find((m) => m.type === 'order-shipped');
      }, POLL)
      .toMatchObject({ orderCode: code, trackingUrl: `https://inpost.pl/sledzenie-przesylek?number=${NUMBER}` });

    await moveShipment(shipment, 'Delivered');
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
});
