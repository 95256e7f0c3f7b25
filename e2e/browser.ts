import { type Browser, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { CHROMIUM_ARGS } from '../scripts/test-stack/chromium';

export const baseUrl = () => inject('storefrontUrl');

/** One Chromium per test file; each test gets a fresh context (no shared cookies or storage). */
export function setupBrowser(): { page: () => Promise<{ page: Page; errors: string[] }> } {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: inject('chromiumPath'), args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async page() {
      const context = await browser.newContext({ baseURL: baseUrl(), locale: 'pl-PL' });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('response', (res) => {
        if (res.status() >= 500) errors.push(`${res.status()} ${res.url()}`);
      });
      return { page, errors };
    },
  };
}
