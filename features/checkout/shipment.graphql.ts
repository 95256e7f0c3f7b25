import { graphql } from '../../client/graphql/graphql';

/**
 * An order's shipments as the shopper sees them (issue 28): state, carrier (`method`), tracking
 * number and the carrier's tracking page, when it was sent and delivered (backend plugins/fulfilment).
 */
export const shipmentFields = graphql(`
  fragment ShipmentFields on Fulfillment @_unmask {
    id
    state
    method
    trackingCode
    trackingUrl
    shippedAt
    deliveredAt
  }
`);
