import type { AddressField } from './address';
import { phone } from './phone';
import { maxLength, nip, optional, postalCode, required, type Rule } from './validation';

/*
 * The address forms' rules, apart from address.ts because the phone rule brings the phone
 * library (~11 KB gzip): forms load this module when a shopper starts filling them in or
 * submits (checkout: lib/checkout/load-rules.ts; account: AddressBook), never with the page.
 */
export { normalisePhone } from './phone';

const text = (max: number): Rule[] => [required, maxLength(max)];

/**
 * Rules of an address form. `invoice`: company optional, NIP required and checked;
 * otherwise the NIP is optional but still checked when given.
 */
export function addressRules(options: { invoice?: boolean } = {}): Record<AddressField, readonly Rule[]> {
  return {
    firstName: text(60),
    lastName: text(80),
    streetName: text(120),
    streetNumber: text(20),
    apartment: [maxLength(20)],
    postalCode: [postalCode],
    city: text(80),
    phone: [phone],
    company: [maxLength(120)],
    nip: options.invoice ? [nip] : [optional(nip)],
  };
}
