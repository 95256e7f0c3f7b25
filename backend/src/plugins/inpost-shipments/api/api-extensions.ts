import gql from 'graphql-tag';

export const adminApiExtensions = gql`
    "gabaryt of a parcel: A 8×38×64 cm, B 19×38×64 cm, C 41×38×64 cm (the courier's parcel gets the same box)"
    enum InpostParcelSize {
        A
        B
        C
    }

    "An order's InPost ShipX shipment (decision 113), as last read from ShipX"
    type InpostShipment {
        id: ID!
        orderId: ID!
        orderCode: String!
        "ShipX's shipment id (null while it is being created)"
        shipmentId: ID
        "ShipX's status (created, confirmed, dispatched_by_sender, …, delivered)"
        status: String!
        "the status in Polish, as the order page shows it"
        statusLabel: String!
        trackingNumber: String
        size: InpostParcelSize!
        "the locker; empty for InPost's courier to the street address (the kurier method)"
        targetPoint: String!
        "the Vendure fulfilment carrying the tracking number (once ShipX confirmed the shipment)"
        fulfillmentId: ID
        "the label PDF (GET with the staff's token): /inpost/label/{orderId}?type=normal|A6; null before ShipX confirmed"
        labelPath: String
        "ShipX's dispatch order (InPost's courier collecting the parcel) once staff ordered the pickup"
        dispatchOrderId: ID
        cancellable: Boolean!
        createdAt: DateTime!
        updatedAt: DateTime!
    }

    "The answer of a shipment mutation: the shipment, or the reason in Polish (ShipX's own reason included)"
    type InpostShipmentResult {
        shipment: InpostShipment
        error: String
    }

    type InpostBulkShipmentResult {
        orderId: ID!
        shipment: InpostShipment
        error: String
    }

    "The courier's pickup of several parcels (ShipX's dispatch order), or the reason in Polish"
    type InpostPickupResult {
        dispatchOrderId: ID
        "ShipX's status of the dispatch order (new, sent, …)"
        status: String
        orderCodes: [String!]!
        error: String
    }

    "A label PDF for the Dashboard (which holds a bearer token, not a cookie): base64, or the reason"
    type InpostLabelResult {
        fileName: String
        pdfBase64: String
        error: String
    }

    extend type Query {
        "the label PDF of the order's confirmed shipment; type A6 or normal (A4)"
        inpostLabel(orderId: ID!, type: String): InpostLabelResult!
        "the labels of several orders' confirmed shipments merged into one PDF (at most 100)"
        inpostLabels(orderIds: [ID!]!, type: String): InpostLabelResult!
        "the order's shipment, re-read from ShipX (null: none yet)"
        inpostShipment(orderId: ID!): InpostShipment
        "the gabaryt a new shipment of the order gets unless staff choose another"
        inpostDefaultParcelSize(orderId: ID!): InpostParcelSize!
    }

    extend type Mutation {
        "a shipment at ShipX for a paid order: to its Paczkomat, or by InPost's courier to its street address (kurier); once per order"
        createInpostShipment(orderId: ID!, size: InpostParcelSize): InpostShipmentResult!
        "several orders at once (at most 100), each with its default size; one answer per order"
        createInpostShipments(orderIds: [ID!]!): [InpostBulkShipmentResult!]!
        "orders InPost's courier to collect the selected orders' confirmed parcels at INPOST_PICKUP_ADDRESS (ShipX's dispatch order; sending method dispatch_order; at most 100)"
        orderInpostPickup(orderIds: [ID!]!): InpostPickupResult!
        "cancels a shipment ShipX has not confirmed yet (the order may then get a new one)"
        cancelInpostShipment(orderId: ID!): InpostShipmentResult!
    }
`;
