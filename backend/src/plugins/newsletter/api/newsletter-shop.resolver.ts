import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { Allow, Ctx, Permission, RequestContext, Transaction } from '@vendure/core';
import { BOUNDS, bounded } from '../../../input-bounds';
import { NewsletterService } from '../services/newsletter.service';

@Resolver()
export class NewsletterResolver {
    constructor(private newsletter: NewsletterService) {}

    @Transaction()
    @Mutation()
    @Allow(Permission.Public)
    async subscribeToNewsletter(@Ctx() ctx: RequestContext, @Args() args: { email: string; consent: boolean }) {
        return { status: await this.newsletter.subscribe(ctx, bounded(args.email, BOUNDS.email, 'Adres e-mail'), args.consent) };
    }

    @Transaction()
    @Mutation()
    @Allow(Permission.Public)
    async confirmNewsletter(@Ctx() ctx: RequestContext, @Args() args: { token: string }) {
        // a token over its bound is as invalid as a wrong one (the page says the link is not valid)
        if (args.token.length > BOUNDS.token) return { status: 'INVALID_TOKEN' as const };
        return { status: await this.newsletter.confirm(ctx, args.token) };
    }
}
