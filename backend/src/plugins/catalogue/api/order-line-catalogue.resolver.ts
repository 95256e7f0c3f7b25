import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { Ctx, OrderLine, RequestContext } from '@vendure/core';
import type { LineCatalogue } from '../catalogue.rules';
import { OrderLineCatalogueService } from '../services/order-line-catalogue.service';

/** `OrderLine.catalogue` (Shop API): the line's product and options, one statement for all lines of a request. */
@Resolver('OrderLine')
export class OrderLineCatalogueResolver {
    constructor(private lines: OrderLineCatalogueService) {}

    @ResolveField()
    catalogue(@Ctx() ctx: RequestContext, @Parent() line: OrderLine): Promise<LineCatalogue> {
        return this.lines.forLine(ctx, line);
    }
}
