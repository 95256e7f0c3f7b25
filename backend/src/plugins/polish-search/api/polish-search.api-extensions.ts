import gql from 'graphql-tag';

export const shopApiExtensions = gql`
    extend type Query {
        """
        A term one edit away (in one of its words) that finds products, when the term itself finds
        none: the storefront's 'Czy chodziło Ci o: …'. Null otherwise. Terms over 200 characters
        are refused.
        """
        searchSuggestion(term: String!): String
    }
`;
