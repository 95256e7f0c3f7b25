import { graphql } from '../../client/graphql/graphql';

/**
 * The backend's `catalogueSitemap` (backend/src/plugins/catalogue/api/sitemap.resolver.ts), sent
 * without a session: each field a bounded number of SQL statements, a page of products one.
 */
export const getSitemapOverview = graphql(`
  query getsitemapoverview {
    catalogueSitemap {
      productCount
      categories { id path updatedAt }
    }
  }
`);

export const getSitemapProducts = graphql(`
  query getsitemapproducts($skip: Int!, $take: Int!) {
    catalogueSitemap {
      products(skip: $skip, take: $take) { id slug updatedAt images }
    }
  }
`);
