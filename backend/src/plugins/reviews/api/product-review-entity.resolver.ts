import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { Ctx, type Product, ProductService, RequestContext } from '@vendure/core';
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

/** Admin API only: the reviewed product, so the moderation screen names it. */
@Resolver('ProductReview')
export class AdminProductReviewFieldsResolver {
    constructor(private products: ProductService) {}

    @ResolveField()
    product(@Ctx() ctx: RequestContext, @Parent() review: ProductReview): Promise<Product | undefined> {
        return this.products.findOne(ctx, review.productId);
    }
}
