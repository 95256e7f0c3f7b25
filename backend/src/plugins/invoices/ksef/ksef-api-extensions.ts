import gql from 'graphql-tag';

export const ksefAdminApiExtensions = gql`
    "An invoice's way to KSeF (decision 117)"
    enum KsefSubmissionState {
        "not yet sent, or KSeF was unreachable / in maintenance: tried again at nextAttemptAt"
        waiting
        "an attempt is under way"
        sending
        "KSeF gave it a KSeF number"
        accepted
        "KSeF refused it: rejectionCode and rejectionReason"
        rejected
    }

    type KsefSubmission {
        id: ID!
        "the invoice number"
        key: String!
        state: KsefSubmissionState!
        "the state in Polish, as staff read it"
        stateLabel: String!
        attempts: Int!
        nextAttemptAt: DateTime
        "SHA-256 of the XML sent, base64"
        invoiceHash: String!
        sessionReferenceNumber: String
        invoiceReferenceNumber: String
        ksefNumber: String
        acceptedAt: DateTime
        "the official receipt (UPO) XML"
        upoXml: String
        rejectionCode: Int
        "KSeF's reason (Polish, as KSeF gives it)"
        rejectionReason: String
        "why the last attempt did not finish (KSeF unreachable, maintenance, …)"
        lastError: String
        createdAt: DateTime!
        updatedAt: DateTime!
    }

    type KsefSubmissionResult {
        submission: KsefSubmission
        error: String
    }

    extend type Query {
        "submissions newest first (at most 500), all or in one state: which invoices wait or were rejected and why"
        ksefSubmissions(state: KsefSubmissionState): [KsefSubmission!]!
        ksefSubmission(key: String!): KsefSubmission
    }

    extend type Mutation {
        "sends an FA(3) XML to KSeF under this key (once per key); only while KSeF is the development stand-in"
        enqueueKsefSubmission(key: String!, invoiceXml: String!): KsefSubmissionResult!
    }
`;
