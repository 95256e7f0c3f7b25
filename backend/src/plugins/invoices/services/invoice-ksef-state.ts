/**
 * An invoice's way to KSeF as staff read it (issue 40, slice E; decision 121): its KsefSubmission
 * (decision 117) found by the invoice number. A list of invoices (the `invoices` page, an order's
 * invoices) loads the submissions of all its rows in one query (`preload`); the fields of each row
 * then read them from memory, so a page costs one query for KSeF, not one per row.
 */
import { Injectable } from '@nestjs/common';
import { type RequestContext, TransactionalConnection } from '@vendure/core';
import { In } from 'typeorm';
import type { Invoice } from '../entities/invoice.entity';
import { KsefSubmission } from '../ksef/ksef-submission.entity';

export type InvoiceKsefState = 'outside' | 'waiting' | 'sending' | 'accepted' | 'rejected';

/** The submissions of the invoices of one request, by invoice object (null: none yet). */
const preloaded = new WeakMap<object, KsefSubmission | null>();

/** The invoice's submission when a list preloaded it (undefined: not preloaded, look it up). */
export function preloadedKsefRow(invoice: object): KsefSubmission | null | undefined {
    return preloaded.get(invoice);
}

/** The state, its Polish label and KSeF's reason of a rejection. */
export function ksefStateOf(
    invoice: Pick<Invoice, 'ksef'>,
    row: Pick<KsefSubmission, 'state' | 'rejectionCode' | 'rejectionReason'> | null,
): { state: InvoiceKsefState; label: string; reason: string | null } {
    if (!invoice.ksef) return { state: 'outside', label: 'poza KSeF', reason: null };
    switch (row?.state) {
        case 'accepted':
            return { state: 'accepted', label: 'przyjęta przez KSeF', reason: null };
        case 'sending':
            return { state: 'sending', label: 'wysyłana', reason: null };
        case 'rejected': {
            const reason =
                [row.rejectionCode != null ? `kod ${row.rejectionCode}` : '', row.rejectionReason?.trim() ?? '']
                    .filter(Boolean)
                    .join(': ') || 'KSeF nie podał powodu';
            return { state: 'rejected', label: `odrzucona: ${reason}`, reason };
        }
        default:
            return { state: 'waiting', label: 'czeka na wysłanie', reason: null };
    }
}

@Injectable()
export class InvoiceKsefStateService {
    constructor(private connection: TransactionalConnection) {}

    /** Loads the submissions of these invoices in one query (KSeF invoices only). */
    async preload(ctx: RequestContext, invoices: Invoice[]): Promise<void> {
        const wanted = invoices.filter(i => i.ksef && !preloaded.has(i));
        if (!wanted.length) return;
        const rows = await this.connection
            .getRepository(ctx, KsefSubmission)
            .find({ where: { key: In([...new Set(wanted.map(i => i.number))]) } });
        const byKey = new Map(rows.map(r => [r.key, r]));
        for (const i of wanted) preloaded.set(i, byKey.get(i.number) ?? null);
    }

    async rowOf(ctx: RequestContext, invoice: Invoice): Promise<KsefSubmission | null> {
        if (!invoice.ksef) return null;
        const known = preloaded.get(invoice);
        if (known !== undefined) return known;
        const row = await this.connection.getRepository(ctx, KsefSubmission).findOne({ where: { key: invoice.number } });
        preloaded.set(invoice, row);
        return row;
    }

    async stateOf(ctx: RequestContext, invoice: Invoice) {
        return ksefStateOf(invoice, await this.rowOf(ctx, invoice));
    }
}
