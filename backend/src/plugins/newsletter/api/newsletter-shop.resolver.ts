import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { Allow, Ctx, Permission, RequestContext, Transaction } from '@vendure/core';
import { NewsletterService } from '../services/newsletter.service';

@Resolver()
export class NewsletterResolver {
    constructor(private newsletter: NewsletterService) {}

    @Transaction()
    @Mutation()
    @Allow(Permission.Public)
    async subscribeToNewsletter(@Ctx() ctx: RequestContext, @Args() args: { email: string; consent: boolean }) {
        return { status: await this.newsletter.subscribe(ctx, args.email, args.consent) };
    }

    @Transaction()
    @Mutation()
    @Allow(Permission.Public)
    async confirmNewsletter(@Ctx() ctx: RequestContext, @Args() args: { token: string }) {
        return { status: await this.newsletter.confirm(ctx, args.token) };
    }
}
