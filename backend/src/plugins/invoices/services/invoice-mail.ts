/**
 * The invoice's own e-mail (issue 40, slice E; decision 121): when an invoice is issued the buyer
 * gets "Faktura FV/… do zamówienia …" with the number, the order code, the gross total and the
 * storefront link of its PDF (the signed handle of decision 119: the e-mail goes to the order's
 * owner only). The mail plugins (shop-mail's EmailPlugin handler with SMTP, or the dev mailbox)
 * listen for `InvoiceMailEvent`; shop-mail's `keyed()` gives each event its own mail key, so a
 * send job run twice sends once (decision 114). Once per invoice: only the run that committed the
 * invoice publishes the event (a repeated issue job finds the invoice and publishes nothing);
 * staff's `resendInvoiceEmail` publishes a new one, deliberately a second mail.
 */
import { Injectable } from '@nestjs/common';
import { EventBus, Logger, Order, type RequestContext, TransactionalConnection, VendureEvent } from '@vendure/core';
import { loggerCtx } from '../invoices.constants';
import type { Invoice } from '../entities/invoice.entity';
import { InvoicePdfService } from '../pdf/invoice-pdf.service';

/** What the invoice e-mail says: everything the templates need, resolved when the event is published. */
export interface InvoiceMail {
    invoiceId: number;
    /** VAT or KOR */
    kind: string;
    number: string;
    orderCode: string;
    emailAddress: string;
    /** grosze */
    totalGross: number;
    /** the storefront path of the PDF (/faktury/{handle}.pdf) */
    pdfPath: string;
    /** the invoice goes to KSeF (the buyer has a NIP) */
    ksef: boolean;
    /** sent again by staff (resendInvoiceEmail) */
    resend: boolean;
}

/** Published once an invoice is committed (and again when staff resend it): the mail plugins send it. */
export class InvoiceMailEvent extends VendureEvent {
    constructor(
        public ctx: RequestContext,
        public mail: InvoiceMail,
    ) {
        super();
    }
}

/** "Faktura" or, for a correction, "Faktura korygująca". */
export function invoiceTitle(kind: string): string {
    return kind === 'KOR' ? 'Faktura korygująca' : 'Faktura';
}

/** The e-mail's subject: "Faktura FV/2026/000123 do zamówienia ABC123" (a correction: "Faktura korygująca FK/…"). */
export function invoiceMailSubject(mail: Pick<InvoiceMail, 'kind' | 'number' | 'orderCode'>): string {
    return `${invoiceTitle(mail.kind)} ${mail.number} do zamówienia ${mail.orderCode}`;
}

/** 12345 grosze → "123,45 zł" (as the other e-mails write amounts). */
export function zloty(grosze: number): string {
    return (grosze / 100).toFixed(2).replace('.', ',') + ' zł';
}

@Injectable()
export class InvoiceMailService {
    constructor(
        private connection: TransactionalConnection,
        private eventBus: EventBus,
        private pdf: InvoicePdfService,
    ) {}

    /**
     * Publishes the invoice's e-mail to the order's customer. Null (nothing sent) when the order
     * has no customer e-mail address. Outside any transaction: the order is read as committed.
     */
    async send(ctx: RequestContext, invoice: Invoice, resend = false): Promise<InvoiceMail | null> {
        const order = await this.connection.rawConnection
            .getRepository(Order)
            .findOne({ where: { id: invoice.orderId }, relations: { customer: true } });
        const emailAddress = order?.customer?.emailAddress?.trim() ?? '';
        if (!emailAddress) {
            Logger.warn(`invoice ${invoice.number}: order ${invoice.orderCode} has no e-mail address, no invoice e-mail`, loggerCtx);
            return null;
        }
        const mail: InvoiceMail = {
            invoiceId: Number(invoice.id),
            kind: invoice.kind,
            number: invoice.number,
            orderCode: invoice.orderCode,
            emailAddress,
            totalGross: invoice.totalGross,
            pdfPath: this.pdf.pathOf(invoice),
            ksef: invoice.ksef,
            resend,
        };
        await this.eventBus.publish(new InvoiceMailEvent(ctx, mail));
        return mail;
    }
}
