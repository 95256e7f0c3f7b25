import { Controller, Get, Param, Res } from '@nestjs/common';
import { Allow, Ctx, Permission, RequestContext } from '@vendure/core';
import type { Response } from 'express';
import { InvoicePdfService } from './invoice-pdf.service';

/** Told for a malformed, unknown or forged handle alike (never whether the invoice exists). */
export const INVOICE_PDF_NOT_FOUND =
    'Nie ma takiej faktury albo link do niej jest nieprawidłowy. Fakturę znajdziesz w „Moje konto → Zamówienia” albo na stronie statusu zamówienia z linku w e-mailu.';

/**
 * `GET /invoices/pdf/{handle}`: the invoice's PDF for whoever holds its handle (decision 119: the
 * handle is given only to the order's owner). The storefront's worker forwards `/faktury/{handle}.pdf`
 * here. Never cached (`private, no-store`); a wrong handle is 404 with a Polish reason.
 */
@Controller('invoices')
export class InvoicePdfController {
    constructor(private service: InvoicePdfService) {}

    @Get('pdf/:handle')
    @Allow(Permission.Public)
    async pdf(@Ctx() ctx: RequestContext, @Param('handle') handle: string, @Res() res: Response) {
        res.setHeader('cache-control', 'private, no-store');
        res.setHeader('x-robots-tag', 'noindex');
        const invoice = await this.service.byHandle(ctx, String(handle ?? '').replace(/\.pdf$/, ''));
        if (!invoice) return res.status(404).type('text/plain; charset=utf-8').send(INVOICE_PDF_NOT_FOUND);
        const { pdf, fileName } = await this.service.render(ctx, invoice);
        res.setHeader('content-type', 'application/pdf');
        res.setHeader('content-disposition', `inline; filename="${fileName}"`);
        return res.status(200).send(Buffer.from(pdf));
    }
}
