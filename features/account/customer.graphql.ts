import { graphql } from '../../client/graphql/graphql';
import { shipmentFields } from '../checkout/shipment.graphql';
import { addressFields } from './address.graphql';

/**
 * Spec §7 customer data and profile operations (through /api/shop, with the session cookie).
 * Addresses are in ./address, log-in and the account's life cycle in ./auth: a page's chunk
 * carries only the documents it can send.
 */

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

/**
 * The account's order history (spec §2 "Order history"): placed orders only (the active order is
 * the cart), newest first, a page at a time, with what the order detail shows.
 */
export const getOrderHistory = graphql(
  `
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
          lines {
            id
            quantity
            linePriceWithTax
            productVariant { id name sku options { group { code } } product { facetValues { id name facet { id code name } } } }
          }
          shippingAddress { fullName streetLine1 streetLine2 city postalCode phoneNumber customFields { paczkomat } }
          shippingLines { shippingMethod { code name } priceWithTax }
          payments { id method state amount }
          fulfillments { ...ShipmentFields }
          invoices { number kind ksefNumber pdfUrl }
        }
      }
    }
  }
`,
  [shipmentFields],
);
