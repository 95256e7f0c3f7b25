/**
 * GraphQL schema extensions of the reviews plugin. Shop API: approved reviews of a product (newest
 * first, paged), the summary on Product (average, count, stars histogram; cheap enough for cards),
 * the customer's own review, and `submitProductReview` (logged-in customers only). Admin API: list
 * by state and product, approve, reject.
 */
import gql from 'graphql-tag';
import { PAGE_TAKE_DEFAULT } from '../reviews.constants';
import { REVIEW_LIMITS } from '../reviews.rules';

const commonTypes = `
    enum ProductReviewState {
        PENDING
        APPROVED
        REJECTED
    }

    "A customer's review of a product. Title and text are plain text as written: render them as text, never as HTML."
    type ProductReview {
        id: ID!
        createdAt: DateTime!
        updatedAt: DateTime!
        productId: ID!
        "First name and the initial of the last name, e.g. Anna K."
        authorName: String!
        "1-5 stars"
        rating: Int!
        title: String
        text: String!
        "The author had a placed order containing the product when writing (set by the backend)"
        verifiedPurchase: Boolean!
        state: ProductReviewState!
    }

    type ProductReviewList {
        items: [ProductReview!]!
        totalItems: Int!
    }
`;

export const shopApiExtensions = gql`
    ${commonTypes}

    type ProductReviewHistogramBar {
        rating: Int!
        count: Int!
    }

    "Approved reviews only"
    type ProductReviewSummary {
        "Mean rating rounded to two decimals; null without reviews"
        average: Float
        count: Int!
        "Counts of 5, 4, 3, 2 and 1 stars, in that order"
        histogram: [ProductReviewHistogramBar!]!
    }

    input ProductReviewPageOptions {
        skip: Int
        "default ${PAGE_TAKE_DEFAULT}, at most 20"
        take: Int
    }

    input SubmitProductReviewInput {
        productId: ID!
        "${REVIEW_LIMITS.ratingMin}-${REVIEW_LIMITS.ratingMax}"
        rating: Int!
        "optional, at most ${REVIEW_LIMITS.titleMax} characters"
        title: String
        "${REVIEW_LIMITS.textMin}-${REVIEW_LIMITS.textMax} characters after trimming"
        text: String!
    }

    type InvalidReviewRatingError implements ErrorResult {
        errorCode: ErrorCode!
        message: String!
    }

    type InvalidReviewTextError implements ErrorResult {
        errorCode: ErrorCode!
        message: String!
        minLength: Int!
        maxLength: Int!
    }

    type InvalidReviewTitleError implements ErrorResult {
        errorCode: ErrorCode!
        message: String!
        maxLength: Int!
    }

    type ReviewRateLimitError implements ErrorResult {
        errorCode: ErrorCode!
        message: String!
        retryAfterSeconds: Int!
    }

    type ReviewProductNotFoundError implements ErrorResult {
        errorCode: ErrorCode!
        message: String!
    }

    union SubmitProductReviewResult =
          ProductReview
        | InvalidReviewRatingError
        | InvalidReviewTextError
        | InvalidReviewTitleError
        | ReviewRateLimitError
        | ReviewProductNotFoundError

    extend type Product {
        "Average, count and histogram of the approved reviews"
        reviewSummary: ProductReviewSummary!
    }

    extend type Query {
        "Approved reviews of a product, newest first"
        productReviews(productId: ID!, options: ProductReviewPageOptions): ProductReviewList!
        "The logged-in customer's own review of the product (any state); null for guests or when there is none"
        myProductReview(productId: ID!): ProductReview
    }

    extend type Mutation {
        "Logged-in customers only (FORBIDDEN otherwise). One review per customer and product: a second submission edits it and sends it back to moderation. New reviews are PENDING (APPROVED at once for verified purchases when the backend is configured so). Rate-limited per customer."
        submitProductReview(input: SubmitProductReviewInput!): SubmitProductReviewResult!
    }
`;

export const adminApiExtensions = gql`
    ${commonTypes}

    extend type ProductReview {
        customerId: ID!
        "The reviewed product (null once it is deleted); for the moderation screen"
        product: Product
    }

    extend type Query {
        "Reviews newest first, optionally of one state and/or product"
        productReviews(state: ProductReviewState, productId: ID, skip: Int, take: Int): ProductReviewList!
    }

    extend type Mutation {
        approveProductReview(id: ID!): ProductReview!
        rejectProductReview(id: ID!): ProductReview!
    }
`;
