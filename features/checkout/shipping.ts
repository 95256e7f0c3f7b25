import type { BackendAddress, ShopAddress } from '../../client/lib/forms/address';
import { joinStreet } from '../../client/lib/forms/street';
import type { Locker } from './locker';
import { checkoutTexts } from './checkout.texts';
import type { CheckoutData } from './types';

/**
 * Render-time rules of the shipping and billing steps (no form rules here: those load on demand,
 * see `address-input.ts` and `form-rules.ts`).
 */

/** The InPost locker method (`inpost-paczkomat`) needs a locker instead of a street address. */
export function isLockerMethod(code: string | null | undefined): boolean {
  return !!code && /paczkomat|inpost|locker/i.test(code);
}

/** The method the shipping step starts with: the one the order has, else the first offered. */
export function initialShippingMethod(
  data: Pick<CheckoutData, 'shippingMethods' | 'order'>,
): CheckoutData['shippingMethods'][number] | undefined {
  const chosenBefore = data.order.shippingLines[0]?.shippingMethod.id;
  return data.shippingMethods.find((m) => m.id === chosenBefore) ?? data.shippingMethods[0];
}

/** Saved addresses with the default (for shipping or billing) first, then in the order the backend keeps them. */
export function savedAddressesInOrder<A extends BackendAddress>(addresses: readonly A[], kind: 'shipping' | 'billing'): A[] {
  const isDefault = (a: A) => (kind === 'shipping' ? !!a.defaultShippingAddress : !!a.defaultBillingAddress);
  return [...addresses].sort((a, b) => Number(isDefault(b)) - Number(isDefault(a)));
}

/** The locker chosen before (its code in the order's shipping address), as far as the order knows it. */
export function lockerFromOrder(address: BackendAddress | null | undefined): Locker | null {
  const code = address?.customFields?.paczkomat;
  if (!code || !address) return null;
  return {
    code,
    name: '',
    address: address.streetLine1 ?? '',
    city: address.city ?? '',
    postalCode: address.postalCode ?? '',
    openingHours: '',
    description: '',
    distanceKm: null,
  };
}

/**
 * Where the parcel goes, as the order summary shows it while the shipping step is open:
 * "Paczkomat KRA01M, Długa 12, Kraków", or "Długa 12/3, 31-100 Kraków" once street and town are
 * typed; null before that.
 */
export function shipToLine(
  locker: Pick<Locker, 'code' | 'address' | 'city'> | null,
  address: Pick<ShopAddress, 'streetName' | 'streetNumber' | 'apartment' | 'postalCode' | 'city'> | null,
): string | null {
  if (locker) return [checkoutTexts.summary.locker(locker.code), locker.address, locker.city].filter(Boolean).join(', ');
  if (!address) return null;
  const street = joinStreet(address);
  const town = [address.postalCode.trim(), address.city.trim()].filter(Boolean).join(' ');
  return street && town ? `${street}, ${town}` : null;
}
