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

export interface BankDetails {
    accountNumber: string;
    recipient: string;
    bankName: string;
}

/**
 * Bank transfer (`przelew`): placing the order leaves the payment Authorized (order
 * PaymentAuthorized, awaiting the transfer) until an admin settles it. The payment's PUBLIC metadata
 * carries what the thank-you page shows: accountNumber, recipient, bankName, amount (grosze) and the
 * transfer title (the order code). The bank details are configuration (BANK_* env, see env.ts);
 * the method's own arguments, when an admin fills them, win over the environment.
 */
export function makeBankTransferHandler(bank: BankDetails) {
    return new PaymentMethodHandler({
        code: 'przelew-handler',
        description: pl('Przelew tradycyjny – płatność oczekuje na zaksięgowanie'),
        args: {
            accountNumber: { type: 'string', required: false, label: pl('Numer konta (puste = z konfiguracji)') },
            recipient: { type: 'string', required: false, label: pl('Odbiorca (puste = z konfiguracji)') },
        },
        createPayment: (ctx, order, amount, args) => ({
            amount,
            state: 'Authorized',
            transactionId: `PRZELEW-${order.code}`,
            metadata: {
                public: {
                    accountNumber: args.accountNumber?.trim() || bank.accountNumber,
                    recipient: args.recipient?.trim() || bank.recipient,
                    bankName: bank.bankName,
                    amount,
                    title: order.code,
                },
            },
        }),
        settlePayment: () => ({ success: true }),
        cancelPayment: () => ({ success: true }),
    });
}

/**
 * Retired development handler of the former `dev-online` method (it settled whatever the request
 * asked for). Kept only so development databases seeded before the real online payment
 * (`online`, plugins/online-payment) still load; it declines everything. `npm run backend:reset`
 * removes the method.
 */
export const retiredDevOnlineHandler = new PaymentMethodHandler({
    code: 'dev-online-handler',
    description: pl('Wycofana płatność deweloperska – użyj metody „online”'),
    args: {},
    createPayment: (ctx, order, amount) => ({
        amount,
        state: 'Declined' as const,
        errorMessage: 'Ta metoda płatności została wycofana. Wybierz płatność online lub przelew.',
        metadata: {},
    }),
    settlePayment: () => ({ success: false }),
});
