import { graphql } from './graphql';

/** Spec §7 customer and session operations (through /api/shop, with the session cookie). */

export const addressFields = graphql(`
  fragment Address on Address @_unmask {
    id
    fullName
    company
    streetLine1
    streetLine2
    city
    province
    postalCode
    country { code name }
    phoneNumber
    defaultShippingAddress
    defaultBillingAddress
    customFields { paczkomat nip fvat }
  }
`);

export const getActiveCustomer = graphql(
  `
  query getActiveCustomer {
    activeCustomer {
      id
      firstName
      lastName
      emailAddress
      customFields {
        dataurodzinwlasciciela
        imiepsa
        rasapsa
        wagapsa
        dataurodzinpsa
        ulubionazabawkapsa
        ulubioneprzysmakipsa
        alergiepsa
        newsletter
      }
      addresses { ...Address }
    }
  }
`,
  [addressFields],
);

export const getCustomerOrders = graphql(`
  query getCustomerOrders {
    activeCustomer {
      id
      orders(options: { sort: { updatedAt: DESC }, take: 50 }) {
        items { id code state updatedAt totalWithTax lines { id quantity productVariant { name } } }
      }
    }
  }
`);

export const login = graphql(`
  mutation login($username: String!, $password: String!, $rememberMe: Boolean) {
    login(username: $username, password: $password, rememberMe: $rememberMe) {
      ... on CurrentUser { id identifier }
      ... on ErrorResult { errorCode message }
    }
  }
`);

export const logout = graphql(`
  mutation logout {
    logout { success }
  }
`);

export const registerCustomerAccount = graphql(`
  mutation registerCustomerAccount($input: RegisterCustomerInput!) {
    registerCustomerAccount(input: $input) {
      ... on Success { success }
      ... on ErrorResult { errorCode message }
    }
  }
`);

export const verifyCustomerAccount = graphql(`
  mutation verifyCustomerAccount($token: String!, $password: String) {
    verifyCustomerAccount(token: $token, password: $password) {
      ... on CurrentUser { id identifier }
      ... on ErrorResult { errorCode message }
    }
  }
`);

export const updateCustomer = graphql(`
  mutation updateCustomer($input: UpdateCustomerInput!) {
    updateCustomer(input: $input) {
      id
      firstName
      lastName
      customFields { imiepsa rasapsa wagapsa dataurodzinpsa dataurodzinwlasciciela ulubionazabawkapsa ulubioneprzysmakipsa alergiepsa newsletter }
    }
  }
`);

export const updateCustomerPassword = graphql(`
  mutation updateCustomerPassword($currentPassword: String!, $newPassword: String!) {
    updateCustomerPassword(currentPassword: $currentPassword, newPassword: $newPassword) {
      ... on Success { success }
      ... on ErrorResult { errorCode message }
    }
  }
`);

/** Spec's updateCustomerEmailAddress: Vendure asks for confirmation by e-mail first. */
export const updateCustomerEmailAddress = graphql(`
  mutation updateCustomerEmailAddress($newEmail: String!, $password: String!) {
    requestUpdateCustomerEmailAddress(newEmailAddress: $newEmail, password: $password) {
      ... on Success { success }
      ... on ErrorResult { errorCode message }
    }
  }
`);

export const createCustomerAddress = graphql(
  `
  mutation createCustomerAddress($input: CreateAddressInput!) {
    createCustomerAddress(input: $input) { ...Address }
  }
`,
  [addressFields],
);

export const updateCustomerAddress = graphql(
  `
  mutation updateCustomerAddress($input: UpdateAddressInput!) {
    updateCustomerAddress(input: $input) { ...Address }
  }
`,
  [addressFields],
);

export const deleteCustomerAddress = graphql(`
  mutation deleteCustomerAddress($id: ID!) {
    deleteCustomerAddress(id: $id) { success }
  }
`);

export const requestPasswordReset = graphql(`
  mutation requestPasswordReset($emailAddress: String!) {
    requestPasswordReset(emailAddress: $emailAddress) {
      ... on Success { success }
      ... on ErrorResult { errorCode message }
    }
  }
`);

/** Spec: success when the response carries an id. */
export const resetPassword = graphql(`
  mutation resetPassword($tokenValue: String!, $newPassword: String!) {
    resetPassword(token: $tokenValue, password: $newPassword) {
      ... on CurrentUser { id identifier }
      ... on ErrorResult { errorCode message }
    }
  }
`);

/**
 * The account's order history (spec §2 "Order history"): placed orders only (the active order is
 * the cart), newest first, a page at a time, with what the order detail shows.
 */
export const getOrderHistory = graphql(`
  query getOrderHistory($take: Int!, $skip: Int!) {
    activeCustomer {
      id
      orders(options: { take: $take, skip: $skip, sort: { orderPlacedAt: DESC }, filter: { active: { eq: false } } }) {
        totalItems
        items {
          id
          code
          state
          orderPlacedAt
          updatedAt
          totalWithTax
          shippingWithTax
          lines { id quantity linePriceWithTax productVariant { id name sku } }
          shippingAddress { fullName streetLine1 streetLine2 city postalCode phoneNumber customFields { paczkomat } }
          shippingLines { shippingMethod { code name } priceWithTax }
          payments { id method state amount }
        }
      }
    }
  }
`);

/** A new activation e-mail (`/verify` with an expired link). */
export const refreshCustomerVerification = graphql(`
  mutation refreshCustomerVerification($emailAddress: String!) {
    refreshCustomerVerification(emailAddress: $emailAddress) {
      ... on Success { success }
      ... on ErrorResult { errorCode message }
    }
  }
`);

/** The confirmation link of an e-mail change (`/verify?token=…&change=1`, dev mailbox `email-change`). */
export const confirmCustomerEmailAddress = graphql(`
  mutation confirmCustomerEmailAddress($token: String!) {
    updateCustomerEmailAddress(token: $token) {
      ... on Success { success }
      ... on ErrorResult { errorCode message }
    }
  }
`);
