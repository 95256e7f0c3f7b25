/**
 * The shop's mail in the production profile: Vendure's email plugin with our Polish templates
 * (templates/<type>/body.hbs, MJML + Handlebars) and an SMTP transport from SMTP_URL. The plugin
 * puts each message on the `send-email` job queue, so rendering and sending happen in the worker
 * process, not in the API servers. Same messages, links and tokens as the dev mailbox
 * (src/dev/dev-mailbox), which stays the development default. Decision 062.
 */
import {
    AccountRegistrationEvent,
    IdentifierChangeRequestEvent,
    Order,
    OrderPlacedEvent,
    PasswordResetEvent,
    TransactionalConnection,
    type User,
} from '@vendure/core';
import { EmailEventListener, EmailPlugin, FileBasedTemplateLoader } from '@vendure/email-plugin';
import * as path from 'path';
import { BACKEND_DIR } from '../../env';
import { FulfilmentShippedEvent } from '../fulfilment/events/fulfilment-shipped.event';
import { OrderStatusLinkRequestedEvent } from '../fulfilment/events/order-status-link-requested.event';
import { ORDER_LINK_DAYS, orderViewLink } from '../fulfilment/fulfilment.rules';
import { NewsletterOptInEvent } from '../newsletter/events/newsletter-opt-in.event';
import { WithdrawalReceivedEvent } from '../withdrawal/events/withdrawal-received.event';
import { OnlinePaymentRefundedEvent } from '../online-payment/events/online-payment-refunded.event';
import { polishDateTime } from '../withdrawal/withdrawal.rules';
import { InvoiceMailEvent, invoiceMailSubject, invoiceTitle, zloty } from '../invoices/services/invoice-mail';
import { accountSecurityMailHandlers } from './account-security-mail';
import { keyed, KeyedMailGenerator, OnceMailSender } from './mail-once';

export interface ShopMailOptions {
    smtpUrl: string;
    from: string;
    storefrontUrl: string;
    shopNotifyEmail: string;
    /** signs the order links of the shop's e-mails (ORDER_LINK_SECRET, decision 102) */
    orderLinkSecret: string;
}

const TEMPLATES = path.join(BACKEND_DIR, 'src', 'plugins', 'shop-mail', 'templates');

function tokenOf(user: User, key: 'verificationToken' | 'passwordResetToken' | 'identifierChangeToken'): string {
    try {
        return user.getNativeAuthenticationMethod()[key] ?? '';
    } catch {
        return '';
    }
}

const q = encodeURIComponent;

export function shopMailHandlers(storefrontUrl: string, shopNotifyEmail: string, orderLinkSecret: string) {
    const verify = new EmailEventListener('verify')
        .on(AccountRegistrationEvent)
        .filter(e => !!tokenOf(e.user, 'verificationToken'))
        .setRecipient(e => e.user.identifier)
        .setFrom('{{ fromAddress }}')
        .setSubject('Potwierdź adres e-mail w sklepie Psiaki')
        .setTemplateVars(keyed(e => ({ link: `${storefrontUrl}/verify?token=${q(tokenOf(e.user, 'verificationToken'))}` })));
    const passwordReset = new EmailEventListener('password-reset')
        .on(PasswordResetEvent)
        .setRecipient(e => e.user.identifier)
        .setFrom('{{ fromAddress }}')
        .setSubject('Ustaw nowe hasło w sklepie Psiaki')
        .setTemplateVars(keyed(e => ({ link: `${storefrontUrl}/password-reset?token=${q(tokenOf(e.user, 'passwordResetToken'))}` })));
    const emailChange = new EmailEventListener('email-change')
        .on(IdentifierChangeRequestEvent)
        .setRecipient(e => e.user.getNativeAuthenticationMethod().pendingIdentifier ?? e.user.identifier)
        .setFrom('{{ fromAddress }}')
        .setSubject('Potwierdź nowy adres e-mail')
        .setTemplateVars(keyed(e => ({ link: `${storefrontUrl}/verify?token=${q(tokenOf(e.user, 'identifierChangeToken'))}&change=1` })));
    const newsletter = new EmailEventListener('newsletter-confirm')
        .on(NewsletterOptInEvent)
        .setRecipient(e => e.emailAddress)
        .setFrom('{{ fromAddress }}')
        .setSubject('Potwierdź zapis do newslettera Psiaki')
        .setTemplateVars(keyed(e => ({ link: `${storefrontUrl}/newsletter/potwierdz?token=${q(e.token)}` })));
    const orderConfirmation = new EmailEventListener('order-confirmation')
        .on(OrderPlacedEvent)
        // (a filter would see the event before loadData: a placed order always has its customer)
        .loadData(async ({ event, injector }) => {
            // outside the placing transaction (it has ended when subscribers run)
            const order = await injector
                .get(TransactionalConnection)
                .rawConnection.getRepository(Order)
                .findOne({ where: { id: event.order.id }, relations: { customer: true } });
            return {
                code: order?.code ?? event.order.code,
                to: order?.customer?.emailAddress ?? event.order.customer?.emailAddress ?? '',
                total: order?.totalWithTax ?? event.order.totalWithTax,
            };
        })
        .setRecipient(e => e.data.to)
        .setFrom('{{ fromAddress }}')
        .setSubject('Dziękujemy za zamówienie {{ code }}')
        .setTemplateVars(
            keyed(e => ({
                code: e.data.code,
                total: (e.data.total / 100).toFixed(2).replace('.', ',') + ' zł',
                link: `${storefrontUrl}${orderViewLink(e.data.code, orderLinkSecret)}`,
                withdrawalLink: `${storefrontUrl}/odstapienie-od-umowy?order=${q(e.data.code)}`,
            })),
        );
    // the acknowledgement on a durable medium: date and time of receipt and the lines (issue 24)
    const withdrawalVars = (e: WithdrawalReceivedEvent) => ({
        code: e.withdrawal.orderCode,
        receivedAt: polishDateTime(e.withdrawal.createdAt),
        lines: e.withdrawal.lines.map(l => `${l.productName} × ${l.quantity}`),
        name: e.withdrawal.name,
        link: `${storefrontUrl}/odstapienie-od-umowy?order=${q(e.withdrawal.orderCode)}`,
    });
    const withdrawal = new EmailEventListener('withdrawal')
        .on(WithdrawalReceivedEvent)
        .setRecipient(e => e.withdrawal.emailAddress)
        .setFrom('{{ fromAddress }}')
        .setSubject('Otrzymaliśmy Twoje odstąpienie od umowy – zamówienie {{ code }}')
        .setTemplateVars(keyed(withdrawalVars));
    const withdrawalShop = new EmailEventListener('withdrawal-shop')
        .on(WithdrawalReceivedEvent)
        .setRecipient(() => shopNotifyEmail)
        .setFrom('{{ fromAddress }}')
        .setSubject('Odstąpienie od umowy: zamówienie {{ code }}')
        .setTemplateVars(keyed(withdrawalVars));
    // a payment for an order that changed meanwhile was refunded automatically (issue 25)
    const paymentRefunded = new EmailEventListener('payment-refunded')
        .on(OnlinePaymentRefundedEvent)
        .setRecipient(e => e.refund.emailAddress)
        .setFrom('{{ fromAddress }}')
        .setSubject('Zwróciliśmy Twoją płatność za zamówienie {{ code }}')
        .setTemplateVars(
            keyed(e => ({
                code: e.refund.orderCode,
                amount: (e.refund.amount / 100).toFixed(2).replace('.', ',') + ' zł',
                link: `${storefrontUrl}/payment-cancel?order=${q(e.refund.orderCode)}`,
            })),
        );
    // the order is on its way: carrier, tracking number and link (issue 28)
    const orderShipped = new EmailEventListener('order-shipped')
        .on(FulfilmentShippedEvent)
        .setRecipient(e => e.shipment.emailAddress)
        .setFrom('{{ fromAddress }}')
        .setSubject('Twoje zamówienie {{ code }} zostało wysłane')
        .setTemplateVars(
            keyed(e => ({
                code: e.shipment.orderCode,
                carrier: e.shipment.carrier,
                trackingCode: e.shipment.trackingCode,
                trackingUrl: e.shipment.trackingUrl,
                shippedAt: polishDateTime(e.shipment.shippedAt),
                link: `${storefrontUrl}${orderViewLink(e.shipment.orderCode, orderLinkSecret)}`,
            })),
        );
    // a fresh link to the order's page, asked for on the page by code and e-mail (decision 104)
    const orderStatusLink = new EmailEventListener('order-status-link')
        .on(OrderStatusLinkRequestedEvent)
        .setRecipient(e => e.request.emailAddress)
        .setFrom('{{ fromAddress }}')
        .setSubject('Nowy link do zamówienia {{ code }}')
        .setTemplateVars(keyed(e => ({ code: e.request.orderCode, days: ORDER_LINK_DAYS, link: `${storefrontUrl}${e.request.link}` })));
    // the invoice in its own e-mail, once per issue, again when staff resend it (issue 40, decision 121)
    const invoice = new EmailEventListener('invoice')
        .on(InvoiceMailEvent)
        .setRecipient(e => e.mail.emailAddress)
        .setFrom('{{ fromAddress }}')
        .setSubject('{{ subject }}')
        .setTemplateVars(
            keyed(e => ({
                subject: invoiceMailSubject(e.mail),
                title: invoiceTitle(e.mail.kind),
                correction: e.mail.kind === 'KOR',
                number: e.mail.number,
                code: e.mail.orderCode,
                total: zloty(e.mail.totalGross),
                ksef: e.mail.ksef,
                pdfLink: `${storefrontUrl}${e.mail.pdfPath}`,
                orderLink: `${storefrontUrl}${orderViewLink(e.mail.orderCode, orderLinkSecret)}`,
            })),
        );
    return [
        verify,
        passwordReset,
        emailChange,
        newsletter,
        orderConfirmation,
        withdrawal,
        withdrawalShop,
        paymentRefunded,
        orderShipped,
        orderStatusLink,
        invoice,
    ];
}

/** nodemailer's SMTP options from smtp://[user:password@]host:port (smtps:// = TLS from the start). */
export function smtpTransport(smtpUrl: string) {
    const url = new URL(smtpUrl);
    return {
        type: 'smtp' as const,
        host: url.hostname,
        port: Number(url.port),
        secure: url.protocol === 'smtps:',
        auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
        // a local sink offers no TLS; real providers (port 587) upgrade with STARTTLS
        ignoreTLS: url.hostname === '127.0.0.1' || url.hostname === 'localhost',
    };
}

export const ShopMailPlugin = {
    init(options: ShopMailOptions) {
        return EmailPlugin.init({
            handlers: [
                ...shopMailHandlers(options.storefrontUrl, options.shopNotifyEmail, options.orderLinkSecret),
                ...accountSecurityMailHandlers(options.shopNotifyEmail),
            ],
            templateLoader: new FileBasedTemplateLoader(TEMPLATES),
            // each message leaves once, however often its job runs (mail-once.ts)
            emailGenerator: new KeyedMailGenerator(),
            emailSender: new OnceMailSender(),
            transport: smtpTransport(options.smtpUrl),
            globalTemplateVars: { fromAddress: options.from, storefrontUrl: options.storefrontUrl },
        });
    },
};
