import { extraOfferFields } from '../../client/graphql/fragments.graphql';
import { graphql } from '../../client/graphql/graphql';

/**
 * Pro-Fit Studio: the models of a configurator (the products of its collection)
 * with what the shopper can choose on each: option groups, variants with the
 * extras the backend prices, and the harness configurator (parts and colours)
 * the backend checks the cart line against. Sent without a session token: the
 * same for everybody, cached at the edge with the page.
 */
export const getStudioModels = graphql(
  `
  query getStudioModels($ids: [String!]!) {
    products(options: { filter: { id: { in: $ids } }, take: 50 }) {
      items {
        id
        name
        slug
        featuredAsset { preview }
        optionGroups { id code name options { id code name } }
        variants {
          id
          priceWithTax
          stockLevel
          options { id }
          extras { ...ExtraOfferFields }
          configurator { type parts { key label } colours { code name } }
        }
      }
    }
  }
`,
  [extraOfferFields],
);
