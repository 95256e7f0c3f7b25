import { describe, expect, it } from 'vitest';
import { createPanelsStore } from './panels.store';

describe('panels store', () => {
  it('keeps one panel open at a time; opening the cart closes the mobile menu', () => {
    const store = createPanelsStore();
    store.getState().openPanel('menu');
    store.getState().openPanel('cart');
    expect(store.getState().open).toBe('cart');
    store.getState().openPanel('wishlist');
    expect(store.getState().open).toBe('wishlist');
  });

  it('resets the login modal to the login screen when closed', () => {
    const store = createPanelsStore();
    store.getState().openPanel('login', 'register');
    expect(store.getState().loginScreen).toBe('register');
    store.getState().close();
    expect(store.getState()).toMatchObject({ open: null, loginScreen: 'login' });
  });

  it('toggles', () => {
    const store = createPanelsStore();
    store.getState().toggle('filters');
    expect(store.getState().open).toBe('filters');
    store.getState().toggle('filters');
    expect(store.getState().open).toBeNull();
  });
});
