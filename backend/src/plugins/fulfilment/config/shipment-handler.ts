import { FulfillmentHandler, LanguageCode } from '@vendure/core';
import { CARRIER_MISSING, CARRIERS, carrierOf, normaliseTrackingCode, notPaidMessage, SHIPPABLE_ORDER_STATES } from '../fulfilment.rules';

const pl = (value: string) => [{ languageCode: LanguageCode.pl, value }];

/**
 * The shop's fulfilment handler (the default of both shipping methods): staff pick the carrier and
 * type the tracking number; the fulfilment keeps the carrier's label in `method` and the number in
 * `trackingCode`. Refused (Vendure answers CreateFulfillmentError with our reason in
 * `fulfillmentHandlerError`): an unpaid order, no carrier, a missing or malformed number.
 */
export const shipmentHandler = new FulfillmentHandler({
    code: 'psiaki-przesylka',
    description: pl('Przesyłka: przewoźnik i numer do śledzenia'),
    args: {
        carrier: {
            type: 'string',
            label: pl('Przewoźnik'),
            defaultValue: 'inpost',
            ui: {
                component: 'select-form-input',
                options: CARRIERS.map(c => ({ value: c.code, label: pl(c.label) })),
            },
        },
        trackingCode: {
            type: 'string',
            label: pl('Numer przesyłki'),
            description: pl('Numer z etykiety przewoźnika, np. 24 cyfry InPost albo 14 znaków DPD'),
        },
    },
    createFulfillment: (ctx, orders, lines, args) => {
        for (const order of orders) if (!SHIPPABLE_ORDER_STATES.has(order.state)) throw new Error(notPaidMessage(order.code));
        const carrier = carrierOf(args.carrier);
        if (!carrier) throw new Error(CARRIER_MISSING);
        const tracking = normaliseTrackingCode(args.trackingCode);
        if ('error' in tracking) throw new Error(tracking.error);
        return { method: carrier.label, trackingCode: tracking.code };
    },
});
