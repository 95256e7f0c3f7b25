/**
 * VAT invoices (issue 40, slice A; decision 116): when an order whose billing address asked for an
 * invoice (customFields.fvat, the NIP in customFields.nip) reaches PaymentSettled, the `invoices`
 * job issues its invoice: a number from an unbroken yearly series (FV/2026/000123), the FA(3) XML
 * built from the order (invoice.rules.ts), checked against the Ministry's schema (xsd.ts, schema/)
 * and for its sums, stored byte for byte with its SHA-256. Buyers with a NIP: `ksef` true (sent to
 * KSeF by slice B through InvoiceService.afterIssued); consumers: the same series, outside KSeF.
 * Admin API: invoices(options), Order.invoices, issueInvoice(orderId); Shop API: Order.invoices
 * for the order's owner. The PDF (slice C; decision 119): pdf/, `GET /invoices/pdf/{handle}`, the
 * handle in `Invoice.pdfUrl` for the owner only (Shop API `Order.invoices`, `OrderStatus.invoices`).
 * Corrections (slice D; decision 120): a settled refund of an invoiced order issues a KOR invoice
 * (services/correction.service.ts, correction.rules.ts) on the `invoice-corrections` queue.
 */
import { PluginCommonModule, VendurePlugin } from '@vendure/core';
import gql from 'graphql-tag';
import type { InvoiceSeller } from '../../env';
import { adminApiExtensions, shopApiExtensions } from './api/invoices.api-extensions';
import { InvoiceAdminResolver, OrderInvoicesAdminResolver, OrderInvoicesShopResolver } from './api/invoice.resolver';
import { Invoice } from './entities/invoice.entity';
import { InvoiceCounter } from './entities/invoice-counter.entity';
import { INVOICES_OPTIONS, type InvoicesOptions } from './invoices.constants';
import { InvoiceService } from './services/invoice.service';
import { CorrectionService } from './services/correction.service';
import { correctionAdminApiExtensions } from './api/correction.api-extensions';
import { CorrectionAdminResolver } from './api/correction.resolver';
import { InvoicePdfController } from './pdf/invoice-pdf.controller';
import { InvoicePdfFieldsResolver, OrderStatusInvoicesResolver } from './pdf/invoice-pdf.resolver';
import { InvoicePdfService } from './pdf/invoice-pdf.service';
import { invoiceStaffAdminApiExtensions } from './api/invoice-staff.api-extensions';
import { InvoiceResendResolver, InvoiceStaffFieldsResolver } from './api/invoice-staff.resolver';
import { InvoiceKsefStateService } from './services/invoice-ksef-state';
import { InvoiceMailService } from './services/invoice-mail';

@VendurePlugin({
    imports: [PluginCommonModule],
    providers: [
        InvoiceService,
        CorrectionService,
        InvoicePdfService,
        InvoiceMailService,
        InvoiceKsefStateService,
        { provide: INVOICES_OPTIONS, useFactory: () => InvoicesPlugin.options },
    ],
    entities: [Invoice, InvoiceCounter],
    controllers: [InvoicePdfController],
    adminApiExtensions: {
        schema: gql`
            ${adminApiExtensions}
            ${correctionAdminApiExtensions}
            ${invoiceStaffAdminApiExtensions}
        `,
        resolvers: [
            InvoiceAdminResolver,
            OrderInvoicesAdminResolver,
            InvoicePdfFieldsResolver,
            CorrectionAdminResolver,
            InvoiceStaffFieldsResolver,
            InvoiceResendResolver,
        ],
    },
    shopApiExtensions: {
        schema: shopApiExtensions,
        resolvers: [OrderInvoicesShopResolver, InvoicePdfFieldsResolver, OrderStatusInvoicesResolver],
    },
    // the staff's "Faktury" screen and the order page's invoices block (decision 121)
    dashboard: './dashboard/index.tsx',
    compatibility: '^3.0.0',
})
export class InvoicesPlugin {
    static options: InvoicesOptions = { seller: undefined, linkSecret: '' };

    static init(seller: InvoiceSeller | undefined, linkSecret: string) {
        InvoicesPlugin.options = { seller, linkSecret };
        return InvoicesPlugin;
    }
}
