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

    "A BLIK code P24 accepted: the shopper confirms in the banking app; poll onlinePaymentStatus (blik-pending until then)."
    type BlikPaymentStart {
        sessionId: String!
    }

    "BLIK_CODE_ERROR: the code is not six digits, or P24 refused it (wrong, expired, used); message in Polish, the order waits for a new code"
    type BlikCodeError implements ErrorResult {
        errorCode: ErrorCode!
        message: String!
    }

    union BlikPaymentStartResult = BlikPaymentStart | BlikCodeError | OnlinePaymentError

    extend type Mutation {
        "Registers the active order (ArrangingPayment) at the payment gateway and returns the gateway page URL"
        startOnlinePayment: OnlinePaymentStartResult!
        "Registers the active order (ArrangingPayment) at Przelewy24 as a BLIK transaction and charges it with the six-digit code"
        startBlikPayment(blikCode: String!): BlikPaymentStartResult!
    }

    extend type Query {
        "Newest online payment session of an order readable by orderByCode: registered | unpaid (Przelewy24 knows no payment) | paid | verify-failed | mismatch | error | blik-pending | blik-declined | blik-timeout | blik-rejected; null when none (or not yours)"
        onlinePaymentStatus(orderCode: String!): String
    }
`;
