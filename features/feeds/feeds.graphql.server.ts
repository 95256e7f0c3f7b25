import { graphql } from '../../client/graphql/graphql';

/**
 * The catalogue read model page by page (decision 111): the page documents of up to 200 products
 * after product id `after`, one SQL statement at the backend, as one JSON value in the shape of
 * `catalogueProduct` (features/product/product.graphql.server.ts getProduct types it). Sent by the
 * worker without a session.
 */
export const getCatalogueFeed = graphql(`
  query getCatalogueFeed($after: Int) {
    catalogueFeed(after: $after) {
      items
      next
    }
  }
`);
