/**
 * An order cannot move to ArrangingPayment without what its shipping method needs: a locker code
 * (`shippingAddress.customFields.paczkomat`) for `inpost-paczkomat`, a street address for `kurier`.
 * The Polish reason becomes the `transitionError` of ORDER_STATE_TRANSITION_ERROR.
 */
import { type Injector, type OrderProcess, ShippingMethod, TransactionalConnection } from '@vendure/core';
import { COURIER_METHOD_CODE, INPOST_METHOD_CODE, LOCKER_INVALID, LOCKER_REQUIRED, STREET_REQUIRED } from '../checkout.constants';

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
