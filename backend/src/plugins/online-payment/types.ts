import type { P24Credentials } from './p24';

export interface OnlinePaymentOptions {
    /** Przelewy24 base URL: https://sandbox.przelewy24.pl, https://secure.przelewy24.pl or the stand-in's `…/gateway` */
    p24Url: string;
    credentials: P24Credentials;
    /** public storefront address: return URL `/payment-check?order=` */
    storefrontUrl: string;
    /** where P24 sends notifications (`urlStatus`; the worker's /api/payments/notify in production) */
    notifyUrl: string;
    /**
     * The reconciliation (issue 43): every `everySeconds` (0 = off) P24 is asked about the sessions
     * still waiting for a notification (registered, or notified but not verified) that are at least
     * `minAgeSeconds` and at most a day old; a paid one is verified and settled as its notification
     * would have. P24_RECONCILE_SECONDS (300) and P24_RECONCILE_MIN_AGE_SECONDS (120).
     */
    reconcile?: { everySeconds: number; minAgeSeconds: number };
}

/**
 * registered: sent to P24, nothing known yet; paid: notified, verified and settled; failed,
 * cancelled: kept for sessions of the former gateway; error: registration failed; verify-failed:
 * notified but P24's verification failed (P24 repeats the notification, which retries it);
 * mismatch: paid and verified, but the order changed meanwhile (no payment added); blik-pending:
 * a BLIK code accepted, waiting for the confirmation in the banking app; blik-declined,
 * blik-timeout, blik-rejected: P24's BLIK notification said declined in the app, not confirmed in
 * time, or the code refused (also when chargeByCode refuses it at once); refunded, refund-failed:
 * a payment for a changed order, sent back automatically (or the refund failed: staff refund it).
 */
export type SessionStatus =
    | 'registered'
    | 'paid'
    | 'failed'
    | 'cancelled'
    | 'error'
    | 'verify-failed'
    | 'mismatch'
    | 'blik-pending'
    | 'blik-declined'
    | 'blik-timeout'
    | 'blik-rejected'
    | 'refunded'
    | 'refund-failed';

/** What `POST /payments/notify` answers: the HTTP status and the JSON body. */
export interface NotifyResult {
    status: number;
    body: { ok: boolean; result?: string; reason?: string };
}
