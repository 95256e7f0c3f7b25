import { type BackendAddress, joinStreet, type ShopAddress } from '../forms/address';
import type { Locker } from './locker';
import { checkoutTexts } from '../../texts/checkout';
import type { CheckoutData, CheckoutOrder, ShippingMethodQuote } from '../../components/checkout/types';

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

/** What the shipping step has chosen so far, before it is saved: the method and where the parcel goes. */
export interface ShippingChoice {
  method: Pick<ShippingMethodQuote, 'id' | 'name' | 'priceWithTax'> | null;
  /** the locker's code or the typed street address, once there is one */
  locker: Pick<Locker, 'code' | 'address' | 'city'> | null;
  address: Pick<ShopAddress, 'streetName' | 'streetNumber' | 'apartment' | 'postalCode' | 'city'> | null;
}

/** The summary's shipping line and total: the order's own figures, or the step's unsaved choice. */
export interface SummaryShipping {
  /** the method's name, null while none is chosen */
  name: string | null;
  price: number | null;
  total: number;
  /** where the parcel goes, as one line: "Paczkomat KRA01M, Długa 12, Kraków" or "Długa 12/3, 31-100 Kraków" */
  shipTo: string | null;
}

type SummaryOrder = Pick<CheckoutOrder, 'totalWithTax' | 'shippingWithTax'> & {
  shippingLines: ReadonlyArray<{ priceWithTax: number; shippingMethod: { id: string; name: string } }>;
};

/**
 * The shipping line of the order summary. Without a choice (every step but shipping) it is what
 * the backend charges. With the shipping step's choice it follows that choice at once: the same
 * method as the order's keeps the backend's figures (discounts included); another method swaps
 * the order's shipping for the price the backend quoted for it (`eligibleShippingMethods`), which
 * is what the order will cost once the step is saved.
 *
 * @example summaryShipping(order, { method: { id: '2', name: 'Kurier', priceWithTax: 1699 }, locker: null, address: null })
 */
export function summaryShipping(order: SummaryOrder, choice?: ShippingChoice | null): SummaryShipping {
  const line = order.shippingLines[0];
  const method = choice ? choice.method : null;
  const shipTo = choice ? shipToLine(choice) : null;
  if (!method || method.id === line?.shippingMethod.id) {
    return line
      ? { name: line.shippingMethod.name, price: line.priceWithTax, total: order.totalWithTax, shipTo }
      : { name: null, price: null, total: order.totalWithTax, shipTo };
  }
  return {
    name: method.name,
    price: method.priceWithTax,
    total: order.totalWithTax - order.shippingWithTax + method.priceWithTax,
    shipTo,
  };
}

function shipToLine({ locker, address }: ShippingChoice): string | null {
  if (locker) return [checkoutTexts.summary.locker(locker.code), locker.address, locker.city].filter(Boolean).join(', ');
  if (!address) return null;
  const street = joinStreet(address);
  const town = [address.postalCode.trim(), address.city.trim()].filter(Boolean).join(' ');
  return street && town ? `${street}, ${town}` : null;
}
