import { Args, Query, Resolver } from '@nestjs/graphql';
import { Allow, Ctx, Permission, RequestContext } from '@vendure/core';
import { BOUNDS, bounded } from '../../../input-bounds';
import { NewsletterService } from '../services/newsletter.service';

/** The subscriber list: customer data, so the customer permission (the staff role has it). */
@Resolver()
export class NewsletterAdminResolver {
    constructor(private newsletter: NewsletterService) {}

    @Query()
    @Allow(Permission.ReadCustomer)
    newsletterSubscribers(
        @Ctx() ctx: RequestContext,
        @Args() args: { status?: string | null; skip?: number | null; take?: number | null },
    ) {
        return this.newsletter.list(ctx, bounded(args.status, BOUNDS.state, 'Stan') ?? null, args.skip ?? 0, args.take ?? 100);
    }
}
