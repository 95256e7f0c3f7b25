import { isValidPhoneNumber, type MetadataJson, parsePhoneNumberFromString } from 'libphonenumber-js/core';
import { formTexts } from '../../texts/forms';
import metadataPl from './phone-metadata-pl.json';
import { required, type Rule } from './validation';

/**
 * Polish phone numbers (spec §5), with libphonenumber-js and metadata for Poland only
 * (`phone-metadata-pl.json`, the PL slice of the package's own metadata; a unit test keeps it
 * in step with the installed version), about 0.7 KB instead of the 40 KB of the full set. Kept
 * apart from the other rules so forms without a phone field never load the library.
 */

/** JSON imports type `"PL"` as string; the content is the package's own metadata format. */
const phoneMetadata = metadataPl as MetadataJson;

/** A valid Polish number (mobile or landline), with or without +48, spaces or dashes. */
export const phone: Rule = (value) => required(value) ?? (isValidPhoneNumber(value, 'PL', phoneMetadata) ? null : formTexts.errors.phone);

/** A valid Polish phone number in international form (`+48 601 234 567`); other input unchanged. */
export function normalisePhone(value: string): string {
  const parsed = parsePhoneNumberFromString(value, 'PL', phoneMetadata);
  return parsed?.isValid() ? parsed.formatInternational() : value.trim();
}
