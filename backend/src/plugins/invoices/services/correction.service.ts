import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import {
    EventBus,
    type ID,
    type JobQueue,
    JobQueueService,
    Logger,
    type OrderLine,
    OrderService,
    Refund,
    RefundStateTransitionEvent,
    type RequestContext,
    RequestContextService,
    TransactionalConnection,
} from '@vendure/core';
import { INVOICES_OPTIONS, type InvoicesOptions, loggerCtx } from '../invoices.constants';
import { Invoice } from '../entities/invoice.entity';
import { invoiceNumber, lineName, warsawDate } from '../invoice.rules';
import {
    buildCorrectionXml,
    checkCorrection,
    type CorrectionInput,
    correctionLines,
    correctionTotals,
    grossByRateOfXml,
    type RefundFacts,
} from '../correction.rules';
import { readFa3 } from '../pdf/fa3-read';
import { KsefSubmission } from '../ksef/ksef-submission.entity';
import { KsefSubmissionService } from '../ksef/ksef-submission.service';
import { KSEF_OPTIONS, type KsefOptions } from '../ksef/ksef.constants';
import { validateFa3 } from '../xsd';
import { InvoiceRefused, InvoiceService, invoiceRequest } from './invoice.service';

export const CORRECTIONS_QUEUE = 'invoice-corrections';

/**
 * How often every process looks for settled refunds of invoiced orders still without a correction:
 * ten KSeF sweeps (KSEF_POLL_SECONDS, 60 s by default: every 10 minutes; the tests' 1 s: 10 s).
 */
function sweepMs(ksef: KsefOptions): number {
    const seconds = ksef?.pollSeconds || 60;
    return Math.max(5, seconds * 10) * 1000;
}

interface JobData {
    refundId: number;
}

/** The variant's Polish name, as on the invoice (invoice.service.ts). */
function variantName(line: OrderLine): string {
    const v = line.productVariant;
    const t = v?.translations?.find(x => x.languageCode === 'pl') ?? v?.translations?.[0];
    return (t?.name || v?.name || v?.sku || 'Produkt').trim();
}

/**
 * Correcting invoices (issue 40, slice D; decision 120): a Refund of an invoiced order reaching
 * `Settled` (Admin API refundOrder, then Przelewy24's confirmation or staff's settleRefund; a
 * withdrawal is refunded the same way) queues a job on `invoice-corrections` that issues one KOR
 * invoice per refund (`Invoice.refundId` unique: a job run twice or on two servers ends with one),
 * numbered in the FK series in the same transaction, checked for its sums and against the FA(3)
 * schema, and handed to KSeF like a VAT invoice when the buyer has a NIP. A sweep (every 10 minutes
 * by default) re-queues refunds still without a correction (a KOR waits for the original's KSeF number).
 */
@Injectable()
export class CorrectionService implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
    private queue: JobQueue<JobData> | undefined;
    private timer: NodeJS.Timeout | undefined;

    constructor(
        private connection: TransactionalConnection,
        private jobQueues: JobQueueService,
        private eventBus: EventBus,
        private orders: OrderService,
        private contexts: RequestContextService,
        private invoices: InvoiceService,
        private moduleRef: ModuleRef,
        @Inject(INVOICES_OPTIONS) private options: InvoicesOptions,
    ) {}

    async onModuleInit() {
        this.queue = await this.jobQueues.createQueue<JobData>({
            name: CORRECTIONS_QUEUE,
            process: async job => {
                const ctx = await this.contexts.create({ apiType: 'admin' });
                const correction = await this.issueForRefund(ctx, job.data.refundId);
                return { number: correction?.number ?? null };
            },
        });
    }

    onApplicationBootstrap() {
        if (!this.options.seller) return;
        this.eventBus.ofType(RefundStateTransitionEvent).subscribe(e => {
            if (e.toState !== 'Settled' || !invoiceRequest(e.order).wanted) return;
            void this.queueRefund(Number(e.refund.id));
        });
        let ksef: KsefOptions;
        try {
            ksef = this.moduleRef.get<KsefOptions>(KSEF_OPTIONS, { strict: false });
        } catch {
            ksef = undefined;
        }
        this.timer = setInterval(() => void this.sweep(), sweepMs(ksef));
        this.timer.unref();
    }

    onApplicationShutdown() {
        if (this.timer) clearInterval(this.timer);
    }

    private async queueRefund(refundId: number): Promise<void> {
        await this.queue
            ?.add({ refundId }, { retries: 8 })
            .catch(err => Logger.error(`correction of refund ${refundId} not queued: ${String(err)}`, loggerCtx));
    }

    /** Queues the settled refunds of invoiced orders that have no correction yet; the number queued. */
    async sweep(): Promise<number> {
        try {
            const rows: Array<{ id: number | string }> = await this.connection.rawConnection
                .getRepository(Refund)
                .createQueryBuilder('refund')
                .select('refund.id', 'id')
                .innerJoin('refund.payment', 'payment')
                .innerJoin('payment.order', 'paidOrder')
                .innerJoin(Invoice, 'original', 'original.vatOrderId = paidOrder.id')
                .leftJoin(Invoice, 'correction', 'correction.refundId = refund.id')
                // an original KSeF rejected can never be corrected (issueNow refuses it): not queued again and again
                .leftJoin(KsefSubmission, 'submission', 'submission.key = original.number')
                .where('refund.state = :state', { state: 'Settled' })
                .andWhere('correction.id IS NULL')
                .andWhere('(submission.id IS NULL OR submission.state != :rejected)', { rejected: 'rejected' })
                .limit(100)
                .getRawMany();
            for (const r of rows) await this.queueRefund(Number(r.id));
            return rows.length;
        } catch (e) {
            Logger.error(`correction sweep failed: ${e instanceof Error ? e.message : String(e)}`, loggerCtx);
            return 0;
        }
    }

    /**
     * Issues the refund's correcting invoice unless it has one (idempotent per refund). Null when
     * there is nothing to correct: the refund is not settled, or its order has no VAT invoice (it
     * asked for none). Throws InvoiceRefused (nothing stored, no number taken) when the original's
     * KSeF number is not known yet, or the correction fails its sums or the schema.
     */
    issueForRefund(ctx: RequestContext, refundId: ID): Promise<Invoice | null> {
        return this.invoices.serialised(() => this.issueNow(ctx, Number(refundId)));
    }

    async correctionOf(ctx: RequestContext, refundId: number): Promise<Invoice | null> {
        return this.connection.getRepository(ctx, Invoice).findOne({ where: { refundId } });
    }

    private async issueNow(ctx: RequestContext, refundId: number): Promise<Invoice | null> {
        const existing = await this.correctionOf(ctx, refundId);
        if (existing) {
            await this.invoices.afterIssued(ctx, existing);
            return existing;
        }
        const refund = await this.connection
            .getRepository(ctx, Refund)
            .findOne({ where: { id: refundId }, relations: ['payment', 'payment.order', 'lines'] });
        if (!refund) throw new InvoiceRefused(`Nie ma zwrotu ${refundId}.`);
        if (refund.state !== 'Settled') return null;
        const orderId = refund.payment.order.id;
        const original = await this.invoices.vatInvoiceOf(ctx, orderId);
        if (!original) return null; // the order asked for no invoice (or it is not issued yet: the job's retry finds it)
        const seller = this.options.seller;
        if (!seller) throw new InvoiceRefused('Faktury są wyłączone: brak danych sprzedawcy (INVOICE_SELLER_NIP).');
        const order = await this.orders.findOne(ctx, orderId, [
            'lines',
            'lines.productVariant',
            'lines.productVariant.translations',
            'shippingLines',
            'shippingLines.shippingMethod',
        ]);
        if (!order) throw new InvoiceRefused(`Nie ma zamówienia ${String(orderId)}.`);

        // the original as issued: its buyer, its gross per rate, its KSeF number
        const issued = readFa3(original.xml);
        let ksefNumber: string | null = null;
        if (original.ksef) {
            const submission = await this.moduleRef.get(KsefSubmissionService, { strict: false }).findByKey(ctx, original.number);
            if (submission?.state === 'rejected')
                throw new InvoiceRefused(`Faktura ${original.number} została odrzucona przez KSeF: korekty nie można wystawić.`);
            if (submission?.state !== 'accepted' || !submission.ksefNumber)
                throw new InvoiceRefused(`Korekta zwrotu ${refundId} czeka na numer KSeF faktury ${original.number}.`);
            ksefNumber = submission.ksefNumber;
        }
        const earlier = await this.connection.getRepository(ctx, Invoice).find({ where: { correctsId: Number(original.id) } });
        const earlierByRate = new Map<number, number>();
        for (const c of earlier)
            for (const [rate, g] of grossByRateOfXml(c.xml)) earlierByRate.set(rate, (earlierByRate.get(rate) ?? 0) + g);

        const byId = new Map(order.lines.map(l => [String(l.id), l]));
        const facts: RefundFacts = {
            total: refund.total,
            shipping: refund.shipping ?? 0,
            lines: (refund.lines ?? []).map(rl => {
                const line = byId.get(String(rl.orderLineId));
                if (!line)
                    throw new InvoiceRefused(`Zwrot ${refundId}: pozycji ${String(rl.orderLineId)} nie ma w zamówieniu ${order.code}.`);
                return {
                    name: lineName(variantName(line), '', line.customFields as Record<string, unknown> | undefined),
                    quantity: rl.quantity,
                    unitGross: line.proratedUnitPriceWithTax,
                    taxRate: line.taxRate,
                };
            }),
            shippingLine: order.shippingLines[0]
                ? {
                      name: `Dostawa: ${order.shippingLines[0].shippingMethod?.name || 'przesyłka'}`,
                      taxRate: order.shippingLines[0].taxRate,
                  }
                : null,
        };
        const corrected = {
            number: original.number,
            issueDate: original.issueDate,
            saleDate: original.saleDate,
            ksefNumber,
            grossByRate: grossByRateOfXml(original.xml),
        };
        const now = new Date();
        const draft: Omit<CorrectionInput, 'number'> = {
            kind: 'KOR',
            issueDate: warsawDate(now),
            createdAt: now,
            seller: { ...seller, countryCode: 'PL' },
            buyer: issued.buyer,
            corrected,
            reason: refund.reason?.trim() ? `Zwrot: ${refund.reason.trim()}` : 'Zwrot towaru lub części zapłaty',
            lines: correctionLines(facts, corrected),
            refundTotal: refund.total,
            earlierByRate,
            orderCode: order.code,
            refundDate: warsawDate(refund.updatedAt ?? now),
        };

        let correction: Invoice;
        try {
            correction = await this.connection.withTransaction(ctx, async tx => {
                const year = Number(draft.issueDate.slice(0, 4));
                const sequence = await this.invoices.takeNumber(tx, 'KOR', year);
                const input: CorrectionInput = { ...draft, number: invoiceNumber('KOR', year, sequence) };
                const totals = correctionTotals(input.lines);
                const problems = checkCorrection(input, totals);
                if (problems.length)
                    throw new InvoiceRefused(
                        `Korekta faktury ${original.number} (zwrot ${refundId}) nie zgadza się: ${problems.join('; ')}`,
                    );
                const xml = buildCorrectionXml(input, totals);
                const xsd = await validateFa3(xml);
                if (!xsd.valid)
                    throw new InvoiceRefused(
                        `Korekta faktury ${original.number} nie przechodzi schematu FA(3): ${xsd.errors.slice(0, 5).join(' | ')}`,
                    );
                return this.connection.getRepository(tx, Invoice).save(
                    new Invoice({
                        orderId: Number(order.id),
                        orderCode: order.code,
                        vatOrderId: null,
                        kind: 'KOR',
                        number: input.number,
                        year,
                        sequence,
                        issueDate: input.issueDate,
                        saleDate: corrected.saleDate,
                        buyerName: original.buyerName,
                        buyerNip: original.buyerNip,
                        buyerAddress: original.buyerAddress,
                        totalNet: totals.net,
                        totalVat: totals.vat,
                        totalGross: totals.gross,
                        xml,
                        xmlSha256: createHash('sha256').update(xml, 'utf8').digest('base64url'),
                        ksef: original.ksef,
                        correctsId: Number(original.id),
                        refundId,
                    }),
                );
            });
            Logger.info(`correction ${correction.number} of ${original.number} issued for refund ${refundId}`, loggerCtx);
        } catch (e) {
            // another job or server issued it first: its transaction won the unique refund index
            const winner = await this.correctionOf(ctx, refundId);
            if (winner) return winner;
            Logger.error(e instanceof Error ? e.message : String(e), loggerCtx);
            throw e;
        }
        // the buyer's e-mail "Faktura korygująca FK/…" (decision 121): only from the run that issued it
        await this.invoices.mailIssued(ctx, correction);
        await this.invoices.afterIssued(ctx, correction);
        return correction;
    }
}
