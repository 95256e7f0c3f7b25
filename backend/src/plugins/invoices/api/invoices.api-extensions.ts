import gql from 'graphql-tag';

const invoiceFields = `
        id: ID!
        createdAt: DateTime!
        "VAT (faktura) or KOR (faktura korygująca)"
        kind: String!
        "FV/2026/000123; corrections FK/2026/000001"
        number: String!
        "P_1, YYYY-MM-DD"
        issueDate: String!
        "P_6: the date the whole payment was received, YYYY-MM-DD"
        saleDate: String!
        buyerName: String!
        "null: a consumer without a NIP"
        buyerNip: String
        buyerAddress: String!
        "grosze"
        totalNet: Int!
        totalVat: Int!
        totalGross: Int!
        "true: sent to KSeF (the buyer has a NIP)"
        ksef: Boolean!
        "KSeF's number of the invoice once KSeF accepted it (decision 117); null before, or outside KSeF"
        ksefNumber: String
        "the storefront's address of the invoice's PDF (/faktury/{unguessable handle}.pdf; decision 119)"
        pdfUrl: String!
`;

export const adminApiExtensions = gql`
    "An issued invoice (decision 116)"
    type Invoice implements Node {
        ${invoiceFields}
        orderId: ID!
        orderCode: String!
        "the FA(3) XML exactly as issued"
        xml: String!
        "SHA-256 of the XML's bytes, base64url"
        xmlSha256: String!
    }

    type InvoiceList implements PaginatedList {
        items: [Invoice!]!
        totalItems: Int!
    }

    input InvoiceListOptions {
        skip: Int
        "at most 100 (default 20)"
        take: Int
        "VAT or KOR"
        kind: String
    }

    extend type Query {
        "the invoices, newest first"
        invoices(options: InvoiceListOptions): InvoiceList!
    }

    extend type Mutation {
        "issues the paid order's VAT invoice now unless it has one (the same path as the job); an error with the reason otherwise"
        issueInvoice(orderId: ID!): Invoice
    }

    extend type Order {
        invoices: [Invoice!]!
    }
`;

export const shopApiExtensions = gql`
    "An invoice of the customer's order"
    type Invoice {
        ${invoiceFields}
    }

    extend type Order {
        "the order's invoices; empty unless the logged-in customer owns the order"
        invoices: [Invoice!]!
    }

    extend type OrderStatus {
        "the order's invoices (the status page's answer exists only for its signed key or code and e-mail; decision 119)"
        invoices: [Invoice!]!
    }
`;
