import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Between, In } from 'typeorm';
import {
    ActiveOrderService,
    ConfigService,
    CustomerService,
    EventBus,
    isGraphQlErrorResult,
    Logger,
    OrderService,
    RequestContext,
    RequestContextService,
    TransactionalConnection,
} from '@vendure/core';
import * as crypto from 'crypto';
import { OnlinePaymentSession } from '../entities/online-payment-session.entity';
import { loggerCtx, ONLINE_METHOD_CODE, ONLINE_PAYMENT_OPTIONS, P24_CALL_TIMEOUT_MS } from '../online-payment.constants';
import {
    blikResultSign,
    P24_METHOD_BLIK,
    notificationSign,
    P24_CHANNEL_BLIK,
    P24Client,
    P24Error,
    P24BlikResult,
    P24Notification,
    parseBlikResult,
    parseNotification,
    parseRefundNotification,
    refundNotificationSign,
    signsMatch,
} from '../p24';
import { OnlinePaymentRefundedEvent } from '../events/online-payment-refunded.event';
import { NotifyResult, OnlinePaymentOptions, SessionStatus } from '../types';

type Result = { __typename: string; [key: string]: unknown };

/** Sessions whose transaction has been dealt with: paid, or verified for a changed order (refunded or not). */
const DONE: SessionStatus[] = ['paid', 'mismatch', 'refunded', 'refund-failed'];

const GATEWAY_DOWN = 'Bramka płatności jest chwilowo niedostępna. Spróbuj ponownie za chwilę albo wybierz przelew tradycyjny.';
const BLIK_CODE_FORMAT = 'Wpisz 6-cyfrowy kod BLIK z aplikacji banku.';
const BLIK_CODE_REFUSED = 'Kod BLIK jest nieprawidłowy lub wygasł. Wygeneruj nowy kod w aplikacji banku i wpisz go ponownie.';

/** A notification refused with an HTTP status (4xx) and a reason; the transaction is rolled back. */
class Refusal extends Error {
    constructor(
        public status: number,
        reason: string,
    ) {
        super(reason);
    }
}

/** Sessions the reconciliation asks P24 about: still waiting for a (verified) notification. */
const UNSETTLED: SessionStatus[] = ['registered', 'verify-failed'];
const DAY_MS = 24 * 60 * 60 * 1000;

@Injectable()
export class OnlinePaymentService implements OnApplicationBootstrap, OnApplicationShutdown {
    constructor(
        @Inject(ONLINE_PAYMENT_OPTIONS) private options: OnlinePaymentOptions,
        private connection: TransactionalConnection,
        private orderService: OrderService,
        private activeOrderService: ActiveOrderService,
        private customerService: CustomerService,
        private requestContextService: RequestContextService,
        private configService: ConfigService,
        private eventBus: EventBus,
    ) {}

    private reconciling?: NodeJS.Timeout;

    onApplicationBootstrap() {
        const every = this.options.reconcile?.everySeconds ?? 0;
        if (every > 0) {
            this.reconciling = setInterval(
                () =>
                    void this.reconcile().catch(e =>
                        Logger.warn(`reconciliation of online payments failed: ${(e as Error).message}`, loggerCtx),
                    ),
                every * 1000,
            );
            this.reconciling.unref();
        }
    }

    onApplicationShutdown() {
        if (this.reconciling) clearInterval(this.reconciling);
    }

    /**
     * The reconciliation (issue 43): P24 notifies a payment and repeats it for a while, but a
     * notification can still be lost for good (the shop down longer than P24 tries, a network
     * fault). Sessions still waiting (registered, or notified and not verified) between
     * `minAgeSeconds` and a day old are looked up at P24 (transaction/by/sessionId); one P24 reports
     * paid (status 1, or 2 once verified) goes through the notification's own path (verify, then settle once): the same checks,
     * the same claim of the session, so a notification arriving as well changes nothing. Runs in
     * every process of the backend; the claim makes that harmless. Returns the sessions settled.
     */
    async reconcile(now = Date.now()): Promise<string[]> {
        const minAge = (this.options.reconcile?.minAgeSeconds ?? 120) * 1000;
        const ctx = await this.requestContextService.create({ apiType: 'admin' });
        const repo = this.connection.getRepository(ctx, OnlinePaymentSession);
        // as the database stores the column (SQLite: a text in UTC; a Date parameter would not bind)
        const column = repo.metadata.findColumnWithPropertyName('createdAt')!;
        const stored = (d: Date) => this.connection.rawConnection.driver.preparePersistentValue(d, column) as Date;
        const waiting = await repo.find({
            where: { status: In(UNSETTLED), createdAt: Between(stored(new Date(now - DAY_MS)), stored(new Date(now - minAge))) },
            order: { id: 'ASC' },
            take: 100,
        });
        const settled: string[] = [];
        for (const session of waiting) {
            if (!session.gatewayToken) continue;
            let status: { status: number; orderId: number | null };
            try {
                status = await this.p24.transactionStatus(session.sessionId);
            } catch (e) {
                Logger.warn(`reconciliation: status of session ${session.sessionId} unknown: ${(e as Error).message}`, loggerCtx);
                continue;
            }
            // 1: paid, not yet verified (what a lost notification leaves); 2: verified (the shop verified, then failed to settle)
            if ((status.status !== 1 && status.status !== 2) || status.orderId === null) continue;
            const { credentials } = this.options;
            const result = await this.handleNotification({
                merchantId: credentials.merchantId,
                posId: credentials.posId,
                sessionId: session.sessionId,
                amount: session.amount,
                originAmount: session.amount,
                currency: session.currency,
                orderId: status.orderId,
                methodId: 0,
                statement: '',
                sign: '',
            });
            Logger.info(
                `reconciliation: session ${session.sessionId} of order ${session.orderCode} paid at Przelewy24 without a notification: ${result.status} ${JSON.stringify(result.body)}`,
                loggerCtx,
            );
            if (result.status === 200) settled.push(session.sessionId);
        }
        return settled;
    }

    /** Identical notifications being processed in this process: they share one outcome (one verify call). */
    private inFlight = new Map<string, Promise<NotifyResult>>();
    private client?: P24Client;

    private get p24(): P24Client {
        return (this.client ??= new P24Client(this.options.p24Url, this.options.credentials, P24_CALL_TIMEOUT_MS));
    }

    /** Online payment on P24's page: register, then the shopper goes to `trnRequest/<token>`. */
    async start(ctx: RequestContext): Promise<Result> {
        const registered = await this.register(ctx, null);
        if ('__typename' in registered) return registered;
        return {
            __typename: 'OnlinePaymentStart',
            redirectUrl: this.p24.payPageUrl(registered.token),
            sessionId: registered.session.sessionId,
        };
    }

    /**
     * BLIK level 0 on the shop's page: register a BLIK-only transaction, then charge it with the
     * shopper's six-digit code (paymentMethod/blik/chargeByCode). A code P24 refuses at once
     * (wrong, expired, already used) is a BlikCodeError and the order waits for a new code; an
     * accepted one leaves the session `blik-pending` until the shopper confirms in the banking app
     * (P24's notification settles the order) or P24's BLIK notification tells why not.
     */
    async startBlik(ctx: RequestContext, blikCode: string): Promise<Result> {
        const code = String(blikCode ?? '').trim();
        if (!/^\d{6}$/.test(code)) return { __typename: 'BlikCodeError', errorCode: 'BLIK_CODE_ERROR', message: BLIK_CODE_FORMAT };
        const req = ctx.req;
        const ip = String(req?.headers['x-forwarded-for'] ?? req?.ip ?? '127.0.0.1')
            .split(',')[0]
            .trim()
            .slice(0, 45);
        const userAgent = String(req?.headers['user-agent'] ?? 'unknown').slice(0, 250);
        const registered = await this.register(ctx, { IP: ip, userAgent });
        if ('__typename' in registered) return registered;
        const { session, token } = registered;
        const sessions = this.connection.getRepository(ctx, OnlinePaymentSession);
        try {
            await this.p24.blikChargeByCode(token, code);
            await sessions.update({ id: session.id }, { status: 'blik-pending' });
            return { __typename: 'BlikPaymentStart', sessionId: session.sessionId };
        } catch (e) {
            const refused = e instanceof P24Error && e.status !== null && e.status >= 400 && e.status < 500;
            Logger.warn(`BLIK charge of ${session.orderCode} (session ${session.sessionId}) failed: ${(e as Error).message}`, loggerCtx);
            await sessions.update({ id: session.id }, { status: refused ? 'blik-rejected' : 'error' });
            if (refused) return { __typename: 'BlikCodeError', errorCode: 'BLIK_CODE_ERROR', message: BLIK_CODE_REFUSED };
            return { __typename: 'OnlinePaymentError', errorCode: 'ONLINE_PAYMENT_ERROR', message: GATEWAY_DOWN };
        }
    }

    /** Registers the active order (ArrangingPayment) at P24; BLIK when `psu` is given (BLIK only, the payer's IP and browser). */
    private async register(
        ctx: RequestContext,
        psu: { IP: string; userAgent: string } | null,
    ): Promise<Result | { session: OnlinePaymentSession; token: string }> {
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
        const sessions = this.connection.getRepository(ctx, OnlinePaymentSession);
        const session = await sessions.save(
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
        try {
            const token = await this.p24.register({
                sessionId: session.sessionId,
                amount: order.totalWithTax,
                currency: order.currencyCode,
                description: `Zamówienie ${order.code}`,
                email: order.customer?.emailAddress ?? '',
                country: 'PL',
                language: 'pl',
                urlReturn: `${this.options.storefrontUrl}/payment-check?order=${encodeURIComponent(order.code)}`,
                urlStatus: this.options.notifyUrl,
                waitForResult: true,
                ...(psu ? { channel: P24_CHANNEL_BLIK, urlCardPaymentNotification: this.options.notifyUrl, additional: { PSU: psu } } : {}),
            });
            session.gatewayToken = token;
            await sessions.save(session);
            return { session, token };
        } catch (e) {
            Logger.warn(`registering order ${order.code} at Przelewy24 failed: ${(e as Error).message}`, loggerCtx);
            session.status = 'error';
            await sessions.save(session);
            return error('ONLINE_PAYMENT_ERROR', GATEWAY_DOWN);
        }
    }

    /**
     * Status of the newest online payment session of an order the caller may read (orderByCode
     * rules). P24 notifies only successful payments, so for a session still `registered` P24 is
     * asked (transaction/by/sessionId): when it knows of no payment the answer is `unpaid` (the
     * payment-check page asks once the shopper is back, and with waitForResult P24 sends the
     * shopper back only with the result known). Nothing is stored: a notification arriving
     * later still settles the order.
     */
    async statusOf(ctx: RequestContext, orderCode: string): Promise<SessionStatus | 'unpaid' | null> {
        const order = await this.orderService.findOneByCode(ctx, orderCode, ['customer', 'customer.user']);
        if (!order || !(await this.configService.orderOptions.orderByCodeAccessStrategy.canAccessOrder(ctx, order))) return null;
        const session = await this.connection
            .getRepository(ctx, OnlinePaymentSession)
            .findOne({ where: { orderId: Number(order.id) }, order: { id: 'DESC' } });
        if (!session) return null;
        if (session.status === 'registered' && session.gatewayToken) {
            try {
                if ((await this.p24.transactionStatus(session.sessionId)).status === 0) return 'unpaid';
            } catch (e) {
                Logger.warn(`status of session ${session.sessionId} at Przelewy24 unknown: ${(e as Error).message}`, loggerCtx);
            }
        }
        return session.status;
    }

    /**
     * P24's transaction notification: check the signature and the fields, match the session,
     * verify the transaction at P24, then settle the order once. Never throws; the HTTP status
     * says what happened (2xx taken, 4xx refused for good, 5xx try again later).
     */
    async notify(raw: Buffer): Promise<NotifyResult> {
        let value: unknown;
        try {
            value = JSON.parse(raw.toString());
        } catch {
            return { status: 400, body: { ok: false, reason: 'body is not JSON' } };
        }
        if (value && typeof value === 'object' && 'refundsUuid' in value) return this.refundNotification(value as Record<string, unknown>);
        const blik = parseBlikResult(value);
        if (blik) return this.blikResult(blik);
        const n = parseNotification(raw);
        if ('error' in n) return { status: 400, body: { ok: false, reason: n.error } };
        const { credentials } = this.options;
        if (!signsMatch(n.sign, notificationSign(n, credentials.crc))) {
            Logger.warn(`notification for session ${n.sessionId.slice(0, 100)} refused: invalid sign`, loggerCtx);
            return { status: 401, body: { ok: false, reason: 'invalid sign' } };
        }
        if (n.merchantId !== credentials.merchantId || n.posId !== credentials.posId)
            return { status: 400, body: { ok: false, reason: 'merchantId or posId is not ours' } };
        const key = `${n.sessionId}\n${n.orderId}\n${n.amount}\n${n.currency}`;
        const running = this.inFlight.get(key);
        if (running) return running;
        const handled = this.handleNotification(n).finally(() => this.inFlight.delete(key));
        this.inFlight.set(key, handled);
        return handled;
    }

    /**
     * Refunds `amount` of a verified transaction at P24 (transaction/refund; our own request ids).
     * Used by the `online` handler's createRefund (Admin API refundOrder: whole, partial, per line;
     * withdrawals too) and by the automatic refund of a payment for a changed order.
     */
    async refundTransaction(r: {
        sessionId: string;
        transactionId: string;
        amount: number;
        description: string;
    }): Promise<{ ok: true; refundsUuid: string } | { ok: false; reason: string }> {
        const orderId = Number(r.transactionId);
        if (!r.sessionId || !Number.isSafeInteger(orderId) || orderId <= 0)
            return { ok: false, reason: 'no Przelewy24 transaction to refund' };
        if (!Number.isInteger(r.amount) || r.amount <= 0) return { ok: false, reason: 'nothing to refund' };
        const refundsUuid = crypto.randomUUID().replace(/-/g, '');
        try {
            await this.p24.refund({
                requestId: crypto.randomUUID(),
                refundsUuid,
                urlStatus: this.options.notifyUrl,
                orderId,
                sessionId: r.sessionId,
                amount: r.amount,
                description: r.description.slice(0, 200),
            });
            Logger.info(`refunded ${r.amount} of transaction ${orderId} (session ${r.sessionId}): ${refundsUuid}`, loggerCtx);
            return { ok: true, refundsUuid };
        } catch (e) {
            Logger.error(
                `refund of ${r.amount} of transaction ${orderId} (session ${r.sessionId}) failed: ${(e as Error).message}`,
                loggerCtx,
            );
            return { ok: false, reason: (e as Error).message };
        }
    }

    /** The money of a payment for a changed order goes back at once, and the shopper is told by e-mail. */
    private async refundLate(ctx: RequestContext, session: OnlinePaymentSession, n: P24Notification): Promise<string> {
        const refunded = await this.refundTransaction({
            sessionId: session.sessionId,
            transactionId: String(n.orderId),
            amount: n.amount,
            description: `Zwrot płatności za zamówienie ${session.orderCode} (zamówienie zmieniło się w trakcie płatności)`,
        });
        const sessions = this.connection.getRepository(ctx, OnlinePaymentSession);
        await sessions.update({ id: session.id }, { status: refunded.ok ? 'refunded' : 'refund-failed' });
        if (!refunded.ok) return `verified for a changed order; the refund FAILED (${refunded.reason}): refund it in the P24 panel`;
        const order = await this.orderService.findOne(ctx, session.orderId, ['customer']);
        const emailAddress = order?.customer?.emailAddress;
        if (emailAddress)
            await this.eventBus.publish(
                new OnlinePaymentRefundedEvent(ctx, { orderCode: session.orderCode, emailAddress, amount: n.amount }),
            );
        return 'verified for a changed order: refunded';
    }

    /** P24's refund notification (to the refund's urlStatus): checked and logged; a refused refund is an error for staff. */
    private refundNotification(v: Record<string, unknown>): NotifyResult {
        const r = parseRefundNotification(v);
        if ('error' in r) return { status: 400, body: { ok: false, reason: r.error } };
        if (!signsMatch(r.sign, refundNotificationSign(r, this.options.credentials.crc)))
            return { status: 401, body: { ok: false, reason: 'invalid sign' } };
        if (r.status === 0) Logger.info(`refund ${r.refundsUuid} of transaction ${r.orderId} done (${r.amount})`, loggerCtx);
        else Logger.error(`refund ${r.refundsUuid} of transaction ${r.orderId} REFUSED by Przelewy24 (${r.amount})`, loggerCtx);
        return { status: 200, body: { ok: true, result: `refund ${r.status === 0 ? 'done' : 'refused'}` } };
    }

    /**
     * P24's BLIK notification: a failure of a pending BLIK charge (declined in the app, no
     * confirmation in time, the code refused) is recorded so the payment step can say so; a
     * success changes nothing (the verified transaction notification pays).
     */
    private async blikResult(r: P24BlikResult | { error: string }): Promise<NotifyResult> {
        if ('error' in r) return { status: 400, body: { ok: false, reason: r.error } };
        if (!signsMatch(r.sign, blikResultSign(r, this.options.credentials.crc))) {
            Logger.warn(`BLIK notification for session ${r.sessionId.slice(0, 100)} refused: invalid sign`, loggerCtx);
            return { status: 401, body: { ok: false, reason: 'invalid sign' } };
        }
        const ctx = await this.requestContextService.create({ apiType: 'admin' });
        const sessions = this.connection.getRepository(ctx, OnlinePaymentSession);
        const session = await sessions.findOne({ where: { sessionId: r.sessionId } });
        if (!session) {
            Logger.warn(`BLIK notification for unknown session ${r.sessionId} refused`, loggerCtx);
            return { status: 400, body: { ok: false, reason: 'unknown session' } };
        }
        if (r.status === 'success') return { status: 200, body: { ok: true, result: 'noted (the transaction notification pays)' } };
        const status: SessionStatus = /timeout/i.test(r.errorCode)
            ? 'blik-timeout'
            : /code|expired|alias/i.test(r.errorCode)
              ? 'blik-rejected'
              : 'blik-declined';
        // only a charge still waiting for the app changes: a paid session stays paid
        const changed = await sessions.update({ id: session.id, status: 'blik-pending' }, { status });
        Logger.info(`BLIK ${r.errorCode} for ${session.orderCode} (session ${session.sessionId}): ${r.errorMessage}`, loggerCtx);
        return {
            status: 200,
            body: { ok: true, result: changed.affected ? `recorded ${status}` : `ignored (session is ${session.status})` },
        };
    }

    private async handleNotification(n: P24Notification): Promise<NotifyResult> {
        const transactionId = String(n.orderId);
        const ctx = await this.requestContextService.create({ apiType: 'admin' });
        const sessions = this.connection.getRepository(ctx, OnlinePaymentSession);
        const refuse = (status: number, reason: string): NotifyResult => {
            Logger.warn(`notification ${transactionId} for session ${n.sessionId} refused: ${reason}`, loggerCtx);
            return { status, body: { ok: false, reason } };
        };
        const session = await sessions.findOne({ where: { sessionId: n.sessionId } });
        if (!session) return refuse(400, 'unknown session');
        if (n.currency !== 'PLN' || session.currency !== n.currency) return refuse(400, `currency ${n.currency} refused (PLN only)`);
        if (n.amount !== session.amount || n.originAmount !== session.amount)
            return refuse(400, `amount ${n.amount} does not match the registered ${session.amount}`);
        if (DONE.includes(session.status)) {
            if (session.transactionId === transactionId) return { status: 200, body: { ok: true, result: 'already processed' } };
            return refuse(409, 'session already paid by another transaction');
        }
        if (await sessions.findOne({ where: { transactionId } })) return refuse(409, 'transaction already used for another session');
        // only a verified transaction is paid (P24 repeats the notification until it is verified)
        try {
            await this.p24.verify({ sessionId: n.sessionId, orderId: n.orderId, amount: n.amount, currency: n.currency });
        } catch (e) {
            Logger.error(`verifying transaction ${transactionId} (session ${n.sessionId}) failed: ${(e as Error).message}`, loggerCtx);
            await sessions.update({ id: session.id, status: session.status }, { status: 'verify-failed' });
            return { status: 502, body: { ok: false, reason: 'transaction verification at Przelewy24 failed, retry later' } };
        }
        try {
            const result = await this.connection.withTransaction(ctx, async tx => {
                const repo = this.connection.getRepository(tx, OnlinePaymentSession);
                // claim the session: of concurrent notifications (two servers) exactly one gets here
                const claimed = await repo
                    .createQueryBuilder()
                    .update(OnlinePaymentSession)
                    .set({ status: 'paid', transactionId })
                    .where('id = :id AND status NOT IN (:...done)', { id: session.id, done: DONE })
                    .execute();
                if (!claimed.affected) {
                    const now = await repo.findOne({ where: { id: session.id } });
                    if (now?.transactionId === transactionId) return 'already processed';
                    throw new Refusal(409, 'session already paid by another transaction');
                }
                let order = await this.orderService.findOne(tx, session.orderId);
                const mismatch = async (reason: string) => {
                    await repo.update({ id: session.id }, { status: 'mismatch' });
                    return `verified but not added: ${reason}`;
                };
                if (!order || order.code !== session.orderCode) throw new Refusal(400, 'order not found');
                if (order.currencyCode !== 'PLN') return mismatch('order currency is not PLN');
                if (order.totalWithTax !== n.amount)
                    return mismatch(`amount ${n.amount} differs from the order total ${order.totalWithTax}`);
                if (order.state === 'AddingItems') {
                    // the shopper left the payment step (the storefront moves the order back) while paying
                    const moved = await this.orderService.transitionToState(tx, order.id, 'ArrangingPayment');
                    if (isGraphQlErrorResult(moved)) return mismatch(`order cannot take a payment: ${moved.transitionError}`);
                    order = moved;
                }
                if (order.state !== 'ArrangingPayment') return mismatch(`order cannot take a payment in state ${order.state}`);
                const paid = await this.orderService.addPaymentToOrder(tx, order.id, {
                    method: ONLINE_METHOD_CODE,
                    // paid by BLIK (P24's method 154, or a session charged by a BLIK code): the
                    // invoice's form of payment is then FA(3)'s 7, mobile (decision 116)
                    metadata: {
                        sessionId: session.sessionId,
                        channel: n.methodId === P24_METHOD_BLIK || session.status.startsWith('blik-') ? 'blik' : 'p24',
                        methodId: n.methodId,
                    },
                });
                if (isGraphQlErrorResult(paid)) throw new Refusal(409, `payment refused: ${paid.errorCode} ${paid.message}`);
                const payment = paid.payments?.find(p => p.transactionId === transactionId);
                await repo.update({ id: session.id }, { paymentId: payment ? Number(payment.id) : null });
                await this.customerService.createAddressesForNewCustomer(tx, paid);
                return `settled (${paid.state})`;
            });
            if (result.startsWith('verified but not added')) {
                Logger.warn(`notification ${transactionId} for ${session.orderCode}: ${result}`, loggerCtx);
                return { status: 200, body: { ok: true, result: await this.refundLate(ctx, session, n) } };
            }
            Logger.info(`notification ${transactionId} for ${session.orderCode}: ${result}`, loggerCtx);
            return { status: 200, body: { ok: true, result } };
        } catch (e) {
            if (e instanceof Refusal) return refuse(e.status, e.message);
            Logger.error(`notification ${transactionId} for ${session.orderCode} failed: ${(e as Error).message}`, loggerCtx);
            return { status: 500, body: { ok: false, reason: 'internal error, retry later' } };
        }
    }
}
