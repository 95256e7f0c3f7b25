/**
 * When the welcome modal may open (issue 30: it once opened 4.7 s after the cookie answer, in the
 * middle of a Pro-Fit Studio choice; decision 093). ShellOverlays.tsx loads this module only after a
 * navigation to another page (never on the page the visit started on, so never within the first
 * interaction) and only on pages that may greet; here the page is watched for a calm moment: no
 * panel open, no form field (or anything inside a form) focused, and WELCOME_QUIET_MS since the
 * shopper's last click, tap, key or wheel. A busy moment is looked at again WELCOME_DELAY_MS later.
 */

/** The welcome waits this long after a navigation, and between two looks at a busy page. */
export const WELCOME_DELAY_MS = 2500;
/** How long the shopper must have left the page alone (no click, tap, key or wheel). */
export const WELCOME_QUIET_MS = 2000;

/** The focused element, as much of it as the rule reads (a DOM Element fits). */
export interface FocusedElement {
  tagName: string;
  isContentEditable?: boolean;
  closest?(selector: string): unknown;
}

const FIELD_TAGS = new Set(['INPUT', 'SELECT', 'TEXTAREA']);

/** A form field, an editable element, or anything inside a form (its submit button included). */
export function isFormFocus(el: FocusedElement | null | undefined): boolean {
  if (!el) return false;
  if (FIELD_TAGS.has(el.tagName.toUpperCase()) || el.isContentEditable) return true;
  return !!el.closest?.('form');
}

/** Whether now is a calm moment for the welcome: no panel open, no form in use, the shopper idle for a while. */
export function calmForWelcome(moment: { openPanel: string | null; focused: FocusedElement | null; sinceInputMs: number }): boolean {
  return moment.openPanel === null && !isFormFocus(moment.focused) && moment.sinceInputMs >= WELCOME_QUIET_MS;
}

/** What counts as the shopper doing something. */
const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'input'] as const;

/**
 * Watches the page just navigated to and calls `open` at its first calm moment, once; `openPanel`
 * reads the panels store. Returns the stop (on the next navigation or unmount).
 */
export function watchForCalm(openPanel: () => string | null, open: () => void): () => void {
  // The navigation itself was the last input.
  let lastInput = Date.now();
  const note = () => {
    lastInput = Date.now();
  };
  const stop = () => {
    window.clearTimeout(timer);
    for (const type of INPUT_EVENTS) window.removeEventListener(type, note, { capture: true });
  };
  for (const type of INPUT_EVENTS) window.addEventListener(type, note, { capture: true, passive: true });
  let timer = window.setTimeout(function look() {
    if (!calmForWelcome({ openPanel: openPanel(), focused: document.activeElement, sinceInputMs: Date.now() - lastInput })) {
      timer = window.setTimeout(look, WELCOME_DELAY_MS);
      return;
    }
    stop();
    open();
  }, WELCOME_DELAY_MS);
  return stop;
}
