/**
 * Online payment the way Polish gateways (Przelewy24, PayU) work:
 *
 * 1. `startOnlinePayment` (Shop API, the active order in ArrangingPayment) registers a transaction at
 *    the gateway (signed POST `<gateway>/register`: amount, PLN, order code, return/cancel/notify
 *    URLs), stores the session and returns the gateway page URL. The order stays in
 *    ArrangingPayment: cancelling loses nothing, a retry registers a new session, the shopper may
 *    instead pay by transfer.
 * 2. The gateway POSTs a signed notification (`POST /payments/notify`, HMAC-SHA256 of the raw body,
 *    see signature.ts). Verified, matched to the session, amount = order total, PLN: on `paid` a
 *    Settled payment of method `online` is added (→ PaymentSettled). A replay of the same
 *    transaction answers 200 and changes nothing; anything forged or mismatched is a 4xx with a
 *    reason and changes nothing.
 * 3. The storefront polls `orderByCode(code)` (state PaymentSettled once paid) and, to tell a
 *    refused payment early, `onlinePaymentStatus(orderCode)`.
 *
 * The `online` payment method handler settles only payments created by step 2: through the Shop
 * API's addPaymentToOrder it always declines, so nobody can mark an order paid by asking.
 *
 * Files: online-payment.handler.ts (the `online` method's handler), services/online-payment.service.ts
 * (register, status, notification), api/ (Shop API schema and resolver, the notify controller and
 * the raw-body middleware), entities/online-payment-session.entity.ts, signature.ts (signing, shared
 * with the gateway stand-in in stand-ins/gateway.ts).
 */
import { PluginCommonModule, VendurePlugin } from '@vendure/core';
import { OnlinePaymentController } from './api/online-payment.controller';
import { OnlinePaymentShopResolver, OnlinePaymentStartResultResolver } from './api/online-payment-shop.resolver';
import { shopApiExtensions } from './api/online-payment.api-extensions';
import { readRawNotificationBody } from './api/raw-body.middleware';
import { OnlinePaymentSession } from './entities/online-payment-session.entity';
import { ONLINE_PAYMENT_OPTIONS } from './online-payment.constants';
import { onlinePaymentHandler } from './online-payment.handler';
import { OnlinePaymentService } from './services/online-payment.service';
import { OnlinePaymentOptions } from './types';

@VendurePlugin({
    imports: [PluginCommonModule],
    providers: [OnlinePaymentService, { provide: ONLINE_PAYMENT_OPTIONS, useFactory: () => OnlinePaymentPlugin.options }],
    entities: [OnlinePaymentSession],
    controllers: [OnlinePaymentController],
    shopApiExtensions: {
        schema: shopApiExtensions,
        resolvers: [OnlinePaymentShopResolver, OnlinePaymentStartResultResolver],
    },
    configuration: config => {
        config.paymentOptions.paymentMethodHandlers = [...config.paymentOptions.paymentMethodHandlers, onlinePaymentHandler];
        config.apiOptions.middleware = [
            ...(config.apiOptions.middleware ?? []),
            { route: '/payments/notify', handler: readRawNotificationBody, beforeListen: true },
        ];
        return config;
    },
    compatibility: '^3.0.0',
})
export class OnlinePaymentPlugin {
    static options: OnlinePaymentOptions;

    static init(options: OnlinePaymentOptions) {
        OnlinePaymentPlugin.options = options;
        return OnlinePaymentPlugin;
    }
}
