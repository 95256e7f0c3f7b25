import { graphql } from '../../client/graphql/graphql';

/** Spec §7 address book operations of a logged-in customer (account page, checkout). */

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
