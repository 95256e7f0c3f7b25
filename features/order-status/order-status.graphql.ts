import { graphql } from '../../client/graphql/graphql';

/**
 * The order status page of someone without an account (issue 28; decisions 102, 104; backend
 * plugins/fulfilment `orderStatus`): by the key of the shop's e-mail link (the worker's loader) or
 * by the order's code and e-mail address (the page's form, rate-limited at the worker). Its
 * shipments are the backend's own `OrderStatusShipment`, which leads nowhere else.
 */
export const orderStatus = graphql(`
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
      shipments { id state method trackingCode trackingUrl shippedAt deliveredAt }
      invoices { number kind ksefNumber pdfUrl }
    }
  }
`);

/**
 * A fresh link to the order's page, e-mailed to the address the order was placed with (decision
 * 104): always true, whether or not the order exists; rate-limited at the worker like the form.
 */
export const requestOrderStatusLink = graphql(`
  mutation requestOrderStatusLink($code: String!, $emailAddress: String!) {
    requestOrderStatusLink(code: $code, emailAddress: $emailAddress)
  }
`);
