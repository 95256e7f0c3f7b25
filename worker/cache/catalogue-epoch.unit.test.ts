import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_EPOCH_KEY, catalogueEpoch, recordCatalogueChange } from './catalogue-epoch';

describe('the catalogue epoch (issue 38)', () => {
  it('is 0 before any change, then the time of the last change recorded, never going back', async () => {
    expect(await catalogueEpoch(env)).toBe(0);
    const before = Date.now();
    const first = await recordCatalogueChange(env);
    expect(first).toBeGreaterThanOrEqual(before);
    expect(await env.REDIRECTS.get(CATALOGUE_EPOCH_KEY)).toBe(String(first));
    expect(await catalogueEpoch(env)).toBe(first);
    const second = await recordCatalogueChange(env);
    expect(second).toBeGreaterThan(first);
  });

  it("reads another isolate's change from KV within a second, not on every request", async () => {
    const known = await catalogueEpoch(env);
    // another isolate (or location) records a change
    const later = known + 60_000;
    await env.REDIRECTS.put(CATALOGUE_EPOCH_KEY, String(later));
    expect(await catalogueEpoch(env)).toBe(known);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await catalogueEpoch(env)).toBe(later);
  });
});
