import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { type ID, type JobQueue, JobQueueService, Logger, RequestContext, TransactionalConnection } from '@vendure/core';
import { In, LessThan, LessThanOrEqual } from 'typeorm';
import { INVOICE_STATUS, RETRYABLE_INVOICE_CODES, type SessionInvoiceStatusResponse } from './ksef-api';
import { KsefClient, KsefRefused, KsefUnavailable } from './ksef-client';
import { sha256Base64 } from './ksef-crypto';
import { KSEF_OPTIONS, type KsefOptions, LEASE_SECONDS, loggerCtx, MAX_RETRY_SECONDS, STATUS_POLL_SECONDS } from './ksef.constants';
import { KsefSubmission, type KsefState } from './ksef-submission.entity';

/** The most characters of an invoice number (the key) and bytes of an FA(3) file (KSeF's limit without attachments). */
const MAX_KEY_LENGTH = 64;
const MAX_INVOICE_BYTES = 1_000_000;

/** enqueue's input refused (Polish, shown to staff). */
export class KsefSubmissionRefused extends Error {}

type Outcome = { state: 'accepted'; ksefNumber: string; upoXml: string } | { state: 'rejected'; code: number; reason: string };

const sleep = (ms: number) => new Promise(r => setTimeout(r, ms));

/** KSeF's description with its details, as staff read it. */
const reasonOf = (description: string, details?: string[] | null) =>
    details?.length ? `${description}: ${details.join('; ')}` : description;

/**
 * Sending invoices to KSeF (decision 117), idempotent per key (the invoice number): `enqueue` stores
 * the XML once and queues a job on `ksef`; the job claims the row (only one process sends it),
 * looks an earlier attempt's invoice up at KSeF before sending anything again, sends it in an
 * interactive session, polls its status and stores the KSeF number and UPO, or KSeF's rejection.
 * KSeF unreachable, 5xx, 429 or in maintenance: the row waits and is tried again after
 * KSEF_RETRY_BASE_SECONDS × 2^(attempts−1) (at most 6 h); a sweep every KSEF_POLL_SECONDS queues
 * the rows that are due and takes over attempts a crashed process left.
 */
@Injectable()
export class KsefSubmissionService implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
    private queue: JobQueue<{ id: number }> | undefined;
    private client: KsefClient | undefined;
    private timer: NodeJS.Timeout | undefined;
    private sweeping = false;

    constructor(
        private connection: TransactionalConnection,
        private jobQueues: JobQueueService,
        @Inject(KSEF_OPTIONS) private options: KsefOptions,
    ) {
        if (options) this.client = new KsefClient({ baseUrl: options.url, token: options.token, nip: options.nip });
    }

    async onModuleInit() {
        this.queue = await this.jobQueues.createQueue<{ id: number }>({
            name: 'ksef',
            process: async job => ({ state: await this.attempt(job.data.id) }),
        });
    }

    onApplicationBootstrap() {
        const seconds = this.options?.pollSeconds ?? 600;
        if (seconds > 0) {
            this.timer = setInterval(() => void this.sweep(), seconds * 1000);
            this.timer.unref();
        }
    }

    onApplicationShutdown() {
        if (this.timer) clearInterval(this.timer);
    }

    /** Whether KSeF is the development stand-in (the Admin API's enqueue is allowed only then). */
    get standIn(): boolean {
        return !!this.options?.standIn;
    }

    private repo(ctx?: RequestContext) {
        return ctx ? this.connection.getRepository(ctx, KsefSubmission) : this.connection.rawConnection.getRepository(KsefSubmission);
    }

    /**
     * Stores the invoice for KSeF and queues its sending; once per key (a second call with the same
     * key changes nothing and returns the stored submission).
     */
    async enqueue(ctx: RequestContext, input: { key: string; invoiceXml: string }): Promise<KsefSubmission> {
        const key = input.key.trim();
        if (!key || key.length > MAX_KEY_LENGTH)
            throw new KsefSubmissionRefused(`Numer faktury musi mieć od 1 do ${MAX_KEY_LENGTH} znaków.`);
        const bytes = Buffer.byteLength(input.invoiceXml, 'utf8');
        if (bytes === 0 || bytes > MAX_INVOICE_BYTES) throw new KsefSubmissionRefused('Plik faktury musi mieć od 1 bajtu do 1 MB.');
        const existing = await this.findByKey(ctx, key);
        if (existing) return existing;
        await this.repo(ctx)
            .createQueryBuilder()
            .insert()
            .into(KsefSubmission)
            .values({
                key,
                invoiceXml: input.invoiceXml,
                invoiceHash: sha256Base64(Buffer.from(input.invoiceXml, 'utf8')),
                state: 'waiting',
                attempts: 0,
                nextAttemptAt: new Date(),
            })
            .orIgnore()
            .execute();
        const row = (await this.findByKey(ctx, key))!;
        // if this runs in a transaction the job may come before the commit: it then finds nothing and the sweep queues it
        if (row.attempts === 0 && row.state === 'waiting') await this.queue?.add({ id: Number(row.id) }, { retries: 0 });
        return row;
    }

    async findByKey(ctx: RequestContext | undefined, key: string): Promise<KsefSubmission | null> {
        return this.repo(ctx).findOne({ where: { key } });
    }

    /** Submissions, newest first (at most 500): all, or those in one state. */
    async list(ctx: RequestContext, state?: KsefState | null): Promise<KsefSubmission[]> {
        return this.repo(ctx).find({ where: state ? { state } : {}, order: { id: 'DESC' }, take: 500 });
    }

    /** Queues the submissions that are due and those whose attempt's lease ran out (a crashed process). */
    async sweep(): Promise<number> {
        if (this.sweeping) return 0;
        this.sweeping = true;
        try {
            const now = new Date();
            const due = await this.repo().find({
                select: { id: true },
                where: [
                    { state: 'waiting', nextAttemptAt: LessThanOrEqual(now) },
                    { state: 'sending', leaseUntil: LessThan(now) },
                ],
                take: 100,
            });
            for (const row of due) await this.queue?.add({ id: Number(row.id) }, { retries: 0 });
            return due.length;
        } catch (e) {
            Logger.warn(`sweep failed: ${(e as Error).message}`, loggerCtx);
            return 0;
        } finally {
            this.sweeping = false;
        }
    }

    /** One attempt at a submission, if this process can claim it; the state it ends in. */
    async attempt(id: ID): Promise<string> {
        const repo = this.repo();
        const row = await repo.findOne({ where: { id } });
        if (!row) return 'missing';
        const now = new Date();
        const claimable =
            row.state === 'waiting'
                ? { id: row.id, state: 'waiting', attempts: row.attempts, nextAttemptAt: LessThanOrEqual(now) }
                : row.state === 'sending'
                  ? { id: row.id, state: 'sending', attempts: row.attempts, leaseUntil: LessThan(now) }
                  : undefined;
        if (!claimable) return row.state;
        const claim = await repo.update(claimable, {
            state: 'sending',
            attempts: row.attempts + 1,
            leaseUntil: new Date(now.getTime() + LEASE_SECONDS * 1000),
        });
        if (!claim.affected) return 'taken';
        row.attempts += 1;
        try {
            const outcome = await this.send(row);
            if (outcome.state === 'accepted') {
                await repo.update(
                    { id: row.id },
                    {
                        state: 'accepted',
                        ksefNumber: outcome.ksefNumber,
                        upoXml: outcome.upoXml,
                        acceptedAt: new Date(),
                        leaseUntil: null,
                        nextAttemptAt: null,
                        lastError: null,
                    },
                );
                Logger.info(`${row.key}: accepted by KSeF as ${outcome.ksefNumber}`, loggerCtx);
            } else {
                await repo.update(
                    { id: row.id },
                    {
                        state: 'rejected',
                        rejectionCode: outcome.code,
                        rejectionReason: outcome.reason,
                        leaseUntil: null,
                        nextAttemptAt: null,
                        lastError: null,
                    },
                );
                Logger.warn(`${row.key}: rejected by KSeF (${outcome.code}) ${outcome.reason}`, loggerCtx);
            }
            return outcome.state;
        } catch (e) {
            const unavailable = e instanceof KsefUnavailable;
            if (!unavailable && !(e instanceof KsefRefused)) Logger.error(`${row.key}: ${(e as Error).stack ?? e}`, loggerCtx);
            const base = this.options?.retryBaseSeconds ?? 60;
            const delay = Math.max(
                Math.min(base * 2 ** Math.min(row.attempts - 1, 30), MAX_RETRY_SECONDS),
                unavailable ? (e.retryAfterSeconds ?? 0) : 0,
            );
            await repo.update(
                { id: row.id },
                {
                    state: 'waiting',
                    leaseUntil: null,
                    nextAttemptAt: new Date(Date.now() + delay * 1000),
                    lastError: (e as Error).message.slice(0, 2000),
                    sessionReferenceNumber: row.sessionReferenceNumber,
                    invoiceReferenceNumber: row.invoiceReferenceNumber,
                },
            );
            Logger.warn(`${row.key}: attempt ${row.attempts} did not finish, next in ${delay} s: ${(e as Error).message}`, loggerCtx);
            return 'waiting';
        }
    }

    /** Looks an earlier attempt's invoice up, or sends it; KSeF's verdict. Throws KsefUnavailable to try later. */
    private async send(row: KsefSubmission): Promise<Outcome> {
        const client = this.client;
        if (!client) throw new KsefUnavailable('KSeF nie jest skonfigurowany (KSEF_URL, KSEF_TOKEN, KSEF_NIP)');
        const repo = this.repo();
        if (row.sessionReferenceNumber && row.invoiceReferenceNumber) {
            // sent by an earlier attempt: never again before KSeF says it did not take it
            const status = await this.pollStatus(client, row.sessionReferenceNumber, row.invoiceReferenceNumber);
            if (!RETRYABLE_INVOICE_CODES.has(status.status.code)) return this.verdict(client, row, status);
            row.invoiceReferenceNumber = null;
        }
        const session = await client.openSession();
        row.sessionReferenceNumber = session.referenceNumber;
        row.invoiceReferenceNumber = null;
        await repo.update({ id: row.id }, { sessionReferenceNumber: session.referenceNumber, invoiceReferenceNumber: null });
        try {
            let reference: string;
            try {
                reference = await client.sendInvoice(session, Buffer.from(row.invoiceXml, 'utf8'));
            } catch (e) {
                // KSeF refused the file itself (size, hash, validation): the invoice's fault, shown to staff
                if (e instanceof KsefRefused && e.status === 400)
                    return { state: 'rejected', code: e.code, reason: reasonOf(e.description, e.details) };
                throw e;
            }
            row.invoiceReferenceNumber = reference;
            await repo.update({ id: row.id }, { invoiceReferenceNumber: reference });
            const status = await this.pollStatus(client, session.referenceNumber, reference);
            if (RETRYABLE_INVOICE_CODES.has(status.status.code)) {
                row.invoiceReferenceNumber = null;
                throw new KsefUnavailable(
                    `KSeF przerwał przetwarzanie faktury (${status.status.code}): ${reasonOf(status.status.description, status.status.details)}`,
                );
            }
            return await this.verdict(client, row, status);
        } finally {
            await client
                .closeSession(session.referenceNumber)
                .catch(e => Logger.warn(`closing session ${session.referenceNumber}: ${(e as Error).message}`, loggerCtx));
        }
    }

    /** The invoice's status once KSeF has decided (100/150 polled for up to a minute, then left for the next attempt). */
    private async pollStatus(client: KsefClient, session: string, invoice: string): Promise<SessionInvoiceStatusResponse> {
        const until = Date.now() + STATUS_POLL_SECONDS * 1000;
        for (;;) {
            const status = await client.invoiceStatus(session, invoice);
            const code = status.status.code;
            if (code !== INVOICE_STATUS.received && code !== INVOICE_STATUS.processing) return status;
            if (Date.now() > until) throw new KsefUnavailable(`KSeF wciąż przetwarza fakturę ${invoice}`);
            await sleep(500);
        }
    }

    /** Accepted (200, or 440: this invoice number is already in KSeF, under the original's KSeF number) or rejected. */
    private async verdict(client: KsefClient, row: KsefSubmission, status: SessionInvoiceStatusResponse): Promise<Outcome> {
        const code = status.status.code;
        if (code === INVOICE_STATUS.accepted && status.ksefNumber) {
            return {
                state: 'accepted',
                ksefNumber: status.ksefNumber,
                upoXml: await client.invoiceUpo(row.sessionReferenceNumber!, row.invoiceReferenceNumber!),
            };
        }
        const original = status.status.extensions;
        if (code === INVOICE_STATUS.duplicate && original?.originalKsefNumber && original.originalSessionReferenceNumber) {
            // KSeF's duplicate criterion is seller NIP + invoice kind + invoice number: our own number, sent before
            const upoXml = await client.invoiceUpoByKsefNumber(original.originalSessionReferenceNumber, original.originalKsefNumber);
            return { state: 'accepted', ksefNumber: original.originalKsefNumber, upoXml };
        }
        return { state: 'rejected', code, reason: reasonOf(status.status.description, status.status.details) };
    }

    /** The states of several keys at once (for the invoice slice's lists). */
    async byKeys(ctx: RequestContext, keys: string[]): Promise<KsefSubmission[]> {
        return keys.length ? this.repo(ctx).find({ where: { key: In(keys.slice(0, 500)) } }) : [];
    }
}
