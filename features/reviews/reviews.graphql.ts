import { graphql } from '../../client/graphql/graphql';

/** Product reviews (backend plugin `reviews`), sent by the browser through /api/shop. */

export const reviewFields = graphql(`
  fragment Review on ProductReview @_unmask {
    id
    authorName
    rating
    title
    text
    verifiedPurchase
    createdAt
  }
`);

/** A later page of approved reviews ("Pokaż więcej opinii"), newest first. */
export const getProductReviews = graphql(
  `
  query getProductReviews($productId: ID!, $skip: Int, $take: Int) {
    productReviews(productId: $productId, options: { skip: $skip, take: $take }) {
      totalItems
      items { ...Review }
    }
  }
`,
  [reviewFields],
);

/** Who is asking (a guest gets the login prompt) and their own review of the product, if any, to edit. */
export const getReviewAuthor = graphql(
  `
  query getReviewAuthor($productId: ID!) {
    activeCustomer { id firstName }
    myProductReview(productId: $productId) { ...Review state }
  }
`,
  [reviewFields],
);

export const submitProductReview = graphql(
  `
  mutation submitProductReview($input: SubmitProductReviewInput!) {
    submitProductReview(input: $input) {
      ... on ProductReview { id state }
      ... on ErrorResult { errorCode message }
    }
  }
`,
);
