import { type RequestContext, VendureEvent } from '@vendure/core';

/**
 * A double opt-in e-mail is due: the e-mail plugin (the dev mailbox in development) sends
 * `emailAddress` the link `/newsletter/potwierdz?token=<token>`.
 */
export class NewsletterOptInEvent extends VendureEvent {
    constructor(
        public ctx: RequestContext,
        public emailAddress: string,
        public token: string,
    ) {
        super();
    }
}
