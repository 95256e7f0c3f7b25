/**
 * A circuit breaker in front of the Vendure Shop API (docs/architecture.md "Failure handling", decision 070).
 *
 * Closed: calls go through. After FAILURES_TO_OPEN consecutive timeouts or connection failures
 * (or a gateway's 502/503/504) it opens: for OPEN_MS every call fails at once, so an uncached page
 * answers its 503 in milliseconds instead of waiting out a timeout per shopper. Then the first
 * call refused sends a probe of its own in the background (half-open: no shopper's request is
 * the one that waits on a still-frozen backend): its success closes the breaker, its failure
 * opens it again for twice as long, up to MAX_OPEN_MS.
 *
 * Per isolate and per backend URL, deliberately module state (as the edge cache's revalidation
 * set): it must outlive the request, and each isolate learns of an outage from its own first few
 * calls. It holds numbers only, never a request or an I/O object.
 */
export const FAILURES_TO_OPEN = 3;
export const OPEN_MS = 5_000;
export const MAX_OPEN_MS = 30_000;
/** longer than the probe's timeout (worker/shop/backend.ts PROBE_TIMEOUT_MS) */
const PROBE_MS = 10_000;

interface State {
  failures: number;
  /** ms since epoch until which calls fail at once (0: closed) */
  openUntil: number;
  /** how long the last opening lasted, doubled on a failed probe */
  openMs: number;
  /** ms since epoch a probe went out (0: none): other calls keep failing fast until it answers */
  probingSince: number;
}

const states = new Map<string, State>();

function state(backend: string): State {
  let s = states.get(backend);
  if (!s) states.set(backend, (s = { failures: 0, openUntil: 0, openMs: OPEN_MS, probingSince: 0 }));
  return s;
}

/**
 * `ok`: the call may go out. Else it fails at once, answering 503 with `Retry-After`; `probe` says
 * the caller is the one to send the probe now (in the background, settled with `settle(…, true)`).
 */
type Admission = { ok: true } | { ok: false; retryAfterSeconds: number; probe: boolean };

/** Whether a call to `backend` may go out now. */
export function admit(backend: string, now = Date.now()): Admission {
  const s = state(backend);
  if (s.failures < FAILURES_TO_OPEN) return { ok: true };
  const retryAfterSeconds = Math.max(1, Math.ceil((Math.max(s.openUntil, now + 1000) - now) / 1000));
  // A probe that never settled (its isolate dropped it) stops counting after PROBE_MS.
  const probing = s.probingSince > 0 && now - s.probingSince < PROBE_MS;
  if (now < s.openUntil || probing) return { ok: false, retryAfterSeconds, probe: false };
  s.probingSince = now;
  return { ok: false, retryAfterSeconds, probe: true };
}

/** The outcome of a call (or of the probe): `ok` false for a timeout, a connection failure or a gateway error. */
export function settle(backend: string, ok: boolean, probe = false, now = Date.now()): void {
  const s = state(backend);
  if (probe) s.probingSince = 0;
  if (ok) {
    s.failures = 0;
    s.openUntil = 0;
    s.openMs = OPEN_MS;
    return;
  }
  s.failures += 1;
  if (probe) s.openMs = Math.min(MAX_OPEN_MS, s.openMs * 2);
  if (s.failures >= FAILURES_TO_OPEN) s.openUntil = now + s.openMs;
}

/** `open` while calls fail fast (the probe included), else `closed`: for the log line. */
export function breakerState(backend: string, now = Date.now()): 'open' | 'closed' {
  const s = states.get(backend);
  return s && s.failures >= FAILURES_TO_OPEN && (now < s.openUntil || (s.probingSince > 0 && now - s.probingSince < PROBE_MS))
    ? 'open'
    : 'closed';
}
