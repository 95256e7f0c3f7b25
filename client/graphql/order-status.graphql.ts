import { shipmentFields } from './shipment.graphql';
import { graphql } from './graphql';

/**
 * The order status page of someone without an account (issue 28; decision 102; backend
 * plugins/fulfilment `orderStatus`): by the key of the shop's e-mail link (the worker's loader) or
 * by the order's code and e-mail address (the page's form, rate-limited at the worker).
 */
export const orderStatus = graphql(
  `
    query orderStatus($code: String!, $key: String, $emailAddress: String) {
      orderStatus(code: $code, key: $key, emailAddress: $emailAddress) {
        code
        state
        orderPlacedAt
        subTotalWithTax
        shippingWithTax
        totalWithTax
        shippingMethod
        lines { productName variantName quantity linePriceWithTax }
        fulfillments { ...ShipmentFields }
      }
    }
  `,
  [shipmentFields],
);
