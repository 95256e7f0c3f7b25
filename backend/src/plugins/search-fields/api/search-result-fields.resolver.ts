import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { Ctx, Product, ProductVariant, RequestContext, TransactionalConnection } from '@vendure/core';

interface ProductFacts {
    createdAt: Map<number, Date>;
    variantsQty: Map<number, number>;
}

const factsPerRequest = new WeakMap<RequestContext, Promise<ProductFacts>>();

/** `SearchResult.createdAt` and `.variantsQty`, from one read of all products per request. */
@Resolver('SearchResult')
export class SearchResultFieldsResolver {
    constructor(private connection: TransactionalConnection) {}

    private facts(ctx: RequestContext): Promise<ProductFacts> {
        let facts = factsPerRequest.get(ctx);
        if (!facts) {
            facts = (async () => {
                const products = await this.connection.getRepository(ctx, Product).find({ select: { id: true, createdAt: true } });
                const counts: Array<{ productId: number; n: number }> = await this.connection
                    .getRepository(ctx, ProductVariant)
                    .createQueryBuilder('v')
                    .select('v.productId', 'productId')
                    .addSelect('COUNT(v.id)', 'n')
                    .where('v.deletedAt IS NULL')
                    .andWhere('v.enabled = :enabled', { enabled: true })
                    .groupBy('v.productId')
                    .getRawMany();
                return {
                    createdAt: new Map(products.map(p => [Number(p.id), p.createdAt])),
                    variantsQty: new Map(counts.map(c => [Number(c.productId), Number(c.n)])),
                };
            })();
            factsPerRequest.set(ctx, facts);
        }
        return facts;
    }

    @ResolveField()
    async createdAt(@Ctx() ctx: RequestContext, @Parent() item: { productId: string }): Promise<Date | null> {
        return (await this.facts(ctx)).createdAt.get(Number(item.productId)) ?? null;
    }

    @ResolveField()
    async variantsQty(@Ctx() ctx: RequestContext, @Parent() item: { productId: string }): Promise<number | null> {
        return (await this.facts(ctx)).variantsQty.get(Number(item.productId)) ?? null;
    }
}
