/**
 * The invoice's PDF in Chromium (issue 40, slice C; decision 119): a registered shopper buys for
 * a firm with a NIP and pays by transfer; once staff settle it the invoice is issued and KSeF (the
 * stand-in) accepts it; the account's order history shows "Faktura VAT FV/… (PDF)" with the KSeF
 * number, and the link downloads a PDF through the storefront; the order confirmation's link opens
 * the order status page with the same invoice link in a browser without the session. Another customer, who has an
 * invoice of their own, gets nothing with the first shopper's invoice id under their own key, and a
 * forged key is refused with a Polish reason, never cached.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { hydrated, setupBrowser } from './browser';
import { adminCall, checkoutByTransfer, settleOrder, shopInPage } from './session';

const browser = setupBrowser();
const POLL = { timeout: 20_000 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A new registered customer, logged in on `page`, with one product in the cart and the billing address asking for an invoice. */
async function customerBuyingWithInvoice(
  page: Page,
  prefix: string,
  billing: { company: string; nip: string },
): Promise<{ code: string; email: string }> {
  const email = `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@psiaki.test`;
  await page.goto('/kontakt');
  await hydrated(page);
  await shopInPage(page, 'mutation($i: RegisterCustomerInput!) { registerCustomerAccount(input: $i) { __typename } }', {
    i: { emailAddress: email, firstName: 'Ewa', lastName: 'Kot', password: 'Start1234!' },
  });
  await shopInPage(page, 'mutation($u: String!) { login(username: $u, password: "Start1234!") { __typename } }', { u: email });
  const { product } = await shopInPage<{ product: { variants: Array<{ id: string }> } }>(page, '{ product(id: "56") { variants { id } } }');
  await shopInPage(page, 'mutation($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 1) { __typename } }', {
    id: product.variants[0]!.id,
  });
  await shopInPage(page, 'mutation($i: CreateAddressInput!) { setOrderBillingAddress(input: $i) { __typename } }', {
    i: {
      fullName: 'Ewa Kot',
      company: billing.company,
      streetLine1: 'Kocia 7/3',
      city: 'Kraków',
      postalCode: '30-002',
      countryCode: 'PL',
      customFields: { fvat: true, nip: billing.nip },
    },
  });
  const { code } = await checkoutByTransfer(page, email);
  return { code, email };
}

/** The link of the order confirmation e-mail to `email` in the stack's mailbox (the order status page, signed; decision 102). */
async function confirmationLink(email: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mails = (await (await fetch(`${inject('mailboxUrl')}?email=${encodeURIComponent(email)}`)).json()) as Array<{
      type: string;
      link: string;
    }>;
    const link = mails.find((m) => m.type === 'order-confirmation')?.link;
    if (link) return link;
    await sleep(200);
  }
  throw new Error(`no order confirmation for ${email}`);
}

/** Staff settle the transfer; the order's invoice once issued (and accepted by KSeF when `ksef`). */
async function invoiceOf(code: string, ksef: boolean): Promise<{ number: string; ksefNumber: string | null; pdfUrl: string }> {
  const id = await settleOrder(code);
  for (let i = 0; i < 300; i++) {
    const { order } = await adminCall<{ order: { invoices: Array<{ number: string; ksefNumber: string | null; pdfUrl: string }> } }>(
      'query($id: ID!) { order(id: $id) { invoices { number ksefNumber pdfUrl } } }',
      { id },
    );
    const inv = order.invoices[0];
    if (inv && (!ksef || inv.ksefNumber)) return inv;
    await sleep(200);
  }
  throw new Error(`no invoice for ${code}`);
}

const handleOf = (pdfUrl: string) => {
  const m = /^\/faktury\/(\d+)-([A-Za-z0-9_-]{22})\.pdf$/.exec(pdfUrl);
  if (!m) throw new Error(`not a PDF address: ${pdfUrl}`);
  return { id: m[1]!, key: m[2]! };
};

describe('the invoice PDF in Chromium', () => {
  it("the account's order shows the invoice with its KSeF number and downloads its PDF; another customer's and forged links are refused", async () => {
    const { page, errors } = await browser.page();
    const { code, email } = await customerBuyingWithInvoice(page, 'faktura-firma', { company: 'Psia Łapa sp. z o.o.', nip: '1234567883' });
    const invoice = await invoiceOf(code, true);

    await page.goto('/my-account/orders');
    await hydrated(page);
    const card = page.locator(`#order-${code}`);
    const link = card.getByRole('link', { name: `Faktura VAT ${invoice.number} (PDF)` });
    await link.waitFor(POLL);
    expect(await link.getAttribute('href')).toBe(invoice.pdfUrl);
    await expect.poll(() => card.locator('.order-invoices').innerText()).toContain(`numer KSeF: ${invoice.ksefNumber}`);

    // the click downloads the PDF (through the worker's /faktury/…)
    const download = page.waitForEvent('download', POLL);
    await link.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`Faktura-${invoice.number.replace(/\//g, '-')}.pdf`);
    const bytes = await new Promise<Buffer>((resolve, reject) => {
      void file.createReadStream().then((stream) => {
        const parts: Buffer[] = [];
        stream.on('data', (c: Buffer) => parts.push(c));
        stream.on('end', () => resolve(Buffer.concat(parts)));
        stream.on('error', reject);
      }, reject);
    });
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(5_000);
    const direct = await page.request.get(invoice.pdfUrl);
    expect(direct.status()).toBe(200);
    expect(direct.headers()['content-type']).toBe('application/pdf');
    expect(direct.headers()['cache-control']).toBe('private, no-store');

    // the order confirmation's link (the order status page) in another browser, without a session: the same invoice link
    const guest = await browser.page();
    await guest.page.goto(await confirmationLink(email));
    await hydrated(guest.page);
    const statusLink = guest.page.getByRole('link', { name: `Faktura VAT ${invoice.number} (PDF)` });
    await statusLink.waitFor(POLL);
    expect(await statusLink.getAttribute('href')).toBe(invoice.pdfUrl);
    expect(await guest.page.locator('.order-invoices').innerText()).toContain(`numer KSeF: ${invoice.ksefNumber}`);
    const fromStatus = await guest.page.request.get(invoice.pdfUrl);
    expect(fromStatus.status()).toBe(200);
    expect((await fromStatus.body()).subarray(0, 5).toString()).toBe('%PDF-');
    expect(guest.errors).toEqual([]);

    // another customer, with an invoice of their own (a consumer's): nothing of the first one
    const other = await browser.page();
    const { code: otherCode } = await customerBuyingWithInvoice(other.page, 'faktura-inny', { company: '', nip: '' });
    const otherInvoice = await invoiceOf(otherCode, false);
    await other.page.goto('/my-account/orders');
    await hydrated(other.page);
    await other.page
      .locator(`#order-${otherCode}`)
      .getByRole('link', { name: `Faktura VAT ${otherInvoice.number} (PDF)` })
      .waitFor(POLL);
    expect(await other.page.locator(`[data-invoice="${invoice.number}"]`).count()).toBe(0);
    const mine = handleOf(invoice.pdfUrl);
    const theirs = handleOf(otherInvoice.pdfUrl);
    const flipped = mine.key.slice(0, -1) + (mine.key.endsWith('A') ? 'B' : 'A');
    for (const forged of [
      `/faktury/${mine.id}-${theirs.key}.pdf`, // the first shopper's invoice id under the other's key
      `/faktury/${theirs.id}-${mine.key}.pdf`,
      `/faktury/${mine.id}-${flipped}.pdf`, //   one character of the key changed
      `/faktury/${encodeURIComponent(invoice.number)}.pdf`, // the invoice number
    ]) {
      const r = await other.page.request.get(forged);
      expect(r.status(), forged).toBe(404);
      expect(r.headers()['content-type'], forged).toMatch(/^text\/plain/);
      expect(r.headers()['cache-control'], forged).toBe('private, no-store');
      expect(await r.text(), forged).toContain('Nie ma takiej faktury');
    }
    // the forged link opened in the browser: the Polish reason, no PDF
    await other.page.goto(`/faktury/${mine.id}-${flipped}.pdf`);
    expect(await other.page.locator('body').innerText()).toContain('Nie ma takiej faktury');

    expect(errors).toEqual([]);
    expect(other.errors.filter((e) => !e.includes('/faktury/') && !e.includes('status of 404'))).toEqual([]);
  });
});
