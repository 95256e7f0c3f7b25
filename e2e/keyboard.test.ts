import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, setupBrowser } from './browser';

/**
 * A purchase with the keyboard alone (WCAG 2.1.1, 2.4.7; issue 24): a guest goes from the home
 * page to the thank-you page pressing only Tab, Shift+Tab, Enter, Space, arrows and typing —
 * search in the header, a product page, the cart sidebar, every checkout step, the locker
 * picker — and every control reached shows a visible focus indicator. No click, no fill().
 */
const browser = setupBrowser();
const POLL = { timeout: 15_000 };

interface Target {
  /** CSS selector the focused element must match */
  selector: string;
  /** text its accessible name or text content must contain (case-insensitive) */
  name?: string;
}

/**
 * What has focus now, and whether focus shows: the look (outline, box-shadow, border, background)
 * of the element and its two nearest ancestors differs from their look with focus taken away
 * (an outline of its own, or a field whose frame changes colour with :focus-within).
 */
function focusState(page: Page, target: Target) {
  return page.evaluate(({ selector, name }) => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { match: false, visible: false, label: '(body)' };
    const label =
      `${el.getAttribute('aria-label') ?? ''} ${el.textContent ?? ''} ${(el as HTMLInputElement).labels?.[0]?.textContent ?? ''}`
        .replace(/\s+/g, ' ')
        .trim();
    const match = el.matches(selector) && (!name || label.toLowerCase().includes(name.toLowerCase()));
    const look = () =>
      [el, el.parentElement, el.parentElement?.parentElement]
        .filter((e): e is HTMLElement => !!e)
        .map((e) => {
          const s = getComputedStyle(e);
          return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderColor, s.backgroundColor].join(' ');
        })
        .join(' | ');
    const focused = look();
    el.blur();
    const unfocused = look();
    el.focus();
    return { match, visible: focused !== unfocused, label: `${el.tagName.toLowerCase()}#${el.id} "${label.slice(0, 60)}"` };
  }, target);
}

/** Presses Tab (or Shift+Tab) until the target has focus; fails if it is not reached or shows no focus. */
async function tabTo(page: Page, target: Target, options: { back?: boolean; max?: number } = {}): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < (options.max ?? 120); i++) {
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
    const state = await focusState(page, target);
    seen.push(state.label);
    if (state.match) {
      expect(state.visible, `focus indicator on ${state.label}`).toBe(true);
      return;
    }
  }
  throw new Error(`Tab never reached ${JSON.stringify(target)}; focus went through: ${seen.slice(-15).join(' | ')}`);
}

async function typeInto(page: Page, target: Target, text: string): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.type(text);
}

/** Tabs into the next radio group and moves through it with the arrow keys until the named choice is selected. */
async function arrowToRadio(page: Page, name: string): Promise<void> {
  await tabTo(page, { selector: 'input[type="radio"]' });
  for (let i = 0; i < 6 && !(await focusState(page, { selector: 'input', name })).match; i++) {
    await page.keyboard.press('ArrowDown');
  }
}

describe('keyboard only', () => {
  it('a guest buys with the keyboard alone, from the home page to the thank-you page', async () => {
    const { page, errors } = await browser.page();
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/');
    await hydrated(page);

    // Search in the header; the overlay's product result opens the product page.
    await typeInto(page, { selector: '#search-phrase' }, 'worki na odchody');
    await page.locator('.search-overlay__products a[href^="/p/"]').first().waitFor(POLL);
    await tabTo(page, { selector: 'a[href^="/p/"]', name: 'worki' });
    await page.keyboard.press('Enter');
    await page.waitForURL('**/p/**', POLL);
    await hydrated(page);

    // The product page: add to cart, then the cart sidebar and 'Przejdź do kasy'.
    await tabTo(page, { selector: 'button', name: 'Dodaj do koszyka' });
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: /^Koszyk: 1 sztuka/ }).waitFor(POLL);
    await tabTo(page, { selector: 'button', name: 'Koszyk: 1 sztuka' }, { back: true });
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Koszyk' }).waitFor(POLL);
    await tabTo(page, { selector: 'a', name: 'Przejdź do kasy' });
    await page.keyboard.press('Enter');
    await page.waitForURL('**/checkout/customer', POLL);
    await page.getByRole('heading', { name: 'Twoje dane', level: 1 }).waitFor(POLL);

    // Customer step.
    await typeInto(page, { selector: 'input[type="email"]' }, `klawiatura-${Date.now().toString(36)}@psiaki.test`);
    await typeInto(page, { selector: 'input', name: 'Imię' }, 'Zofia');
    await typeInto(page, { selector: 'input', name: 'Nazwisko' }, 'Klawiszowa');
    await typeInto(page, { selector: 'input[type="tel"]' }, '601234567');
    await tabTo(page, { selector: 'button', name: 'Przejdź do dostawy' });
    await page.keyboard.press('Enter');
    await page.waitForURL('**/checkout/shipping', POLL);

    // Shipping: the locker method by arrow keys, the locker search, a locker by arrow keys.
    await arrowToRadio(page, 'Paczkomat');
    expect(await page.getByRole('radio', { name: /InPost Paczkomat 24\/7/ }).isChecked()).toBe(true);
    await typeInto(page, { selector: 'input', name: 'Miasto lub kod pocztowy' }, '31-100');
    await page.keyboard.press('Enter');
    const lockers = page.getByRole('group', { name: 'Paczkomaty w pobliżu' }).getByRole('radio');
    await expect.poll(() => lockers.count(), POLL).toBeGreaterThan(1);
    await tabTo(page, { selector: '.locker-option input[type="radio"], input[type="radio"][value^="KRA"]' });
    await page.keyboard.press('ArrowDown');
    const locker = await lockers.nth(1).getAttribute('value');
    expect(await lockers.nth(1).isChecked()).toBe(true);
    await tabTo(page, { selector: 'button', name: 'Przejdź do danych do faktury' });
    await page.keyboard.press('Enter');
    await page.waitForURL('**/checkout/billing', POLL);

    // Billing address (a locker is no billing address).
    await typeInto(page, { selector: '#billing-streetName' }, 'ul. Klawiszowa');
    await typeInto(page, { selector: '#billing-streetNumber' }, '5');
    await typeInto(page, { selector: '#billing-postalCode' }, '31-100');
    await typeInto(page, { selector: '#billing-city' }, 'Kraków');
    await tabTo(page, { selector: 'button', name: 'Przejdź do płatności' });
    await page.keyboard.press('Enter');
    await page.waitForURL('**/checkout/payment', POLL);

    // Payment by bank transfer, then the order.
    await arrowToRadio(page, 'Przelew tradycyjny');
    expect(await page.getByRole('radio', { name: /Przelew tradycyjny/ }).isChecked()).toBe(true);
    await tabTo(page, { selector: 'button', name: 'Zamawiam i płacę' });
    await page.keyboard.press('Enter');
    await page.waitForURL('**/checkout/thank-you?order=*', POLL);
    await page.getByRole('heading', { name: 'Dziękujemy za zamówienie!' }).waitFor(POLL);
    expect(await page.getByText(`Paczkomat ${locker}`).count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it("a shopper chooses a product's options with the keyboard alone (width and size by arrow keys) and puts it in the cart", async () => {
    const { page, errors } = await browser.page();
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/p/16/obroza-z-klamra-classic');
    await hydrated(page);
    const add = page.getByRole('button', { name: 'Dodaj do koszyka' });
    // each option group: Tab into it, Space takes the focused choice, arrow keys move to another
    for (const [group, choice] of [
      [/^Szerokość taśmy/, '25 mm'],
      [/^Rozmiar/, 'M'],
    ] as const) {
      const radios = page.getByRole('group', { name: group }).getByRole('radio');
      const inputName = (await radios.first().getAttribute('name'))!;
      await tabTo(page, { selector: `input[type="radio"][name="${inputName}"]` });
      await page.keyboard.press('Space');
      for (
        let i = 0;
        i < 8 && !(await page.getByRole('group', { name: group }).getByRole('radio', { name: choice, exact: true }).isChecked());
        i++
      ) {
        await page.keyboard.press('ArrowRight');
      }
      expect(await page.getByRole('group', { name: group }).getByRole('radio', { name: choice, exact: true }).isChecked()).toBe(true);
    }
    await tabTo(page, { selector: 'button', name: 'Dodaj do koszyka' });
    expect(await add.isEnabled()).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: /^Koszyk: 1 sztuka/ }).waitFor(POLL);
    const { activeOrder } = await page.evaluate(async () => {
      const res = await fetch('/api/shop', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ query: '{ activeOrder { lines { productVariant { sku } } } }' }),
      });
      return ((await res.json()) as { data: { activeOrder: { lines: Array<{ productVariant: { sku: string } }> } } }).data;
    });
    expect(activeOrder.lines.map((l) => l.productVariant.sku)).toEqual(['PS-016-25-M']);
    expect(errors).toEqual([]);
  });
});
