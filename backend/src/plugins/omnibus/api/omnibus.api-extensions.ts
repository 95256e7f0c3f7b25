import gql from 'graphql-tag';

export const shopApiExtensions = gql`
    extend type ProductVariant {
        "Omnibus: lowest price (grosze, as price/priceWithTax of this channel) of the 30 days before the current reduction; null when the price is not reduced"
        omnibusPrice: Money
    }

    extend type SearchResult {
        "Omnibus price of this variant, or with groupByProduct of the product's cheapest variants; null when not reduced"
        omnibusPrice: Money
    }
`;
