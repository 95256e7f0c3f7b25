import gql from 'graphql-tag';

/**
 * The catalogue read model in the Shop API: the same field names as Product and ProductVariant
 * (so a storefront moves to it by renaming its query), served from one stored document per
 * product: no field here runs a query of its own.
 */
export const shopApiExtensions = gql`
    type CatalogueAsset {
        id: ID!
        preview: String!
        source: String!
        width: Int!
        height: Int!
    }

    type CatalogueAssetRef {
        id: ID!
    }

    type CatalogueFacet {
        id: ID!
        code: String!
        name: String!
    }

    type CatalogueFacetValue {
        id: ID!
        code: String!
        name: String!
        facet: CatalogueFacet!
    }

    type CatalogueOptionGroupRef {
        code: String!
    }

    type CatalogueOption {
        id: ID!
        code: String!
        name: String!
        group: CatalogueOptionGroupRef!
    }

    type CatalogueOptionGroupOption {
        id: ID!
        code: String!
        name: String!
    }

    type CatalogueOptionGroup {
        id: ID!
        code: String!
        name: String!
        options: [CatalogueOptionGroupOption!]!
    }

    type CatalogueCollectionRef {
        id: ID!
        name: String!
        slug: String!
    }

    type CatalogueCollectionParent {
        id: ID!
        slug: String!
    }

    type CatalogueCollection {
        id: ID!
        name: String!
        slug: String!
        parent: CatalogueCollectionParent
        breadcrumbs: [CatalogueCollectionRef!]!
    }

    type CatalogueVariantCustomFields {
        staracena: Int
        ean: String
    }

    type CatalogueProductCustomFields {
        producent: String
        producentadres: String
        producentemail: String
        bezpieczenstwo: String
    }

    type CatalogueReviewSummary {
        average: Float
        count: Int!
        histogram: [ProductReviewHistogramBar!]!
    }

    "A variant as a product page shows it"
    type CatalogueVariant {
        id: ID!
        name: String!
        sku: String!
        priceWithTax: Money!
        "IN_STOCK, LOW_STOCK or OUT_OF_STOCK, as ProductVariant.stockLevel"
        stockLevel: String!
        featuredAsset: CatalogueAssetRef
        customFields: CatalogueVariantCustomFields!
        omnibusPrice: Money
        options: [CatalogueOption!]!
        extras: [ExtraOffer!]!
        configurator: ConfiguratorOffer
    }

    "A product as its page shows it (Product's fields of the same names)"
    type CatalogueProduct {
        id: ID!
        name: String!
        slug: String!
        description: String!
        createdAt: DateTime!
        customFields: CatalogueProductCustomFields!
        featuredAsset: CatalogueAsset
        assets: [CatalogueAsset!]!
        facetValues: [CatalogueFacetValue!]!
        collections: [CatalogueCollection!]!
        optionGroups: [CatalogueOptionGroup!]!
        variants: [CatalogueVariant!]!
        reviewSummary: CatalogueReviewSummary!
    }

    type CatalogueCardAsset {
        preview: String!
    }

    type CatalogueCardFacetValue {
        id: ID!
        code: String!
        facet: CatalogueCardFacet!
    }

    type CatalogueCardFacet {
        id: ID!
        code: String!
    }

    type CatalogueCardOptionGroup {
        id: ID!
        code: String!
        name: String!
    }

    type CatalogueCardVariantCustomFields {
        staracena: Int
    }

    type CatalogueCardVariant {
        id: ID!
        name: String!
        sku: String!
        priceWithTax: Money!
        stockLevel: String!
        customFields: CatalogueCardVariantCustomFields!
        omnibusPrice: Money
        options: [CatalogueOption!]!
    }

    type CatalogueCardReviewSummary {
        average: Float
        count: Int!
    }

    "What a product card shows (a listing, the home page, related products, the cart's suggestions)"
    type CatalogueCard {
        id: ID!
        name: String!
        slug: String!
        createdAt: DateTime!
        featuredAsset: CatalogueCardAsset
        assets: [CatalogueCardAsset!]!
        facetValues: [CatalogueCardFacetValue!]!
        optionGroups: [CatalogueCardOptionGroup!]!
        variants: [CatalogueCardVariant!]!
        reviewSummary: CatalogueCardReviewSummary!
    }

    type OrderLineCatalogueOptionGroup {
        code: String!
        name: String!
    }

    type OrderLineCatalogueOption {
        id: ID!
        code: String!
        name: String!
        group: OrderLineCatalogueOptionGroup!
    }

    type OrderLineCatalogueProduct {
        id: ID!
        name: String!
        slug: String!
        facetValues: [CatalogueFacetValue!]!
    }

    "What a cart or order line shows of its product and variant (ProductVariant's product and options, same names)"
    type OrderLineCatalogue {
        product: OrderLineCatalogueProduct!
        options: [OrderLineCatalogueOption!]!
    }

    extend type OrderLine {
        "From the catalogue read model, one statement for all lines of a request; a line whose variant is no longer in it (disabled, deleted) from the live entities"
        catalogue: OrderLineCatalogue!
    }

    extend type Query {
        "Cards of enabled products, in the order of ids or slugs (one of them; unknown and disabled ones left out); at most 100"
        catalogueCards(ids: [ID!], slugs: [String!]): [CatalogueCard!]!
        "The same cards as catalogueCards(ids), as one JSON value: no execution per field (about 15 ms less for 40 cards), for a client that checks the shape itself"
        catalogueCardsJson(ids: [ID!]!): JSON!
        "The product page's family and related products in one request: { family, parent, cards }, the product ids of the collection and of its parent as search lists them (take 1 to 50 of each), and catalogueCardsJson of all of them"
        catalogueFamilyJson(collectionId: ID, parentId: ID, take: Int!): JSON!
        "A product page by id or slug (one of them), or null when there is no enabled product"
        catalogueProduct(id: ID, slug: String): CatalogueProduct
    }
`;
