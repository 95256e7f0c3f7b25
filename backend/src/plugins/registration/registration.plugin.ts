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
import { PluginCommonModule, VendurePlugin } from '@vendure/core';
import { RegistrationResolver } from './api/registration-shop.resolver';
import { shopApiExtensions } from './api/registration.api-extensions';

@VendurePlugin({
    imports: [PluginCommonModule],
    shopApiExtensions: {
        schema: shopApiExtensions,
        resolvers: [RegistrationResolver],
    },
    compatibility: '^3.0.0',
})
export class RegistrationPlugin {}
