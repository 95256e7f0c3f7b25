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

/** Admin API: the order's Przelewy24 sessions, for the block on the Dashboard's order page. */
export const adminApiExtensions = gql`
    "One registration of the order's payment at Przelewy24 (a shopper may start several)"
    type OnlinePaymentSession {
        id: ID!
        createdAt: DateTime!
        updatedAt: DateTime!
        "our sessionId sent to P24 (p24_session_id)"
        sessionId: String!
        "registered, paid, failed, cancelled, error, verify-failed, mismatch, blik-pending, blik-declined, refunded, refund-failed"
        status: String!
        "in grosze"
        amount: Int!
        currency: String!
        "P24's id of the paid transaction (orderId in the P24 panel); null until paid"
        transactionId: String
        "the Vendure payment it settled, if any"
        paymentId: ID
    }

    extend type Query {
        "The order's sessions, newest first"
        onlinePaymentSessions(orderId: ID!): [OnlinePaymentSession!]!
    }
`;
