import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { Ctx, ProductVariant, RequestContext, TransactionalConnection } from '@vendure/core';
import { lowestPriceBeforeReduction } from '../omnibus.rules';
import { OmnibusService } from '../services/omnibus.service';

@Resolver('SearchResult')
export class SearchResultOmnibusResolver {
    constructor(
        private connection: TransactionalConnection,
        private omnibus: OmnibusService,
    ) {}

    @ResolveField()
    async omnibusPrice(
        @Ctx() ctx: RequestContext,
        @Parent()
        item: {
            productId: string;
            productVariantId: string;
            priceWithTax?: { min?: number; value?: number };
            price?: { min?: number; value?: number };
        },
    ): Promise<number | null> {
        const grouped = item.priceWithTax && 'min' in item.priceWithTax;
        if (!grouped) return this.omnibus.omnibusPrice(ctx, item.productVariantId);
        // grouped by product: the Omnibus price belongs to the "od" (cheapest) price
        const variants = await this.connection.getRepository(ctx, ProductVariant).find({
            where: { productId: Number(item.productId), enabled: true },
            relations: { productVariantPrices: true },
        });
        const current = (v: ProductVariant) =>
            v.productVariantPrices.find(p => String(p.channelId) === String(ctx.channelId) && p.currencyCode === ctx.currencyCode)?.price ??
            Infinity;
        const cheapest = Math.min(...variants.map(current));
        const history = await this.omnibus.history(
            ctx,
            variants.filter(v => current(v) === cheapest).map(v => v.id),
        );
        const values = [...history.values()].map(h => lowestPriceBeforeReduction(h)).filter((x): x is number => x !== null);
        return values.length ? Math.min(...values) : null;
    }
}
