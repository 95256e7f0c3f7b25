import { describe, expect, it } from 'vitest';
import { baseUrl, hydrated, setupBrowser, uiKnows } from './browser';

const browser = setupBrowser();

describe('foundation in Chromium', () => {
  it('hydrates the home page with no console errors', async () => {
    const { page, errors } = await browser.page();
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    expect(await page.locator('html').getAttribute('lang')).toBe('pl');
    // The header in the runtime's tree (decision 122), then the mark of the first commit.
    await page.waitForFunction(uiKnows, '#app header');
    await hydrated(page);
    expect(errors).toEqual([]);
  });

  it('navigates between pages without a document reload, updating title and history', async () => {
    const { page, errors } = await browser.page();
    await page.goto('/pomoc/o-nas');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 42;
    });
    await page.locator('.static-page__sidebar a', { hasText: 'Regulamin' }).click();
    await page.waitForURL('**/pomoc/regulamin');
    await expect.poll(() => page.title()).toBe('Regulamin sklepu – Psiaki');
    expect(await page.locator('h1').textContent()).toBe('Regulamin sklepu');
    // Same document: the marker set before the click survives.
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    await page.goBack();
    await page.waitForURL('**/pomoc/o-nas');
    await expect.poll(() => page.locator('h1').textContent()).toBe('O nas');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    expect(errors).toEqual([]);
  });

  it('shows the 404 screen with status 404 for an unknown path', async () => {
    const { page } = await browser.page();
    const res = await page.goto('/nie-ma-takiej-strony');
    expect(res?.status()).toBe(404);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Ups... mamy ERROR!');
    expect(await page.getByText('This page could not be found').count()).toBe(1);
    await page.getByRole('link', { name: 'Strona główna', exact: true }).click();
    await page.waitForURL(`${baseUrl()}/`);
  });

  it('registers the service worker at scope / and shows the offline page when the network is gone', async () => {
    const { page } = await browser.page();
    await page.goto('/');
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${baseUrl()}/`);
    await page.reload();
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
    await page.context().setOffline(true);
    await page.goto('/pomoc/regulamin').catch(() => {});
    await expect.poll(() => page.locator('h1').textContent()).toBe('Jesteś offline');
    await page.context().setOffline(false);
  });
});
