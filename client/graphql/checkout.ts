import { cartFields } from './cart';
import { graphql } from './graphql';

/** Spec §7 checkout operations. */

/** updateAddressDetails, shipping variant (billing below): the spec's one call maps onto two mutations. */
export const setShippingAddress = graphql(
  `
  mutation updateAddressDetails($input: CreateAddressInput!) {
    setOrderShippingAddress(input: $input) {
      ...Cart
      ... on ErrorResult { errorCode message }
    }
  }
`,
  [cartFields],
);

export const setBillingAddress = graphql(
  `
  mutation updateBillingDetails($input: CreateAddressInput!) {
    setOrderBillingAddress(input: $input) {
      ...Cart
      ... on ErrorResult { errorCode message }
    }
  }
`,
  [cartFields],
);

export const setCustomerForOrder = graphql(
  `
  mutation setCustomerForOrder($input: CreateCustomerInput!) {
    setCustomerForOrder(input: $input) {
      ...Cart
      ... on ErrorResult { errorCode message }
    }
  }
`,
  [cartFields],
);

export const getShippingMethods = graphql(`
  query getShippingMethods {
    eligibleShippingMethods { id code name description priceWithTax }
  }
`);

export const setShippingMethod = graphql(
  `
  mutation setShippingMethod($id: [ID!]!) {
    setOrderShippingMethod(shippingMethodId: $id) {
      ...Cart
      ... on ErrorResult { errorCode message }
    }
  }
`,
  [cartFields],
);

export const getPaymentMethods = graphql(`
  query getPaymentMethods {
    eligiblePaymentMethods { id code name description isEligible eligibilityMessage }
  }
`);

export const setPaymentMethod = graphql(`
  mutation setPaymentMethod($method: String!, $metadata: JSON!) {
    addPaymentToOrder(input: { method: $method, metadata: $metadata }) {
      ... on Order { id code state totalWithTax payments { id method state amount metadata } }
      ... on ErrorResult { errorCode message }
    }
  }
`);
