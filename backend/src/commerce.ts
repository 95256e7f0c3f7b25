/**
 * Shipping calculator and payment handlers of the development shop.
 */
import { LanguageCode, PaymentMethodHandler, ShippingCalculator } from '@vendure/core';

const pl = (value: string) => [{ languageCode: LanguageCode.pl, value }];

/**
 * Flat gross price, free when the order subtotal (with tax, after discounts) is above a threshold.
 * Spec §4/§9: free delivery above 249 zł.
 */
export const flatRateWithFreeThreshold = new ShippingCalculator({
    code: 'psiaki-flat-rate',
    description: pl('Stała cena brutto, darmowa dostawa powyżej progu'),
    args: {
        price: { type: 'int', ui: { component: 'currency-form-input' }, label: pl('Cena brutto (grosze)') },
        freeAbove: { type: 'int', ui: { component: 'currency-form-input' }, label: pl('Darmowa dostawa powyżej (grosze)') },
        taxRate: { type: 'int', defaultValue: 23, label: pl('Stawka VAT (%)') },
        deliveryTime: { type: 'string', defaultValue: '1–2 dni robocze', label: pl('Czas dostawy') },
    },
    calculate: (ctx, order, args) => {
        const free = args.freeAbove > 0 && order.subTotalWithTax > args.freeAbove;
        return {
            price: free ? 0 : args.price,
            priceIncludesTax: true,
            taxRate: args.taxRate,
            metadata: { deliveryTime: args.deliveryTime, freeAbove: args.freeAbove },
        };
    },
});

/**
 * Bank transfer: the payment stays Authorized (awaiting the transfer) until an admin settles it.
 * The bank details are returned in the payment's public metadata for the thank-you page.
 */
export const bankTransferHandler = new PaymentMethodHandler({
    code: 'przelew-handler',
    description: pl('Przelew tradycyjny – płatność oczekuje na zaksięgowanie'),
    args: {
        accountNumber: { type: 'string', label: pl('Numer konta') },
        recipient: { type: 'string', label: pl('Odbiorca') },
    },
    createPayment: (ctx, order, amount, args) => ({
        amount,
        state: 'Authorized',
        transactionId: `PRZELEW-${order.code}`,
        metadata: {
            public: {
                accountNumber: args.accountNumber,
                recipient: args.recipient,
                title: `Zamówienie ${order.code}`,
            },
        },
    }),
    settlePayment: () => ({ success: true }),
    cancelPayment: () => ({ success: true }),
});

/**
 * Development online payment standing in for a real gateway. `metadata.result` decides the outcome:
 * - 'succeed' (default): Settled at once (→ PaymentSettled), like a paid card payment;
 * - 'pending': Authorized (→ PaymentAuthorized), like a gateway that confirms later;
 * - 'decline': Declined (PAYMENT_DECLINED_ERROR, the order stays in ArrangingPayment);
 * - 'error': Error (PAYMENT_FAILED_ERROR).
 * Public metadata carries a fake gateway reference and the return URLs of spec §2
 * (/payment-check on success, /payment-cancel on cancel).
 */
export const devOnlinePaymentHandler = new PaymentMethodHandler({
    code: 'dev-online-handler',
    description: pl('Płatność online (środowisko deweloperskie)'),
    args: {},
    createPayment: (ctx, order, amount, args, metadata) => {
        const result = String(metadata?.result ?? 'succeed');
        const reference = `DEV-${order.code}-${Date.now().toString(36).toUpperCase()}`;
        const publicMeta = {
            gateway: 'dev-online',
            reference,
            result,
            returnUrl: `/payment-check?order=${order.code}`,
            cancelUrl: `/payment-cancel?order=${order.code}`,
        };
        if (result === 'decline') {
            return { amount, state: 'Declined' as const, transactionId: reference, errorMessage: 'Płatność odrzucona przez bank.', metadata: { public: publicMeta } };
        }
        if (result === 'error') {
            return { amount, state: 'Error' as const, transactionId: reference, errorMessage: 'Błąd bramki płatności.', metadata: { public: publicMeta } };
        }
        return {
            amount,
            state: result === 'pending' ? ('Authorized' as const) : ('Settled' as const),
            transactionId: reference,
            metadata: { public: publicMeta },
        };
    },
    settlePayment: () => ({ success: true }),
    cancelPayment: () => ({ success: true }),
});
