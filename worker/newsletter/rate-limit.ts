/**
 * A fixed-window counter per client key, kept in the isolate's memory. Best effort by design:
 * each isolate (and each Cloudflare location) counts on its own, which is enough to stop a
 * script hammering a form from one address; the backend's own rules (one opt-in e-mail per
 * address per 10 minutes) are the hard limit. Bounded: the oldest keys are dropped first.
 */
export interface RateLimiter {
  /** Counts one attempt of `key`; returns 0 when allowed, else the seconds until the window ends. */
  hit(key: string): number;
}

export function createRateLimiter(options: { limit: number; windowMs: number; maxKeys?: number; now?: () => number }): RateLimiter {
  const { limit, windowMs, maxKeys = 10_000, now = Date.now } = options;
  const windows = new Map<string, { start: number; count: number }>();
  return {
    hit(key) {
      const t = now();
      let w = windows.get(key);
      if (!w || t - w.start >= windowMs) {
        windows.delete(key);
        if (windows.size >= maxKeys) windows.delete(windows.keys().next().value!);
        w = { start: t, count: 0 };
        windows.set(key, w);
      }
      w.count += 1;
      return w.count > limit ? Math.ceil((w.start + windowMs - t) / 1000) : 0;
    },
  };
}
