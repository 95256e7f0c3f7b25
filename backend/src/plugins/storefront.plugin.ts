/**
 * Shop API additions the storefront needs:
 * - `ProductVariant.extras`: the extras the variant offers with the prices the backend charges
 *   (product page = cart line price); the price strategy and order interceptor apply the same rules;
 * - `ProductVariant.omnibusPrice`: lowest price of the 30 days before the current reduction;
 * - `SearchResult.createdAt`, `SearchResult.variantsQty`, `SearchResult.omnibusPrice` for listings
 *   (NEW badge, "od" prices, the Omnibus line on cards).
 */
import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { Ctx, PluginCommonModule, Product, ProductVariant, RequestContext, TransactionalConnection, VendurePlugin } from '@vendure/core';
import gql from 'graphql-tag';
import { ConfiguratorOffer, ExtraOffer } from '../extras';
import { ExtrasInterceptor, ExtrasPriceStrategy, ExtrasService } from './extras';
import { lowestPriceBeforeReduction, OmnibusService, PriceHistoryEntry } from './omnibus';

const shopSchema = gql`
    "A choice of an extra: the value to put in the order-line custom field and its gross price in grosze."
    type ExtraOption {
        value: String!
        label: String!
        price: Money!
    }

    "An extra the variant offers. The backend adds the same prices to the order line (unit price)."
    type ExtraOffer {
        "Order-line custom field that carries the choice (podszycie, kolorOkuc, odblaski, raczka, dopasowanieRozmiaru, customObwodSzyi, customObwodKlatki, dodatkowyMetr)"
        field: String!
        label: String!
        "string | int | boolean"
        type: String!
        "Gross price in grosze of the paid choice; per unit (metre) for dodatkowyMetr"
        price: Money!
        "Allowed values of a string field with their prices (0 = free, e.g. kolorOkuc srebrny)"
        options: [ExtraOption!]!
        min: Int
        max: Int
        unit: String
        "Extras of one charge group are charged once together (dopasowanie: dopasowanieRozmiaru, customObwodSzyi, customObwodKlatki)"
        chargeGroup: String
    }

    "A part of a configurable harness that takes a colour (key in the order line's configurator JSON)"
    type ConfiguratorPart {
        key: String!
        label: String!
    }

    type ConfiguratorColour {
        code: String!
        name: String!
    }

    "Pro-Fit Studio: the harness configurator of the variant's product. The order line's configurator JSON must name one of these colours for every part, plus kolorOkuc (equal to the line's kolorOkuc) and optionally imageurl (a picture of this product); anything else is refused with ORDER_INTERCEPTOR_ERROR."
    type ConfiguratorOffer {
        "guard | bezuciski"
        type: String!
        parts: [ConfiguratorPart!]!
        "The product's colours (facet kolor)"
        colours: [ConfiguratorColour!]!
    }

    extend type ProductVariant {
        "Extras this variant offers, priced as the backend charges them"
        extras: [ExtraOffer!]!
        "The harness configurator of this product (guard and Pro-Fit harnesses), else null"
        configurator: ConfiguratorOffer
        "Omnibus: lowest price (grosze, as price/priceWithTax of this channel) of the 30 days before the current reduction; null when the price is not reduced"
        omnibusPrice: Money
    }

    extend type SearchResult {
        "When the product was created (NEW badge under 30 days)"
        createdAt: DateTime
        "Number of variants of the product"
        variantsQty: Int
        "Omnibus price of this variant, or with groupByProduct of the product's cheapest variants; null when not reduced"
        omnibusPrice: Money
    }
`;

interface ProductFacts {
    createdAt: Map<number, Date>;
    variantsQty: Map<number, number>;
}

const factsPerRequest = new WeakMap<RequestContext, Promise<ProductFacts>>();

@Resolver('ProductVariant')
export class ProductVariantExtrasResolver {
    constructor(
        private extrasService: ExtrasService,
        private omnibus: OmnibusService,
    ) {}

    @ResolveField()
    extras(@Ctx() ctx: RequestContext, @Parent() variant: ProductVariant): Promise<ExtraOffer[]> {
        return this.extrasService.offersFor(ctx, variant.id);
    }

    @ResolveField()
    omnibusPrice(@Ctx() ctx: RequestContext, @Parent() variant: ProductVariant): Promise<number | null> {
        return this.omnibus.omnibusPrice(ctx, variant.id);
    }

    @ResolveField()
    configurator(@Ctx() ctx: RequestContext, @Parent() variant: ProductVariant): Promise<ConfiguratorOffer | null> {
        return this.extrasService.configuratorFor(ctx, variant.id);
    }
}

@Resolver('SearchResult')
export class SearchResultExtrasResolver {
    constructor(
        private connection: TransactionalConnection,
        private omnibus: OmnibusService,
    ) {}

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

    @ResolveField()
    async omnibusPrice(
        @Ctx() ctx: RequestContext,
        @Parent() item: { productId: string; productVariantId: string; priceWithTax?: { min?: number; value?: number }; price?: { min?: number; value?: number } },
    ): Promise<number | null> {
        const grouped = item.priceWithTax && 'min' in item.priceWithTax;
        if (!grouped) return this.omnibus.omnibusPrice(ctx, item.productVariantId);
        // grouped by product: the Omnibus price belongs to the "od" (cheapest) price
        const variants = await this.connection.getRepository(ctx, ProductVariant).find({
            where: { productId: Number(item.productId), enabled: true },
            relations: { productVariantPrices: true },
        });
        const current = (v: ProductVariant) =>
            v.productVariantPrices.find(p => String(p.channelId) === String(ctx.channelId) && p.currencyCode === ctx.currencyCode)?.price ?? Infinity;
        const cheapest = Math.min(...variants.map(current));
        const history = await this.omnibus.history(
            ctx,
            variants.filter(v => current(v) === cheapest).map(v => v.id),
        );
        const values = [...history.values()].map(h => lowestPriceBeforeReduction(h)).filter((x): x is number => x !== null);
        return values.length ? Math.min(...values) : null;
    }
}

@VendurePlugin({
    imports: [PluginCommonModule],
    providers: [ExtrasService, OmnibusService],
    entities: [PriceHistoryEntry],
    shopApiExtensions: {
        schema: shopSchema,
        resolvers: [ProductVariantExtrasResolver, SearchResultExtrasResolver],
    },
    configuration: config => {
        config.orderOptions.orderItemPriceCalculationStrategy = new ExtrasPriceStrategy();
        config.orderOptions.orderInterceptors = [...(config.orderOptions.orderInterceptors ?? []), new ExtrasInterceptor()];
        return config;
    },
    compatibility: '^3.0.0',
})
export class StorefrontPlugin {}
