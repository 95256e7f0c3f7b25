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
import { BOUNDS, bounded } from '../../../input-bounds';

interface RegisterArgs {
    input: {
        emailAddress: string;
        password?: string | null;
        title?: string | null;
        firstName?: string | null;
        lastName?: string | null;
        phoneNumber?: string | null;
        [key: string]: unknown;
    };
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
        const { input } = args;
        bounded(input.emailAddress, BOUNDS.email, 'Adres e-mail');
        bounded(input.password, BOUNDS.password, 'Hasło');
        bounded(input.title, BOUNDS.state, 'Zwrot grzecznościowy');
        bounded(input.firstName, BOUNDS.name, 'Imię');
        bounded(input.lastName, BOUNDS.name, 'Nazwisko');
        bounded(input.phoneNumber, BOUNDS.state, 'Numer telefonu');
        const user = await this.userService.getUserByEmailAddress(ctx, args.input.emailAddress);
        if (user?.verified && user.authenticationMethods.some(m => m instanceof NativeAuthenticationMethod)) {
            return new EmailAddressConflictError();
        }
        const result = await this.customerService.registerCustomerAccount(ctx, args.input as never);
        if (isGraphQlErrorResult(result)) return result;
        return { success: true };
    }
}
