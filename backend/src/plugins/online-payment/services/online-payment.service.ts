import { Inject, Injectable } from '@nestjs/common';
import {
    ActiveOrderService,
    ConfigService,
    CustomerService,
    isGraphQlErrorResult,
    Logger,
    OrderService,
    RequestContext,
    RequestContextService,
    TransactionalConnection,
} from '@vendure/core';
import * as crypto from 'crypto';
import { OnlinePaymentSession } from '../entities/online-payment-session.entity';
import { loggerCtx, ONLINE_METHOD_CODE, ONLINE_PAYMENT_OPTIONS, REGISTER_TIMEOUT_MS } from '../online-payment.constants';
import { canonicalRegistration, GatewayRegistration, parseNotification, sign, SIGNATURE_HEADER, verifySignature } from '../signature';
import { NotifyResult, OnlinePaymentOptions, SessionStatus } from '../types';

/** A notification refused with an HTTP status (4xx) and a reason; the transaction is rolled back. */
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
        @Inject(ONLINE_PAYMENT_OPTIONS) private options: OnlinePaymentOptions,
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
            returnUrl: `${this.options.storefrontUrl}/payment-check?order=${encodeURIComponent(order.code)}`,
            cancelUrl: `${this.options.storefrontUrl}/payment-cancel?order=${encodeURIComponent(order.code)}`,
            notifyUrl: this.options.notifyUrl,
        };
        try {
            const body = canonicalRegistration(registration);
            const res = await fetch(`${this.options.gatewayUrl}/register`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(body, this.options.secret) },
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
            Logger.warn(`registering order ${order.code} at the gateway failed: ${(e as Error).message}`, loggerCtx);
            session.status = 'error';
            await this.connection.getRepository(ctx, OnlinePaymentSession).save(session);
            return error(
                'ONLINE_PAYMENT_ERROR',
                'Bramka płatności jest chwilowo niedostępna. Spróbuj ponownie za chwilę albo wybierz przelew tradycyjny.',
            );
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
        if (!verifySignature(raw, signature, this.options.secret)) return { status: 401, body: { ok: false, reason: 'invalid signature' } };
        const n = parseNotification(raw);
        if ('error' in n) return { status: 400, body: { ok: false, reason: n.error } };
        const ctx = await this.requestContextService.create({ apiType: 'admin' });
        try {
            const result = await this.connection.withTransaction(ctx, async tx => {
                const sessions = this.connection.getRepository(tx, OnlinePaymentSession);
                const session = await sessions.findOne({ where: { sessionId: n.sessionId } });
                if (!session) throw new Refusal(400, 'unknown session');
                if (session.orderCode !== n.orderCode) throw new Refusal(400, 'order code does not match the session');
                if (n.currency !== 'PLN' || session.currency !== n.currency)
                    throw new Refusal(400, `currency ${n.currency} refused (PLN only)`);
                if (n.amount !== session.amount)
                    throw new Refusal(400, `amount ${n.amount} does not match the registered ${session.amount}`);
                if (session.status === 'paid') {
                    if (session.transactionId === n.transactionId) return 'already processed';
                    throw new Refusal(409, 'session already paid by another transaction');
                }
                if (n.status !== 'paid') {
                    session.status = n.status;
                    await sessions.save(session);
                    return `recorded ${n.status}`;
                }
                if (await sessions.findOne({ where: { transactionId: n.transactionId } }))
                    throw new Refusal(409, 'transaction already used for another session');
                let order = await this.orderService.findOne(tx, session.orderId);
                if (!order || order.code !== n.orderCode) throw new Refusal(400, 'order not found');
                if (order.currencyCode !== 'PLN') throw new Refusal(400, 'order currency is not PLN');
                if (order.totalWithTax !== n.amount)
                    throw new Refusal(400, `amount ${n.amount} does not match the order total ${order.totalWithTax}`);
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
                const paid = await this.orderService.addPaymentToOrder(tx, order.id, {
                    method: ONLINE_METHOD_CODE,
                    metadata: { sessionId: session.sessionId },
                });
                if (isGraphQlErrorResult(paid)) throw new Refusal(409, `payment refused: ${paid.errorCode} ${paid.message}`);
                const payment = paid.payments?.find(p => p.transactionId === n.transactionId);
                session.paymentId = payment ? Number(payment.id) : null;
                await sessions.save(session);
                await this.customerService.createAddressesForNewCustomer(tx, paid);
                return `settled (${paid.state})`;
            });
            Logger.info(`notification ${n.transactionId} for ${n.orderCode}: ${result}`, loggerCtx);
            return { status: 200, body: { ok: true, result } };
        } catch (e) {
            if (e instanceof Refusal) {
                Logger.warn(`notification ${n.transactionId} for ${n.orderCode} refused: ${e.message}`, loggerCtx);
                return { status: e.status, body: { ok: false, reason: e.message } };
            }
            Logger.error(`notification ${n.transactionId} for ${n.orderCode} failed: ${(e as Error).message}`, loggerCtx);
            return { status: 500, body: { ok: false, reason: 'internal error, retry later' } };
        }
    }
}
