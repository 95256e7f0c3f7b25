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
        fulfillments: [Fulfillment!]!
    }

    extend type Query {
        """
        A placed order by its code and either the key of the link in the shop's e-mails or the e-mail
        address it was placed with; null for a wrong pair, an order not placed yet, or malformed input
        (the answer never tells whether the code exists).
        """
        orderStatus(code: String!, key: String, emailAddress: String): OrderStatus
    }
`;

export const shopApiExtensions = gql`
    ${fulfillmentFields}
    ${orderStatus}
`;
export const adminApiExtensions = fulfillmentFields;
