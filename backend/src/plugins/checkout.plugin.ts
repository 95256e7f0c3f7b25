/**
 * Checkout rules of the shop (issue 11):
 * - an order cannot move to ArrangingPayment without what its shipping method needs: a locker code
 *   (`shippingAddress.customFields.paczkomat`) for `inpost-paczkomat`, a street address for `kurier`
 *   (ORDER_STATE_TRANSITION_ERROR with the Polish reason in `transitionError`);
 * - `orderByCode` also answers the session whose active order it is (a guest polling
 *   /payment-check before the gateway's notification has placed the order); otherwise Vendure's
 *   rules: the owner, or anybody within 2 hours of placement for guest orders.
 */
import {
    DefaultOrderByCodeAccessStrategy,
    idsAreEqual,
    Injector,
    Order,
    OrderProcess,
    PluginCommonModule,
    RequestContext,
    ShippingMethod,
    TransactionalConnection,
    VendurePlugin,
} from '@vendure/core';

export const INPOST_METHOD_CODE = 'inpost-paczkomat';
export const COURIER_METHOD_CODE = 'kurier';
/** Polish reasons given in `transitionError` (the storefront may show them as they are). */
export const LOCKER_REQUIRED = 'Wybierz Paczkomat InPost, do którego mamy dostarczyć paczkę.';
export const LOCKER_INVALID = 'Kod Paczkomatu jest nieprawidłowy. Wybierz Paczkomat z listy.';
export const STREET_REQUIRED = 'Podaj adres dostawy kuriera: ulicę z numerem, kod pocztowy i miejscowość.';

/** InPost point names: letters, digits, dashes (e.g. WAW01M, POZ08M, KRA123A, POP-WAW12). */
const LOCKER_CODE = /^[A-Z0-9][A-Z0-9-]{2,19}$/;

let connection: TransactionalConnection;

export const shippingRequirementsProcess: OrderProcess<never> = {
    init(injector: Injector) {
        connection = injector.get(TransactionalConnection);
    },
    async onTransitionStart(_from, to, { ctx, order }) {
        if (to !== 'ArrangingPayment') return;
        const methodIds = (order.shippingLines ?? []).map(l => l.shippingMethodId).filter(id => id != null);
        if (!methodIds.length) return; // Vendure's own process refuses an order without shipping
        const methods = await connection.getRepository(ctx, ShippingMethod).find({ where: methodIds.map(id => ({ id })) });
        const codes = methods.map(m => m.code);
        const address = order.shippingAddress ?? {};
        const custom = (address as { customFields?: { paczkomat?: string | null } }).customFields ?? {};
        if (codes.includes(INPOST_METHOD_CODE)) {
            const locker = (custom.paczkomat ?? '').trim();
            if (!locker) return LOCKER_REQUIRED;
            if (!LOCKER_CODE.test(locker)) return LOCKER_INVALID;
        }
        if (codes.includes(COURIER_METHOD_CODE)) {
            if (!address.streetLine1?.trim() || !address.city?.trim() || !address.postalCode?.trim()) return STREET_REQUIRED;
        }
    },
};

/** Vendure's rules plus "it is this session's active order". */
export class SessionOrderByCodeAccessStrategy extends DefaultOrderByCodeAccessStrategy {
    canAccessOrder(ctx: RequestContext, order: Order): boolean {
        const activeOrderId = ctx.session?.activeOrderId;
        if (activeOrderId && idsAreEqual(activeOrderId, order.id)) return true;
        return super.canAccessOrder(ctx, order);
    }
}

@VendurePlugin({
    imports: [PluginCommonModule],
    configuration: config => {
        config.orderOptions.process = [...(config.orderOptions.process ?? []), shippingRequirementsProcess];
        config.orderOptions.orderByCodeAccessStrategy = new SessionOrderByCodeAccessStrategy('2h');
        return config;
    },
    compatibility: '^3.0.0',
})
export class CheckoutPlugin {}
