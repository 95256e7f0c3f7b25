import gql from 'graphql-tag';

const types = gql`
    type WithdrawalLine {
        orderLineId: ID!
        productName: String!
        quantity: Int!
    }

    type Withdrawal implements Node {
        id: ID!
        createdAt: DateTime!
        orderCode: String!
        name: String!
        emailAddress: String!
        lines: [WithdrawalLine!]!
        state: String!
    }
`;

export const shopApiExtensions = gql`
    ${types}

    "A line of an order as the withdrawal form shows it: eligible, or excluded with the reason in Polish."
    type WithdrawalOrderLine {
        orderLineId: ID!
        productName: String!
        variantName: String!
        quantity: Int!
        eligible: Boolean!
        reason: String
        withdrawnAt: DateTime
    }

    type WithdrawalOrder {
        code: String!
        orderPlacedAt: DateTime
        deliveredAt: DateTime
        "last moment to withdraw (14 days from delivery); null while the order is not delivered"
        deadline: DateTime
        open: Boolean!
        reason: String
        lines: [WithdrawalOrderLine!]!
    }

    input RequestWithdrawalInput {
        code: String!
        emailAddress: String!
        name: String!
        orderLineIds: [ID!]!
    }

    extend type Query {
        "The order of this code and e-mail address for the withdrawal form; null for a wrong pair (never says which part)."
        withdrawalOrder(code: String!, emailAddress: String!): WithdrawalOrder
    }

    extend type Mutation {
        "Records a withdrawal from the chosen lines (idempotent) and e-mails the acknowledgement."
        requestWithdrawal(input: RequestWithdrawalInput!): Withdrawal!
    }
`;

export const adminApiExtensions = gql`
    ${types}

    extend type Withdrawal {
        "the order's id (its page in the Dashboard, where refunds are made)"
        orderId: ID!
    }

    type WithdrawalList {
        items: [Withdrawal!]!
        totalItems: Int!
    }

    extend type Query {
        withdrawals(skip: Int, take: Int): WithdrawalList!
    }

    extend type Mutation {
        "received → accepted (the goods are expected back or refunded)"
        setWithdrawalState(id: ID!, state: String!): Withdrawal!
    }
`;
