import { describe, expect, it } from 'vitest';
import { SECOND_CHANCE_KEY } from './promo-flags.store';
import { hasPromotionWork, SECOND_CHANCE_KEY as TRIGGER_KEY } from './promo-flags-trigger';
import { memoryStorage } from './memory-storage';

describe('promotion flags trigger', () => {
  it('loads the flags only for a flag in the URL or a stored second-chance timestamp', () => {
    expect(TRIGGER_KEY).toBe(SECOND_CHANCE_KEY);
    const storage = memoryStorage();
    expect(hasPromotionWork(new URLSearchParams(''), storage)).toBe(false);
    expect(hasPromotionWork(new URLSearchParams('blackweek'), storage)).toBe(true);
    expect(hasPromotionWork(new URLSearchParams('a=1&secondchance'), storage)).toBe(true);
    storage.setItem(SECOND_CHANCE_KEY, '123');
    expect(hasPromotionWork(new URLSearchParams(''), storage)).toBe(true);
  });
});
