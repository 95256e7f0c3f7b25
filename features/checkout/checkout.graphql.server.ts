import { checkoutCustomerFields, checkoutOrderFields, placedOrderFields } from './checkout.graphql';
import { shipmentFields } from './shipment.graphql';
import { graphql } from '../../client/graphql/graphql';

/**
 * The checkout step's data in one round trip: the active order, the logged-in customer, and
 * (only on their step) the eligible shipping or payment methods with the backend's prices.
 */
export const checkoutPage = graphql(
  `
  query checkoutPage($shipping: Boolean!, $payment: Boolean!) {
    activeOrder { ...CheckoutOrder }
    activeCustomer { ...CheckoutCustomer }
    eligibleShippingMethods @include(if: $shipping) { id code name description priceWithTax metadata }
    eligiblePaymentMethods @include(if: $payment) { id code name description isEligible eligibilityMessage }
  }
`,
  [checkoutOrderFields, checkoutCustomerFields],
);

/** The thank-you page: the placed order (the customer's own, or a guest's within the backend's time window) and its shipments. */
export const thankYouPage = graphql(
  `
  query thankYouPage($code: String!) {
    orderByCode(code: $code) { ...PlacedOrder fulfillments { ...ShipmentFields } }
    activeCustomer { id }
  }
`,
  [placedOrderFields, shipmentFields],
);

/** The payment return pages: the session's active order, whose code the gateway sent back. */
export const paymentReturnPage = graphql(
  `
  query paymentReturnPage($payment: Boolean!) {
    activeOrder { ...CheckoutOrder }
    eligiblePaymentMethods @include(if: $payment) { id code name description isEligible eligibilityMessage }
  }
`,
  [checkoutOrderFields],
);

/** A placed order's state, read apart so a refused read (not the shopper's order) does not fail the page. */
export const placedOrderState = graphql(`
  query placedOrderState($code: String!) {
    orderByCode(code: $code) { id code state active }
  }
`);
