/**
 * Issue 40 end to end in Chromium: a firm's buyer asks for a VAT invoice on the checkout's billing
 * step and pays by BLIK (the Przelewy24 stand-in confirms a 777xxx code); the job queue issues the
 * invoice, KSeF (the stand-in) accepts it, and the account's order history shows it with its KSeF
 * number and a PDF whose text has the seller's and the buyer's NIP, the lines, the totals and the
 * form of payment (FA(3) 7, mobile). Then the buyer withdraws from one of the two lines in the
 * account; staff accept it and refund that line (Przelewy24's refund, the stand-in): a correcting
 * invoice FK/… (FA(3) KOR, decision 120) follows in the account, accepted by KSeF, its PDF naming
 * the corrected invoice and the amount returned.
 */
import type { Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { hydrated, setupBrowser } from './browser';
import { adminCall, lockerDelivery, shopInPage } from './session';

const browser = setupBrowser();
const POLL = { timeout: 20_000 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const BUYER = { company: 'Psia Łapa sp. z o.o.', nip: '1234567883' };
const zl = (grosze: number) => (grosze / 100).toFixed(2).replace('.', ',');

async function pdfText(pdf: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text;
}

/** A new customer, logged in on `page`, with two lines (the waste bags 3x15 and 8x15) and a locker delivery chosen. */
async function customerWithTwoLines(page: Page): Promise<{ email: string; names: string[] }> {
  const email = `faktura-blik-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@psiaki.test`;
  await page.goto('/kontakt');
  await hydrated(page);
  await shopInPage(page, 'mutation($i: RegisterCustomerInput!) { registerCustomerAccount(input: $i) { __typename } }', {
    i: { emailAddress: email, firstName: 'Ewa', lastName: 'Kot', password: 'Start1234!', phoneNumber: '+48 600 700 800' },
  });
  await shopInPage(page, 'mutation($u: String!) { login(username: $u, password: "Start1234!") { __typename } }', { u: email });
  const names: string[] = [];
  for (const id of ['56', '57']) {
    const { product } = await shopInPage<{ product: { name: string; variants: Array<{ id: string }> } }>(
      page,
      'query($id: ID!) { product(id: $id) { name variants { id } } }',
      { id },
    );
    names.push(product.name);
    await shopInPage(page, 'mutation($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 1) { __typename } }', {
      id: product.variants[0]!.id,
    });
  }
  await lockerDelivery(page);
  return { email, names };
}

interface AdminInvoice {
  number: string;
  ksefNumber: string | null;
  pdfUrl: string;
  totalGross: number;
  totalNet: number;
  xml: string;
}

/** The order's VAT invoice once KSeF (the stand-in) accepted it. */
async function acceptedInvoice(code: string): Promise<AdminInvoice> {
  const { orders } = await adminCall<{ orders: { items: Array<{ id: string }> } }>(
    'query($c: String!) { orders(options: { filter: { code: { eq: $c } } }) { items { id } } }',
    { c: code },
  );
  const id = orders.items[0]!.id;
  for (let i = 0; i < 300; i++) {
    const { order } = await adminCall<{ order: { invoices: AdminInvoice[] } }>(
      'query($id: ID!) { order(id: $id) { invoices { number ksefNumber pdfUrl totalGross totalNet xml } } }',
      { id },
    );
    const inv = order.invoices[0];
    if (inv?.ksefNumber) return inv;
    await sleep(200);
  }
  throw new Error(`no invoice accepted by KSeF for ${code}`);
}

describe('a VAT invoice for a buyer with a NIP who pays by BLIK (Chromium)', () => {
  it('the billing step asks for it, BLIK pays, the account shows the invoice with its KSeF number and a PDF of the seller, the buyer, the lines and the totals; a withdrawal of one line refunded by staff brings the correcting invoice', async () => {
    const { page, errors } = await browser.page();
    const { email, names } = await customerWithTwoLines(page);

    // the billing step: a locker is no billing address; the invoice with the firm's NIP
    await page.goto('/checkout/billing');
    await hydrated(page);
    await page.locator('#billing-streetName').fill('Kocia');
    await page.locator('#billing-streetNumber').fill('7');
    await page.locator('#billing-apartment').fill('3');
    await page.locator('#billing-postalCode').fill('30-002');
    await page.locator('#billing-city').fill('Kraków');
    await page.getByLabel('Chcę otrzymać fakturę VAT').check();
    await page.locator('#billing-company').fill(BUYER.company);
    await page.locator('#billing-nip').fill(BUYER.nip);
    await page.getByRole('button', { name: 'Przejdź do płatności' }).click();
    await page.waitForURL('**/checkout/payment', POLL);
    await hydrated(page);

    // BLIK: the stand-in's banking app confirms 777xxx
    await page.getByRole('radio', { name: /^BLIK/ }).check();
    await page.getByLabel('Kod BLIK').fill('777321');
    await page.getByRole('button', { name: 'Zamawiam i płacę' }).click();
    await page.waitForURL('**/checkout/thank-you?order=*', POLL);
    const code = new URL(page.url()).searchParams.get('order')!;
    await page.getByText('Płatność została przyjęta. Dziękujemy!').waitFor(POLL);

    const invoice = await acceptedInvoice(code);
    expect(invoice.number).toMatch(/^FV\/\d{4}\/\d{6}$/);
    expect(invoice.xml).toContain('<FormaPlatnosci>7</FormaPlatnosci>');
    const sellerNip = /<Podmiot1><DaneIdentyfikacyjne><NIP>(\d{10})<\/NIP>/.exec(invoice.xml)?.[1];
    expect(sellerNip).toMatch(/^\d{10}$/);

    // the account's order history: the invoice, its KSeF number, the PDF link
    await page.goto('/my-account/orders');
    await hydrated(page);
    const card = page.locator(`#order-${code}`);
    const link = card.getByRole('link', { name: `Faktura VAT ${invoice.number} (PDF)` });
    await link.waitFor(POLL);
    await expect.poll(() => card.locator('.order-invoices').innerText()).toContain(`numer KSeF: ${invoice.ksefNumber}`);
    const href = (await link.getAttribute('href'))!;
    const pdf = await page.request.get(href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const text = await pdfText(await pdf.body());
    expect(text).toContain(invoice.number);
    expect(text).toContain(invoice.ksefNumber!);
    expect(text).toContain(sellerNip!);
    expect(text).toContain(BUYER.nip);
    expect(text).toContain(BUYER.company);
    for (const name of names) expect(text).toContain(name);
    expect(text).toContain(zl(invoice.totalGross));
    expect(text).toContain(zl(invoice.totalNet));
    expect(text).toContain('płatność mobilna');

    // the buyer withdraws from the first line (the 3x15 bags) in the account
    await card.getByRole('link', { name: 'Odstąp od umowy tutaj' }).click();
    await page.waitForURL(`**/odstapienie-od-umowy?order=${code}`);
    await hydrated(page);
    await expect.poll(() => page.getByLabel('Adres e-mail podany w zamówieniu').inputValue(), POLL).toBe(email);
    await page.getByRole('button', { name: 'Znajdź zamówienie' }).click();
    await page.getByRole('heading', { name: 'Krok 2. Wybierz produkty i podaj imię i nazwisko' }).waitFor(POLL);
    const boxes = page.getByRole('checkbox');
    expect(await boxes.count()).toBe(2);
    await page.getByRole('checkbox', { name: new RegExp(names[1]!) }).uncheck();
    await page.getByRole('button', { name: 'Dalej' }).click();
    await page.getByRole('button', { name: 'Potwierdź odstąpienie' }).click();
    await page.getByRole('heading', { name: 'Otrzymaliśmy Twoje odstąpienie od umowy' }).waitFor(POLL);

    // staff accept it and refund the withdrawn line through Przelewy24
    const { withdrawals } = await adminCall<{
      withdrawals: {
        items: Array<{ id: string; orderCode: string; orderId: string; lines: Array<{ orderLineId: string; quantity: number }> }>;
      };
    }>('{ withdrawals(take: 100) { items { id orderCode orderId lines { orderLineId quantity } } } }');
    const withdrawal = withdrawals.items.find((w) => w.orderCode === code)!;
    expect(withdrawal.lines).toHaveLength(1);
    await adminCall('mutation($id: ID!) { setWithdrawalState(id: $id, state: "accepted") { state } }', { id: withdrawal.id });
    const { order } = await adminCall<{
      order: { payments: Array<{ id: string; state: string }>; lines: Array<{ id: string; proratedLinePriceWithTax: number }> };
    }>('query($id: ID!) { order(id: $id) { payments { id state } lines { id proratedLinePriceWithTax } } }', { id: withdrawal.orderId });
    const payment = order.payments.find((p) => p.state === 'Settled')!;
    const withdrawn = order.lines.find((l) => l.id === withdrawal.lines[0]!.orderLineId)!;
    const { refundOrder } = await adminCall<{ refundOrder: { state?: string; total?: number; message?: string } }>(
      'mutation($i: RefundOrderInput!) { refundOrder(input: $i) { ... on Refund { state total } ... on ErrorResult { message } } }',
      {
        i: {
          paymentId: payment.id,
          lines: [{ orderLineId: withdrawn.id, quantity: withdrawal.lines[0]!.quantity }],
          shipping: 0,
          adjustment: 0,
          reason: 'Odstąpienie od umowy',
        },
      },
    );
    expect(refundOrder).toMatchObject({ state: 'Settled', total: withdrawn.proratedLinePriceWithTax });

    // the correcting invoice, once KSeF accepted it too, in the account beside the invoice
    let correction: AdminInvoice & { kind: string } = undefined!;
    for (let i = 0; i < 300 && !correction?.ksefNumber; i++) {
      const { order: o } = await adminCall<{ order: { invoices: Array<AdminInvoice & { kind: string }> } }>(
        'query($id: ID!) { order(id: $id) { invoices { kind number ksefNumber pdfUrl totalGross totalNet xml } } }',
        { id: withdrawal.orderId },
      );
      correction = o.invoices.find((x) => x.kind === 'KOR')!;
      if (!correction?.ksefNumber) await sleep(200);
    }
    expect(correction.number).toMatch(/^FK\/\d{4}\/\d{6}$/);
    expect(correction.totalGross).toBe(-withdrawn.proratedLinePriceWithTax);
    await page.goto('/my-account/orders');
    await hydrated(page);
    const correctionLink = page.locator(`#order-${code}`).getByRole('link', { name: `Faktura korygująca ${correction.number} (PDF)` });
    await correctionLink.waitFor(POLL);
    await expect.poll(() => page.locator(`#order-${code} .order-invoices`).innerText()).toContain(`numer KSeF: ${correction.ksefNumber}`);
    expect(
      await page
        .locator(`#order-${code}`)
        .getByRole('link', { name: `Faktura VAT ${invoice.number} (PDF)` })
        .count(),
    ).toBe(1);
    const korPdf = await page.request.get((await correctionLink.getAttribute('href'))!);
    expect(korPdf.status()).toBe(200);
    const korText = await pdfText(await korPdf.body());
    expect(korText).toContain('Faktura korygująca');
    expect(korText).toContain(invoice.number);
    expect(korText).toContain(invoice.ksefNumber!);
    expect(korText).toContain(names[0]!);
    expect(korText).not.toContain(names[1]!); // only the withdrawn line is corrected
    expect(korText).toContain(zl(withdrawn.proratedLinePriceWithTax));

    expect(errors).toEqual([]);
  });
});
