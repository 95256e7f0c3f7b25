import { getProductReviews } from './reviews.graphql';
import { type ReviewItemData, toReviewItem } from './review-items';
import { shopRequest } from '../../client/lib/shop-api';

/** A later page of approved reviews, newest first. */
export async function loadReviews(productId: string, skip: number, take: number): Promise<ReviewItemData[]> {
  const { productReviews } = await shopRequest(getProductReviews, { productId, skip, take });
  return productReviews.items.map(toReviewItem);
}
