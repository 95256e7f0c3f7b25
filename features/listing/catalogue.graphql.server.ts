import { graphql } from '../../client/graphql/graphql';

/** Spec §7 catalogue calls, as standard Shop API queries. Sent by the worker without a session token. */

export const getCollection = graphql(`
  query getcollection($slug: String!) {
    collection(slug: $slug) {
      id
      name
      slug
      description
      breadcrumbs { id name slug }
      parent { id slug }
      children { id name slug position featuredAsset { preview } }
      featuredAsset { preview }
    }
  }
`);

/** Top categories and their children (header navigation, home page). */
export const getRootCollections = graphql(`
  query getrootcollections {
    collections(options: { topLevelOnly: true, sort: { position: ASC }, take: 20 }) {
      items {
        id
        name
        slug
        description
        featuredAsset { preview }
        children { id name slug position featuredAsset { preview } }
      }
    }
  }
`);

/**
 * Product ids and facet counts of a listing (searchproducts / searchfacetbycollection / getproductsids).
 * No `collections` aggregate: the listing does not use it and it costs the backend a second grouping per search.
 * `createdAt` only for the date sorts (`$dated`): it costs the backend a read of every product.
 */
export const searchProducts = graphql(`
  query searchproducts($input: SearchInput!, $dated: Boolean = false) {
    search(input: $input) {
      totalItems
      items {
        productId
        slug
        productName
        createdAt @include(if: $dated)
        priceWithTax {
          ... on PriceRange { min max }
          ... on SinglePrice { value }
        }
      }
      facetValues { count facetValue { id name code facet { id name code } } }
    }
  }
`);

/** What a product card shows, from the backend's catalogue read model (one stored document per product). */
export const productCardFields = graphql(`
  fragment ProductCard on CatalogueCard @_unmask {
    id
    name
    slug
    createdAt
    featuredAsset { preview }
    assets { preview }
    facetValues { id code facet { id code } }
    optionGroups { id code name }
    variants {
      id
      sku
      priceWithTax
      stockLevel
      customFields { staracena }
      omnibusPrice
      options { id code name group { code } }
    }
    reviewSummary { average count }
  }
`);

/**
 * Cards of products by id, in the order of the ids (at most 100; unknown ones left out): one read
 * of the backend's catalogue read model (decision 108), as one JSON value (`catalogueCardsJson`:
 * the backend does not execute 40 cards field by field). Its shape is the `CatalogueCard` type,
 * which the fragment above names the fields of; `cardsByIds` (product-card.server.ts) types it.
 */
export const getProductsByIds = graphql(`
  query getproductsids($ids: [ID!]!) {
    catalogueCardsJson(ids: $ids)
  }
`);

/** The newest products' ids (the home page's newest section; their cards come from getProductsByIds). */
export const getNewestProductIds = graphql(`
  query getnewestproductids($take: Int!) {
    products(options: { sort: { createdAt: DESC }, take: $take }) {
      items { id }
    }
  }
`);

/** Facet names for the filter sidebar (getFacet). */
export const getFacets = graphql(`
  query getFacet {
    facets(options: { take: 100 }) {
      items { id name code values { id name code } }
    }
  }
`);

/** getSlider: the top bar's promo title and countdown date (Channel custom fields). */
export const getSlider = graphql(`
  query getSlider {
    activeChannel { id code currencyCode customFields { topBarTitle topBarDate } }
  }
`);

/**
 * Header navigation (getheadernavigation): the top categories with two levels
 * below them, for the mega menu and the mobile accordion.
 */
export const getHeaderNavigation = graphql(`
  query getheadernavigation {
    collections(options: { topLevelOnly: true, sort: { position: ASC }, take: 20 }) {
      items {
        id
        name
        slug
        position
        children {
          id
          name
          slug
          position
          children { id name slug position }
        }
      }
    }
  }
`);

/** Sale products (getproductsale): product ids of a search by the sale facet value. */
export const getProductSale = graphql(`
  query getproductsale($input: SearchInput!) {
    search(input: $input) {
      totalItems
      items { productId }
    }
  }
`);

/** Facet values with product counts over the whole catalogue (the collections of /kolekcje are one facet's values). */
export const getFacetValueCounts = graphql(`
  query getfacetvaluecounts($input: SearchInput!) {
    search(input: $input) {
      totalItems
      facetValues { count facetValue { id name code facet { id code } } }
    }
  }
`);

/** getCategory (spec §7: options → collections): a page of collections, e.g. the children of one parent. */
export const getCategory = graphql(`
  query getCategory($options: CollectionListOptions) {
    collections(options: $options) {
      totalItems
      items { id name slug position parent { id slug } breadcrumbs { id name slug } featuredAsset { preview } }
    }
  }
`);

/** getsidebarnavigation: a collection with its siblings and children, for a category sidebar. */
export const getSidebarNavigation = graphql(`
  query getsidebarnavigation($slug: String!) {
    collection(slug: $slug) {
      id
      name
      slug
      children { id name slug position }
      parent { id name slug children { id name slug position } }
    }
  }
`);

/**
 * getImageConfig / getImageConfigBez (the harness configurators' pictures): the
 * products of a configurator collection with their colours (facet `kolor`) and
 * pictures, so a configurator can show the harness in the colour chosen. The two
 * spec calls differ only in the collection (guard vs bezuciskowe); see
 * features/configurator/rules.ts.
 */
export const getImageConfig = graphql(`
  query getImageConfig($slug: String!) {
    collection(slug: $slug) {
      id
      slug
      productVariants(options: { take: 100 }) {
        totalItems
        items { id product { id slug name facetValues { code name facet { code } } assets { name preview } } }
      }
    }
  }
`);

/** 'Czy chodziło Ci o: …' (issue 23): a term one edit away that finds products, asked only when a search found none. */
export const searchSuggestion = graphql(`
  query searchsuggestion($term: String!) {
    searchSuggestion(term: $term)
  }
`);
