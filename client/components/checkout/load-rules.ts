/** The checkout's submit-time rules (`form-rules.ts`), loaded once on demand (first focus of a form, or submit). */
type FormRules = typeof import('./form-rules');

let pending: Promise<FormRules> | null = null;

/** A failed load (offline) is tried again on the next call. */
export function loadFormRules(): Promise<FormRules> {
  pending ??= import('./form-rules').catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}

/** Starts loading the rules while the shopper fills the form (focus anywhere in it). */
export function preloadFormRules(): void {
  loadFormRules().catch(() => {});
}
