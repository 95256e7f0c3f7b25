/**
 * Each of the shop's e-mails leaves once (issue 43, decision 114): the job queue runs a job at
 * least once (a job whose completion Redis lost, with `appendfsync everysec` up to a second of
 * writes, or a worker that stalled, is run again), so the send itself is made idempotent.
 *
 * - When the event is handled (in the API server), `keyed` gives the message a random key among its
 *   template variables; the variables travel in the job's data, so every run of that job carries
 *   the same key.
 * - In the job worker, `KeyedMailGenerator` hands the key on with the rendered message and
 *   `OnceMailSender` claims it in the database (`sent_mail`, primary key = the key) before sending:
 *   a key already sent is not sent again, only logged. A failed send gives the claim back, so the
 *   job's retry sends it.
 * - The one case SMTP cannot settle: a worker killed after the SMTP server took the message and
 *   before the claim was marked sent. The next run (after BullMQ's 30 s lock) finds the claim
 *   unfinished and older than `UNFINISHED_AFTER_MS`, and sends again: a possible duplicate rather
 *   than a lost order confirmation.
 */
import { randomUUID } from 'node:crypto';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { Injector, Logger, TransactionalConnection, VendurePlugin, PluginCommonModule } from '@vendure/core';
import {
    HandlebarsMjmlGenerator,
    NodemailerEmailSender,
    type EmailDetails,
    type EmailSender,
    type EmailTransportOptions,
} from '@vendure/email-plugin';

const loggerCtx = 'MailOnce';

/**
 * A claim older than this and still not marked sent was left by a worker that died while sending.
 * BullMQ runs a dead worker's job again only after its lock (30 s) ran out, so that run always finds
 * the claim older than this and sends; a younger claim means another run is sending right now. (Five
 * minutes here would outlast the job's 5 retries, 1 + 2 + 4 + 8 + 16 s, and lose the message.)
 */
export const UNFINISHED_AFTER_MS = 20_000;
/** Keys are kept this long: far longer than any job waits for a retry. */
export const KEEP_DAYS = 90;

@Entity('sent_mail')
export class SentMail {
    /** the message's key (a UUID from `keyed`) */
    @PrimaryColumn({ type: 'varchar', length: 36, primaryKeyConstraintName: 'PK_sent_mail_key' })
    key!: string;

    @Column({ type: 'varchar', length: 10 })
    state!: 'sending' | 'sent';

    /** the subject, for whoever reads the table (no address is kept) */
    @Column({ type: 'varchar', length: 120 })
    subject!: string;

    /** which run holds the claim */
    @Column({ type: 'varchar', length: 36 })
    claimToken!: string;

    @Index('IDX_sent_mail_claimedAt')
    @Column({ type: Date })
    claimedAt!: Date;

    @Column({ type: Date, nullable: true })
    sentAt!: Date | null;
}

/** Template variables of an e-mail handler with the message's key added (see above). */
export function keyed<E, V extends object>(vars: (event: E) => V): (event: E) => V & { mailKey: string } {
    return event => ({ ...vars(event), mailKey: randomUUID() });
}

interface KeyedDetails extends EmailDetails {
    mailKey?: string;
}

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Vendure's Handlebars + MJML generator, passing the message's key on to the sender. */
export class KeyedMailGenerator extends HandlebarsMjmlGenerator {
    override async generate(from: string, subject: string, template: string, templateVars: Record<string, unknown>) {
        const generated = await super.generate(from, subject, template, templateVars);
        const mailKey = typeof templateVars.mailKey === 'string' && KEY.test(templateVars.mailKey) ? templateVars.mailKey : undefined;
        // EmailProcessor spreads the generated message into the details the sender gets
        return mailKey ? { ...generated, mailKey } : generated;
    }
}

export type Claim = { state: 'claimed'; token: string } | { state: 'already-sent' } | { state: 'being-sent' };

/** Claims, marks and gives back a message's key: the database side of `OnceMailSender`. */
export class MailLedger {
    constructor(private connection: TransactionalConnection) {}

    private get repo() {
        return this.connection.rawConnection.getRepository(SentMail);
    }

    async claim(key: string, subject: string, now = new Date()): Promise<Claim> {
        const token = randomUUID();
        await this.repo
            .createQueryBuilder()
            .insert()
            .values({ key, state: 'sending', subject: subject.slice(0, 120), claimToken: token, claimedAt: now, sentAt: null })
            .orIgnore()
            .execute();
        const row = await this.repo.findOne({ where: { key } });
        if (!row) throw new Error(`mail ${key}: claim not found after insert`);
        if (row.claimToken === token) return { state: 'claimed', token };
        if (row.state === 'sent') return { state: 'already-sent' };
        if (now.getTime() - row.claimedAt.getTime() < UNFINISHED_AFTER_MS) return { state: 'being-sent' };
        // left unfinished by a worker that died mid-send: take it over (one run wins)
        const taken = await this.repo.update({ key, state: 'sending', claimToken: row.claimToken }, { claimToken: token, claimedAt: now });
        return taken.affected ? { state: 'claimed', token } : { state: 'being-sent' };
    }

    async markSent(key: string): Promise<void> {
        await this.repo.update({ key }, { state: 'sent', sentAt: new Date() });
    }

    /** Gives a claim back (the send failed): only this run's, so the job's retry sends. */
    async release(key: string, claimToken: string): Promise<void> {
        await this.repo.delete({ key, state: 'sending', claimToken });
    }

    async forgetOlderThan(days: number): Promise<number> {
        const before = new Date(Date.now() - days * 86_400_000);
        const result = await this.repo.createQueryBuilder().delete().where('"claimedAt" < :before', { before }).execute();
        return result.affected ?? 0;
    }
}

/** Sends through nodemailer, once per key (see above). Messages without a key are sent as they come. */
export class OnceMailSender implements EmailSender {
    private inner = new NodemailerEmailSender();
    private ledger: MailLedger | undefined;

    async init(injector: Injector) {
        this.ledger = new MailLedger(injector.get(TransactionalConnection));
        try {
            await this.ledger.forgetOlderThan(KEEP_DAYS);
        } catch (error) {
            Logger.warn(`sent_mail clean-up skipped: ${(error as Error).message}`, loggerCtx);
        }
    }

    async send(email: EmailDetails, options: EmailTransportOptions): Promise<void> {
        const { mailKey, ...details } = email as KeyedDetails;
        if (!mailKey || !this.ledger) {
            await this.inner.send(details, options);
            return;
        }
        const claim = await this.ledger.claim(mailKey, email.subject);
        if (claim.state === 'already-sent') {
            Logger.info(`mail ${mailKey} already sent, not sent again`, loggerCtx);
            process.stderr.write(`[mail] ${mailKey} already sent: a repeated job, not sent again\n`);
            return;
        }
        // another run of the same job is sending it right now: let this run fail and retry later
        if (claim.state === 'being-sent') throw new Error(`mail ${mailKey} is being sent by another run`);
        try {
            await this.inner.send(details, options);
        } catch (error) {
            await this.ledger.release(mailKey, claim.token);
            throw error;
        }
        await this.ledger.markSent(mailKey);
    }
}

/** Registers `sent_mail` in every profile (the same schema everywhere; only SMTP mail uses it). */
@VendurePlugin({ imports: [PluginCommonModule], entities: [SentMail], compatibility: '^3.0.0' })
export class MailLedgerPlugin {}
