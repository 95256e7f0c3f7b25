import gql from 'graphql-tag';

/** Adds EmailAddressConflictError to the result of registerCustomerAccount. */
export const shopApiExtensions = gql`
    extend union RegisterCustomerAccountResult = EmailAddressConflictError
`;
