import { Inject, Injectable } from '@nestjs/common';
import { Logger } from '@vendure/core';
import * as fs from 'fs';
import * as path from 'path';
import { DEV_MAILBOX_OPTIONS, loggerCtx } from '../dev-mailbox.constants';
import { DevMail, DevMailboxOptions } from '../types';

/** The outbox: every recorded message, kept in memory and appended to `<mailDir>/outbox.jsonl`. */
@Injectable()
export class DevMailboxService {
    private outbox: DevMail[] = [];

    constructor(@Inject(DEV_MAILBOX_OPTIONS) private options: DevMailboxOptions) {}

    record(mail: DevMail) {
        this.outbox.push(mail);
        Logger.info(`[dev-mailbox] ${mail.type} → ${mail.to}: ${mail.link}`, loggerCtx);
        if (this.options.mailDir) {
            fs.mkdirSync(this.options.mailDir, { recursive: true });
            fs.appendFileSync(path.join(this.options.mailDir, 'outbox.jsonl'), JSON.stringify(mail) + '\n');
        }
    }

    /** The messages to an address (all without one), newest first. */
    messagesTo(email?: string): DevMail[] {
        const wanted = email?.trim().toLowerCase();
        return this.outbox.filter(m => !wanted || m.to.toLowerCase() === wanted).reverse();
    }
}
