import { type BackendAddressInput, emptyAddress, type ShopAddress, toBackendAddress } from '../../client/lib/forms/address';
import { normalisePhone } from '../../client/lib/forms/phone';
import { normaliseNip } from '../../client/lib/forms/validation';
import type { Locker } from './locker';

/**
 * The backend's address input for the order, built from the checkout's forms. Part of the
 * submit-time code (`form-rules.ts`): it needs the phone rules of libphonenumber-js.
 */

/**
 * The order's shipping address for a locker: the recipient's name and phone, the locker's
 * address (so the order has the street line and country spec §4 asks for) and its code in
 * `customFields.paczkomat`.
 */
export function lockerShippingAddress(
  recipient: Pick<ShopAddress, 'firstName' | 'lastName' | 'phone'>,
  locker: Locker,
): BackendAddressInput {
  return toBackendAddress({
    ...emptyAddress(),
    firstName: recipient.firstName,
    lastName: recipient.lastName,
    phone: normalisePhone(recipient.phone),
    streetName: locker.address,
    city: locker.city,
    postalCode: locker.postalCode,
    parcelLocker: locker.code,
  });
}

/** A courier address as the order stores it: phone in international form, no locker, no invoice data. */
export function courierShippingAddress(address: ShopAddress): BackendAddressInput {
  const input = toBackendAddress({ ...address, phone: normalisePhone(address.phone), parcelLocker: '', nip: '', invoice: false });
  return withoutDefaults(input);
}

/**
 * The billing address: the shipping one ("same as shipping", without its locker code) or the
 * form's, with the company, NIP (ten digits) and invoice flag.
 */
export function billingAddressInput(base: ShopAddress, invoice: { wanted: boolean; company: string; nip: string }): BackendAddressInput {
  const input = toBackendAddress({
    ...base,
    phone: normalisePhone(base.phone),
    parcelLocker: '',
    company: invoice.company,
    nip: invoice.nip ? normaliseNip(invoice.nip) : '',
    invoice: invoice.wanted,
  });
  return withoutDefaults(input);
}

/** Order addresses have no "default" flags (those belong to the address book). */
function withoutDefaults(input: BackendAddressInput): BackendAddressInput {
  const { defaultShippingAddress: _s, defaultBillingAddress: _b, ...rest } = input;
  return rest;
}
