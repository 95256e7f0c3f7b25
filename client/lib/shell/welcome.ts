/**
 * When the welcome modal may open (issue 30: it once opened 4.7 s after the cookie answer, in the
 * middle of a Pro-Fit Studio choice). Rules, checked by ShellOverlays.tsx:
 * - only after a navigation to another page, never on the page the visit started on (so never
 *   within the first interaction: the cookie answer, the first clicks);
 * - never over an open panel, never while a form field (or anything inside a form) has focus, never
 *   within WELCOME_QUIET_MS of the shopper's last click, tap, key or wheel;
 * - never on checkout, account or Pro-Fit Studio pages (a task in progress).
 * A moment that is not calm is looked at again later on the same page (ShellOverlays).
 */

/** The welcome waits this long after a navigation, and between two looks at a busy page. */
export const WELCOME_DELAY_MS = 2500;
/** How long the shopper must have left the page alone (no click, tap, key or wheel). */
export const WELCOME_QUIET_MS = 2000;

/** Pages where no welcome interrupts: checkout, the account area and Pro-Fit Studio's configurators. */
const NO_WELCOME = /^\/(?:checkout|Checkout|my-account|MyAccount|pro-fit-studio)(?:\/|$|\?)/;

/** Whether a page (path and query) may greet at all. */
export function welcomeAllowedOn(url: string): boolean {
  return !NO_WELCOME.test(url);
}

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
