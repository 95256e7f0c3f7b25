export interface FulfilmentOptions {
    /** signs the order links of the shop's e-mails (ORDER_LINK_SECRET; fulfilment.rules.ts orderStatusKey, decision 102) */
    orderLinkSecret: string;
}
