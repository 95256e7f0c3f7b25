import type { CheckoutOrder, ShippingMethodQuote } from './types';

/*
 * The order summary's shipping line while the shipping step is open (issue 29). Its own small
 * module: the summary is on every checkout page, the shipping step's rules are not.
 */

/** What the shipping step has chosen so far, before it is saved: the method and where the parcel goes. */
export interface ShippingChoice {
  method: Pick<ShippingMethodQuote, 'id' | 'name' | 'priceWithTax'> | null;
  /** the locker or the typed address as one line (`shipToLine`), null until there is one */
  shipTo: string | null;
}

/** The summary's shipping line and total: the order's own figures, or the step's unsaved choice. */
interface SummaryShipping {
  /** the method's name, null while none is chosen */
  name: string | null;
  price: number | null;
  total: number;
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
 * @example summaryShipping(order, { method: { id: '2', name: 'Kurier', priceWithTax: 1699 }, shipTo: null })
 */
export function summaryShipping(order: SummaryOrder, choice?: ShippingChoice | null): SummaryShipping {
  const line = order.shippingLines[0];
  const method = choice ? choice.method : null;
  const shipTo = choice ? choice.shipTo : null;
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
