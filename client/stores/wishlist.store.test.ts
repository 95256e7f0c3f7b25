import { describe, expect, it } from 'vitest';
import { memoryStorage } from './memory-storage';
import { WISHLIST_KEY, createWishlistStore, wishlistTotal } from './wishlist.store';

const item = { sku: 'SZ-1', name: 'Szelki Guard', image: '/a.webp', price: 14900, id: '3', slug: 'szelki-guard' };

describe('wishlist store', () => {
  it('toggles an item and persists it under "wishlist"', () => {
    const storage = memoryStorage();
    const store = createWishlistStore(storage);
    expect(store.getState().toggle(item)).toBe(true);
    expect(JSON.parse(storage.getItem(WISHLIST_KEY)!)).toEqual([item]);
    expect(createWishlistStore(storage).getState().has(item)).toBe(true);
    expect(store.getState().toggle(item)).toBe(false);
    expect(JSON.parse(storage.getItem(WISHLIST_KEY)!)).toEqual([]);
  });

  it('matches by slug and id', () => {
    const store = createWishlistStore(memoryStorage());
    store.getState().toggle(item);
    expect(store.getState().has({ id: '3', slug: 'inne' })).toBe(false);
    expect(store.getState().has({ id: '3', slug: 'szelki-guard' })).toBe(true);
  });

  it('resets corrupt storage instead of crashing', () => {
    for (const bad of ['{not json', '{"a":1}', '[{"sku":1}]']) {
      const storage = memoryStorage();
      storage.setItem(WISHLIST_KEY, bad);
      expect(createWishlistStore(storage).getState().items).toEqual([]);
      expect(storage.getItem(WISHLIST_KEY)).toBeNull();
    }
  });

  it('sums the from-prices', () => {
    expect(wishlistTotal([item, { ...item, id: '4', price: 3500 }])).toBe(18400);
  });
});

describe('wishlist attach', () => {
  it('switches to the browser storage after hydration and keeps writing there', () => {
    const browser = memoryStorage();
    browser.setItem(WISHLIST_KEY, JSON.stringify([item]));
    const store = createWishlistStore(memoryStorage());
    expect(store.getState().items).toEqual([]);
    store.getState().attach(browser);
    expect(store.getState().items).toEqual([item]);
    store.getState().toggle(item);
    expect(browser.getItem(WISHLIST_KEY)).toBe('[]');
  });
});
