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

export const shopApiExtensions = fulfillmentFields;
export const adminApiExtensions = fulfillmentFields;
