import { Args, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { Allow, Ctx, CustomerService, type ID, type Order, Permission, RequestContext, UserInputError } from '@vendure/core';
import type { Invoice } from '../entities/invoice.entity';
import { InvoiceRefused, InvoiceService } from '../services/invoice.service';
import { InvoiceKsefStateService } from '../services/invoice-ksef-state';
import { InvoicesByOrderLoader, PerRequest } from '../services/invoice-batches';

const MAX_TAKE = 100;

@Resolver()
export class InvoiceAdminResolver {
    constructor(
        private service: InvoiceService,
        private ksefStates: InvoiceKsefStateService,
    ) {}

    @Query()
    @Allow(Permission.ReadOrder)
    async invoices(
        @Ctx() ctx: RequestContext,
        @Args() args: { options?: { skip?: number | null; take?: number | null; kind?: string | null; ksefState?: string | null } },
    ): Promise<{ items: Invoice[]; totalItems: number }> {
        const o = args.options ?? {};
        const skip = o.skip ?? 0;
        const take = o.take ?? 20;
        if (!Number.isInteger(skip) || skip < 0) throw new UserInputError('skip musi być liczbą całkowitą ≥ 0.');
        if (!Number.isInteger(take) || take < 1 || take > MAX_TAKE) throw new UserInputError(`take musi być od 1 do ${MAX_TAKE}.`);
        if (o.kind && o.kind !== 'VAT' && o.kind !== 'KOR') throw new UserInputError('kind musi być VAT albo KOR.');
        if (o.ksefState && o.ksefState !== 'waiting' && o.ksefState !== 'rejected')
            throw new UserInputError('ksefState musi być waiting (czekające na KSeF) albo rejected (odrzucone).');
        const page = await this.service.list(ctx, {
            skip,
            take,
            kind: o.kind ?? undefined,
            ksefState: (o.ksefState as 'waiting' | 'rejected' | null) ?? undefined,
        });
        // the KSeF states of the whole page in one query (decision 121)
        await this.ksefStates.preload(ctx, page.items);
        return page;
    }

    @Mutation()
    @Allow(Permission.UpdateOrder)
    async issueInvoice(@Ctx() ctx: RequestContext, @Args() args: { orderId: ID }): Promise<Invoice | null> {
        if (!/^\d{1,10}$/.test(String(args.orderId))) throw new UserInputError('Nieprawidłowy identyfikator zamówienia.');
        try {
            const invoice = await this.service.issueForOrder(ctx, args.orderId);
            if (!invoice) throw new UserInputError('To zamówienie nie prosi o fakturę VAT.');
            return invoice;
        } catch (e) {
            if (e instanceof InvoiceRefused) throw new UserInputError(e.message);
            throw e;
        }
    }
}

@Resolver('Order')
export class OrderInvoicesAdminResolver {
    constructor(
        private service: InvoiceService,
        private ksefStates: InvoiceKsefStateService,
    ) {}

    @ResolveField()
    @Allow(Permission.ReadOrder)
    async invoices(@Ctx() ctx: RequestContext, @Parent() order: Order): Promise<Invoice[]> {
        const invoices = await this.service.invoicesOfOrders(ctx, [order.id]);
        await this.ksefStates.preload(ctx, invoices);
        return invoices;
    }
}

@Resolver('Order')
export class OrderInvoicesShopResolver {
    /** the orders of one request's page, answered together (services/invoice-batches.ts) */
    private loader: InvoicesByOrderLoader;
    private activeCustomerId = new PerRequest<string | null>();

    constructor(
        private service: InvoiceService,
        private customers: CustomerService,
        private ksefStates: InvoiceKsefStateService,
    ) {
        this.loader = new InvoicesByOrderLoader(async (ctx, orderIds) => {
            const invoices = await this.service.invoicesOfOrders(ctx, orderIds);
            // Invoice.ksefNumber of each then reads from memory
            await this.ksefStates.preload(ctx, invoices);
            return invoices;
        });
    }

    /** Only the logged-in owner of the order sees its invoices (a guest or another customer: none). */
    @ResolveField()
    async invoices(@Ctx() ctx: RequestContext, @Parent() order: Order): Promise<Invoice[]> {
        const userId = ctx.activeUserId;
        if (!userId || order.customerId == null) return [];
        const customerId = await this.activeCustomerId.get(ctx, async () => {
            const customer = await this.customers.findOneByUserId(ctx, userId);
            return customer ? String(customer.id) : null;
        });
        if (customerId === null || customerId !== String(order.customerId)) return [];
        return this.loader.load(ctx, order.id);
    }
}
