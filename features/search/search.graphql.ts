import { graphql } from '../../client/graphql/graphql';

/**
 * The header search (searchproductsterm), sent by the browser through /api/shop.
 * Kept apart from catalogue.ts so the lazily loaded search overlay does not
 * carry the worker's catalogue documents.
 */
export const searchProductsTerm = graphql(`
  query searchproductsterm($input: SearchInput!) {
    search(input: $input) {
      totalItems
      items {
        productId
        productName
        slug
        productAsset { preview }
        priceWithTax {
          ... on PriceRange { min max }
          ... on SinglePrice { value }
        }
      }
      collections {
        count
        collection { id name slug breadcrumbs { id name slug } }
      }
    }
  }
`);
