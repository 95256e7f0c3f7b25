import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from './browser';

/**
 * First-load JS budget (performance issue): every script a page loads until the network is
 * idle — entry, page chunks, lazily loaded parts of the shell, anything — gzip-compressed,
 * on a phone-sized viewport. Over 100 KB on any page type fails the run. The figures are
 * printed so the closing notes can quote them.
 */
const BUDGET_BYTES = 100 * 1024;

/** One page of every type; a type whose route is not live yet answers 404 and is skipped loudly. */
const PAGE_TYPES: Array<[type: string, path: string]> = [
  ['home', '/'],
  ['category', '/c/dla-psa'],
  ['product', '/p/1/szelki-typu-guard-classic'],
  ['static page', '/obsluga-klienta/faq'],
  ['collections', '/kolekcje'],
  ['pro-fit studio', '/pro-fit-studio'],
  ['404', '/nie-ma-takiej-strony'],
];

const browser = setupBrowser();

async function firstLoadJs(page: Page, path: string): Promise<{ bytes: number; scripts: string[]; status: number }> {
  const scripts = new Map<string, number>();
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    try {
      scripts.set(new URL(res.url()).pathname, gzipSync(await res.body()).byteLength);
    } catch {
      // A script whose body is gone (navigation) counts as nothing; the page would refetch it.
    }
  });
  const res = await page.goto(path, { waitUntil: 'networkidle' });
  // Idle-time work started by the page itself counts too: give it a moment to start.
  await page.waitForTimeout(1500);
  await page.waitForLoadState('networkidle');
  return { bytes: [...scripts.values()].reduce((a, b) => a + b, 0), scripts: [...scripts.keys()], status: res?.status() ?? 0 };
}

describe('first-load JS of every page type (gzip, until network idle, 390 px)', () => {
  for (const [type, path] of PAGE_TYPES) {
    it(`${type} (${path}) stays within 100 KB`, async () => {
      const { page } = await browser.page();
      await page.setViewportSize({ width: 390, height: 844 });
      const { bytes, scripts, status } = await firstLoadJs(page, path);
      console.log(`first-load JS ${type.padEnd(12)} ${(bytes / 1024).toFixed(1)} KB gzip in ${scripts.length} scripts (HTTP ${status}): ${scripts.join(' ')}`);
      expect(scripts.length).toBeGreaterThan(0);
      expect(bytes).toBeLessThanOrEqual(BUDGET_BYTES);
    });
  }
});

describe('viewport prefetch waits for the first interaction', () => {
  it('loads other pages\' code only after the shopper scrolls', async () => {
    const { page } = await browser.page();
    await page.setViewportSize({ width: 390, height: 844 });
    const { scripts } = await firstLoadJs(page, '/c/dla-psa');
    expect(scripts.some((s) => s.includes('/ProductPage-'))).toBe(false);
    const later: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') later.push(new URL(req.url()).pathname);
    });
    await page.mouse.wheel(0, 600);
    await expect.poll(() => later.some((s) => s.includes('/ProductPage-')), { timeout: 10_000 }).toBe(true);
  });
});
