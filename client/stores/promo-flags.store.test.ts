import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from './memory-storage';
import { SECOND_CHANCE_KEY, runPromotionFlags } from './promo-flags.store';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 22, 12);

function deps(search: string, stamp?: number, now = T0) {
  const storage = memoryStorage();
  if (stamp !== undefined) storage.setItem(SECOND_CHANCE_KEY, String(stamp));
  return {
    search: new URLSearchParams(search),
    storage,
    now: () => now,
    applyCoupon: vi.fn(async (_code: string) => {}),
    removeCoupon: vi.fn(async (_code: string) => {}),
    notify: vi.fn(),
    report: vi.fn(),
  };
}

describe('promotion flags', () => {
  it('?blackweek applies BLACKWEEK24 with a 6000 ms notice', async () => {
    const d = deps('blackweek');
    expect(await runPromotionFlags(d)).toEqual(['blackweek-applied']);
    expect(d.applyCoupon).toHaveBeenCalledWith('BLACKWEEK24');
    expect(d.notify).toHaveBeenCalledWith(expect.any(String), 6000);
  });

  it('?secondchance without a timestamp stores now and applies DP10', async () => {
    const d = deps('secondchance');
    expect(await runPromotionFlags(d)).toEqual(['secondchance-applied']);
    expect(d.storage.getItem(SECOND_CHANCE_KEY)).toBe(String(T0));
    expect(d.applyCoupon).toHaveBeenCalledWith('DP10');
  });

  it('does not re-apply DP10 while a timestamp exists (under 24 h)', async () => {
    const d = deps('secondchance', T0 - 23 * HOUR);
    expect(await runPromotionFlags(d)).toEqual(['secondchance-active']);
    expect(d.applyCoupon).not.toHaveBeenCalled();
    expect(d.removeCoupon).not.toHaveBeenCalled();
  });

  it('removes the coupon from 24 h up to 168 h', async () => {
    for (const age of [24, 100, 168]) {
      const d = deps('', T0 - age * HOUR);
      expect(await runPromotionFlags(d)).toEqual(['secondchance-removed']);
      expect(d.removeCoupon).toHaveBeenCalledWith('DP10');
      expect(d.storage.getItem(SECOND_CHANCE_KEY)).toBe(String(T0 - age * HOUR));
    }
  });

  it('deletes the timestamp after 168 h, so a new ?secondchance starts again', async () => {
    const d = deps('', T0 - 169 * HOUR);
    expect(await runPromotionFlags(d)).toEqual(['secondchance-forgotten']);
    expect(d.storage.getItem(SECOND_CHANCE_KEY)).toBeNull();
    expect(d.removeCoupon).not.toHaveBeenCalled();
  });

  it('treats a garbage timestamp as none', async () => {
    const d = deps('', undefined);
    d.storage.setItem(SECOND_CHANCE_KEY, 'abc');
    expect(await runPromotionFlags(d)).toEqual([]);
    expect(d.storage.getItem(SECOND_CHANCE_KEY)).toBeNull();
  });

  it('shows the blackweek notice only when the coupon was applied, and still runs the second-chance flag', async () => {
    const d = deps('blackweek&secondchance');
    const refused = new Error('COUPON_CODE_EXPIRED_ERROR');
    d.applyCoupon.mockImplementation(async (code: string) => {
      if (code === 'BLACKWEEK24') throw refused;
    });
    expect(await runPromotionFlags(d)).toEqual(['blackweek-failed', 'secondchance-applied']);
    expect(d.notify).not.toHaveBeenCalled();
    expect(d.report).toHaveBeenCalledWith(refused);
    expect(d.applyCoupon).toHaveBeenLastCalledWith('DP10');
  });

  it('keeps the second chance for later when DP10 could not be applied', async () => {
    const d = deps('secondchance');
    d.applyCoupon.mockRejectedValue(new Error('offline'));
    expect(await runPromotionFlags(d)).toEqual(['secondchance-failed']);
    expect(d.storage.getItem(SECOND_CHANCE_KEY)).toBeNull();
    expect(d.report).toHaveBeenCalledTimes(1);
  });

  it('puts the band edges where the spec does: under 24 h active, 24 h removes, over 168 h forgets', async () => {
    expect(await runPromotionFlags(deps('', T0 - 24 * HOUR + 1))).toEqual(['secondchance-active']);
    expect(await runPromotionFlags(deps('', T0 - 24 * HOUR))).toEqual(['secondchance-removed']);
    expect(await runPromotionFlags(deps('', T0 - 168 * HOUR))).toEqual(['secondchance-removed']);
    expect(await runPromotionFlags(deps('', T0 - 168 * HOUR - 1))).toEqual(['secondchance-forgotten']);
  });

  it('does nothing without flags or a timestamp', async () => {
    const d = deps('');
    expect(await runPromotionFlags(d)).toEqual([]);
    expect(d.applyCoupon).not.toHaveBeenCalled();
    expect(d.removeCoupon).not.toHaveBeenCalled();
  });
});
