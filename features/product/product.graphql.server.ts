import { extraOfferFields } from '../../client/graphql/fragments.graphql';
import { graphql } from '../../client/graphql/graphql';
import { reviewFields } from '../reviews/reviews.graphql';

/**
 * Product page documents (spec §7 getProduct, getRelatedProducts and the
 * family filter). Sent by the worker without a session token, so the page is
 * the same for every shopper and can be cached. getProduct reads the product
 * from the backend's catalogue read model (`catalogueProduct`, one stored
 * document; decision 108) with the review summary, and the first page of
 * approved reviews (public data).
 */

export const getProduct = graphql(
  `
  query getProduct($id: ID!, $reviewsTake: Int!) {
    product: catalogueProduct(id: $id) {
      id
      name
      slug
      description
      createdAt
      customFields { producent producentadres producentemail bezpieczenstwo }
      featuredAsset { id preview }
      assets { id preview source width height }
      facetValues { id code name facet { id code name } }
      collections {
        id
        name
        slug
        parent { id slug }
        breadcrumbs { id name slug }
      }
      optionGroups { id code name options { id code name } }
      variants {
        id
        name
        sku
        priceWithTax
        stockLevel
        featuredAsset { id }
        customFields { staracena ean }
        omnibusPrice
        options { id code name group { code } }
        extras { ...ExtraOfferFields }
        configurator { parts { key } }
      }
      reviewSummary { average count histogram { rating count } }
    }
    productReviews(productId: $id, options: { take: $reviewsTake }) {
      totalItems
      items { ...Review }
    }
  }
`,
  [extraOfferFields, reviewFields],
);

/**
 * The family filter (spec §7: groupByProduct, take 20, collectionId) and the
 * related products of the parent collection, with the cards of all of them, in
 * one request (issue 38): the backend runs the two searches and reads the cards
 * from its catalogue read model (`catalogueFamilyJson`: `{ family, parent,
 * cards }`, the cards as `catalogueCardsJson`; backend/test/catalogue-read-model.test.ts
 * holds it equal to the search and the cards asked apart). The search API sorts
 * only by name or price, so the loader orders the ids by product id descending itself.
 */
export const getProductFamily = graphql(`
  query getProductFamily($collectionId: ID, $parentId: ID, $take: Int!) {
    catalogueFamilyJson(collectionId: $collectionId, parentId: $parentId, take: $take)
  }
`);
