import type { InvoiceSeller } from '../../env';

export const INVOICES_OPTIONS = Symbol('INVOICES_OPTIONS');
export const loggerCtx = 'Invoices';
export const INVOICES_QUEUE = 'invoices';

export interface InvoicesOptions {
    /** the seller on the invoices; undefined: invoicing is off (production without INVOICE_SELLER_NIP) */
    seller: InvoiceSeller | undefined;
    /** signs the handles of the invoices' PDFs (ORDER_LINK_SECRET, as the order links; decision 119) */
    linkSecret: string;
}
