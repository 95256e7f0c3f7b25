import { describe, expect, it } from 'vitest';
import { cycle, swipeOutcome, toggleOpen } from './product-ui';

describe('gallery swipe', () => {
  it('changes the image only past 25% of the width, in the direction of the swipe', () => {
    expect(swipeOutcome(-251, 1000).step).toBe(1);
    expect(swipeOutcome(251, 1000).step).toBe(-1);
    expect(swipeOutcome(-250, 1000).step).toBe(0);
    expect(swipeOutcome(100, 1000).step).toBe(0);
  });

  it('blocks the click after a drag over 5% of the width, not after a tap', () => {
    expect(swipeOutcome(51, 1000).blockClick).toBe(true);
    expect(swipeOutcome(-51, 1000).blockClick).toBe(true);
    expect(swipeOutcome(50, 1000).blockClick).toBe(false);
    expect(swipeOutcome(0, 1000)).toEqual({ step: 0, blockClick: false });
    expect(swipeOutcome(10, 0)).toEqual({ step: 0, blockClick: false });
  });

  it('wraps around at both ends', () => {
    expect(cycle(4, 1, 5)).toBe(0);
    expect(cycle(0, -1, 5)).toBe(4);
    expect(cycle(2, 1, 5)).toBe(3);
    expect(cycle(0, 1, 0)).toBe(0);
  });
});

describe('accordions', () => {
  it('keeps one panel open in single mode', () => {
    expect(toggleOpen(['opis'], 'dostawa', 'single')).toEqual(['dostawa']);
    expect(toggleOpen(['opis'], 'opis', 'single')).toEqual([]);
  });

  it('opens and closes panels independently in multiple mode', () => {
    expect(toggleOpen(['opis'], 'dostawa', 'multiple')).toEqual(['opis', 'dostawa']);
    expect(toggleOpen(['opis', 'dostawa'], 'opis', 'multiple')).toEqual(['dostawa']);
  });
});
