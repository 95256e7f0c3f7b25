/**
 * The invoices of a page of orders in one query: the account's order history asks for
 * `Order.invoices` of each of its (up to 10) orders, and GraphQL resolves those fields one order at
 * a time. Calls made for one request within the same turn of the event loop are gathered and
 * answered by one `orderId IN (…)` query, with the KSeF numbers of all of them preloaded in one more
 * (services/invoice-ksef-state.ts); an order history costs two statements for invoices, not two or
 * three per order. The active customer is looked up once per request too.
 */
import { type ID, type RequestContext } from '@vendure/core';
import type { Invoice } from '../entities/invoice.entity';

interface Batch {
    orderIds: Set<string>;
    result: Promise<Map<string, Invoice[]>>;
}

/** Gathers the order ids of one request's turn; `load` answers them with one call of `fetch`. */
export class InvoicesByOrderLoader {
    private pending = new WeakMap<RequestContext, Batch>();

    constructor(private fetch: (ctx: RequestContext, orderIds: ID[]) => Promise<Invoice[]>) {}

    load(ctx: RequestContext, orderId: ID): Promise<Invoice[]> {
        let batch = this.pending.get(ctx);
        if (!batch) {
            const orderIds = new Set<string>();
            const result = new Promise<Map<string, Invoice[]>>((resolve, reject) => {
                // after the resolvers of this turn have asked (they run one after another in it)
                setImmediate(() => {
                    this.pending.delete(ctx);
                    this.fetch(ctx, [...orderIds]).then(invoices => {
                        const byOrder = new Map<string, Invoice[]>();
                        for (const i of invoices) byOrder.set(String(i.orderId), [...(byOrder.get(String(i.orderId)) ?? []), i]);
                        resolve(byOrder);
                    }, reject);
                });
            });
            batch = { orderIds, result };
            this.pending.set(ctx, batch);
        }
        batch.orderIds.add(String(orderId));
        return batch.result.then(byOrder => byOrder.get(String(orderId)) ?? []);
    }
}

/** One look-up per request of something the request's resolvers all need (the active customer's id). */
export class PerRequest<T> {
    private values = new WeakMap<RequestContext, Promise<T>>();

    get(ctx: RequestContext, make: () => Promise<T>): Promise<T> {
        let value = this.values.get(ctx);
        if (!value) {
            value = make();
            this.values.set(ctx, value);
        }
        return value;
    }
}
