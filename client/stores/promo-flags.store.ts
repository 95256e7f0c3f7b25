import { t } from '../texts';

/** Spec §4/§9 promotion flags in the URL. */
export const BLACKWEEK_CODE = 'BLACKWEEK24';
export const SECOND_CHANCE_CODE = 'DP10';
/** Also in promo-flags-trigger.ts (checked equal by a test): importing it from there would cost every page a chunk. */
export const SECOND_CHANCE_KEY = 'secondchance';
const HOUR = 60 * 60 * 1000;
export const SECOND_CHANCE_VALID_MS = 24 * HOUR;
export const SECOND_CHANCE_FORGET_MS = 168 * HOUR;
export const BLACKWEEK_NOTICE_MS = 6000;

export interface PromoFlagDeps {
  search: URLSearchParams;
  storage: Storage;
  now: () => number;
  applyCoupon(code: string): Promise<unknown>;
  removeCoupon(code: string): Promise<unknown>;
  notify(message: string, time: number): void;
  /** A coupon call failed (logged and shown by the caller); the other flags still run. */
  report(error: unknown): void;
}

export type PromoAction =
  | 'blackweek-applied'
  | 'blackweek-failed'
  | 'secondchance-applied'
  | 'secondchance-failed'
  | 'secondchance-removed'
  | 'secondchance-forgotten'
  | 'secondchance-active';

/**
 * - `?blackweek` applies BLACKWEEK24 and shows an info notice for 6000 ms.
 * - `?secondchance` with no stored timestamp stores one and applies DP10 (valid 24 h).
 * - A stored timestamp 24–168 h old removes the coupon; over 168 h it is deleted.
 *
 * The DP10 timestamp is stored only once the coupon is applied, so a failed
 * call (offline, backend down) does not use up the shopper's second chance.
 */
export async function runPromotionFlags(deps: PromoFlagDeps): Promise<PromoAction[]> {
  const actions: PromoAction[] = [];
  if (deps.search.has('blackweek')) {
    try {
      await deps.applyCoupon(BLACKWEEK_CODE);
      deps.notify(t.cartPanel.promo.blackweekNotice, BLACKWEEK_NOTICE_MS);
      actions.push('blackweek-applied');
    } catch (error) {
      deps.report(error);
      actions.push('blackweek-failed');
    }
  }
  const stored = Number(deps.storage.getItem(SECOND_CHANCE_KEY));
  const hasStamp = Number.isFinite(stored) && stored > 0;
  if (!hasStamp) {
    if (deps.storage.getItem(SECOND_CHANCE_KEY) !== null) deps.storage.removeItem(SECOND_CHANCE_KEY);
    if (deps.search.has('secondchance')) {
      const at = deps.now();
      try {
        await deps.applyCoupon(SECOND_CHANCE_CODE);
        deps.storage.setItem(SECOND_CHANCE_KEY, String(at));
        actions.push('secondchance-applied');
      } catch (error) {
        deps.report(error);
        actions.push('secondchance-failed');
      }
    }
    return actions;
  }
  const age = deps.now() - stored;
  if (age > SECOND_CHANCE_FORGET_MS) {
    deps.storage.removeItem(SECOND_CHANCE_KEY);
    actions.push('secondchance-forgotten');
  } else if (age >= SECOND_CHANCE_VALID_MS) {
    try {
      await deps.removeCoupon(SECOND_CHANCE_CODE);
    } catch (error) {
      deps.report(error);
    }
    actions.push('secondchance-removed');
  } else {
    actions.push('secondchance-active');
  }
  return actions;
}
