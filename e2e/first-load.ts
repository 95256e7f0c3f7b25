import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';

/** The performance issue's budget: first-load JS of any page type, gzip. */
export const JS_BUDGET_BYTES = 80 * 1024;

export interface FirstLoad {
  /** gzip bytes of every script, summed. */
  bytes: number;
  /** Script pathnames, in the order their responses came. */
  scripts: string[];
  /** gzip bytes per script pathname. */
  sizes: Map<string, number>;
  status: number;
}

/**
 * Loads `path` and counts every script the page loads until the network is idle — entry, page
 * chunks, lazily loaded parts of the shell, anything — gzip-compressed (the performance issue's
 * rule). Idle-time work the page starts itself counts too: it gets 1.5 s to start.
 */
export async function firstLoadJs(page: Page, path: string): Promise<FirstLoad> {
  const sizes = new Map<string, number>();
  const pending: Array<Promise<void>> = [];
  const onResponse = (res: Response) => {
    if (res.request().resourceType() !== 'script') return;
    pending.push(
      res.body().then(
        (body) => void sizes.set(new URL(res.url()).pathname, gzipSync(body).byteLength),
        // A script whose body is gone (a navigation) counts as nothing; the page would fetch it again.
        () => undefined,
      ),
    );
  };
  page.on('response', onResponse);
  try {
    const res = await page.goto(path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500);
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    return { bytes: [...sizes.values()].reduce((a, b) => a + b, 0), scripts: [...sizes.keys()], sizes, status: res?.status() ?? 0 };
  } finally {
    page.off('response', onResponse);
  }
}
