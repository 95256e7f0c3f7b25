import gql from 'graphql-tag';

/** Admin API for the staff's invoices screen and the order page's block (issue 40, slice E; decision 121). */
export const invoiceStaffAdminApiExtensions = gql`
    extend type Invoice {
        "outside (not for KSeF), waiting (not yet sent, or retrying), sending, accepted, rejected"
        ksefState: String!
        "the KSeF state in Polish as staff read it: czeka na wysłanie, wysyłana, przyjęta przez KSeF, odrzucona: <KSeF's reason>, poza KSeF"
        ksefStateLabel: String!
        "KSeF's reason of a rejected invoice (code and description, as KSeF gives them); null otherwise"
        ksefRejectionReason: String
        "the PDF on the backend's own origin (/invoices/pdf/{signed handle}), opened from the Dashboard (served by the same origin)"
        adminPdfUrl: String!
    }

    extend input InvoiceListOptions {
        "waiting: KSeF invoices not yet accepted nor rejected (czekające na KSeF); rejected: refused by KSeF"
        ksefState: String
    }

    type InvoiceEmailResent {
        "the address the invoice's e-mail was sent to again"
        emailAddress: String!
    }

    extend type Mutation {
        "sends the invoice's e-mail again to the order's customer (a new message; order update permission)"
        resendInvoiceEmail(invoiceId: ID!): InvoiceEmailResent!
    }
`;
