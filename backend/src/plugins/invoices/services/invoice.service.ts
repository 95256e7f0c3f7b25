import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import {
    EventBus,
    type ID,
    type JobQueue,
    JobQueueService,
    Logger,
    type Order,
    OrderService,
    OrderStateTransitionEvent,
    type ProductVariant,
    type RequestContext,
    RequestContextService,
    TransactionalConnection,
} from '@vendure/core';
import { ModuleRef } from '@nestjs/core';
import { type FindOptionsWhere, In, Raw } from 'typeorm';
import { INVOICES_OPTIONS, INVOICES_QUEUE, type InvoicesOptions, loggerCtx } from '../invoices.constants';
import { Invoice } from '../entities/invoice.entity';
import { InvoiceCounter } from '../entities/invoice-counter.entity';
import {
    buildFa3Xml,
    checkInvoice,
    type InvoiceInput,
    type InvoiceLineInput,
    invoiceNumber,
    lineName,
    normaliseNip,
    type Party,
    type PaymentForm,
    totalsByRate,
    warsawDate,
} from '../invoice.rules';
import { KsefSubmissionService } from '../ksef/ksef-submission.service';
import { InvoiceMailService } from './invoice-mail';
import { validateFa3 } from '../xsd';

interface JobData {
    orderId: number;
    /** when the order reached PaymentSettled (ISO): P_6 and the payment date */
    paidAt: string;
}

/** A refusal the job logs (and BullMQ retries) and staff read: nothing was issued. */
export class InvoiceRefused extends Error {}

/** Whether the order's billing address asked for a VAT invoice, and its NIP (normalised; '' = none). */
export function invoiceRequest(order: Pick<Order, 'billingAddress'>): { wanted: boolean; nip: string } {
    const cf = (order.billingAddress as { customFields?: { fvat?: unknown; nip?: unknown } } | undefined)?.customFields;
    return { wanted: cf?.fvat === true, nip: typeof cf?.nip === 'string' ? normaliseNip(cf.nip) : '' };
}

/**
 * The staff's filters of the invoices list (decision 121): `waiting` = KSeF invoices whose
 * submission is not yet accepted nor rejected (or not yet stored), `rejected` = refused by KSeF.
 */
function ksefStateWhere(state: 'waiting' | 'rejected' | undefined): FindOptionsWhere<Invoice> {
    if (state === 'waiting')
        return {
            ksef: true,
            number: Raw(
                n =>
                    `NOT EXISTS (SELECT 1 FROM "ksef_submission" "ks" WHERE "ks"."key" = ${n} AND "ks"."state" IN ('accepted', 'rejected'))`,
            ),
        };
    if (state === 'rejected')
        return { number: Raw(n => `EXISTS (SELECT 1 FROM "ksef_submission" "ks" WHERE "ks"."key" = ${n} AND "ks"."state" = 'rejected')`) };
    return {};
}

/** The variant's Polish name (the product's name with its options). */
function variantName(v: ProductVariant): string {
    const t = v.translations?.find(x => x.languageCode === 'pl') ?? v.translations?.[0];
    return (t?.name || v.name || v.sku || 'Produkt').trim();
}

@Injectable()
export class InvoiceService implements OnModuleInit, OnApplicationBootstrap {
    private queue: JobQueue<JobData> | undefined;
    /**
     * Issues of this process one after another. Across processes PostgreSQL's row lock on the
     * counter orders them; within one process this chain does, which SQLite needs: its one shared
     * connection would nest a second transaction inside the first as a savepoint, and the first's
     * rollback would take the second's committed-looking invoice with it.
     */
    private chain: Promise<unknown> = Promise.resolve();

    constructor(
        private connection: TransactionalConnection,
        private jobQueues: JobQueueService,
        private eventBus: EventBus,
        private orders: OrderService,
        private contexts: RequestContextService,
        private moduleRef: ModuleRef,
        @Inject(INVOICES_OPTIONS) private options: InvoicesOptions,
    ) {}

    async onModuleInit() {
        this.queue = await this.jobQueues.createQueue<JobData>({
            name: INVOICES_QUEUE,
            process: async job => {
                const ctx = await this.contexts.create({ apiType: 'admin' });
                const invoice = await this.issueForOrder(ctx, job.data.orderId, new Date(job.data.paidAt));
                return { number: invoice?.number ?? null };
            },
        });
    }

    onApplicationBootstrap() {
        if (!this.options.seller) {
            Logger.warn('INVOICE_SELLER_NIP is not set: no invoices are issued (decision 116)', loggerCtx);
            return;
        }
        this.eventBus.ofType(OrderStateTransitionEvent).subscribe(e => {
            if (e.toState !== 'PaymentSettled' || !invoiceRequest(e.order).wanted) return;
            void this.queue
                ?.add({ orderId: Number(e.order.id), paidAt: new Date().toISOString() }, { retries: 5 })
                .catch(err => Logger.error(`invoice of order ${e.order.code} not queued: ${String(err)}`, loggerCtx));
        });
    }

    /**
     * Issues the order's VAT invoice unless it has one (idempotent: a job run twice, two events or
     * two servers at once end with one invoice). Null when the order did not ask for an invoice.
     * Throws InvoiceRefused (nothing stored, no number taken) when the order cannot be invoiced
     * yet or its XML fails the schema or the arithmetic check.
     */
    issueForOrder(ctx: RequestContext, orderId: ID, paidAt: Date = new Date()): Promise<Invoice | null> {
        return this.serialised(() => this.issueNow(ctx, orderId, paidAt));
    }

    /** Runs `issue` after this process's other issues (the chain above; corrections use it too, decision 120). */
    serialised<T>(issue: () => Promise<T>): Promise<T> {
        const run = this.chain.then(issue);
        this.chain = run.catch(() => undefined);
        return run;
    }

    private async issueNow(ctx: RequestContext, orderId: ID, paidAt: Date): Promise<Invoice | null> {
        const existing = await this.vatInvoiceOf(ctx, orderId);
        if (existing) {
            // a repeated job: the invoice stands; its hand-over to KSeF is made sure of (once per number)
            await this.afterIssued(ctx, existing);
            return existing;
        }
        const seller = this.options.seller;
        if (!seller) throw new InvoiceRefused('Faktury są wyłączone: brak danych sprzedawcy (INVOICE_SELLER_NIP).');
        const order = await this.orders.findOne(ctx, orderId, [
            'lines',
            'lines.productVariant',
            'lines.productVariant.translations',
            'shippingLines',
            'shippingLines.shippingMethod',
            'payments',
        ]);
        if (!order) throw new InvoiceRefused(`Nie ma zamówienia ${String(orderId)}.`);
        const request = invoiceRequest(order);
        if (!request.wanted) return null;
        if (!['PaymentSettled', 'PartiallyShipped', 'Shipped', 'PartiallyDelivered', 'Delivered'].includes(order.state))
            throw new InvoiceRefused(`Zamówienie ${order.code} nie jest opłacone (${order.state}).`);
        const draft = this.draftOf(order, request.nip, seller, paidAt);
        let issued: Invoice;
        try {
            const invoice = await this.connection.withTransaction(ctx, async tx => {
                const year = Number(draft.issueDate.slice(0, 4));
                const sequence = await this.takeNumber(tx, 'VAT', year);
                const input: InvoiceInput = { ...draft, number: invoiceNumber('VAT', year, sequence) };
                const totals = totalsByRate(input.lines);
                const problems = checkInvoice(input, totals);
                if (problems.length) throw new InvoiceRefused(`Faktura zamówienia ${order.code} nie zgadza się: ${problems.join('; ')}`);
                const xml = buildFa3Xml(input, totals);
                const xsd = await validateFa3(xml);
                if (!xsd.valid)
                    throw new InvoiceRefused(
                        `Faktura zamówienia ${order.code} nie przechodzi schematu FA(3): ${xsd.errors.slice(0, 5).join(' | ')}`,
                    );
                return this.connection.getRepository(tx, Invoice).save(
                    new Invoice({
                        orderId: Number(order.id),
                        orderCode: order.code,
                        vatOrderId: Number(order.id),
                        kind: 'VAT',
                        number: input.number,
                        year,
                        sequence,
                        issueDate: input.issueDate,
                        saleDate: input.saleDate,
                        buyerName: input.buyer.name,
                        buyerNip: input.buyer.nip,
                        buyerAddress: [input.buyer.addressLine1, input.buyer.addressLine2].filter(Boolean).join(', '),
                        totalNet: totals.net,
                        totalVat: totals.vat,
                        totalGross: totals.gross,
                        xml,
                        xmlSha256: createHash('sha256').update(xml, 'utf8').digest('base64url'),
                        ksef: input.buyer.nip !== null,
                        correctsId: null,
                    }),
                );
            });
            Logger.info(`invoice ${invoice.number} issued for order ${order.code}`, loggerCtx);
            issued = invoice;
        } catch (e) {
            // another job or server issued it first: its transaction won the unique order index
            const winner = await this.vatInvoiceOf(ctx, orderId);
            if (winner) return winner;
            Logger.error(e instanceof Error ? e.message : String(e), loggerCtx);
            throw e;
        }
        // the buyer's e-mail with the invoice (decision 121): only from the run that issued it, so a
        // repeated job does not mail twice; never held back for KSeF, never failing the issue
        await this.mailIssued(ctx, issued);
        // outside the try: should the hand-over fail, the job fails and its retry hands it over
        await this.afterIssued(ctx, issued);
        return issued;
    }

    /** Publishes the issued invoice's e-mail (services/invoice-mail.ts); a failure is logged, the invoice stands. */
    async mailIssued(ctx: RequestContext, invoice: Invoice): Promise<void> {
        try {
            await this.moduleRef.get(InvoiceMailService, { strict: false }).send(ctx, invoice);
        } catch (e) {
            Logger.error(`invoice ${invoice.number}: e-mail not sent: ${e instanceof Error ? e.message : String(e)}`, loggerCtx);
        }
    }

    /**
     * After an invoice is committed: a buyer with a NIP's invoice goes to KSeF (decision 117), the
     * stored XML byte for byte, keyed by its number (KsefSubmissionService.enqueue stores it once:
     * called again for an invoice already handed over, it changes nothing).
     */
    async afterIssued(ctx: RequestContext, invoice: Invoice): Promise<void> {
        if (!invoice.ksef) return;
        const ksef = this.moduleRef.get(KsefSubmissionService, { strict: false });
        await ksef.enqueue(ctx, { key: invoice.number, invoiceXml: invoice.xml });
    }

    async vatInvoiceOf(ctx: RequestContext, orderId: ID): Promise<Invoice | null> {
        return this.connection.getRepository(ctx, Invoice).findOne({ where: { vatOrderId: Number(orderId) } });
    }

    async invoicesOfOrders(ctx: RequestContext, orderIds: ID[]): Promise<Invoice[]> {
        if (!orderIds.length) return [];
        return this.connection.getRepository(ctx, Invoice).find({ where: { orderId: In(orderIds.map(Number)) }, order: { id: 'ASC' } });
    }

    async list(
        ctx: RequestContext,
        options: { skip: number; take: number; kind?: string; ksefState?: 'waiting' | 'rejected' },
    ): Promise<{ items: Invoice[]; totalItems: number }> {
        const [items, totalItems] = await this.connection.getRepository(ctx, Invoice).findAndCount({
            where: { ...(options.kind ? { kind: options.kind } : {}), ...ksefStateWhere(options.ksefState) },
            order: { id: 'DESC' },
            skip: options.skip,
            take: options.take,
        });
        return { items, totalItems };
    }

    /**
     * The next number of a series, in the caller's transaction: one upsert statement that creates
     * the year's counter or increments it and returns the new value. PostgreSQL holds the row lock
     * until the transaction ends, so a concurrent issuer waits and then increments the committed
     * value; a rollback returns the number.
     */
    async takeNumber(ctx: RequestContext, kind: 'VAT' | 'KOR', year: number): Promise<number> {
        const repo = this.connection.getRepository(ctx, InvoiceCounter);
        const postgres = this.connection.rawConnection.options.type === 'postgres';
        const p = (i: number) => (postgres ? `$${i}` : '?');
        const rows: Array<{ last: number | string }> = await repo.query(
            `INSERT INTO "invoice_counter" ("kind", "year", "last", "createdAt", "updatedAt") VALUES (${p(1)}, ${p(2)}, 1, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)
             ON CONFLICT ("kind", "year") DO UPDATE SET "last" = "invoice_counter"."last" + 1, "updatedAt" = CURRENT_TIMESTAMP
             RETURNING "last"`,
            [kind, year],
        );
        const last = Number(rows[0]?.last);
        if (!Number.isSafeInteger(last) || last < 1) throw new Error(`invoice counter ${kind}/${year} returned ${String(rows[0]?.last)}`);
        return last;
    }

    /** Everything of the invoice but its number. */
    private draftOf(order: Order, nip: string, seller: NonNullable<InvoicesOptions['seller']>, paidAt: Date): Omit<InvoiceInput, 'number'> {
        const b = order.billingAddress;
        const buyer: Party = {
            name: (b.company?.trim() || b.fullName?.trim() || order.customer?.lastName || '').slice(0, 512),
            nip: nip || null,
            addressLine1: [b.streetLine1, b.streetLine2]
                .filter(x => x?.trim())
                .join(' ')
                .trim(),
            addressLine2: [b.postalCode, b.city]
                .filter(x => x?.trim())
                .join(' ')
                .trim(),
            countryCode: (b.countryCode || 'PL').toUpperCase(),
        };
        if (!buyer.name || !buyer.addressLine1) throw new InvoiceRefused(`Zamówienie ${order.code}: adres do faktury bez nazwy lub ulicy.`);
        const lines: InvoiceLineInput[] = order.lines
            .filter(l => l.quantity > 0)
            .map(l => ({
                name: lineName(variantName(l.productVariant), '', l.customFields as Record<string, unknown> | undefined),
                quantity: l.quantity,
                unitGross: l.unitPriceWithTax,
                lineGross: l.proratedLinePriceWithTax,
                taxRate: l.taxRate,
            }));
        for (const s of order.shippingLines) {
            if (!s.priceWithTax) continue;
            lines.push({
                name: `Dostawa: ${s.shippingMethod?.name || 'przesyłka'}`,
                quantity: 1,
                unitGross: s.priceWithTax,
                lineGross: s.discountedPriceWithTax,
                taxRate: s.taxRate,
            });
        }
        const settled = order.payments?.find(p => p.state === 'Settled');
        const channel = (settled?.metadata as { public?: { channel?: unknown } } | undefined)?.public?.channel;
        const form: PaymentForm = settled?.method === 'przelew' ? 'transfer' : channel === 'blik' ? 'blik' : 'online';
        // the payment's settlement (a transfer settled by staff, P24's verified notification)
        if (settled?.updatedAt) paidAt = settled.updatedAt;
        const now = new Date();
        return {
            kind: 'VAT',
            issueDate: warsawDate(now),
            saleDate: warsawDate(paidAt),
            createdAt: now,
            seller: { ...seller, countryCode: 'PL' },
            buyer,
            lines,
            orderTotalGross: order.totalWithTax,
            orderCode: order.code,
            payment: { date: warsawDate(paidAt), form },
        };
    }
}
