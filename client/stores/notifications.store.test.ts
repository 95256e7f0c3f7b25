import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNotificationsStore } from './notifications.store';

describe('notifications store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps at most 3, dropping the oldest', () => {
    const store = createNotificationsStore();
    for (const message of ['a', 'b', 'c', 'd']) store.getState().notify({ message, kind: 'info' });
    expect(store.getState().items.map((n) => n.message)).toEqual(['b', 'c', 'd']);
  });

  it('removes each after its time (default 4000 ms) unless persistent', () => {
    const store = createNotificationsStore();
    store.getState().notify({ message: 'default', kind: 'info' });
    store.getState().notify({ message: 'six', kind: 'info', time: 6000 });
    store.getState().notify({ message: 'stays', kind: 'error', persist: true });
    vi.advanceTimersByTime(3999);
    expect(store.getState().items).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(store.getState().items.map((n) => n.message)).toEqual(['six', 'stays']);
    vi.advanceTimersByTime(2000);
    expect(store.getState().items.map((n) => n.message)).toEqual(['stays']);
    vi.advanceTimersByTime(60_000);
    expect(store.getState().items.map((n) => n.message)).toEqual(['stays']);
  });

  it('can be dismissed by hand', () => {
    const store = createNotificationsStore();
    const id = store.getState().notify({ message: 'x', kind: 'info', persist: true });
    store.getState().dismiss(id);
    expect(store.getState().items).toEqual([]);
  });
});
