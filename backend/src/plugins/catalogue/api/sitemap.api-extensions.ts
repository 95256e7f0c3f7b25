import gql from 'graphql-tag';

/**
 * What the storefront's sitemaps list (features/sitemap/, decision 110), in a bounded number of
 * statements however large the catalogue: the products page by page from the catalogue read model
 * (one statement a page), the categories in two, the product count in one.
 */
export const sitemapShopApiExtensions = gql`
    "A product as a sitemap lists it: its page's id and slug, when it last changed, its pictures"
    type SitemapProduct {
        id: ID!
        slug: String!
        "the latest of the product's, its live variants' and their prices' updatedAt"
        updatedAt: DateTime!
        "the asset URLs its page shows (absolute, as the asset server gives them), in order"
        images: [String!]!
    }

    "A category (a public, non-empty collection under public parents) as a sitemap lists it"
    type SitemapCategory {
        id: ID!
        "the slugs from the top category down to this one (its URL is /c/ and these joined by /)"
        path: [String!]!
        updatedAt: DateTime!
    }

    type CatalogueSitemap {
        "enabled products with a catalogue document in this channel"
        productCount: Int!
        "those products in the order of their ids; take 1 to 1000"
        products(skip: Int!, take: Int!): [SitemapProduct!]!
        categories: [SitemapCategory!]!
    }

    extend type Query {
        "What the sitemaps list; each field costs a bounded number of statements (one a page of products)"
        catalogueSitemap: CatalogueSitemap!
    }
`;
