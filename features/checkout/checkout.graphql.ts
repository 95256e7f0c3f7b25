import { cartFields } from '../../client/graphql/cart.graphql';
import { addressFields } from '../account/address.graphql';
import { graphql } from '../../client/graphql/graphql';

/** Spec §7 checkout operations. */

/** An order address as the Shop API returns it (shipping or billing), custom fields included. */
export const orderAddressFields = graphql(`
  fragment OrderAddressFields on OrderAddress @_unmask {
    fullName
    company
    streetLine1
    streetLine2
    city
    postalCode
    countryCode
    phoneNumber
    customFields { paczkomat nip fvat }
  }
`);

/** The active order as the checkout shows it: the cart plus addresses, shipping price and the customer's phone. */
export const checkoutOrderFields = graphql(
  `
  fragment CheckoutOrder on Order @_unmask {
    ...Cart
    shipping
    shippingAddress { ...OrderAddressFields }
    billingAddress { ...OrderAddressFields }
    shippingLines { priceWithTax shippingMethod { id code name } }
    customer { id firstName lastName emailAddress phoneNumber }
  }
`,
  [cartFields, orderAddressFields],
);

/** A placed order for the thank-you page: the checkout view plus its payments (public metadata only). */
export const placedOrderFields = graphql(
  `
  fragment PlacedOrder on Order @_unmask {
    ...CheckoutOrder
    orderPlacedAt
    payments { id method state amount metadata }
  }
`,
  [checkoutOrderFields],
);

/** The logged-in customer as the checkout uses it: details for the order and saved addresses. */
export const checkoutCustomerFields = graphql(
  `
  fragment CheckoutCustomer on Customer @_unmask {
    id
    firstName
    lastName
    emailAddress
    phoneNumber
    addresses { ...Address }
  }
`,
  [addressFields],
);

/** updateAddressDetails, shipping variant (billing below): the spec's one call maps onto two mutations. */
export const setShippingAddress = graphql(
  `
  mutation updateAddressDetails($input: CreateAddressInput!) {
    setOrderShippingAddress(input: $input) {
      ...CheckoutOrder
      ... on ErrorResult { errorCode message }
    }
  }
`,
  [checkoutOrderFields],
);

export const setBillingAddress = graphql(
  `
  mutation updateBillingDetails($input: CreateAddressInput!) {
    setOrderBillingAddress(input: $input) {
      ...CheckoutOrder
      ... on ErrorResult { errorCode message }
    }
  }
`,
  [checkoutOrderFields],
);

export const setCustomerForOrder = graphql(
  `
  mutation setCustomerForOrder($input: CreateCustomerInput!) {
    setCustomerForOrder(input: $input) {
      ...CheckoutOrder
      ... on ErrorResult { errorCode message }
    }
  }
`,
  [checkoutOrderFields],
);

export const getShippingMethods = graphql(`
  query getShippingMethods {
    eligibleShippingMethods { id code name description priceWithTax metadata }
  }
`);

export const setShippingMethod = graphql(
  `
  mutation setShippingMethod($id: [ID!]!) {
    setOrderShippingMethod(shippingMethodId: $id) {
      ...CheckoutOrder
      ... on ErrorResult { errorCode message }
    }
  }
`,
  [checkoutOrderFields],
);

export const getPaymentMethods = graphql(`
  query getPaymentMethods {
    eligiblePaymentMethods { id code name description isEligible eligibilityMessage }
  }
`);

/** setPaymentMethod (spec §7): adds the payment; a transfer places the order (PaymentAuthorized). */
export const setPaymentMethod = graphql(
  `
  mutation setPaymentMethod($method: String!, $metadata: JSON!) {
    addPaymentToOrder(input: { method: $method, metadata: $metadata }) {
      ...PlacedOrder
      ... on ErrorResult { errorCode message }
      ... on PaymentDeclinedError { paymentErrorMessage }
      ... on PaymentFailedError { paymentErrorMessage }
    }
  }
`,
  [placedOrderFields],
);

/** A placed order by its code (the customer's own, or a guest's shortly after placing it). */
export const orderByCode = graphql(
  `
  query orderByCode($code: String!) {
    orderByCode(code: $code) { ...PlacedOrder }
  }
`,
  [placedOrderFields],
);

/**
 * Registers an online payment for the active order (in ArrangingPayment) at the gateway; the
 * browser then goes to `redirectUrl`. The gateway's signed notification settles it later.
 */
export const startOnlinePayment = graphql(`
  mutation startOnlinePayment {
    startOnlinePayment {
      ... on OnlinePaymentStart { redirectUrl sessionId }
      ... on OnlinePaymentError { errorCode message }
    }
  }
`);

/**
 * BLIK on the payment step: registers the active order at Przelewy24 as a BLIK transaction and
 * charges it with the six-digit code; the shopper then confirms in the banking app.
 */
export const startBlikPayment = graphql(`
  mutation startBlikPayment($blikCode: String!) {
    startBlikPayment(blikCode: $blikCode) {
      __typename
      ... on BlikPaymentStart { sessionId }
      ... on BlikCodeError { message }
      ... on OnlinePaymentError { errorCode message }
    }
  }
`);

/** What the payment return page polls: the order's state and the newest gateway session's status. */
export const getPaymentStatus = graphql(`
  query getPaymentStatus($code: String!) {
    orderByCode(code: $code) { id code state }
    onlinePaymentStatus(orderCode: $code)
  }
`);
