import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeIntersectionObserver } from '../fake-intersection-observer.test-data';

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

  describe('a slice that waits for the viewport (decision 126)', () => {
    /** A card's element at `top` px from the viewport's top (the test's window is 768 px high). */
    function cardAt(top: number): HTMLElement {
      const card = document.createElement('li');
      card.innerHTML = '<button type="button">Dodaj do koszyka</button>';
      card.getBoundingClientRect = () => ({ top, bottom: top + 300 }) as DOMRect;
      document.body.append(card);
      return card;
    }

    beforeEach(() => {
      vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
      vi.stubGlobal('innerHeight', 768);
      FakeIntersectionObserver.last = null;
    });
    afterEach(() => {
      vi.unstubAllGlobals();
      document.body.replaceChildren();
    });

    it('joins the queue at once when near the viewport, and sleeps until it nears it when further down', async () => {
      const slices = await fresh();
      const order: string[] = [];
      const below = cardAt(3000);
      slices.enqueueWhenNear(cardAt(400), () => order.push('first screen'));
      slices.enqueueWhenNear(below, () => order.push('below'));
      slices.afterSlices(() => order.push('effects'));
      await vi.runAllTimersAsync();
      expect(order).toEqual(['first screen', 'effects']);
      expect(FakeIntersectionObserver.last?.observed.has(below)).toBe(true);

      FakeIntersectionObserver.last!.show(below);
      expect(order).toEqual(['first screen', 'effects']);
      await nextTask();
      expect(order).toEqual(['first screen', 'effects', 'below']);
      expect(FakeIntersectionObserver.last!.observed.size).toBe(0);
    });

    it('hydrates at once, in the event, when a tap reaches into it first; input elsewhere leaves it asleep', async () => {
      const slices = await fresh();
      const order: string[] = [];
      const below = cardAt(3000);
      const other = cardAt(5000);
      slices.enqueueWhenNear(below, () => order.push('below'));
      slices.enqueueWhenNear(other, () => order.push('other'));
      document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
      expect(order).toEqual([]);
      below.querySelector('button')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
      expect(order).toEqual(['below']);
      await vi.runAllTimersAsync();
      expect(order).toEqual(['below']);
      expect([...FakeIntersectionObserver.last!.observed]).toEqual([other]);
    });

    it('wakes the sleeping slice that holds a node (the replay of a tap kept from before hydration)', async () => {
      const slices = await fresh();
      let woke = false;
      const below = cardAt(3000);
      slices.enqueueWhenNear(below, () => (woke = true));
      expect(slices.wakeSliceAt(document.body)).toBe(false);
      expect(woke).toBe(false);
      expect(slices.wakeSliceAt(below.querySelector('button')!)).toBe(true);
      expect(woke).toBe(true);
      expect(slices.wakeSliceAt(below.querySelector('button')!)).toBe(false);
    });

    it('forgets a slice whose element leaves the page before it woke', async () => {
      const slices = await fresh();
      let woke = false;
      const below = cardAt(3000);
      slices.enqueueWhenNear(below, () => (woke = true));
      slices.forgetSlice(below);
      below.querySelector('button')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
      await vi.runAllTimersAsync();
      expect(woke).toBe(false);
      expect(FakeIntersectionObserver.last!.observed.size).toBe(0);
    });
  });
});
