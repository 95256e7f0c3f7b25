/**
 * The staff's invoices in Vendure's Dashboard, in Chromium (issue 40, slice E; decision 121): the
 * 'Obsługa sklepu' staff member opens "Faktury" and sees an invoice KSeF rejected, with KSeF's
 * reason, and one still waiting for KSeF (the stand-in in an outage); the filters "Czekające na
 * KSeF" and "Odrzucone" show each alone; the PDF link opens the PDF; the order page's "Faktury"
 * block lists the order's invoice and sends its e-mail again.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { hydrated, setupBrowser } from './browser';
import { dashboard, logIn } from './dashboard';
import { adminCall, checkoutByTransfer, settleOrder, shopInPage } from './session';

const browser = setupBrowser();
const POLL = { timeout: 20_000 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Invoice {
  id: string;
  number: string;
  ksefState: string;
  ksefStateLabel: string;
  adminPdfUrl: string;
}

/** The KSeF stand-in's test switches (backend/stand-ins/ksef.ts). */
async function ksefSwitch(what: string, body: unknown): Promise<void> {
  const res = await fetch(`${inject('blogUrl')}/ksef/test/${what}`, { method: 'POST', body: JSON.stringify(body) });
  expect(res.status, what).toBe(200);
}

/** A guest's order asking for an invoice with a NIP, paid by transfer (not yet settled). */
async function orderWithInvoice(page: Page, prefix: string): Promise<{ code: string; email: string }> {
  const email = `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@psiaki.test`;
  const { product } = await shopInPage<{ product: { variants: Array<{ id: string }> } }>(page, '{ product(id: "56") { variants { id } } }');
  await shopInPage(page, 'mutation($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 1) { __typename } }', {
    id: product.variants[0]!.id,
  });
  const { code } = await checkoutByTransfer(page, email, async () => {
    await shopInPage(page, 'mutation($i: CreateAddressInput!) { setOrderBillingAddress(input: $i) { __typename } }', {
      i: {
        fullName: 'Ewa Kot',
        company: 'Psia Łapa sp. z o.o.',
        streetLine1: 'Kocia 7/3',
        city: 'Kraków',
        postalCode: '30-002',
        countryCode: 'PL',
        customFields: { fvat: true, nip: '1234567883' },
      },
    });
  });
  return { code, email };
}

/** The order's invoice once it is in one of `states` (staff's Admin API). */
async function invoiceIn(orderId: string, states: string[]): Promise<Invoice> {
  let last: Invoice | undefined;
  for (let i = 0; i < 300; i++) {
    const { order } = await adminCall<{ order: { invoices: Invoice[] } }>(
      'query($id: ID!) { order(id: $id) { invoices { id number ksefState ksefStateLabel adminPdfUrl } } }',
      { id: orderId },
    );
    last = order.invoices[0];
    if (last && states.includes(last.ksefState)) return last;
    await sleep(200);
  }
  throw new Error(`order ${orderId}: no invoice in ${states.join('/')} (${JSON.stringify(last)})`);
}

const REASON = 'kod 450: Błąd weryfikacji semantyki dokumentu faktury: Nieprawidłowy NIP nabywcy.';

describe('invoices in the Dashboard', () => {
  it('staff see a rejected invoice with KSeF’s reason and one waiting for KSeF, filter them, open the PDF and the order’s invoices', async () => {
    const { page: shopper } = await browser.page();
    await shopper.goto('/kontakt');
    await hydrated(shopper);

    // KSeF rejects the next invoice sent to it (the test files run one after another)
    await ksefSwitch('reject-next', {
      code: 450,
      description: 'Błąd weryfikacji semantyki dokumentu faktury',
      details: ['Nieprawidłowy NIP nabywcy.'],
    });
    const first = await orderWithInvoice(shopper, 'faktura-odrzucona');
    const rejectedOrderId = await settleOrder(first.code);
    const rejected = await invoiceIn(rejectedOrderId, ['rejected', 'accepted']);
    expect(rejected.ksefState).toBe('rejected');

    try {
      // KSeF unreachable: the next invoice waits (retried with backoff)
      await ksefSwitch('outage', { calls: 1000 });
      await shopper.context().clearCookies();
      const second = await orderWithInvoice(shopper, 'faktura-czeka');
      const waiting = await invoiceIn(await settleOrder(second.code), ['waiting', 'sending']);

      const { page: staff, errors } = await browser.page();
      await logIn(staff, inject('staffLogin'));
      // Sprzedaż → Faktury in the Dashboard's menu
      const sales = staff.locator('[data-sidebar="sidebar"] button[data-slot="collapsible-trigger"]').filter({ hasText: 'Sprzedaż' });
      if ((await sales.getAttribute('aria-expanded', POLL)) !== 'true') await sales.click();
      await staff.locator('[data-sidebar="sidebar"]').getByRole('link', { name: 'Faktury', exact: true }).click(POLL);
      await staff.waitForURL(dashboard('/faktury'), POLL);
      const table = staff.getByRole('table', { name: 'Faktury' });
      const row = (number: string) => table.getByRole('row').filter({ hasText: number });
      await row(waiting.number).waitFor(POLL);
      expect(await row(waiting.number).innerText()).toContain('czeka na wysłanie');
      expect(await row(waiting.number).innerText()).toContain(second.code);
      expect(await row(waiting.number).innerText()).toContain('NIP 1234567883');
      expect(await row(rejected.number).innerText()).toContain(`odrzucona: ${REASON}`);
      // newest first
      const numbers = await table.locator('tbody tr td:first-child').allInnerTexts();
      expect(numbers.indexOf(waiting.number)).toBeLessThan(numbers.indexOf(rejected.number));

      await staff.getByRole('button', { name: 'Czekające na KSeF' }).click();
      await row(rejected.number).waitFor({ state: 'detached', ...POLL });
      await row(waiting.number).waitFor(POLL);
      await staff.getByRole('button', { name: 'Odrzucone' }).click();
      await row(waiting.number).waitFor({ state: 'detached', ...POLL });
      await row(rejected.number).waitFor(POLL);

      // the PDF link: the backend's own signed path, a PDF
      const pdfLink = row(rejected.number).getByRole('link', { name: `PDF faktury ${rejected.number}` });
      expect(await pdfLink.getAttribute('href')).toBe(rejected.adminPdfUrl);
      const magic = await staff.evaluate(
        async (href) => new TextDecoder().decode(new Uint8Array(await (await fetch(href)).arrayBuffer()).slice(0, 5)),
        rejected.adminPdfUrl,
      );
      expect(magic).toBe('%PDF-');

      // the order code leads to the order page, whose "Faktury" block lists the order's invoice
      await row(rejected.number).locator('a', { hasText: first.code }).click();
      await staff.waitForURL(`**/dashboard/orders/${rejectedOrderId}`, POLL);
      const block = staff.getByRole('table', { name: 'Faktury zamówienia' });
      await block.getByRole('row').filter({ hasText: rejected.number }).waitFor(POLL);
      expect(await block.innerText()).toContain(`odrzucona: ${REASON}`);
      await block.getByRole('button', { name: `Wyślij ponownie e-mail z fakturą ${rejected.number}` }).click();
      await staff.getByText(`Faktura ${rejected.number} wysłana ponownie na ${first.email}.`).waitFor(POLL);
      expect(errors).toEqual([]);
    } finally {
      await ksefSwitch('outage', { calls: 0 });
    }
  });
});
