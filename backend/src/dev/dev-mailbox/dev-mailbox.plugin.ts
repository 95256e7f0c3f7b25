/**
 * Development stand-in for the e-mail plugin: records the messages the shop would send (account
 * verification, password reset, e-mail change, order confirmation, newsletter opt-in, shipping notice, a fresh order link, an issued invoice) with their tokens, so the verify and password-reset
 * flows can be completed without a mail server:
 * - each message is logged to the console and appended to `<BACKEND_MAIL_DIR>/outbox.jsonl`
 *   (services/dev-mailbox.service.ts);
 * - `GET /dev-mailbox?email=x@y.z` returns the messages for that address, newest first
 *   (api/dev-mailbox.controller.ts).
 */
import { OnApplicationBootstrap } from '@nestjs/common';
import {
    AccountRegistrationEvent,
    EventBus,
    IdentifierChangeRequestEvent,
    Logger,
    Order,
    OrderPlacedEvent,
    TransactionalConnection,
    PasswordResetEvent,
    PluginCommonModule,
    User,
    VendurePlugin,
} from '@vendure/core';
import { FulfilmentShippedEvent } from '../../plugins/fulfilment/events/fulfilment-shipped.event';
import { OrderStatusLinkRequestedEvent } from '../../plugins/fulfilment/events/order-status-link-requested.event';
import { orderViewLink } from '../../plugins/fulfilment/fulfilment.rules';
import { NewsletterOptInEvent } from '../../plugins/newsletter/events/newsletter-opt-in.event';
import { WithdrawalReceivedEvent } from '../../plugins/withdrawal/events/withdrawal-received.event';
import { OnlinePaymentRefundedEvent } from '../../plugins/online-payment/events/online-payment-refunded.event';
import { polishDateTime } from '../../plugins/withdrawal/withdrawal.rules';
import { InvoiceMailEvent, invoiceMailSubject } from '../../plugins/invoices/services/invoice-mail';
import { recordAccountSecurityMail } from './account-security-notices';
import { DevMailboxController } from './api/dev-mailbox.controller';
import { DEV_MAILBOX_OPTIONS, loggerCtx } from './dev-mailbox.constants';
import { DevMailboxService } from './services/dev-mailbox.service';
import { DevMailboxOptions } from './types';

@VendurePlugin({
    imports: [PluginCommonModule],
    providers: [DevMailboxService, { provide: DEV_MAILBOX_OPTIONS, useFactory: () => DevMailboxPlugin.options }],
    controllers: [DevMailboxController],
    compatibility: '^3.0.0',
})
export class DevMailboxPlugin implements OnApplicationBootstrap {
    static options: DevMailboxOptions = { mailDir: '', shopNotifyEmail: '', orderLinkSecret: '' };

    static init(options: DevMailboxOptions) {
        DevMailboxPlugin.options = options;
        return DevMailboxPlugin;
    }

    constructor(
        private eventBus: EventBus,
        private connection: TransactionalConnection,
        private mailbox: DevMailboxService,
    ) {}

    onApplicationBootstrap() {
        const record = this.mailbox.record.bind(this.mailbox);
        recordAccountSecurityMail(this.eventBus, record);
        const tokenOf = (user: User, key: 'verificationToken' | 'passwordResetToken' | 'identifierChangeToken') => {
            try {
                return user.getNativeAuthenticationMethod()[key] ?? '';
            } catch {
                return '';
            }
        };
        this.eventBus.ofType(AccountRegistrationEvent).subscribe(event => {
            const token = tokenOf(event.user, 'verificationToken');
            if (!token) return; // already verified (requireVerification off)
            record({
                type: 'verify',
                to: event.user.identifier,
                token,
                link: `/verify?token=${encodeURIComponent(token)}`,
                sentAt: new Date().toISOString(),
            });
        });
        this.eventBus.ofType(PasswordResetEvent).subscribe(event => {
            const token = tokenOf(event.user, 'passwordResetToken');
            record({
                type: 'password-reset',
                to: event.user.identifier,
                token,
                link: `/password-reset?token=${encodeURIComponent(token)}`,
                sentAt: new Date().toISOString(),
            });
        });
        this.eventBus.ofType(NewsletterOptInEvent).subscribe(event => {
            record({
                type: 'newsletter-confirm',
                to: event.emailAddress,
                token: event.token,
                link: `/newsletter/potwierdz?token=${encodeURIComponent(event.token)}`,
                sentAt: new Date().toISOString(),
            });
        });
        this.eventBus.ofType(IdentifierChangeRequestEvent).subscribe(event => {
            const token = tokenOf(event.user, 'identifierChangeToken');
            const to = event.user.getNativeAuthenticationMethod().pendingIdentifier ?? event.user.identifier;
            record({
                type: 'email-change',
                to,
                token,
                link: `/verify?token=${encodeURIComponent(token)}&change=1`,
                sentAt: new Date().toISOString(),
            });
        });
        this.eventBus.ofType(WithdrawalReceivedEvent).subscribe(event => {
            const w = event.withdrawal;
            const common = {
                token: '',
                orderCode: w.orderCode,
                link: `/odstapienie-od-umowy?order=${encodeURIComponent(w.orderCode)}`,
                receivedAt: polishDateTime(w.createdAt),
                lines: w.lines.map(l => `${l.productName} × ${l.quantity}`),
                sentAt: new Date().toISOString(),
            };
            record({ ...common, type: 'withdrawal', to: w.emailAddress });
            record({ ...common, type: 'withdrawal-shop', to: DevMailboxPlugin.options.shopNotifyEmail });
        });
        this.eventBus.ofType(OnlinePaymentRefundedEvent).subscribe(event => {
            const r = event.refund;
            record({
                type: 'payment-refunded',
                to: r.emailAddress,
                orderCode: r.orderCode,
                amount: r.amount,
                token: '',
                link: `/payment-cancel?order=${encodeURIComponent(r.orderCode)}`,
                sentAt: new Date().toISOString(),
            });
        });
        this.eventBus.ofType(FulfilmentShippedEvent).subscribe(event => {
            const s = event.shipment;
            record({
                type: 'order-shipped',
                to: s.emailAddress,
                orderCode: s.orderCode,
                carrier: s.carrier,
                trackingCode: s.trackingCode,
                trackingUrl: s.trackingUrl,
                token: '',
                link: orderViewLink(s.orderCode, DevMailboxPlugin.options.orderLinkSecret),
                sentAt: new Date().toISOString(),
            });
        });
        this.eventBus.ofType(OrderStatusLinkRequestedEvent).subscribe(event => {
            const r = event.request;
            record({
                type: 'order-status-link',
                to: r.emailAddress,
                orderCode: r.orderCode,
                token: '',
                link: r.link,
                sentAt: new Date().toISOString(),
            });
        });
        // the invoice's own e-mail (decision 121): the storefront link of its PDF
        this.eventBus.ofType(InvoiceMailEvent).subscribe(event => {
            const m = event.mail;
            record({
                type: 'invoice',
                to: m.emailAddress,
                subject: invoiceMailSubject(m),
                orderCode: m.orderCode,
                invoiceNumber: m.number,
                amount: m.totalGross,
                ksef: m.ksef,
                token: '',
                link: m.pdfPath,
                sentAt: new Date().toISOString(),
            });
        });
        // Published when an order is placed (PaymentAuthorized by transfer, PaymentSettled online).
        this.eventBus.ofType(OrderPlacedEvent).subscribe(async event => {
            try {
                const order = await this.connection
                    .getRepository(event.ctx, Order)
                    .findOne({ where: { id: event.order.id }, relations: { customer: true } });
                const to = order?.customer?.emailAddress;
                if (!order || !to) return;
                record({
                    type: 'order-confirmation',
                    to,
                    token: '',
                    orderCode: order.code,
                    link: orderViewLink(order.code, DevMailboxPlugin.options.orderLinkSecret),
                    withdrawalLink: `/odstapienie-od-umowy?order=${encodeURIComponent(order.code)}`,
                    sentAt: new Date().toISOString(),
                });
            } catch (e) {
                Logger.error(`[dev-mailbox] order confirmation failed: ${(e as Error).message}`, loggerCtx);
            }
        });
    }
}
