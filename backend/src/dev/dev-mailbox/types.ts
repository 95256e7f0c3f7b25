export interface DevMailboxOptions {
    /** where `outbox.jsonl` is appended to; empty = memory only */
    mailDir: string;
    /** the shop's own address (withdrawal notices) */
    shopNotifyEmail: string;
    /** signs the order links of the shop's e-mails (ORDER_LINK_SECRET, decision 102) */
    orderLinkSecret: string;
}

/** A message the shop would have sent, as `GET /dev-mailbox?email=` returns it. */
export interface DevMail {
    type:
        | 'verify'
        | 'password-reset'
        | 'email-change'
        | 'order-confirmation'
        | 'newsletter-confirm'
        | 'withdrawal'
        | 'withdrawal-shop'
        | 'payment-refunded'
        | 'order-shipped'
        | 'order-status-link'
        | 'email-changed-by-staff'
        | 'invoice';
    to: string;
    /** order-confirmation and withdrawal */
    orderCode?: string;
    /** order-confirmation: the 'Odstąp od umowy tutaj' link */
    withdrawalLink?: string;
    /** withdrawal: date and time of receipt as the acknowledgement states it, and the lines */
    receivedAt?: string;
    lines?: string[];
    /** invoice: its number and whether it went to KSeF (amount: its gross total; link: the PDF's storefront path) */
    invoiceNumber?: string;
    ksef?: boolean;
    /** payment-refunded: grosze sent back */
    amount?: number;
    /** order-shipped: carrier, tracking number and the carrier's tracking page */
    carrier?: string;
    trackingCode?: string;
    trackingUrl?: string | null;
    /** email-changed-by-staff: sent to the old address; the address it was changed to, and the subject */
    newEmailAddress?: string;
    subject?: string;
    token: string;
    link: string;
    sentAt: string;
}
