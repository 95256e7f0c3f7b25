import gql from 'graphql-tag';

export const shopApiExtensions = gql`
    extend type SearchResult {
        "When the product was created (NEW badge under 30 days)"
        createdAt: DateTime
        "Number of variants of the product"
        variantsQty: Int
    }
`;
