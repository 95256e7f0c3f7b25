import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { courierToPayment, hydrated, setupBrowser } from './browser';
import { DEMO, shopInPage } from './session';

/**
 * BLIK on the payment step, against the Przelewy24 stand-in, which answers for the banking app
 * by the code (backend/stand-ins/gateway.ts): 777xxx confirmed, 222xxx declined in the app, any
 * other code refused at once as wrong or expired. Also here: the automatic refund of an online
 * payment that arrives after the order changed (the same payment step, the same stand-in).
 */
const browser = setupBrowser();
const POLL = { timeout: 15_000 };
const BAGS = '/c/dla-psa/akcesoria/dodatki/worki-na-odchody';
const WAITING = 'Potwierdź płatność w aplikacji banku';

/** The demo customer with the waste bags in the cart, on the payment step (courier, saved address). */
async function toPaymentStep(page: Page): Promise<void> {
  await page.goto('/');
  await hydrated(page);
  const login = await shopInPage<{ login: { id?: string } }>(
    page,
    'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { ... on CurrentUser { id } } }',
    { u: DEMO.email, p: DEMO.password },
  );
  expect(login.login.id).toBeTruthy();
  await page.goto(BAGS);
  await hydrated(page);
  await page.getByRole('button', { name: 'DODAJ 14,70 zł' }).click();
  await page.getByRole('button', { name: /^Koszyk: \d+ szt/ }).waitFor();
  await courierToPayment(page);
}

const orderState = async (page: Page, code: string) =>
  (await shopInPage<{ orderByCode: { state: string } }>(page, 'query($c: String!) { orderByCode(code: $c) { state } }', { c: code }))
    .orderByCode.state;
const activeCode = async (page: Page) =>
  (await shopInPage<{ activeOrder: { code: string } }>(page, '{ activeOrder { code } }')).activeOrder.code;
/** axe's WCAG 2.0/2.1 A and AA rules on the page as it is (the payment step needs an order, so axe.test.ts does not reach it). */
async function wcagViolations(page: Page): Promise<string[]> {
  await page.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(c: Document, o: object): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown[] }> }> }> };
      }
    ).axe;
    const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
    const { violations } = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  });
}
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

describe('BLIK on the payment step (Chromium, P24 stand-in)', () => {
  it('a confirmed code: the page waits for the banking app, then the thank-you page', async () => {
    const { page, errors } = await browser.page();
    await toPaymentStep(page);
    const code = await activeCode(page);
    await page.getByRole('radio', { name: /^BLIK/ }).check();
    const field = page.getByLabel('Kod BLIK');
    expect(await field.getAttribute('inputmode')).toBe('numeric');
    expect(await field.getAttribute('autocomplete')).toBe('one-time-code');
    // no code: the message at the field, focus on it
    await page.getByRole('button', { name: 'Zamawiam i płacę' }).click();
    await expect.poll(() => focusedId(page)).toBe('blik-code');
    expect(await page.locator('#blik-code-error').textContent()).toBe('Wpisz 6-cyfrowy kod BLIK z aplikacji banku.');
    expect(await field.getAttribute('aria-describedby')).toContain('blik-code-error');
    expect(await wcagViolations(page)).toEqual([]);

    await field.fill('777 123');
    expect(await field.inputValue()).toBe('777123');
    await page.getByRole('button', { name: 'Zamawiam i płacę' }).click();
    await page.getByRole('status').filter({ hasText: WAITING }).waitFor(POLL);
    await page.waitForURL('**/checkout/thank-you?order=*', POLL);
    expect(new URL(page.url()).searchParams.get('order')).toBe(code);
    await page.getByText('Płatność została przyjęta. Dziękujemy!').waitFor(POLL);
    expect(await orderState(page, code)).toBe('PaymentSettled');
    expect(errors).toEqual([]);
  });

  it('a wrong code: the message at the field and the order kept; a new code pays', async () => {
    const { page, errors } = await browser.page();
    await toPaymentStep(page);
    const code = await activeCode(page);
    await page.getByRole('radio', { name: /^BLIK/ }).check();
    await page.getByLabel('Kod BLIK').fill('123456');
    await page.getByRole('button', { name: 'Zamawiam i płacę' }).click();
    await page.locator('#blik-code-error').waitFor(POLL);
    expect(await page.locator('#blik-code-error').textContent()).toBe(
      'Kod BLIK jest nieprawidłowy lub wygasł. Wygeneruj nowy kod w aplikacji banku i wpisz go ponownie.',
    );
    await expect.poll(() => focusedId(page)).toBe('blik-code');
    expect(await page.getByLabel('Kod BLIK').inputValue()).toBe('');
    expect(await orderState(page, code)).toBe('ArrangingPayment');

    await page.getByLabel('Kod BLIK').fill('777456');
    await page.getByRole('button', { name: 'Zamawiam i płacę' }).click();
    await page.waitForURL('**/checkout/thank-you?order=*', POLL);
    expect(new URL(page.url()).searchParams.get('order')).toBe(code);
    expect(await orderState(page, code)).toBe('PaymentSettled');
    expect(errors).toEqual([]);
  });

  it('declined in the banking app: told so, the order kept; paid by bank transfer instead', async () => {
    const { page, errors } = await browser.page();
    await toPaymentStep(page);
    const code = await activeCode(page);
    await page.getByRole('radio', { name: /^BLIK/ }).check();
    await page.getByLabel('Kod BLIK').fill('222000');
    await page.getByRole('button', { name: 'Zamawiam i płacę' }).click();
    await page.getByText(WAITING).waitFor(POLL);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Płatność została odrzucona w aplikacji banku. Wpisz nowy kod BLIK albo wybierz inny sposób płatności.' })
      .waitFor(POLL);
    expect(await page.getByText(WAITING).count()).toBe(0);
    expect(await orderState(page, code)).toBe('ArrangingPayment');

    await page.getByRole('radio', { name: /Przelew tradycyjny/ }).check();
    await page.getByRole('button', { name: 'Zamawiam i płacę' }).click();
    await page.waitForURL('**/checkout/thank-you?order=*', POLL);
    expect(new URL(page.url()).searchParams.get('order')).toBe(code);
    await page.getByRole('heading', { name: 'Dane do przelewu' }).waitFor(POLL);
    expect(await orderState(page, code)).toBe('PaymentAuthorized');
    expect(errors).toEqual([]);
  });
});

describe('a payment that arrives after the order changed (Chromium, P24 stand-in)', () => {
  it('is refunded at once: the shopper sees it was not taken, gets the e-mail, and the order can be paid again', async () => {
    const { page, errors } = await browser.page();
    await toPaymentStep(page);
    const code = await activeCode(page);
    await page.getByRole('radio', { name: /Płatność online/ }).check();
    await page.getByRole('button', { name: 'Zamawiam i płacę' }).click();
    await page.getByRole('button', { name: 'Zapłać' }).waitFor(POLL);

    // while the shopper is at Przelewy24, another tab adds to the cart: the order changes
    const other = await page.context().newPage();
    await other.goto(BAGS);
    await hydrated(other);
    await other.getByRole('button', { name: 'DODAJ 14,70 zł' }).click();
    await expect
      .poll(
        async () =>
          (await shopInPage<{ activeOrder: { totalQuantity: number } }>(other, '{ activeOrder { totalQuantity } }')).activeOrder
            .totalQuantity,
        POLL,
      )
      .toBeGreaterThan(1);
    await other.close();

    await page.getByRole('button', { name: 'Zapłać' }).click();
    await page.waitForURL('**/payment-cancel?order=*', POLL);
    await page.getByRole('heading', { name: 'Płatność nie została zrealizowana' }).waitFor(POLL);
    expect(new URL(page.url()).searchParams.get('order')).toBe(code);
    expect(await orderState(page, code)).not.toMatch(/^Payment(Settled|Authorized)$/);
    const mailbox = `${inject('mailboxUrl')}?email=${encodeURIComponent(DEMO.email)}`;
    await expect
      .poll(async () => {
        const mails = (await (await fetch(mailbox)).json()) as Array<{ type: string; orderCode?: string }>;
        return mails.filter((m) => m.type === 'payment-refunded' && m.orderCode === code).length;
      }, POLL)
      .toBe(1);

    // the order is kept: paid by transfer now
    await hydrated(page);
    await page.getByRole('button', { name: 'Zapłacę przelewem tradycyjnym' }).click();
    await page.waitForURL('**/checkout/thank-you?order=*', POLL);
    expect(await orderState(page, code)).toBe('PaymentAuthorized');
    expect(errors.filter((e) => !e.startsWith('Failed to load resource: the server responded with a status of 404'))).toEqual([]);
  });
});
