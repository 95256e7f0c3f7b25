import { describe, expect, it } from 'vitest';
import { type Clock, countdownParts, parseTarget, startCountdown } from './countdown';

/** A clock the test moves by hand: `advance` runs the interval callbacks that fall due. */
function manualClock(start: number) {
  let now = start;
  const timers = new Map<number, { tick: () => void; every: number; next: number }>();
  let ids = 0;
  const clock: Clock = {
    now: () => now,
    setInterval(tick, every) {
      const id = ++ids;
      timers.set(id, { tick, every, next: now + every });
      return id;
    },
    clearInterval(handle) {
      timers.delete(handle as number);
    },
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = [...timers.entries()].filter(([, t]) => t.next <= end).sort((a, b) => a[1].next - b[1].next)[0];
      if (!due) break;
      now = due[1].next;
      due[1].next += due[1].every;
      due[1].tick();
    }
    now = end;
  };
  return { clock, advance, active: () => timers.size };
}

const T = Date.parse('2026-12-01T00:00:00Z');

describe('top bar countdown', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    expect(countdownParts(T, T - (2 * 86400 + 3 * 3600 + 4 * 60 + 5) * 1000)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
      done: false,
    });
    expect(countdownParts(T, T - 500)).toMatchObject({ seconds: 1, done: false });
  });

  it('is all zeros at and after the date', () => {
    const zero = { days: 0, hours: 0, minutes: 0, seconds: 0, done: true };
    expect(countdownParts(T, T)).toEqual(zero);
    expect(countdownParts(T, T + 86400_000)).toEqual(zero);
  });

  it('ticks every second and stops at zero', () => {
    const { clock, advance, active } = manualClock(T - 3000);
    const seen: number[] = [];
    startCountdown(T, (p) => seen.push(p.seconds), clock);
    expect(seen).toEqual([3]);
    advance(1000);
    expect(seen).toEqual([3, 2]);
    advance(5000);
    expect(seen).toEqual([3, 2, 1, 0]);
    expect(active()).toBe(0);
  });

  it('with a past date shows zeros once and never starts ticking', () => {
    const { clock, advance, active } = manualClock(T + 60_000);
    const seen: boolean[] = [];
    startCountdown(T, (p) => seen.push(p.done), clock);
    advance(10_000);
    expect(seen).toEqual([true]);
    expect(active()).toBe(0);
  });

  it('stops when told to (the component unmounts)', () => {
    const { clock, advance, active } = manualClock(T - 60_000);
    let ticks = 0;
    const stop = startCountdown(T, () => ticks++, clock);
    advance(2000);
    stop();
    advance(5000);
    expect(ticks).toBe(3);
    expect(active()).toBe(0);
  });

  it('has no target when the date is missing or invalid', () => {
    expect(parseTarget(null)).toBeNull();
    expect(parseTarget('')).toBeNull();
    expect(parseTarget('nie-data')).toBeNull();
    expect(parseTarget('2026-12-01T00:00:00.000Z')).toBe(T);
  });
});
