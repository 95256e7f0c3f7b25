/**
 * Cookie consent (spec §9): necessary (always on), functionality, analytics and
 * marketing (off until the shopper says yes). The choice lives in the `consent`
 * cookie for a year, tagged with CONSENT_VERSION: raising the version (new
 * categories, new vendors) makes every stored choice stale, so the banner asks again.
 *
 * Future tags must ask first and may subscribe to a later "yes":
 * @example if (consent.allows('analytics')) loadAnalytics();
 *          consent.subscribe(() => consent.allows('analytics') && loadAnalytics());
 *
 * Stateless on purpose: every question reads the cookie, so the module holds no
 * per-request state on the server (where `document` does not exist and nothing is allowed).
 */

export const CONSENT_COOKIE = 'consent';
/** Bump when the categories or what they cover change: stored choices of older versions are asked again. */
export const CONSENT_VERSION = 1;
const YEAR_SECONDS = 365 * 24 * 60 * 60;

type OptionalCategory = 'functionality' | 'analytics' | 'marketing';
type ConsentCategory = 'necessary' | OptionalCategory;
export const OPTIONAL_CATEGORIES: readonly OptionalCategory[] = ['functionality', 'analytics', 'marketing'];

export type ConsentChoice = Record<OptionalCategory, boolean>;

export const NECESSARY_ONLY: ConsentChoice = { functionality: false, analytics: false, marketing: false };
export const ALL_ALLOWED: ConsentChoice = { functionality: true, analytics: true, marketing: true };

/** Cookie value: `<version>.<f><a><m>` with 1/0 per optional category, e.g. `1.010`. */
export function serialiseConsent(choice: ConsentChoice, version = CONSENT_VERSION): string {
  return `${version}.${OPTIONAL_CATEGORIES.map((c) => (choice[c] ? '1' : '0')).join('')}`;
}

/** The stored choice from a `Cookie` header / `document.cookie`, or null when absent, malformed or of another version. */
export function readConsent(cookies: string, version = CONSENT_VERSION): ConsentChoice | null {
  const match = new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=(\\d+)\\.([01]{3})(?:;|$)`).exec(cookies);
  if (!match || Number(match[1]) !== version) return null;
  const bits = match[2]!;
  return { functionality: bits[0] === '1', analytics: bits[1] === '1', marketing: bits[2] === '1' };
}

const listeners = new Set<() => void>();
const cookieJar = () => (typeof document === 'undefined' ? '' : document.cookie);

export const consent = {
  /** The current choice, or null while the shopper has not chosen (the banner shows). */
  choice(): ConsentChoice | null {
    return readConsent(cookieJar());
  },
  /** Whether `category` may run now. Necessary always; optional ones only after an explicit yes. */
  allows(category: ConsentCategory): boolean {
    if (category === 'necessary') return true;
    return consent.choice()?.[category] ?? false;
  },
  /** Stores the shopper's choice for a year and tells the subscribers. */
  save(choice: ConsentChoice): void {
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${CONSENT_COOKIE}=${serialiseConsent(choice)}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure}`;
    for (const listener of listeners) listener();
  },
  /** Called after every save; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
