import { options, type VNode } from 'preact';
import { afterSlices } from './chunks/hydration-slices';

/*
 * The browser's runtime is Preact behind React's API (decision 122); the worker renders with
 * React. Two differences the components, written for React, would notice are evened out here.
 */

/**
 * When a render's effects run.
 *
 * React runs the effects of a render that a shopper's input caused (a tap, a key, typing) before
 * the browser paints, and those of any other render (hydration, a response that came in) later.
 * Preact runs every render's effects after the next paint. The shop's components move focus, lock
 * the page's scroll, start debounce timers and give focus back in effects, written for React's
 * order: a shopper pressing Escape must find focus back on the button at once, not a frame later.
 * So here a render caused by input runs its effects right after it (a microtask, as React does);
 * any other keeps Preact's after-the-paint, which keeps hydration's effects out of its task.
 */
const INPUT_EVENTS = [
  'click',
  'keydown',
  'keyup',
  'input',
  'change',
  'submit',
  'pointerdown',
  'pointerup',
  'mousedown',
  'mouseup',
  'touchstart',
  'touchend',
  'focusin',
  'focusout',
] as const;

/** True from an input event until the end of its task (renders it causes run in microtasks of that task). */
let inputTask = false;

function markInput() {
  if (inputTask) return;
  inputTask = true;
  setTimeout(() => {
    inputTask = false;
  });
}

/** Preact's own rule: after the next frame, or 100 ms when no frame comes (a hidden tab). */
function afterNextPaint(flush: () => void) {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    setTimeout(flush);
  };
  const fallback = setTimeout(run, 100);
  requestAnimationFrame(run);
}

/**
 * Ids from `useId` are React's in the server's HTML and Preact's in the browser, and Preact's
 * hydration leaves attributes as the server wrote them: an error message rendered later with
 * Preact's id would not be the one its field's `aria-describedby` names. So, as an element is
 * hydrated, the attributes that hold or name ids take the values the browser's render gives them
 * (after hydration Preact has set them itself, and nothing is written).
 */
const ID_ATTRIBUTES = ['id', 'htmlFor', 'aria-describedby', 'aria-labelledby', 'aria-controls'] as const;

function idsAsRendered(vnode: VNode) {
  if (typeof vnode.type !== 'string') return;
  const dom = (vnode as VNode & { __e?: Element | null }).__e;
  if (!dom || dom.nodeType !== 1) return;
  const props = vnode.props as Record<string, unknown>;
  for (const name of ID_ATTRIBUTES) {
    const value = props[name];
    if (typeof value !== 'string') continue;
    const attribute = name === 'htmlFor' ? 'for' : name;
    if (dom.getAttribute(attribute) !== value) dom.setAttribute(attribute, value);
  }
}

/** Installs both rules; the entry calls it once, before hydrating. */
export function preactAsReact(): void {
  for (const type of INPUT_EVENTS) addEventListener(type, markInput, { capture: true, passive: true });
  // Effects of other renders also wait for the page's hydration slices (decision 125): no store
  // loads or timer starts while a slice has yet to hydrate the server's HTML. Asked after the
  // paint: the first effect is queued during the page's hydration, before its slices are met.
  options.requestAnimationFrame = (flush) => (inputTask ? queueMicrotask(flush) : afterNextPaint(() => afterSlices(flush)));
  const diffed = options.diffed;
  options.diffed = (vnode) => {
    idsAsRendered(vnode);
    diffed?.(vnode);
  };
}
