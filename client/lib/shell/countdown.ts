/** Countdown of the top bar (spec §4): ticks every second toward the date; at or after it all zero and stopped. */

const COUNTDOWN_TICK_MS = 1000;

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  done: boolean;
}

/** The target time in ms of an ISO date from the backend, or null when missing or invalid (then no countdown shows). */
export function parseTarget(date: string | null | undefined): number | null {
  if (!date) return null;
  const ms = Date.parse(date);
  return Number.isFinite(ms) ? ms : null;
}

/** What is left from `now` to `target`, in whole units (seconds rounded up, so the last second shows 00:00:01). */
export function countdownParts(target: number, now: number): CountdownParts {
  const left = Math.max(0, Math.ceil((target - now) / 1000));
  return {
    days: Math.floor(left / 86400),
    hours: Math.floor((left % 86400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
    done: left === 0,
  };
}

export interface Clock {
  now(): number;
  setInterval(tick: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/**
 * Starts ticking: `onTick` gets the parts at once and every second, the last
 * time with all zeros; then the interval is cleared. Returns the stop function.
 */
export function startCountdown(target: number, onTick: (parts: CountdownParts) => void, clock: Clock): () => void {
  let handle: unknown = null;
  const stop = () => {
    if (handle !== null) clock.clearInterval(handle);
    handle = null;
  };
  const tick = () => {
    const parts = countdownParts(target, clock.now());
    onTick(parts);
    if (parts.done) stop();
    return parts.done;
  };
  if (!tick()) handle = clock.setInterval(tick, COUNTDOWN_TICK_MS);
  return stop;
}

/** Two digits (hours, minutes, seconds). */
export const pad = (n: number) => String(n).padStart(2, '0');
