import gql from 'graphql-tag';

export const shopApiExtensions = gql`
    "The Przelewy24 page (trnRequest/{token}) to send the shopper to; the order stays in ArrangingPayment until the verified notification settles it."
    type OnlinePaymentStart {
        redirectUrl: String!
        sessionId: String!
    }

    "NO_ACTIVE_ORDER_ERROR, ORDER_PAYMENT_STATE_ERROR (order not in ArrangingPayment) or ONLINE_PAYMENT_ERROR (gateway unavailable); message in Polish"
    type OnlinePaymentError implements ErrorResult {
        errorCode: ErrorCode!
        message: String!
    }

    union OnlinePaymentStartResult = OnlinePaymentStart | OnlinePaymentError

    extend type Mutation {
        "Registers the active order (ArrangingPayment) at the payment gateway and returns the gateway page URL"
        startOnlinePayment: OnlinePaymentStartResult!
    }

    extend type Query {
        "Newest online payment session of an order readable by orderByCode: registered | unpaid (Przelewy24 knows no payment) | paid | verify-failed | mismatch | error; null when none (or not yours)"
        onlinePaymentStatus(orderCode: String!): String
    }
`;
