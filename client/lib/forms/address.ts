import { formTexts } from '../../texts/forms';
import { clean, joinStreet } from './street';
import { normaliseNip } from './validation';

export { joinStreet };

/**
 * The one mapping between the shop's address (what the forms show, spec §3 "Address (shop
 * side)") and Vendure's (spec §3 "Address (backend)"), used by the checkout and the account's
 * address book alike.
 *
 * - fullName = first and last name joined by a space; read back split on the first space
 *   ("Anna Maria Kowalska" → "Anna" / "Maria Kowalska", double-barrelled surnames intact).
 * - streetLine1 = street name, a space, then the number and `/apartment` ("Długa 12/3").
 *   Read back, the number is the last word when it starts with a digit, so street names of
 *   several words ("Jana Pawła II 5") survive; otherwise the line is split on the first space
 *   (spec §3). The spec's plain first-space split would cut "Jana Pawła II" apart.
 * - country is PL only (label 'Polska'); phone in international form.
 * - customFields: paczkomat (shipping), nip and fvat (billing).
 */
export interface ShopAddress {
  id?: string;
  firstName: string;
  lastName: string;
  streetName: string;
  streetNumber: string;
  apartment: string;
  city: string;
  postalCode: string;
  /** Always PL (spec §5). */
  country: 'PL';
  phone: string;
  company: string;
  nip: string;
  invoice: boolean;
  parcelLocker: string;
  defaultShipping: boolean;
  defaultBilling: boolean;
}

/** Vendure's address input (CreateAddressInput / order address input). */
export interface BackendAddressInput {
  fullName: string;
  company: string;
  streetLine1: string;
  streetLine2: string;
  city: string;
  postalCode: string;
  countryCode: string;
  phoneNumber: string;
  defaultShippingAddress?: boolean;
  defaultBillingAddress?: boolean;
  customFields: { paczkomat: string | null; nip: string | null; fvat: boolean };
}

/** An address as the Shop API returns it (Address or OrderAddress); every field may be missing. */
export interface BackendAddress {
  id?: string | null;
  fullName?: string | null;
  company?: string | null;
  streetLine1?: string | null;
  streetLine2?: string | null;
  city?: string | null;
  postalCode?: string | null;
  countryCode?: string | null;
  country?: string | { code?: string | null } | null;
  phoneNumber?: string | null;
  defaultShippingAddress?: boolean | null;
  defaultBillingAddress?: boolean | null;
  customFields?: { paczkomat?: string | null; nip?: string | null; fvat?: boolean | null } | null;
}

export const emptyAddress = (): ShopAddress => ({
  firstName: '',
  lastName: '',
  streetName: '',
  streetNumber: '',
  apartment: '',
  city: '',
  postalCode: '',
  country: 'PL',
  phone: '',
  company: '',
  nip: '',
  invoice: false,
  parcelLocker: '',
  defaultShipping: false,
  defaultBilling: false,
});

/** "Anna Maria Kowalska" → ["Anna", "Maria Kowalska"]. */
export function splitName(fullName: string): [string, string] {
  const name = clean(fullName);
  const space = name.indexOf(' ');
  return space < 0 ? [name, ''] : [name.slice(0, space), name.slice(space + 1)];
}

/** "Jana Pawła II 5/12" → { streetName: "Jana Pawła II", streetNumber: "5", apartment: "12" }. */
export function splitStreet(line: string): Pick<ShopAddress, 'streetName' | 'streetNumber' | 'apartment'> {
  const text = clean(line);
  const last = text.lastIndexOf(' ');
  const tail = last < 0 ? '' : text.slice(last + 1);
  const [streetName, number] = /^\d/.test(tail) ? [text.slice(0, last), tail] : splitName(text);
  const slash = number.indexOf('/');
  return slash < 0
    ? { streetName, streetNumber: number, apartment: '' }
    : { streetName, streetNumber: number.slice(0, slash), apartment: number.slice(slash + 1) };
}

/** Shop address → Vendure input. */
export function toBackendAddress(a: ShopAddress): BackendAddressInput {
  return {
    fullName: [clean(a.firstName), clean(a.lastName)].filter(Boolean).join(' '),
    company: clean(a.company),
    streetLine1: joinStreet(a),
    streetLine2: '',
    city: clean(a.city),
    postalCode: clean(a.postalCode),
    countryCode: 'PL',
    phoneNumber: clean(a.phone),
    defaultShippingAddress: a.defaultShipping,
    defaultBillingAddress: a.defaultBilling,
    customFields: {
      paczkomat: clean(a.parcelLocker) || null,
      nip: normaliseNip(a.nip) || null,
      fvat: a.invoice,
    },
  };
}

/** Vendure address → shop address (anything missing becomes empty). */
export function fromBackendAddress(b: BackendAddress): ShopAddress {
  const [firstName, lastName] = splitName(b.fullName ?? '');
  const street = splitStreet([b.streetLine1, b.streetLine2].filter(Boolean).join(' '));
  return {
    ...emptyAddress(),
    ...(b.id ? { id: b.id } : {}),
    firstName,
    lastName,
    ...street,
    city: b.city ?? '',
    postalCode: b.postalCode ?? '',
    phone: b.phoneNumber ?? '',
    company: b.company ?? '',
    nip: b.customFields?.nip ?? '',
    invoice: !!b.customFields?.fvat,
    parcelLocker: b.customFields?.paczkomat ?? '',
    defaultShipping: !!b.defaultShippingAddress,
    defaultBilling: !!b.defaultBillingAddress,
  };
}

/** The fields of an address form, in the order they are shown (first error → focus). */
export type AddressField =
  'firstName' | 'lastName' | 'streetName' | 'streetNumber' | 'apartment' | 'postalCode' | 'city' | 'phone' | 'company' | 'nip';

/** Label of the only country offered. */
export const COUNTRY_LABEL = formTexts.countryName;
