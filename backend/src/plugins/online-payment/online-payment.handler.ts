import { LanguageCode, PaymentMethodHandler, TransactionalConnection } from '@vendure/core';
import { OnlinePaymentSession } from './entities/online-payment-session.entity';
import { ONLINE_HANDLER_CODE, ONLINE_METHOD_CODE } from './online-payment.constants';
import { OnlinePaymentService } from './services/online-payment.service';

let handlerConnection: TransactionalConnection | undefined;
let handlerService: OnlinePaymentService | undefined;

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
        handlerService = injector.get(OnlinePaymentService);
    },
    createPayment: async (ctx, order, amount, _args, metadata) => {
        const declined = (why: string) => ({
            amount,
            state: 'Declined' as const,
            errorMessage: why,
            metadata: {},
        });
        if (ctx.apiType === 'shop') return declined('Płatność online potwierdza Przelewy24; użyj startOnlinePayment.');
        const sessionId = typeof metadata?.sessionId === 'string' ? metadata.sessionId : '';
        const session =
            sessionId && handlerConnection
                ? await handlerConnection.getRepository(ctx, OnlinePaymentSession).findOne({ where: { sessionId } })
                : null;
        if (
            !session ||
            session.status !== 'paid' ||
            !session.transactionId ||
            session.paymentId ||
            String(session.orderId) !== String(order.id) ||
            session.amount !== amount
        ) {
            return declined('Brak potwierdzonej transakcji bramki dla tego zamówienia.');
        }
        return {
            amount,
            state: 'Settled' as const,
            transactionId: session.transactionId,
            metadata: {
                public: {
                    gateway: ONLINE_METHOD_CODE,
                    sessionId: session.sessionId,
                    transactionId: session.transactionId,
                    // 'blik' or 'p24' (the bank transfer or card on P24's page), and P24's method id
                    channel: metadata?.channel === 'blik' ? 'blik' : 'p24',
                    methodId: typeof metadata?.methodId === 'number' ? metadata.methodId : null,
                },
            },
        };
    },
    settlePayment: () => ({ success: true }),
    /**
     * Admin API refundOrder (whole, partial, per line — Vendure computes the amount; withdrawals
     * are refunded this way too): Przelewy24's transaction/refund; the Refund is Settled once P24
     * accepted it, Failed with P24's reason otherwise.
     */
    createRefund: async (_ctx, _input, amount, order, payment) => {
        const meta = (payment.metadata ?? {}) as { public?: { sessionId?: unknown }; sessionId?: unknown };
        const sessionId = String(meta.public?.sessionId ?? meta.sessionId ?? '');
        const refunded = handlerService
            ? await handlerService.refundTransaction({
                  sessionId,
                  transactionId: payment.transactionId ?? '',
                  amount,
                  description: `Zwrot – zamówienie ${order.code}`,
              })
            : { ok: false as const, reason: 'online payment service not ready' };
        if (!refunded.ok) return { state: 'Failed' as const, metadata: { errorMessage: refunded.reason } };
        return { state: 'Settled' as const, transactionId: refunded.refundsUuid, metadata: { refundsUuid: refunded.refundsUuid } };
    },
    cancelPayment: () => ({ success: true }),
});
