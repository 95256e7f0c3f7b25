export interface OnlinePaymentOptions {
    /** gateway API base; POST `<gatewayUrl>/register` */
    gatewayUrl: string;
    secret: string;
    /** public storefront address: return URL `/payment-check?order=`, cancel URL `/payment-cancel?order=` */
    storefrontUrl: string;
    /** where the gateway sends notifications (the worker's /api/payments/notify in production) */
    notifyUrl: string;
}

export type SessionStatus = 'registered' | 'paid' | 'failed' | 'cancelled' | 'error';

/** What `POST /payments/notify` answers: the HTTP status and the JSON body. */
export interface NotifyResult {
    status: number;
    body: { ok: boolean; result?: string; reason?: string };
}
