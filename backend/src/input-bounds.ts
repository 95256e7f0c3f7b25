/**
 * The longest value each string argument of our plugins' Shop and Admin API may have (issue 44;
 * decision 104). Every resolver checks its arguments here first, before any trimming, regular
 * expression or database lookup, so no pattern of ours ever runs on more than these few hundred
 * characters. Over its bound, an argument is refused with a Polish `UserInputError`
 * (`bounded`), or answers null where the API's contract is "null for malformed input"
 * (`withinBounds`: orderStatus, withdrawalOrder).
 */
import { UserInputError } from '@vendure/core';

export const BOUNDS = {
    /** RFC 5321: a forward path of at most 256 octets, the address without its angle brackets 254 */
    email: 254,
    /** Vendure's order codes are 16 characters; 32 leaves room for another generator */
    orderCode: 32,
    /** a person's full name (the withdrawal form, registration) */
    name: 200,
    /** the key of an order's link: `<expiry base36>.<22 base64url>` (decision 104), 30 characters today */
    orderKey: 64,
    /** the newsletter's confirmation token: 48 hex digits */
    token: 64,
    /** a state or status name given by staff ('received', 'pending') */
    state: 32,
    /** a BLIK code: 6 digits, spaces allowed around them */
    blikCode: 16,
    /** a password as typed (Vendure's default strategy takes at most 72 characters; bcrypt uses 72 bytes) */
    password: 200,
    /** a review's title and text: the spec's 120 and 2000 characters, raw before trimming and joining lines */
    reviewTitle: 240,
    reviewText: 4000,
    /** how many order lines one withdrawal may name */
    orderLines: 100,
} as const;

/** '254 znaki', '200 znaków', '1 znak': the Polish plural of "character". */
export function characters(n: number): string {
    if (n === 1) return '1 znak';
    const tens = n % 100;
    const ones = n % 10;
    return `${n} ${ones >= 2 && ones <= 4 && (tens < 12 || tens > 14) ? 'znaki' : 'znaków'}`;
}

/** The Polish reason a value is refused: 'Adres e-mail może mieć najwyżej 254 znaki.' */
export const tooLong = (what: string, max: number) => `${what} może mieć najwyżej ${characters(max)}.`;

/** Whether every value is absent or at most its bound (for APIs answering null to malformed input). */
export function withinBounds(...pairs: Array<[value: string | null | undefined, max: number]>): boolean {
    return pairs.every(([value, max]) => value == null || (typeof value === 'string' && value.length <= max));
}

/**
 * The value itself when it is absent or at most `max` characters; otherwise a UserInputError
 * naming it in Polish (`what`: 'Adres e-mail', 'Numer zamówienia', …).
 */
export function bounded<T extends string | null | undefined>(value: T, max: number, what: string): T {
    if (value != null && (typeof value !== 'string' || value.length > max)) throw new UserInputError(tooLong(what, max));
    return value;
}

/**
 * A list argument: at most `max` items. (Its IDs need no bound of ours: Vendure's ID strategy has
 * turned each into a number before any resolver runs, with `Number()`, no pattern.)
 */
export function boundedCount<T>(values: readonly T[], max: number, what: string): readonly T[] {
    if (values.length > max) throw new UserInputError(`${what}: najwyżej ${max}.`);
    return values;
}

/**
 * An e-mail address worth a database lookup: something@domain.tld with no spaces and one '@'. Linear
 * (no two quantifiers can take the same character: the labels of the domain are split by the dots
 * they cannot contain), and applied only to values within BOUNDS.email. The storefront's forms
 * check the same shape.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** Whether `email` (already bounded by the caller) looks like an address. */
export function looksLikeEmail(email: string): boolean {
    // bounded: every caller checks BOUNDS.email first, and the pattern is linear anyway
    return email.length <= BOUNDS.email && EMAIL_PATTERN.test(email);
}
