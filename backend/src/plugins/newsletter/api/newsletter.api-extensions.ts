import gql from 'graphql-tag';

export const shopApiExtensions = gql`
    enum NewsletterSubscribeStatus {
        "An opt-in e-mail is on its way (or was sent minutes ago); the address is pending until its link is followed"
        CONFIRMATION_SENT
        "The signed-in customer's own address: subscribed at once"
        SUBSCRIBED
        "The address is already on the list"
        ALREADY_SUBSCRIBED
    }

    enum NewsletterConfirmStatus {
        CONFIRMED
        ALREADY_CONFIRMED
        "Unknown or expired link"
        INVALID_TOKEN
    }

    type NewsletterSubscribeResult {
        status: NewsletterSubscribeStatus!
    }

    type NewsletterConfirmResult {
        status: NewsletterConfirmStatus!
    }

    extend type Mutation {
        "Signs an address up for the newsletter (double opt-in). consent must be true. Idempotent."
        subscribeToNewsletter(email: String!, consent: Boolean!): NewsletterSubscribeResult!
        "Confirms a sign-up with the token of its opt-in e-mail"
        confirmNewsletter(token: String!): NewsletterConfirmResult!
    }
`;

/** Admin API: the list for the staff (the Dashboard's subscriber screen and its CSV export). */
export const adminApiExtensions = gql`
    type NewsletterSubscriber {
        id: ID!
        emailAddress: String!
        "pending (the opt-in link not followed yet) or confirmed"
        status: String!
        "when the consent was given"
        consentedAt: DateTime!
        confirmedAt: DateTime
        "the customer account it belongs to, if any"
        customerId: ID
    }

    type NewsletterSubscriberList {
        items: [NewsletterSubscriber!]!
        totalItems: Int!
    }

    extend type Query {
        "Newest first; status: pending or confirmed (all when omitted); take at most 500"
        newsletterSubscribers(status: String, skip: Int, take: Int): NewsletterSubscriberList!
    }
`;
