export interface DevMailboxOptions {
    /** where `outbox.jsonl` is appended to; empty = memory only */
    mailDir: string;
}

/** A message the shop would have sent, as `GET /dev-mailbox?email=` returns it. */
export interface DevMail {
    type: 'verify' | 'password-reset' | 'email-change' | 'order-confirmation' | 'newsletter-confirm';
    to: string;
    /** order-confirmation only */
    orderCode?: string;
    token: string;
    link: string;
    sentAt: string;
}
