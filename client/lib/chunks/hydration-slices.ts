/**
 * The queue of a page's hydration slices (client/components/ui/HydrationSlice.tsx, decision 125).
 *
 * The page's first hydration renders the slices' places only; each slice then hydrates in a task of
 * its own, one after another, so no task of the page's hydration walks more than one slice. Until
 * the queue is empty:
 *
 * - the effects of the hydrated parts wait (`afterSlices`, used by the runtime's effect scheduler,
 *   client/lib/runtime.ts): effects are what start the stores' loading (the wishlist, the cart) and
 *   timers, so no store changes while a slice still waits, and every slice hydrates the same data
 *   the server rendered. `<html data-hydrated>` (an effect) therefore marks the whole page hydrated;
 * - the shopper's first input (a pointer, a key, focus, a click) hydrates every waiting slice at
 *   once, in the event's own task, before the event reaches its target: the handlers are attached
 *   by then, and no state changes before a slice has hydrated.
 */

const pending: Array<() => void> = [];
const waiting: Array<() => void> = [];
let stepping = false;
let listening = false;

/** Events that hydrate every waiting slice at once (capture phase, before the target's handlers). */
const INPUTS = ['pointerdown', 'mousedown', 'touchstart', 'keydown', 'focusin', 'click'] as const;

function settle() {
  if (pending.length || stepping) return;
  for (const type of INPUTS) removeEventListener(type, flushAll, true);
  listening = false;
  // after the render of the last slice (microtasks of the task that resolved it)
  const runs = waiting.splice(0);
  if (runs.length) setTimeout(() => runs.forEach((run) => run()));
}

function step() {
  stepping = false;
  const next = pending.shift();
  if (!next) return settle();
  next();
  // The next slice, or the end, in a task of its own: this slice's render (microtasks of this
  // task) may queue slices inside it.
  schedule();
}

function schedule() {
  if (stepping) return;
  stepping = true;
  setTimeout(step);
}

/** True from the shopper's first input until the end of its task: slices met then hydrate at once. */
let eager = false;

/**
 * Hydrates every waiting slice now (their renders run in microtasks of this task), and any slice
 * inside them as it is met.
 */
export function flushAll(): void {
  if (!eager) {
    eager = true;
    setTimeout(() => {
      eager = false;
    });
  }
  for (const resolve of pending.splice(0)) resolve();
  schedule();
}

/**
 * Queues a slice's hydration: `resolve` is called in the slice's own task, or at once during the
 * task of the shopper's first input.
 */
export function enqueueSlice(resolve: () => void): void {
  if (eager) return resolve();
  pending.push(resolve);
  if (!listening) {
    listening = true;
    for (const type of INPUTS) addEventListener(type, flushAll, { capture: true, passive: true });
  }
  schedule();
}

/** Runs `run` once every queued slice has hydrated (at once when none is waiting). */
export function afterSlices(run: () => void): void {
  if (!pending.length && !stepping) run();
  else waiting.push(run);
}

/*
 * Slices that wait for the viewport (decision 126): a product card below a phone's first screen
 * is hydrated when it comes within `NEAR_PX` of the viewport, or at once when the shopper's input
 * reaches into it (a tap, a key, focus) before it has. One in or near the viewport when the page
 * is hydrated joins the queue above, so `<html data-hydrated>` still means the first screen is live.
 */
const asleep = new Map<Element, () => void>();
let observer: IntersectionObserver | null = null;
/** How far below (and above) the viewport a sleeping slice starts hydrating: about half a card. */
const NEAR_PX = 250;

function forget(element: Element) {
  asleep.delete(element);
  observer?.unobserve(element);
  if (asleep.size) return;
  observer?.disconnect();
  observer = null;
  for (const type of INPUTS) removeEventListener(type, onInputInto, true);
}

/**
 * Hydrates the sleeping slice that holds `node`, if any (its render runs in the microtasks after
 * this); true when there was one.
 */
export function wakeSliceAt(node: Node): boolean {
  for (const [element, resolve] of asleep) {
    if (!element.contains(node)) continue;
    forget(element);
    resolve();
    return true;
  }
  return false;
}

/** The shopper's input into a sleeping slice hydrates it now, before the event reaches its target. */
function onInputInto(event: Event) {
  if (event.target instanceof Node) wakeSliceAt(event.target);
}

function near(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.bottom > -NEAR_PX && box.top < innerHeight + NEAR_PX;
}

/**
 * Queues `resolve` (the slice of `element`) once `element` nears the viewport; at once if it is
 * near now, or where the browser has no IntersectionObserver.
 */
export function enqueueWhenNear(element: Element, resolve: () => void): void {
  if (typeof IntersectionObserver === 'undefined' || near(element)) return enqueueSlice(resolve);
  if (!asleep.size) for (const type of INPUTS) addEventListener(type, onInputInto, { capture: true, passive: true });
  asleep.set(element, resolve);
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const wake = entry.isIntersecting && asleep.get(entry.target);
        if (!wake) continue;
        forget(entry.target);
        enqueueSlice(wake);
      }
    },
    { rootMargin: `${NEAR_PX}px 0px` },
  );
  observer.observe(element);
}

/** A sleeping slice's element leaves the page (a client navigation): it is no longer watched. */
export function forgetSlice(element: Element): void {
  if (asleep.has(element)) forget(element);
}
