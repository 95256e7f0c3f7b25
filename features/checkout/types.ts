import type {
  checkoutCustomerFields,
  checkoutOrderFields,
  getPaymentMethods,
  getShippingMethods,
  placedOrderFields,
} from './checkout.graphql';
import type { ResultOf } from '../../client/graphql/graphql';
import type { ShopAddress } from '../../client/lib/forms/address';
import type { CheckoutStep } from './steps';
import type { Shipment } from '../account/shipments';

/** Page data of the checkout pages (features/checkout/checkout.server.ts produces them). Types only: no GraphQL runtime here. */
export type CheckoutOrder = ResultOf<typeof checkoutOrderFields>;
export type PlacedOrder = ResultOf<typeof placedOrderFields>;
type CheckoutCustomer = ResultOf<typeof checkoutCustomerFields>;
export type ShippingMethodQuote = ResultOf<typeof getShippingMethods>['eligibleShippingMethods'][number];
type PaymentMethodQuote = ResultOf<typeof getPaymentMethods>['eligiblePaymentMethods'][number];

/** A step of the checkout (customer, shipping, billing, payment). */
export interface CheckoutData {
  step: CheckoutStep;
  order: CheckoutOrder;
  /** The logged-in customer with saved addresses; null for a guest. */
  customer: CheckoutCustomer | null;
  done: Record<CheckoutStep, boolean>;
  /** Shipping step only (empty elsewhere): methods with the price the backend charges. */
  shippingMethods: ShippingMethodQuote[];
  /** Payment step only (empty elsewhere). */
  paymentMethods: PaymentMethodQuote[];
  /** The addresses as the forms show them, mapped by the worker (the mapping's code stays off the page). */
  addresses: CheckoutAddresses;
}

export interface CheckoutAddresses {
  empty: ShopAddress;
  /** The order's shipping / billing address, when it has a street line. */
  shipping: ShopAddress | null;
  billing: ShopAddress | null;
  /** The logged-in customer's saved addresses by id. */
  saved: Record<string, ShopAddress>;
}

/** Thank-you page: the placed order; a guest may create an account there. */
export interface ThankYouData {
  order: PlacedOrder;
  isGuest: boolean;
  /** the order's shipments, once staff have sent it (issue 28) */
  shipments: Shipment[];
}

/** `/payment-check`: the order waiting for the gateway's notification. */
export interface PaymentCheckData {
  code: string;
  state: string;
}

/** `/payment-cancel`: the unpaid order (kept, lines and all) and how else it can be paid. */
export interface PaymentCancelData {
  order: CheckoutOrder;
  paymentMethods: PaymentMethodQuote[];
}
