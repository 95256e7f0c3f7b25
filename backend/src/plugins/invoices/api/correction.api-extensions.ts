import gql from 'graphql-tag';

/** Decision 120: staff's "issue the correction now" of a settled refund (the job's own path, idempotent per refund). */
export const correctionAdminApiExtensions = gql`
    extend type Mutation {
        "Issues the correcting invoice (FA(3) KOR) of a settled refund of an invoiced order unless it has one; a Polish reason otherwise"
        issueCorrection(refundId: ID!): Invoice!
    }
`;
