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
 */
import { All, Controller, Injectable, Req, Res } from '@nestjs/common';
import { Args, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import {
    ActiveOrderService,
    Allow,
    ConfigService,
    Ctx,
    CustomerService,
    DeepPartial,
    isGraphQlErrorResult,
    LanguageCode,
    Logger,
    OrderService,
    PaymentMethodHandler,
    Permission,
    PluginCommonModule,
    RequestContext,
    RequestContextService,
    Transaction,
    TransactionalConnection,
    VendureEntity,
    VendurePlugin,
} from '@vendure/core';
import * as crypto from 'crypto';
import type { NextFunction, Request, Response } from 'express';
import gql from 'graphql-tag';
import { Column, Entity, Index } from 'typeorm';
import { canonicalRegistration, GatewayRegistration, parseNotification, sign, SIGNATURE_HEADER, verifySignature } from './signature';

/** Payment method code of online payments (backend/README.md, the storefront contract). */
export const ONLINE_METHOD_CODE = 'online';
export const ONLINE_HANDLER_CODE = 'online-gateway';
/** Largest notification body accepted (a real one is ~200 bytes). */
export const MAX_NOTIFICATION_BYTES = 16 * 1024;
const REGISTER_TIMEOUT_MS = 5000;

export interface OnlinePaymentOptions {
    /** gateway API base; POST `<gatewayUrl>/register` */
    gatewayUrl: string;
    secret: string;
    /** public storefront address: return URL `/payment-check?order=`, cancel URL `/payment-cancel?order=` */
    storefrontUrl: string;
    /** where the gateway sends notifications (the worker's /api/payments/notify in production) */
    notifyUrl: string;
}

export type SessionStatus = 'registered' | 'paid' | 'failed' | 'cancelled' | 'error';

@Entity()
export class OnlinePaymentSession extends VendureEntity {
    constructor(input?: DeepPartial<OnlinePaymentSession>) {
        super(input);
    }

    @Index({ unique: true })
    @Column()
    sessionId: string;

    @Index()
    @Column()
    orderId: number;

    @Column()
    orderCode: string;

    /** grosze, the order total when the session was registered */
    @Column()
    amount: number;

    @Column()
    currency: string;

    @Column('varchar')
    status: SessionStatus;

    @Column({ type: 'varchar', nullable: true })
    gatewayToken: string | null;

    /** the gateway's id of the paid transaction (unique: one transaction pays one order once) */
    @Index({ unique: true })
    @Column({ type: 'varchar', nullable: true })
    transactionId: string | null;

    @Column({ type: 'int', nullable: true })
    paymentId: number | null;
}

let options: OnlinePaymentOptions;
let handlerConnection: TransactionalConnection | undefined;

const pl = (value: string) => [{ languageCode: LanguageCode.pl, value }];

/**
 * Handler of the `online` method. A payment is created only for a session the verified
 * notification has just marked paid, for its exact amount; anything else is declined.
 */
export const onlinePaymentHandler = new PaymentMethodHandler({
    code: ONLINE_HANDLER_CODE,
    description: pl('Płatność online (bramka płatności, potwierdzenie przez powiadomienie)'),
    args: {},
    init: injector => {
        handlerConnection = injector.get(TransactionalConnection);
    },
    createPayment: async (ctx, order, amount, _args, metadata) => {
        const declined = (why: string) => ({
            amount,
            state: 'Declined' as const,
            errorMessage: why,
            metadata: {},
        });
        if (ctx.apiType === 'shop') return declined('Płatność online potwierdza bramka płatności; użyj startOnlinePayment.');
        const sessionId = typeof metadata?.sessionId === 'string' ? metadata.sessionId : '';
        const session = sessionId && handlerConnection ? await handlerConnection.getRepository(ctx, OnlinePaymentSession).findOne({ where: { sessionId } }) : null;
        if (!session || session.status !== 'paid' || !session.transactionId || session.paymentId || String(session.orderId) !== String(order.id) || session.amount !== amount) {
            return declined('Brak potwierdzonej transakcji bramki dla tego zamówienia.');
        }
        return {
            amount,
            state: 'Settled' as const,
            transactionId: session.transactionId,
            metadata: { public: { gateway: ONLINE_METHOD_CODE, sessionId: session.sessionId, transactionId: session.transactionId } },
        };
    },
    settlePayment: () => ({ success: true }),
    cancelPayment: () => ({ success: true }),
});

export interface NotifyResult {
    status: number;
    body: { ok: boolean; result?: string; reason?: string };
}

class Refusal extends Error {
    constructor(
        public status: number,
        reason: string,
    ) {
        super(reason);
    }
}

@Injectable()
export class OnlinePaymentService {
    constructor(
        private connection: TransactionalConnection,
        private orderService: OrderService,
        private activeOrderService: ActiveOrderService,
        private customerService: CustomerService,
        private requestContextService: RequestContextService,
        private configService: ConfigService,
    ) {}

    async start(ctx: RequestContext): Promise<{ __typename: string; [key: string]: unknown }> {
        const error = (errorCode: string, message: string) => ({ __typename: 'OnlinePaymentError', errorCode, message });
        const active = await this.activeOrderService.getActiveOrder(ctx, undefined);
        if (!active) return error('NO_ACTIVE_ORDER_ERROR', 'Brak aktywnego zamówienia.');
        const order = await this.orderService.findOne(ctx, active.id, ['customer']);
        if (!order) return error('NO_ACTIVE_ORDER_ERROR', 'Brak aktywnego zamówienia.');
        if (order.state !== 'ArrangingPayment') {
            return error('ORDER_PAYMENT_STATE_ERROR', 'Zamówienie nie czeka na płatność. Wróć do kroku płatności i spróbuj ponownie.');
        }
        if (order.totalWithTax <= 0 || order.currencyCode !== 'PLN') {
            return error('ORDER_PAYMENT_STATE_ERROR', 'Tego zamówienia nie można opłacić online.');
        }
        const session = await this.connection.getRepository(ctx, OnlinePaymentSession).save(
            new OnlinePaymentSession({
                sessionId: crypto.randomUUID(),
                orderId: Number(order.id),
                orderCode: order.code,
                amount: order.totalWithTax,
                currency: order.currencyCode,
                status: 'registered',
                gatewayToken: null,
                transactionId: null,
                paymentId: null,
            }),
        );
        const registration: GatewayRegistration = {
            sessionId: session.sessionId,
            orderCode: order.code,
            amount: order.totalWithTax,
            currency: order.currencyCode,
            description: `Zamówienie ${order.code}`,
            email: order.customer?.emailAddress ?? '',
            returnUrl: `${options.storefrontUrl}/payment-check?order=${encodeURIComponent(order.code)}`,
            cancelUrl: `${options.storefrontUrl}/payment-cancel?order=${encodeURIComponent(order.code)}`,
            notifyUrl: options.notifyUrl,
        };
        try {
            const body = canonicalRegistration(registration);
            const res = await fetch(`${options.gatewayUrl}/register`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(body, options.secret) },
                body,
                signal: AbortSignal.timeout(REGISTER_TIMEOUT_MS),
            });
            if (!res.ok) throw new Error(`gateway answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
            const answer = (await res.json()) as { token?: unknown; redirectUrl?: unknown };
            if (typeof answer.token !== 'string' || typeof answer.redirectUrl !== 'string' || !/^https?:\/\//.test(answer.redirectUrl)) {
                throw new Error('gateway answer has no token or redirect URL');
            }
            session.gatewayToken = answer.token;
            await this.connection.getRepository(ctx, OnlinePaymentSession).save(session);
            return { __typename: 'OnlinePaymentStart', redirectUrl: answer.redirectUrl, sessionId: session.sessionId };
        } catch (e) {
            Logger.warn(`registering order ${order.code} at the gateway failed: ${(e as Error).message}`, 'OnlinePayment');
            session.status = 'error';
            await this.connection.getRepository(ctx, OnlinePaymentSession).save(session);
            return error('ONLINE_PAYMENT_ERROR', 'Bramka płatności jest chwilowo niedostępna. Spróbuj ponownie za chwilę albo wybierz przelew tradycyjny.');
        }
    }

    /** Status of the newest online payment session of an order the caller may read (orderByCode rules). */
    async statusOf(ctx: RequestContext, orderCode: string): Promise<SessionStatus | null> {
        const order = await this.orderService.findOneByCode(ctx, orderCode, ['customer', 'customer.user']);
        if (!order || !(await this.configService.orderOptions.orderByCodeAccessStrategy.canAccessOrder(ctx, order))) return null;
        const session = await this.connection
            .getRepository(ctx, OnlinePaymentSession)
            .findOne({ where: { orderId: Number(order.id) }, order: { id: 'DESC' } });
        return session?.status ?? null;
    }

    /** The gateway's notification: verify, match, settle. Never throws; the status says what happened. */
    async notify(raw: Buffer, signature: string | undefined): Promise<NotifyResult> {
        if (!verifySignature(raw, signature, options.secret)) return { status: 401, body: { ok: false, reason: 'invalid signature' } };
        const n = parseNotification(raw);
        if ('error' in n) return { status: 400, body: { ok: false, reason: n.error } };
        const ctx = await this.requestContextService.create({ apiType: 'admin' });
        try {
            const result = await this.connection.withTransaction(ctx, async tx => {
                const sessions = this.connection.getRepository(tx, OnlinePaymentSession);
                const session = await sessions.findOne({ where: { sessionId: n.sessionId } });
                if (!session) throw new Refusal(400, 'unknown session');
                if (session.orderCode !== n.orderCode) throw new Refusal(400, 'order code does not match the session');
                if (n.currency !== 'PLN' || session.currency !== n.currency) throw new Refusal(400, `currency ${n.currency} refused (PLN only)`);
                if (n.amount !== session.amount) throw new Refusal(400, `amount ${n.amount} does not match the registered ${session.amount}`);
                if (session.status === 'paid') {
                    if (session.transactionId === n.transactionId) return 'already processed';
                    throw new Refusal(409, 'session already paid by another transaction');
                }
                if (n.status !== 'paid') {
                    session.status = n.status;
                    await sessions.save(session);
                    return `recorded ${n.status}`;
                }
                if (await sessions.findOne({ where: { transactionId: n.transactionId } })) throw new Refusal(409, 'transaction already used for another session');
                let order = await this.orderService.findOne(tx, session.orderId);
                if (!order || order.code !== n.orderCode) throw new Refusal(400, 'order not found');
                if (order.currencyCode !== 'PLN') throw new Refusal(400, 'order currency is not PLN');
                if (order.totalWithTax !== n.amount) throw new Refusal(400, `amount ${n.amount} does not match the order total ${order.totalWithTax}`);
                if (order.state === 'AddingItems') {
                    // the shopper left the payment step (the storefront moves the order back) while paying
                    const moved = await this.orderService.transitionToState(tx, order.id, 'ArrangingPayment');
                    if (isGraphQlErrorResult(moved)) throw new Refusal(409, `order cannot take a payment: ${moved.transitionError}`);
                    order = moved;
                }
                if (order.state !== 'ArrangingPayment') throw new Refusal(409, `order cannot take a payment in state ${order.state}`);
                session.status = 'paid';
                session.transactionId = n.transactionId;
                await sessions.save(session);
                const paid = await this.orderService.addPaymentToOrder(tx, order.id, { method: ONLINE_METHOD_CODE, metadata: { sessionId: session.sessionId } });
                if (isGraphQlErrorResult(paid)) throw new Refusal(409, `payment refused: ${paid.errorCode} ${paid.message}`);
                const payment = paid.payments?.find(p => p.transactionId === n.transactionId);
                session.paymentId = payment ? Number(payment.id) : null;
                await sessions.save(session);
                await this.customerService.createAddressesForNewCustomer(tx, paid);
                return `settled (${paid.state})`;
            });
            Logger.info(`notification ${n.transactionId} for ${n.orderCode}: ${result}`, 'OnlinePayment');
            return { status: 200, body: { ok: true, result } };
        } catch (e) {
            if (e instanceof Refusal) {
                Logger.warn(`notification ${n.transactionId} for ${n.orderCode} refused: ${e.message}`, 'OnlinePayment');
                return { status: e.status, body: { ok: false, reason: e.message } };
            }
            Logger.error(`notification ${n.transactionId} for ${n.orderCode} failed: ${(e as Error).message}`, 'OnlinePayment');
            return { status: 500, body: { ok: false, reason: 'internal error, retry later' } };
        }
    }
}

@Resolver()
export class OnlinePaymentShopResolver {
    constructor(private service: OnlinePaymentService) {}

    @Transaction()
    @Mutation()
    @Allow(Permission.Owner)
    startOnlinePayment(@Ctx() ctx: RequestContext) {
        return this.service.start(ctx);
    }

    @Query()
    @Allow(Permission.Public)
    onlinePaymentStatus(@Ctx() ctx: RequestContext, @Args() args: { orderCode: string }) {
        return this.service.statusOf(ctx, args.orderCode);
    }
}

@Resolver('OnlinePaymentStartResult')
export class OnlinePaymentStartResultResolver {
    @ResolveField('__resolveType')
    resolveType(@Parent() value: { __typename: string }) {
        return value.__typename;
    }
}

@Controller('payments')
export class PaymentNotifyController {
    constructor(private service: OnlinePaymentService) {}

    @All('notify')
    async notify(@Req() req: Request & { rawNotification?: Buffer }, @Res() res: Response) {
        res.setHeader('cache-control', 'no-store');
        if (req.method !== 'POST') {
            res.setHeader('allow', 'POST');
            return res.status(405).json({ ok: false, reason: 'method not allowed' });
        }
        const result = await this.service.notify(req.rawNotification ?? Buffer.alloc(0), req.header(SIGNATURE_HEADER));
        return res.status(result.status).json(result.body);
    }
}

/**
 * Keeps the exact bytes of the notification body (the signature covers them; a parsed and
 * re-serialised JSON would not match). Runs before Nest's JSON body parser, which then skips the
 * request (`_body`). Oversize bodies are refused here with 413.
 */
function readRawNotificationBody(req: Request & { rawNotification?: Buffer; _body?: boolean }, res: Response, next: NextFunction) {
    if (req.method !== 'POST') return next();
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_NOTIFICATION_BYTES) return res.status(413).json({ ok: false, reason: 'body too large' });
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_NOTIFICATION_BYTES && !refused) {
            refused = true;
            res.status(413).json({ ok: false, reason: 'body too large' });
            req.destroy();
            return;
        }
        if (!refused) chunks.push(chunk);
    });
    req.on('end', () => {
        if (refused) return;
        req.rawNotification = Buffer.concat(chunks);
        req._body = true;
        next();
    });
    req.on('error', next);
}

const shopSchema = gql`
    "The gateway page to send the shopper to; the order stays in ArrangingPayment until the gateway's notification settles it."
    type OnlinePaymentStart {
        redirectUrl: String!
        sessionId: String!
    }

    "NO_ACTIVE_ORDER_ERROR, ORDER_PAYMENT_STATE_ERROR (order not in ArrangingPayment) or ONLINE_PAYMENT_ERROR (gateway unavailable); message in Polish"
    type OnlinePaymentError implements ErrorResult {
        errorCode: ErrorCode!
        message: String!
    }

    union OnlinePaymentStartResult = OnlinePaymentStart | OnlinePaymentError

    extend type Mutation {
        "Registers the active order (ArrangingPayment) at the payment gateway and returns the gateway page URL"
        startOnlinePayment: OnlinePaymentStartResult!
    }

    extend type Query {
        "Newest online payment session of an order readable by orderByCode: registered | paid | failed | cancelled | error; null when none (or not yours)"
        onlinePaymentStatus(orderCode: String!): String
    }
`;

@VendurePlugin({
    imports: [PluginCommonModule],
    providers: [OnlinePaymentService],
    entities: [OnlinePaymentSession],
    controllers: [PaymentNotifyController],
    shopApiExtensions: {
        schema: shopSchema,
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
    static init(opts: OnlinePaymentOptions) {
        options = opts;
        return OnlinePaymentPlugin;
    }
}
