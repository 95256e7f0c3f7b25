import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { Allow, Ctx, type ID, Permission, RequestContext, UserInputError } from '@vendure/core';
import type { Invoice } from '../entities/invoice.entity';
import { CorrectionService } from '../services/correction.service';
import { InvoiceRefused } from '../services/invoice.service';

@Resolver()
export class CorrectionAdminResolver {
    constructor(private service: CorrectionService) {}

    @Mutation()
    @Allow(Permission.UpdateOrder)
    async issueCorrection(@Ctx() ctx: RequestContext, @Args() args: { refundId: ID }): Promise<Invoice> {
        if (!/^\d{1,10}$/.test(String(args.refundId))) throw new UserInputError('Nieprawidłowy identyfikator zwrotu.');
        try {
            const correction = await this.service.issueForRefund(ctx, args.refundId);
            if (!correction)
                throw new UserInputError('Nie ma czego korygować: zwrot nie jest rozliczony albo zamówienie nie ma faktury VAT.');
            return correction;
        } catch (e) {
            if (e instanceof InvoiceRefused) throw new UserInputError(e.message);
            throw e;
        }
    }
}
