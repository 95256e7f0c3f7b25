import { describe, expect, it } from 'vitest';
import { FREE_DELIVERY_ABOVE, freeDelivery } from './free-delivery';

describe('freeDelivery (spec §4, §9)', () => {
  it('is free only above 249 zł', () => {
    expect(FREE_DELIVERY_ABOVE).toBe(24900);
    expect(freeDelivery(24901)).toEqual({ free: true });
    expect(freeDelivery(50000)).toEqual({ free: true });
    expect(freeDelivery(24900).free).toBe(false);
  });

  it('otherwise gives the rounded percent and the amount still missing', () => {
    expect(freeDelivery(0)).toEqual({ free: false, percent: 0, missing: 24901 });
    expect(freeDelivery(1470)).toEqual({ free: false, percent: 6, missing: 23431 });
    expect(freeDelivery(12450)).toEqual({ free: false, percent: 50, missing: 12451 });
    expect(freeDelivery(24900)).toEqual({ free: false, percent: 100, missing: 1 });
  });

  it('rounds half up and never goes below 0 or above 100', () => {
    expect(freeDelivery(249 * 25 + 125)).toMatchObject({ percent: 26 }); // 25.5 %
    expect(freeDelivery(-500)).toEqual({ free: false, percent: 0, missing: 24901 });
    expect(freeDelivery(24899)).toMatchObject({ percent: 100 });
  });

  it('takes another threshold', () => {
    expect(freeDelivery(5000, 10000)).toEqual({ free: false, percent: 50, missing: 5001 });
  });
});
