import { getProductReviews } from '../../graphql/reviews';
import { type ReviewItemData, toReviewItem } from '../../lib/reviews';
import { shopRequest } from '../../lib/shop-api';

/** A later page of approved reviews, newest first. */
export async function loadReviews(productId: string, skip: number, take: number): Promise<ReviewItemData[]> {
  const { productReviews } = await shopRequest(getProductReviews, { productId, skip, take });
  return productReviews.items.map(toReviewItem);
}
