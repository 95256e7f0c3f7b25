import { loadOnce } from '../../client/lib/chunks/load-once';

/** The checkout's submit-time rules (`form-rules.ts`), loaded once on demand (first focus of a form, or submit). */
export const loadFormRules = loadOnce(() => import('./form-rules'));

/** Starts loading the rules while the shopper fills the form (focus anywhere in it). */
export function preloadFormRules(): void {
  loadFormRules().catch(() => {});
}
