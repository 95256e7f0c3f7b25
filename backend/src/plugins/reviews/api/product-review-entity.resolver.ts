import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { ProductReview } from '../entities/product-review.entity';
import { ReviewState } from '../types';

const toGraphQLState = (s: ReviewState) => s.toUpperCase();

/** Fields of ProductReview (both APIs): the state as the GraphQL enum. */
@Resolver('ProductReview')
export class ProductReviewFieldsResolver {
    @ResolveField()
    state(@Parent() review: ProductReview): string {
        return toGraphQLState(review.state);
    }
}
