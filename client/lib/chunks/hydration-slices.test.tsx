import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * The queue of a page's hydration slices (decision 125). The module keeps its queue for the page's
 * life, so each test loads a fresh copy. Runs in the component project (a DOM's window events).
 */
type Slices = typeof import('./hydration-slices');

async function fresh(): Promise<Slices> {
  vi.resetModules();
  return import('./hydration-slices');
}

/** Runs one task: the next timer due now, and the microtasks after it. */
async function nextTask() {
  await vi.advanceTimersToNextTimerAsync();
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('hydration slices', () => {
  it('hydrates one slice a task, in the order met, and runs the waiting effects after the last', async () => {
    const slices = await fresh();
    const order: string[] = [];
    slices.enqueueSlice(() => order.push('header'));
    slices.enqueueSlice(() => order.push('buy box'));
    slices.afterSlices(() => order.push('effects'));
    expect(order).toEqual([]);
    await nextTask();
    expect(order).toEqual(['header']);
    await nextTask();
    expect(order).toEqual(['header', 'buy box']);
    await vi.runAllTimersAsync();
    expect(order).toEqual(['header', 'buy box', 'effects']);
  });

  it('waits for a slice met inside another (queued while the outer one renders)', async () => {
    // Real timers: the order of two timers set for the same moment is the browser's (first set, first run).
    vi.useRealTimers();
    const slices = await fresh();
    const order: string[] = [];
    slices.enqueueSlice(() => {
      order.push('header');
      // the header's render meets the search field's slice in a microtask of the same task
      void Promise.resolve().then(() => slices.enqueueSlice(() => order.push('search')));
    });
    slices.afterSlices(() => order.push('effects'));
    await vi.waitFor(() => expect(order).toContain('effects'));
    expect(order).toEqual(['header', 'search', 'effects']);
  });

  it("hydrates every waiting slice at once on the shopper's first input, and a slice met in that task too", async () => {
    const slices = await fresh();
    const order: string[] = [];
    slices.enqueueSlice(() => order.push('header'));
    slices.enqueueSlice(() => {
      order.push('buy box');
      slices.enqueueSlice(() => order.push('personalisation'));
    });
    window.dispatchEvent(new Event('pointerdown'));
    expect(order).toEqual(['header', 'buy box', 'personalisation']);
    await vi.runAllTimersAsync();
    // once the queue is empty, input no longer does anything, and a new effect runs at once
    window.dispatchEvent(new Event('keydown'));
    let ran = false;
    slices.afterSlices(() => (ran = true));
    expect(ran).toBe(true);
    expect(order).toEqual(['header', 'buy box', 'personalisation']);
  });

  it('runs an effect at once when no slice is waiting', async () => {
    const slices = await fresh();
    let ran = false;
    slices.afterSlices(() => (ran = true));
    expect(ran).toBe(true);
  });
});
