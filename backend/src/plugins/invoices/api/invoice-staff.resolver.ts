import { Inject } from '@nestjs/common';
import { Args, Mutation, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { Allow, Ctx, Permission, RequestContext, TransactionalConnection, UserInputError } from '@vendure/core';
import { Invoice } from '../entities/invoice.entity';
import { INVOICES_OPTIONS, type InvoicesOptions } from '../invoices.constants';
import { invoicePdfHandle } from '../pdf/invoice-link';
import { InvoiceKsefStateService } from '../services/invoice-ksef-state';
import { InvoiceMailService } from '../services/invoice-mail';

/** The staff's fields of an invoice (Admin API only; decision 121). */
@Resolver('Invoice')
export class InvoiceStaffFieldsResolver {
    constructor(
        private ksef: InvoiceKsefStateService,
        @Inject(INVOICES_OPTIONS) private options: InvoicesOptions,
    ) {}

    @ResolveField()
    async ksefState(@Ctx() ctx: RequestContext, @Parent() invoice: Invoice): Promise<string> {
        return (await this.ksef.stateOf(ctx, invoice)).state;
    }

    @ResolveField()
    async ksefStateLabel(@Ctx() ctx: RequestContext, @Parent() invoice: Invoice): Promise<string> {
        return (await this.ksef.stateOf(ctx, invoice)).label;
    }

    @ResolveField()
    async ksefRejectionReason(@Ctx() ctx: RequestContext, @Parent() invoice: Invoice): Promise<string | null> {
        return (await this.ksef.stateOf(ctx, invoice)).reason;
    }

    /** The backend's own path of the PDF: the Dashboard is served by the same origin (decision 121). */
    @ResolveField()
    adminPdfUrl(@Parent() invoice: Invoice): string {
        return `/invoices/pdf/${invoicePdfHandle(this.options.linkSecret, invoice)}`;
    }
}

@Resolver()
export class InvoiceResendResolver {
    constructor(
        private connection: TransactionalConnection,
        private mail: InvoiceMailService,
    ) {}

    /** The invoice's e-mail again (a new message with its own mail key: deliberately a second mail). */
    @Mutation()
    @Allow(Permission.UpdateOrder)
    async resendInvoiceEmail(@Ctx() ctx: RequestContext, @Args() args: { invoiceId: string }): Promise<{ emailAddress: string }> {
        if (!/^\d{1,10}$/.test(String(args.invoiceId))) throw new UserInputError('Nieprawidłowy identyfikator faktury.');
        const invoice = await this.connection.getRepository(ctx, Invoice).findOne({ where: { id: Number(args.invoiceId) } });
        if (!invoice) throw new UserInputError('Nie ma takiej faktury.');
        const sent = await this.mail.send(ctx, invoice, true);
        if (!sent) throw new UserInputError(`Zamówienie ${invoice.orderCode} nie ma adresu e-mail: faktury nie ma dokąd wysłać.`);
        return { emailAddress: sent.emailAddress };
    }
}
