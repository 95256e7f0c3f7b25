/**
 * Runs `task` when the browser is idle (at the latest after 1 s), or after 200 ms where it cannot
 * say (Safari has no requestIdleCallback): for work a shopper's first tap starts but does not wait
 * for (prefetching other pages' code, loading a part below the fold), so that it does not delay
 * the events of that same tap (issue 42).
 */
export function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout: 1000 });
  else setTimeout(task, 200);
}
