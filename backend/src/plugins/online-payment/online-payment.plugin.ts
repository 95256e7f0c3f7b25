/**
 * Online payment through Przelewy24's REST API v1 (decision record 064; the contract in p24.ts):
 *
 * 1. `startOnlinePayment` (Shop API, the active order in ArrangingPayment) registers a transaction
 *    (POST /api/v1/transaction/register: amount, PLN, urlReturn `/payment-check?order=`,
 *    urlStatus, sign), stores the session and returns P24's page `/trnRequest/{token}`. The order
 *    stays in ArrangingPayment: cancelling loses nothing, a retry registers a new session, the
 *    shopper may instead pay by transfer.
 * 2. P24 POSTs its notification (`POST /payments/notify`, JSON with a SHA-384 `sign`) only for a
 *    successful payment. Checked (sign, merchant, session, amount, PLN), then verified at P24
 *    (PUT /api/v1/transaction/verify); only then the session is claimed once and a Settled
 *    payment of method `online` is added (→ PaymentSettled). A verification failure answers 502
 *    and leaves the order unpaid (P24 repeats the notification); a replay answers 200 and changes
 *    nothing; anything forged or mismatched is a 4xx with a reason and changes nothing.
 * 3. The storefront polls `orderByCode(code)` (PaymentSettled once paid) and
 *    `onlinePaymentStatus(orderCode)`, which asks P24 about a session still waiting
 *    (transaction/by/sessionId: no payment → `cancelled`).
 *
 * The `online` payment method handler settles only payments created by step 2: through the Shop
 * API's addPaymentToOrder it always declines, so nobody can mark an order paid by asking.
 *
 * Files: online-payment.handler.ts, services/online-payment.service.ts (register, status,
 * notification), api/ (Shop API schema and resolver, the notify controller and the raw-body
 * middleware), entities/online-payment-session.entity.ts, p24.ts (the contract: signs, parsing,
 * the REST client; shared with the P24 stand-in in stand-ins/gateway.ts).
 */
import { PluginCommonModule, VendurePlugin } from '@vendure/core';
import { OnlinePaymentController } from './api/online-payment.controller';
import {
    BlikPaymentStartResultResolver,
    OnlinePaymentShopResolver,
    OnlinePaymentStartResultResolver,
} from './api/online-payment-shop.resolver';
import { OnlinePaymentAdminResolver } from './api/online-payment-admin.resolver';
import { adminApiExtensions, shopApiExtensions } from './api/online-payment.api-extensions';
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
        resolvers: [OnlinePaymentShopResolver, OnlinePaymentStartResultResolver, BlikPaymentStartResultResolver],
    },
    adminApiExtensions: { schema: adminApiExtensions, resolvers: [OnlinePaymentAdminResolver] },
    configuration: config => {
        config.paymentOptions.paymentMethodHandlers = [...config.paymentOptions.paymentMethodHandlers, onlinePaymentHandler];
        config.apiOptions.middleware = [
            ...(config.apiOptions.middleware ?? []),
            { route: '/payments/notify', handler: readRawNotificationBody, beforeListen: true },
        ];
        return config;
    },
    // the Przelewy24 block on the Dashboard's order page (docs/dashboard-extensions.md)
    dashboard: './dashboard/index.tsx',
    compatibility: '^3.0.0',
})
export class OnlinePaymentPlugin {
    static options: OnlinePaymentOptions;

    static init(options: OnlinePaymentOptions) {
        OnlinePaymentPlugin.options = options;
        return OnlinePaymentPlugin;
    }
}
