import gql from 'graphql-tag';

/** What a shopper and staff read of a shipment, next to Vendure's `method` (carrier) and `trackingCode`. */
const fulfillmentFields = gql`
    extend type Fulfillment {
        "the carrier's public tracking page for trackingCode (null without a number or for an unknown carrier)"
        trackingUrl: String
        "when the fulfilment moved to Shipped (null before)"
        shippedAt: DateTime
        "when the parcel was delivered: the move to Delivered (null before); the withdrawal period runs from it"
        deliveredAt: DateTime
    }
`;

/**
 * One order for someone without an account (decision 102): the guest's order status page, reached
 * from the link in the shop's e-mails (its `key`) or by the order's code and e-mail address.
 */
const orderStatus = gql`
    type OrderStatusLine {
        productName: String!
        variantName: String!
        quantity: Int!
        linePriceWithTax: Money!
    }

    "A shipment as the status page shows it (decision 104: our own type, with no way back to the order, its customer or addresses)."
    type OrderStatusShipment {
        id: ID!
        "Pending, Shipped, Delivered or Cancelled"
        state: String!
        "the carrier ('InPost Paczkomat', 'Kurier DPD')"
        method: String!
        trackingCode: String
        "the carrier's public tracking page for trackingCode (null without a number or for an unknown carrier)"
        trackingUrl: String
        "when it moved to Shipped (null before)"
        shippedAt: DateTime
        "when it was delivered (null before)"
        deliveredAt: DateTime
    }

    type OrderStatus {
        code: String!
        state: String!
        orderPlacedAt: DateTime
        currencyCode: CurrencyCode!
        subTotalWithTax: Money!
        shippingWithTax: Money!
        totalWithTax: Money!
        "the shipping method's name ('Paczkomat InPost', 'Kurier')"
        shippingMethod: String
        lines: [OrderStatusLine!]!
        shipments: [OrderStatusShipment!]!
    }

    extend type Query {
        """
        A placed order by its code and either the key of the link in the shop's e-mails (valid for 90
        days from the e-mail) or the e-mail address it was placed with; null for a wrong pair, an
        expired key, an order not placed yet, or malformed input (the answer never tells whether the
        code exists). code: at most 32 characters, key 64, emailAddress 254.
        """
        orderStatus(code: String!, key: String, emailAddress: String): OrderStatus
    }

    extend type Mutation {
        """
        E-mails a fresh link to the order's status page to the address the order was placed with, when
        the code and e-mail address name a placed order. Always true (the answer never tells whether
        the order exists); a code over 32 or an address over 254 characters is refused.
        """
        requestOrderStatusLink(code: String!, emailAddress: String!): Boolean!
    }
`;

export const shopApiExtensions = gql`
    ${fulfillmentFields}
    ${orderStatus}
`;
export const adminApiExtensions = fulfillmentFields;
