/**
 * Registration that tells the shopper when the e-mail address already has an account (spec §8
 * EMAIL_ADDRESS_CONFLICT_ERROR: the storefront says so and offers login and password reset).
 *
 * Vendure answers `registerCustomerAccount` for a registered, verified address with `Success`
 * and sends nothing, so nobody can probe which addresses have accounts. The shop's spec wants
 * the conflict said instead; the storefront's worker limits registration attempts per client
 * address (worker/ratelimit/auth.ts), which bounds how fast anyone can probe. This overrides
 * Vendure's resolver (Vendure: a plugin resolver of the same mutation name replaces the
 * built-in one) and adds EmailAddressConflictError to the result union; everything else is
 * Vendure's own registration.
 */
import { Args, Mutation, Resolver } from '@nestjs/graphql';
import {
    Allow,
    Ctx,
    CustomerService,
    isGraphQlErrorResult,
    NativeAuthenticationMethod,
    Permission,
    PluginCommonModule,
    RequestContext,
    Transaction,
    UserService,
    VendurePlugin,
} from '@vendure/core';
import { EmailAddressConflictError } from '@vendure/core/dist/common/error/generated-graphql-shop-errors';
import gql from 'graphql-tag';

interface RegisterArgs {
    input: { emailAddress: string; password?: string | null; firstName?: string; lastName?: string; [key: string]: unknown };
}

@Resolver()
export class RegistrationResolver {
    constructor(
        private customerService: CustomerService,
        private userService: UserService,
    ) {}

    @Transaction()
    @Mutation()
    @Allow(Permission.Public)
    async registerCustomerAccount(@Ctx() ctx: RequestContext, @Args() args: RegisterArgs) {
        const user = await this.userService.getUserByEmailAddress(ctx, args.input.emailAddress);
        if (user?.verified && user.authenticationMethods.some(m => m instanceof NativeAuthenticationMethod)) {
            return new EmailAddressConflictError();
        }
        const result = await this.customerService.registerCustomerAccount(ctx, args.input as never);
        if (isGraphQlErrorResult(result)) return result;
        return { success: true };
    }
}

@VendurePlugin({
    imports: [PluginCommonModule],
    shopApiExtensions: {
        schema: gql`
            extend union RegisterCustomerAccountResult = EmailAddressConflictError
        `,
        resolvers: [RegistrationResolver],
    },
    compatibility: '^3.0.0',
})
export class RegistrationPlugin {}
