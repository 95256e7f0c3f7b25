import { Args, Mutation, Resolver } from '@nestjs/graphql';
import {
    Allow,
    Ctx,
    CustomerService,
    isGraphQlErrorResult,
    NativeAuthenticationMethod,
    Permission,
    RequestContext,
    Transaction,
    UserService,
} from '@vendure/core';
import { EmailAddressConflictError } from '@vendure/core/dist/common/error/generated-graphql-shop-errors';

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
