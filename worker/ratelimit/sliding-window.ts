/**
 * A sliding-window counter: at most `limit` hits per key within any `windowMs`. Exact for the
 * requests one isolate sees; what it cannot see is what other isolates counted (see
 * worker/ratelimit/auth.ts for why that is acceptable here and what would replace it).
 */
export interface WindowVerdict {
  ok: boolean;
  /** When refused: seconds until enough earlier hits have left the window. */
  retryAfterSeconds: number;
}

export class SlidingWindow {
  private readonly hits = new Map<string, number[]>();

  /** `maxKeys` bounds the memory a flood of distinct addresses can take (oldest keys go first). */
  constructor(private readonly maxKeys = 10_000) {}

  /**
   * Counts `count` hits for `key` at `now` (ms) unless that would exceed `limit` within
   * `windowMs`; a refused attempt is not counted, so waiting `retryAfterSeconds` always helps.
   */
  hit(key: string, count: number, limit: number, windowMs: number, now: number): WindowVerdict {
    const since = now - windowMs;
    const recent = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (recent.length + count > limit) {
      this.remember(key, recent);
      // The hit that must expire for `count` more to fit: the (recent + count − limit)-th oldest.
      const freeing = recent[Math.min(recent.length - 1, Math.max(0, recent.length + count - limit - 1))] ?? now;
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((freeing + windowMs - now) / 1000)) };
    }
    for (let i = 0; i < count; i++) recent.push(now);
    this.remember(key, recent);
    return { ok: true, retryAfterSeconds: 0 };
  }

  private remember(key: string, recent: number[]): void {
    this.hits.delete(key);
    if (recent.length === 0) return;
    this.hits.set(key, recent);
    if (this.hits.size > this.maxKeys) this.hits.delete(this.hits.keys().next().value!);
  }
}
