import { required, type Rule } from '../../client/lib/forms/validation';
import { accountTexts } from './account.texts';

/**
 * Form rules of the account area on top of the shared ones (client/lib/forms/validation.ts).
 * Vendure's own password rule is looser (4–72 characters); we ask for 8 so a new password is
 * not trivially guessable, and never more than bcrypt's 72 bytes.
 */
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 72;

export const passwordRule: Rule = (value) =>
  required(value) ??
  (value.length < PASSWORD_MIN || new TextEncoder().encode(value).length > PASSWORD_MAX ? accountTexts.password.tooShort : null);

/** A dog's weight in kilograms: "18", "7,5", "7.5 kg"; 0.5 to 120 kg. Empty passes (optional). */
export function parseWeightKg(value: string): number | null {
  const match = /^\s*(\d{1,3}(?:[.,]\d{1,2})?)\s*(?:kg)?\s*$/i.exec(value);
  if (!match) return null;
  const kg = Number(match[1]!.replace(',', '.'));
  return kg >= 0.5 && kg <= 120 ? kg : null;
}

export const weightRule: Rule = (value) => (!value.trim() || parseWeightKg(value) !== null ? null : accountTexts.profile.weightInvalid);

/** How the weight is stored (`wagapsa`, free text in the backend): "18 kg", "7,5 kg". */
export function formatWeight(value: string): string {
  const kg = parseWeightKg(value);
  return kg === null ? '' : `${String(kg).replace('.', ',')} kg`;
}

/** The weight for the input: the stored "18 kg" shows as "18". Unknown text is shown as it is. */
export function weightForInput(stored: string | null | undefined): string {
  if (!stored) return '';
  const kg = parseWeightKg(stored);
  return kg === null ? stored : String(kg).replace('.', ',');
}

/**
 * A birth date as the date input gives it (RRRR-MM-DD, the backend's pattern): a real
 * calendar day, not in the future, not before 1900. Empty passes (optional). `today` is the
 * caller's, so the rule stays pure.
 */
export function birthDateRule(today: string): Rule {
  return (value) => {
    if (!value) return null;
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (!match) return accountTexts.profile.dateInvalid;
    const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = new Date(Date.UTC(y, m - 1, d));
    const real = date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
    return real && y >= 1900 && value <= today ? null : accountTexts.profile.dateInvalid;
  };
}

/** InPost locker codes: letters and digits, e.g. WAW01M, KRA12N (optional field). */
export const parcelLockerRule: Rule = (value) =>
  !value.trim() || /^[A-Za-z]{3}\d{2,4}[A-Za-z]{0,3}$/.test(value.trim()) ? null : accountTexts.addresses.parcelLockerInvalid;
