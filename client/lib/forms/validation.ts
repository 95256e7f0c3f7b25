import { formTexts } from '../../texts/forms';

/**
 * The form rules of spec §5 and the checkout/account issues, shared by the browser (field
 * errors as the shopper types) and the worker (the same rules again before anything reaches
 * the backend). Each rule returns the Polish message for a bad value, or null.
 *
 * The phone rule lives in `phone.ts` (libphonenumber-js, ~10 KB gzip), so forms without a
 * phone field (login, register, password reset) do not download it.
 */
export type Rule = (value: string) => string | null;

const { errors } = formTexts;

/**
 * An address a mail server would take: the local part of RFC 5322 atoms (letters, digits and
 * !#$%&'*+/=?^_`{|}~- between single dots — no markup, quotes or spaces), an @, and a domain of
 * letter/digit/hyphen labels (Polish and other IDN letters allowed) with a dot.
 */
const EMAIL =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?)+$/u;
const POSTAL_CODE = /^\d{2}-\d{3}$/;
const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7];

export const required: Rule = (value) => (value.trim() ? null : errors.required);

export const email: Rule = (value) => required(value) ?? (EMAIL.test(value.trim()) && value.length <= 254 ? null : errors.email);

/** `NN-NNN` (spec §3). */
export const postalCode: Rule = (value) => required(value) ?? (POSTAL_CODE.test(value.trim()) ? null : errors.postalCode);

/** Polish tax number: 10 digits (dashes and spaces ignored, `PL` prefix allowed) with a valid checksum. */
export const nip: Rule = (value) => required(value) ?? (isValidNip(value) ? null : errors.nip);

export function maxLength(max: number): Rule {
  return (value) => (value.length > max ? errors.tooLong(max) : null);
}

/** Runs rules in order and returns the first message, or null. Empty optional fields pass. */
export function check(value: string, rules: readonly Rule[]): string | null {
  for (const rule of rules) {
    const message = rule(value);
    if (message) return message;
  }
  return null;
}

export function isValidNip(value: string): boolean {
  const digits = value.replace(/^PL/i, '').replace(/[\s-]/g, '');
  if (!/^\d{10}$/.test(digits)) return false;
  const sum = NIP_WEIGHTS.reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
  const control = sum % 11;
  return control !== 10 && control === Number(digits[9]);
}

/** The NIP as stored: ten digits, no prefix or separators. */
export function normaliseNip(value: string): string {
  return value.replace(/^PL/i, '').replace(/[\s-]/g, '');
}

/**
 * Validates a whole form: field name → rules. Returns field → message for the fields that
 * fail (empty when all pass), in the order of `rules`, so the first key is the field to focus.
 *
 * @example validate({ email: 'x' }, { email: [email] }) // { email: 'Błędny adres e-mail' }
 */
export function validate<K extends string>(
  values: Partial<Record<K, string>>,
  rules: Record<K, readonly Rule[]>,
): Partial<Record<K, string>> {
  const problems: Partial<Record<K, string>> = {};
  for (const field of Object.keys(rules) as K[]) {
    const message = check(values[field] ?? '', rules[field]);
    if (message) problems[field] = message;
  }
  return problems;
}

/** Makes a rule list optional: an empty value passes, anything else must pass `rules`. */
export function optional(...rules: Rule[]): Rule {
  return (value) => (value.trim() ? check(value, rules) : null);
}
