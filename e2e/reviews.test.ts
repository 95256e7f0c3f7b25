import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated as pageHydrated, knownToUi, setupBrowser, uiKnows } from './browser';
import { adminCall, shopInPage } from './session';

const browser = setupBrowser();
/** Backend round trips on a slow machine: wait up to 10 s for what the shopper would see. */
const POLL = { timeout: 10_000 };
/** Pokrowiec na worki Classic: five seeded reviews, and in the demo customer's seeded order 2. */
const COVER = '/p/52/pokrowiec-na-worki-classic';

/**
 * Product pages are cached at the edge; the cache key keeps only the parameters a page reads, so a
 * junk parameter (like an ad's click id) is the same cached page (decision 109). A newly approved
 * review changes the product's document in the backend's catalogue read model, which tells the
 * worker: the cached copy expires within seconds (decision 108). `fresh` marks the visits that must
 * show the backend as it is now; the parameter is for the test's log only.
 */
let visit = 0;
const fresh = (path: string) => `${path}?e2e=${Date.now()}-${++visit}`;

/**
 * The page is hydrated, and so is the reviews section: its code comes in its own chunk, asked for
 * when the section nears the viewport or the shopper first interacts
 * (features/reviews/deferred.tsx), so, as a shopper does, the test scrolls down to it.
 */
async function hydrated(page: Page, { reviews = true } = {}): Promise<void> {
  await pageHydrated(page);
  if (!reviews) return;
  await page.locator('section.reviews').scrollIntoViewIfNeeded();
  await page.waitForFunction(uiKnows, REVIEWS_BUTTON);
}

/** An element of the reviews section only its hydration makes known to the browser's runtime. */
const REVIEWS_BUTTON = 'section.reviews .reviews__side button';

/** "4,6" → 4.6 */
const shownAverage = async (page: Page) => Number((await page.locator('.reviews__score').textContent())!.replace(',', '.'));
const shownCount = async (page: Page) => Number((await page.locator('.reviews__count').textContent())!.match(/^(\d+) opini/)![1]);

describe('product reviews in Chromium', () => {
  it("loads the section's code only once the section is wanted, keeping the server HTML meanwhile", async () => {
    const { page, errors } = await browser.page();
    await page.setViewportSize({ width: 390, height: 844 });
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    await page.goto(fresh(COVER), { waitUntil: 'networkidle' });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const loadedBefore = scripts.length;
    // Server HTML, whole and not yet hydrated.
    expect(await page.locator('article.review').count()).toBe(5);
    expect(await knownToUi(page, REVIEWS_BUTTON)).toBe(false);
    await page.mouse.wheel(0, 400);
    await page.waitForFunction(uiKnows, REVIEWS_BUTTON, POLL);
    expect(scripts.length).toBeGreaterThan(loadedBefore);
    expect(await page.locator('article.review').count()).toBe(5);
    expect(errors).toEqual([]);
  });

  it('the demo customer writes a 5-star review of a product they bought; once approved it shows with the verified badge, as text, and moves the average and count', async () => {
    const { page, errors } = await browser.page();
    await page.goto(fresh(COVER));
    await hydrated(page);
    const countBefore = await shownCount(page);
    const { productReviews } = await shopInPage<{ productReviews: { items: Array<{ rating: number }> } }>(
      page,
      `{ productReviews(productId: "52", options: { take: 20 }) { items { rating } } }`,
    );
    expect(productReviews.items).toHaveLength(countBefore);
    const sum = productReviews.items.reduce((a, r) => a + r.rating, 0);
    expect(await shownAverage(page)).toBe(Number((sum / countBefore).toFixed(1)));

    // The form asks who is writing: a guest is offered the login modal, and after logging in there the form appears.
    await page.getByRole('button', { name: 'Napisz opinię' }).click();
    const reviews = page.locator('section.reviews');
    await reviews.getByRole('button', { name: 'Zaloguj się' }).click();
    const dialog = page.getByRole('dialog', { name: 'Zaloguj się' });
    await dialog.waitFor(POLL);
    await dialog.getByLabel('Adres e-mail').fill('demo@psiaki.test');
    await dialog.getByLabel('Hasło').fill('Demo1234!');
    await dialog.getByRole('button', { name: 'Zaloguj się' }).click();
    await dialog.waitFor({ state: 'detached', ...POLL });
    const form = page.getByRole('form', { name: 'Twoja opinia' });
    await form.waitFor(POLL);
    // An empty form: the rating is asked for first, and focus goes there.
    await form.getByRole('button', { name: 'Wyślij opinię' }).click();
    await form.getByText('Wybierz ocenę od 1 do 5 gwiazdek.').waitFor();
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('rating');
    expect(await form.getByRole('radio', { name: '1 gwiazdka' }).getAttribute('aria-invalid')).toBe('true');
    // Stars are a radio group: arrows move the choice.
    await form.getByRole('radio', { name: '1 gwiazdka' }).focus();
    await page.keyboard.press('Space');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    expect(await form.getByRole('radio', { name: '5 gwiazdek' }).isChecked()).toBe(true);
    // Too short a text is refused in the form, tied to its field.
    const text = form.getByRole('textbox', { name: 'Treść opinii' });
    await text.fill('Super');
    await form.getByRole('button', { name: 'Wyślij opinię' }).click();
    await form.getByText('Opinia musi mieć co najmniej 10 znaków.').waitFor();
    expect(await text.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('text');

    const body = `<script>window.__reviewXss = 1</script> Pokrowiec trzyma się smyczy jak przyklejony ${Date.now()}.`;
    await form.getByRole('textbox', { name: 'Tytuł (opcjonalnie)' }).fill('<b>Polecam</b>');
    await text.fill(body);
    await form.getByRole('button', { name: 'Wyślij opinię' }).click();
    const thanks = page.getByText('Dziękujemy! Twoja opinia czeka na moderację – pojawi się na stronie po zatwierdzeniu.');
    await thanks.waitFor(POLL);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('czeka na moderację');

    // Pending: not on the page yet.
    await page.goto(fresh(COVER));
    await hydrated(page);
    expect(await page.getByText(body).count()).toBe(0);
    expect(await shownCount(page)).toBe(countBefore);

    // The moderator approves it in the Admin API.
    const pending = await adminCall<{ productReviews: { items: Array<{ id: string; text: string; verifiedPurchase: boolean }> } }>(
      `{ productReviews(state: PENDING, productId: "52") { items { id text verifiedPurchase } } }`,
    );
    const mine = pending.productReviews.items.find((r) => r.text === body)!;
    expect(mine.verifiedPurchase).toBe(true);
    await adminCall(`mutation($id: ID!) { approveProductReview(id: $id) { id } }`, { id: mine.id });

    // The page follows within seconds: the backend's catalogue read model rebuilds the product through
    // its job queue and tells the worker, whose edge copy of the page then expires (decision 108).
    await expect
      .poll(
        async () => {
          await page.goto(fresh(COVER));
          await hydrated(page);
          return shownCount(page);
        },
        { timeout: 10_000 },
      )
      .toBe(countBefore + 1);
    const review = page.locator('article.review').first();
    // Newest first, the markup shown as typed, never run.
    expect(await review.locator('.review__text').textContent()).toBe(body);
    expect(await review.locator('.review__title').textContent()).toBe('<b>Polecam</b>');
    expect(await review.getByRole('img', { name: 'Ocena: 5 na 5' }).count()).toBe(1);
    expect(await review.getByText('Zweryfikowany zakup').count()).toBe(1);
    expect(await review.getByText(/^Anna K\. \d/).count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __reviewXss?: number }).__reviewXss)).toBeUndefined();
    expect(await shownCount(page)).toBe(countBefore + 1);
    expect(await shownAverage(page)).toBe(Number(((sum + 5) / (countBefore + 1)).toFixed(1)));
    expect(
      await page
        .getByRole('img', { name: `Średnia ocena ${((sum + 5) / (countBefore + 1)).toFixed(1).replace('.', ',')} na 5`, exact: true })
        .count(),
    ).toBe(1);

    // Writing again edits the same review (pre-filled) and sends it back to moderation.
    await page.getByRole('button', { name: 'Napisz opinię' }).click();
    await page.getByText('Masz już opinię o tym produkcie – możesz ją poprawić. Po zapisaniu ponownie trafi do moderacji.').waitFor(POLL);
    expect(await page.getByRole('textbox', { name: 'Treść opinii' }).inputValue()).toBe(body);
    expect(errors).toEqual([]);
  });

  it('shows a guest the login prompt instead of the form', async () => {
    const { page, errors } = await browser.page();
    await page.goto(fresh(COVER));
    await hydrated(page);
    // The Omnibus disclosure sits beside the reviews.
    expect(
      await page
        .getByText(
          'Opinie oznaczone „Zweryfikowany zakup” pochodzą od klientów, którzy kupili ten produkt w naszym sklepie; pozostałe nie są weryfikowane.',
        )
        .count(),
    ).toBe(1);
    await page.getByRole('button', { name: 'Napisz opinię' }).click();
    await page.getByText('Opinie mogą wystawiać zalogowani klienci. Zaloguj się, aby ocenić ten produkt.').waitFor(POLL);
    expect(await page.getByRole('textbox', { name: 'Treść opinii' }).count()).toBe(0);
    await page.locator('section.reviews').getByRole('button', { name: 'Zaloguj się' }).click();
    await page.getByRole('dialog', { name: 'Zaloguj się' }).waitFor(POLL);
    expect(errors).toEqual([]);
  });

  it('loads later reviews on demand and moves focus to the first one that came in', async () => {
    const { page, errors } = await browser.page();
    await page.goto(fresh('/p/34/smycz-miejska-odblaskowa'));
    await hydrated(page);
    expect(await page.locator('article.review').count()).toBe(5);
    await page.getByRole('button', { name: 'Pokaż więcej opinii' }).click();
    await expect.poll(() => page.locator('article.review').count(), POLL).toBe(6);
    await expect
      .poll(() => page.evaluate(() => document.activeElement === document.querySelectorAll('article.review')[5]), POLL)
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Pokaż więcej opinii' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('shows the average and count on product cards of products with reviews, and the section after a client navigation', async () => {
    const { page } = await browser.page();
    await page.goto('/c/dla-psa/akcesoria/dodatki/pokrowce-na-worki');
    await hydrated(page, { reviews: false });
    const card = page.locator('article.card', { has: page.getByRole('link', { name: 'Pokrowiec na worki Classic' }) }).first();
    expect(await card.getByRole('img', { name: /^Średnia ocena \d,\d na 5, \d+ opini/ }).count()).toBe(1);
    // A client navigation renders the section in the browser: its code loads at once.
    await card.getByRole('link', { name: 'Pokrowiec na worki Classic' }).first().click();
    await page.waitForURL(/\/p\/52\//);
    await page.getByRole('heading', { name: 'Opinie klientów' }).waitFor(POLL);
    expect(await page.locator('article.review').count()).toBeGreaterThan(0);
  });
});
