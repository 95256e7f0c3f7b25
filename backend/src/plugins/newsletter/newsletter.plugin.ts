/**
 * Newsletter sign-up with double opt-in (issue 13):
 * - `subscribeToNewsletter(email, consent)`: validated (Polish USER_INPUT_ERROR messages),
 *   idempotent, sends the opt-in e-mail (NewsletterOptInEvent → the dev mailbox in development);
 * - `confirmNewsletter(token)`: the link's landing page (storefront `/newsletter/potwierdz?token=`).
 * The storefront's worker rate-limits sign-ups per client before they reach this API.
 */
import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { Allow, Ctx, Permission, PluginCommonModule, RequestContext, Transaction, VendurePlugin } from '@vendure/core';
import gql from 'graphql-tag';
import { NewsletterSubscription } from './entity';
import { NewsletterService } from './service';

export { NewsletterOptInEvent } from './events';

const shopSchema = gql`
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

@VendurePlugin({
    imports: [PluginCommonModule],
    providers: [NewsletterService],
    entities: [NewsletterSubscription],
    shopApiExtensions: { schema: shopSchema, resolvers: [NewsletterResolver] },
    compatibility: '^3.0.0',
})
export class NewsletterPlugin {}
