import { Inject, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { type RequestContext, TransactionalConnection } from '@vendure/core';
import { Invoice } from '../entities/invoice.entity';
import { INVOICES_OPTIONS, type InvoicesOptions } from '../invoices.constants';
import { KSEF_OPTIONS, type KsefOptions } from '../ksef/ksef.constants';
import { KsefSubmissionService } from '../ksef/ksef-submission.service';
import { verificationLink } from '../ksef/verification-link';
import { preloadedKsefRow } from '../services/invoice-ksef-state';
import { handleInvoiceId, handleMatches, invoicePdfHandle, invoicePdfPath } from './invoice-link';
import { type InvoicePdfKsef, renderInvoicePdf } from './invoice-pdf';

/** What the buyer is told of the invoice's way to KSeF. */
export interface InvoiceKsefInfo {
    /** accepted: in KSeF with its number; waiting: not yet (sending, retrying); none: outside KSeF, KSeF off or rejected */
    state: 'accepted' | 'waiting' | 'none';
    ksefNumber: string | null;
}

/**
 * The invoice's PDF on request (decision 119): found by its handle (invoice-link.ts), rendered from
 * the stored XML with the KSeF number and KOD I when the invoice is in (or on its way to) KSeF.
 */
@Injectable()
export class InvoicePdfService {
    constructor(
        private connection: TransactionalConnection,
        private moduleRef: ModuleRef,
        @Inject(INVOICES_OPTIONS) private options: InvoicesOptions,
    ) {}

    private get secret(): string {
        return this.options.linkSecret;
    }

    /** The storefront path of the invoice's PDF: hand it out only to the order's owner. */
    pathOf(invoice: Pick<Invoice, 'id' | 'number'>): string {
        return invoicePdfPath(invoicePdfHandle(this.secret, invoice));
    }

    /** The invoice a handle opens, or null (malformed, unknown id, wrong key: all the same). */
    async byHandle(ctx: RequestContext, handle: string): Promise<Invoice | null> {
        const id = handleInvoiceId(handle);
        if (id === null) return null;
        const invoice = await this.connection.getRepository(ctx, Invoice).findOne({ where: { id } });
        if (!invoice || !handleMatches(this.secret, handle, invoice)) return null;
        return invoice;
    }

    private ksefOptions(): KsefOptions {
        try {
            return this.moduleRef.get<KsefOptions>(KSEF_OPTIONS, { strict: false });
        } catch {
            return undefined;
        }
    }

    async ksefInfo(ctx: RequestContext, invoice: Pick<Invoice, 'ksef' | 'number'>): Promise<InvoiceKsefInfo> {
        if (!invoice.ksef || !this.ksefOptions()) return { state: 'none', ksefNumber: null };
        // a list preloaded the submissions of its rows in one query (services/invoice-ksef-state.ts)
        const preloaded = preloadedKsefRow(invoice);
        const row =
            preloaded !== undefined
                ? preloaded
                : await this.moduleRef.get(KsefSubmissionService, { strict: false }).findByKey(ctx, invoice.number);
        if (!row) return { state: 'waiting', ksefNumber: null };
        if (row.state === 'accepted' && row.ksefNumber) return { state: 'accepted', ksefNumber: row.ksefNumber };
        if (row.state === 'rejected') return { state: 'none', ksefNumber: null };
        return { state: 'waiting', ksefNumber: null };
    }

    /** The PDF and its file name ("Faktura-FV-2026-000123.pdf"). */
    async render(ctx: RequestContext, invoice: Invoice): Promise<{ pdf: Uint8Array; fileName: string }> {
        const info = await this.ksefInfo(ctx, invoice);
        const options = this.ksefOptions();
        let ksef: InvoicePdfKsef | null = null;
        if (info.state !== 'none' && options) {
            const sellerNip = /<Podmiot1><DaneIdentyfikacyjne><NIP>(\d{10})<\/NIP>/.exec(invoice.xml)?.[1] ?? options.nip;
            ksef = {
                ksefNumber: info.ksefNumber,
                verificationUrl: verificationLink({
                    apiUrl: options.url,
                    sellerNip,
                    issueDate: invoice.issueDate,
                    invoiceXml: invoice.xml,
                }),
            };
        }
        const pdf = await renderInvoicePdf({ xml: invoice.xml, ksef });
        return { pdf, fileName: `Faktura-${invoice.number.replace(/\//g, '-')}.pdf` };
    }
}
