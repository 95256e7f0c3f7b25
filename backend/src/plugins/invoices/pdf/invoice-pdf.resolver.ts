import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { Ctx, OrderService, RequestContext } from '@vendure/core';
import type { Invoice } from '../entities/invoice.entity';
import { InvoiceService } from '../services/invoice.service';
import { InvoicePdfService } from './invoice-pdf.service';

/**
 * `Invoice.pdfUrl` and `Invoice.ksefNumber` (both APIs). The Shop API hands invoices out only to
 * the order's owner (`Order.invoices`: the logged-in customer; `OrderStatus.invoices`: the status
 * page opened with its signed key or code and e-mail), so only the owner learns the PDF's handle.
 */
@Resolver('Invoice')
export class InvoicePdfFieldsResolver {
    constructor(private pdf: InvoicePdfService) {}

    @ResolveField()
    pdfUrl(@Parent() invoice: Invoice): string {
        return this.pdf.pathOf(invoice);
    }

    @ResolveField()
    async ksefNumber(@Ctx() ctx: RequestContext, @Parent() invoice: Invoice): Promise<string | null> {
        return (await this.pdf.ksefInfo(ctx, invoice)).ksefNumber;
    }
}

/** The invoices on the order status page (decision 102's answer exists only for the right key or e-mail). */
@Resolver('OrderStatus')
export class OrderStatusInvoicesResolver {
    constructor(
        private invoiceService: InvoiceService,
        private orders: OrderService,
    ) {}

    @ResolveField()
    async invoices(@Ctx() ctx: RequestContext, @Parent() status: { code: string }): Promise<Invoice[]> {
        const order = await this.orders.findOneByCode(ctx, status.code);
        return order ? this.invoiceService.invoicesOfOrders(ctx, [order.id]) : [];
    }
}
