/** Local storage key of the `?secondchance` timestamp (spec §3); the same as promo-flags.ts's (a test checks it). */
export const SECOND_CHANCE_KEY = 'secondchance';

/**
 * Whether the promotion flags have anything to do on this page load: a flag in the URL or a
 * stored second-chance timestamp. Kept apart from promo-flags.ts so every page can ask this
 * without downloading the flags' logic (it loads only when there is work).
 */
export function hasPromotionWork(search: URLSearchParams, storage: Storage): boolean {
  return search.has('blackweek') || search.has('secondchance') || storage.getItem(SECOND_CHANCE_KEY) !== null;
}
