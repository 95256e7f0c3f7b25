/**
 * InPost ShipX shipments in Chromium (issue 41; decision 113): staff with the 'Obsługa sklepu'
 * role create a paid locker order's shipment from the Dashboard's order page, ShipX (the stand-in)
 * confirms it and the label opens as a PDF; the stand-in then reports 'taken by courier' and
 * 'delivered' through its webhooks, and the guest's order status page (the shipping notice's link)
 * shows 'Wysłane' with the tracking link, then 'Dostarczone' with InPost's date, from which the
 * withdrawal period counts: the shopper's withdrawal form shows the deadline 14 days after it.
 */
import { describe, expect, inject, it } from 'vitest';
import { hydrated, setupBrowser } from './browser';
import { dashboard, logIn } from './dashboard';
import { adminCall, checkoutByTransfer, settleOrder, shopInPage } from './session';

const browser = setupBrowser();
const POLL = { timeout: 20_000 };

async function standIn<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${inject('blogUrl')}/inpost${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

describe('InPost shipments in Chromium', () => {
  it('staff create the shipment and open its label; the webhooks mark the order sent, then delivered on InPost’s date', async () => {
    const { page: shopper } = await browser.page();
    const email = `paczka-${Date.now().toString(36)}@psiaki.test`;
    await shopper.goto('/kontakt');
    await hydrated(shopper);
    const { product } = await shopInPage<{ product: { variants: Array<{ id: string }> } }>(
      shopper,
      '{ product(id: "56") { variants { id } } }',
    );
    await shopInPage(shopper, 'mutation($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 1) { __typename } }', {
      id: product.variants[0]!.id,
    });
    const { code } = await checkoutByTransfer(shopper, email);
    const orderId = await settleOrder(code);

    const { page: staff, errors } = await browser.page();
    await logIn(staff, inject('staffLogin'));
    await staff.goto(dashboard(`/orders/${orderId}`));
    await staff.getByLabel('Gabaryt paczki').selectOption('B');
    await staff.getByRole('button', { name: 'Utwórz przesyłkę InPost' }).click();
    const block = staff.getByLabel('Przesyłka InPost');
    // ShipX confirms within a second; the block re-reads every 5 s
    await block.getByText('Potwierdzona – etykieta gotowa do druku').waitFor(POLL);
    const number = (await block.locator('.font-mono').first().textContent())!.trim();
    expect(number).toMatch(/^\d{24}$/);
    expect(await block.textContent()).toContain('KRA01M, gabaryt B');

    // the label opens in a new tab as a PDF
    const [tab] = await Promise.all([staff.waitForEvent('popup'), block.getByRole('button', { name: 'Etykieta PDF (A4)' }).click()]);
    await expect.poll(() => tab.url(), POLL).toMatch(/^blob:/);
    const head = await staff.evaluate(async (url) => {
      const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
      return { magic: new TextDecoder().decode(bytes.slice(0, 5)), text: new TextDecoder('latin1').decode(bytes) };
    }, tab.url());
    expect(head.magic).toBe('%PDF-');
    expect(head.text).toContain(number);

    // InPost's courier takes it: the webhook reaches the shop, which asks ShipX and marks it sent
    const { inpostShipment } = await adminCall<{ inpostShipment: { shipmentId: string } }>(
      'query($id: ID!) { inpostShipment(orderId: $id) { shipmentId } }',
      { id: orderId },
    );
    await standIn(`/test/shipments/${inpostShipment.shipmentId}/status`, { status: 'taken_by_courier' });
    await block.getByText('Odebrana przez kuriera').waitFor(POLL);

    // the shipping notice's link opens the guest's order status page
    let link = '';
    await expect
      .poll(async () => {
        const mails = (await (await fetch(`${inject('mailboxUrl')}?email=${encodeURIComponent(email)}`)).json()) as Array<{
          type: string;
          link: string;
        }>;
        return (link = mails.find((m) => m.type === 'order-shipped')?.link ?? '');
      }, POLL)
      .toMatch(/\/status-zamowienia\?order=/);
    const { page, errors: shopperErrors } = await browser.page();
    const statusPage = new URL(link, 'http://x');
    await page.goto(statusPage.pathname + statusPage.search);
    await hydrated(page);
    const parcel = page.getByRole('region', { name: 'Przesyłka' });
    await parcel.getByText('Wysłane').waitFor(POLL);
    expect(await parcel.getByRole('link', { name: /^Śledź przesyłkę/ }).getAttribute('href')).toBe(
      `https://inpost.pl/sledzenie-przesylek?number=${number}`,
    );

    // picked up from the locker yesterday at noon (Warsaw), reported now
    const yesterday = new Date(Date.now() - 86_400_000);
    yesterday.setUTCHours(11, 0, 0, 0);
    await standIn(`/test/shipments/${inpostShipment.shipmentId}/status`, { status: 'delivered', datetime: yesterday.toISOString() });
    await block.getByText('Odebrana przez klienta').waitFor(POLL);
    await page.reload();
    await hydrated(page);
    await parcel.getByText('Dostarczone').waitFor(POLL);
    const day = new Intl.DateTimeFormat('pl-PL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Warsaw' }).format(
      yesterday,
    );
    expect(await parcel.locator('time').last().textContent()).toBe(day);
    // the withdrawal form's order: the period counts from InPost's date
    const { withdrawalOrder } = await shopInPage<{ withdrawalOrder: { deliveredAt: string; deadline: string } }>(
      page,
      'query($c: String!, $e: String!) { withdrawalOrder(code: $c, emailAddress: $e) { deliveredAt deadline } }',
      { c: code, e: email },
    );
    expect(new Date(withdrawalOrder.deliveredAt).getTime()).toBe(yesterday.getTime());

    // the shopper opens the withdrawal form: the deadline it shows is 14 days from InPost's date (not from today)
    await page.goto(`/odstapienie-od-umowy?order=${code}`);
    await hydrated(page);
    await page.getByLabel('Adres e-mail podany w zamówieniu').fill(email);
    await page.getByRole('button', { name: 'Znajdź zamówienie' }).click();
    await page.getByRole('heading', { name: 'Krok 2. Wybierz produkty i podaj imię i nazwisko' }).waitFor(POLL);
    const deadline = new Intl.DateTimeFormat('pl-PL', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Europe/Warsaw',
    }).format(new Date(yesterday.getTime() + 14 * 86_400_000));
    await page.getByText(`Termin na odstąpienie: do ${deadline}.`, { exact: true }).waitFor(POLL);
    expect(errors).toEqual([]);
    expect(shopperErrors).toEqual([]);
  });

  it('staff select several orders in the order list: their shipments at once, their labels in one PDF, then the courier’s pickup', async () => {
    const codes: string[] = [];
    for (const n of [1, 2]) {
      const { page } = await browser.page();
      await page.goto('/kontakt');
      await hydrated(page);
      const { product } = await shopInPage<{ product: { variants: Array<{ id: string }> } }>(
        page,
        '{ product(id: "56") { variants { id } } }',
      );
      await shopInPage(page, 'mutation($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 1) { __typename } }', {
        id: product.variants[0]!.id,
      });
      const { code } = await checkoutByTransfer(page, `hurt-${n}-${Date.now().toString(36)}@psiaki.test`);
      await settleOrder(code);
      codes.push(code);
    }
    const { page: staff, errors } = await browser.page();
    await logIn(staff, inject('staffLogin'));
    await staff.goto(dashboard('/orders'));
    const select = async () => {
      for (const code of codes) await staff.getByRole('row').filter({ hasText: code }).getByRole('checkbox').click(POLL);
      const toolbar = staff.getByRole('toolbar', { name: 'Bulk actions' });
      await toolbar.getByRole('button', { name: 'Działania' }).click();
    };
    await select();
    await staff.getByRole('menuitem', { name: 'Utwórz przesyłki InPost' }).click();
    await staff.locator('[data-sonner-toast]').filter({ hasText: 'Utworzono przesyłki InPost: 2' }).waitFor(POLL);
    // ShipX confirms both (asked through the Admin API, which re-reads ShipX)
    for (const code of codes) {
      const { orders } = await adminCall<{ orders: { items: Array<{ id: string }> } }>(
        'query($c: String!) { orders(options: { filter: { code: { eq: $c } } }) { items { id } } }',
        { c: code },
      );
      await expect
        .poll(async () => {
          const r = await adminCall<{ inpostShipment: { status: string } | null }>(
            'query($id: ID!) { inpostShipment(orderId: $id) { status } }',
            {
              id: orders.items[0]!.id,
            },
          );
          return r.inpostShipment?.status;
        }, POLL)
        .toBe('confirmed');
    }
    await select();
    const [tab] = await Promise.all([staff.waitForEvent('popup'), staff.getByRole('menuitem', { name: 'Etykiety InPost (PDF)' }).click()]);
    await expect.poll(() => tab.url(), POLL).toMatch(/^blob:/);
    const text = await staff.evaluate(
      async (url) => new TextDecoder('latin1').decode(new Uint8Array(await (await fetch(url)).arrayBuffer())),
      tab.url(),
    );
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toContain('/Count 2');
    for (const code of codes) expect(text).toContain(`Referencja: ${code}`);

    // the printed parcels: InPost's courier ordered to collect them (one ShipX dispatch order), the rows still selected
    await staff.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Działania' }).click();
    await staff.getByRole('menuitem', { name: 'Zamów kuriera InPost (odbiór paczek)' }).click();
    const toast = staff.locator('[data-sonner-toast]').filter({ hasText: 'Kurier InPost zamówiony' });
    await toast.waitFor(POLL);
    const said = (await toast.textContent())!;
    for (const code of codes) expect(said).toContain(code);
    const dispatchIds = new Set<string | null>();
    for (const code of codes) {
      const { orders } = await adminCall<{ orders: { items: Array<{ id: string }> } }>(
        'query($c: String!) { orders(options: { filter: { code: { eq: $c } } }) { items { id } } }',
        { c: code },
      );
      const r = await adminCall<{ inpostShipment: { dispatchOrderId: string | null } }>(
        'query($id: ID!) { inpostShipment(orderId: $id) { dispatchOrderId } }',
        { id: orders.items[0]!.id },
      );
      dispatchIds.add(r.inpostShipment.dispatchOrderId);
    }
    expect(dispatchIds.size).toBe(1);
    const [dispatchId] = [...dispatchIds];
    expect(dispatchId).toMatch(/^\d+$/);
    expect(said).toContain(`(zlecenie ${dispatchId})`);
    expect(errors).toEqual([]);
  });
});
