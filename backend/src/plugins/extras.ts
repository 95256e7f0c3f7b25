/**
 * Extras priced by the backend: the facts a variant's extras depend on (collections, tape type,
 * width, size), the order-line price strategy that adds the extras to the unit price, and the order
 * interceptor that refuses extras the variant does not offer (ORDER_INTERCEPTOR_ERROR with a
 * Polish message). The rules themselves are in ../extras.ts.
 */
import { Injectable } from '@nestjs/common';
import {
    ID,
    Injector,
    Order,
    OrderInterceptor,
    OrderItemPriceCalculationStrategy,
    PriceCalculationResult,
    ProductVariant,
    RequestContext,
    TransactionalConnection,
    WillAddItemToOrderInput,
    WillAdjustOrderLineInput,
} from '@vendure/core';
import { checkConfigurator, configuratorOffer, ConfiguratorOffer, ExtraOffer, offeredExtras, priceExtras, VariantFacts } from '../extras';

const TTL_MS = 30_000;

@Injectable()
export class ExtrasService {
    private cache = new Map<string, { facts: VariantFacts; at: number }>();

    constructor(private connection: TransactionalConnection) {}

    async factsFor(ctx: RequestContext, variantId: ID): Promise<VariantFacts> {
        const key = `${ctx.channelId}:${variantId}`;
        const hit = this.cache.get(key);
        if (hit && Date.now() - hit.at < TTL_MS) return hit.facts;
        const variant = await this.connection.getRepository(ctx, ProductVariant).findOne({
            where: { id: variantId },
            relations: {
                options: { group: true },
                product: { facetValues: { facet: true, translations: true } },
                collections: { translations: true },
            },
        });
        const facts: VariantFacts = { collectionSlugs: [] };
        if (variant) {
            facts.collectionSlugs = (variant.collections ?? []).flatMap(c => c.translations.map(t => t.slug));
            facts.tape = variant.product?.facetValues?.find(fv => fv.facet?.code === 'rodzaj-tasmy')?.code;
            facts.colours = (variant.product?.facetValues ?? [])
                .filter(fv => fv.facet?.code === 'kolor')
                .map(fv => ({ code: fv.code, name: (fv.translations.find(t => t.languageCode === ctx.languageCode) ?? fv.translations[0])?.name ?? fv.code }));
            for (const option of variant.options ?? []) {
                if (option.group?.code === 'szerokosc-tasmy') facts.widthMm = parseInt(option.code, 10) || undefined;
                if (option.group?.code === 'rozmiar') facts.size = option.code;
            }
        }
        this.cache.set(key, { facts, at: Date.now() });
        return facts;
    }

    async offersFor(ctx: RequestContext, variantId: ID): Promise<ExtraOffer[]> {
        return offeredExtras(await this.factsFor(ctx, variantId));
    }

    async configuratorFor(ctx: RequestContext, variantId: ID): Promise<ConfiguratorOffer | null> {
        return configuratorOffer(await this.factsFor(ctx, variantId));
    }

    /** Stored paths (`preview/…`, `source/…`) of the pictures of the variant's product: what a configurator's `imageurl` may show. */
    async imagePathsFor(ctx: RequestContext, variantId: ID): Promise<string[]> {
        const variant = await this.connection.getRepository(ctx, ProductVariant).findOne({
            where: { id: variantId },
            relations: { product: { assets: { asset: true }, featuredAsset: true } },
        });
        const assets = [...(variant?.product?.assets ?? []).map(a => a.asset), variant?.product?.featuredAsset].filter(a => !!a);
        return assets.flatMap(a => [a.preview, a.source]);
    }
}

/**
 * Unit price = the variant's price + the extras chosen in the line's custom fields (gross, since the
 * channel has pricesIncludeTax; on a net channel the extras would be added as net amounts).
 * Choices the variant does not offer are never charged (and the interceptor refuses them).
 */
export class ExtrasPriceStrategy implements OrderItemPriceCalculationStrategy {
    private extras: ExtrasService;

    init(injector: Injector) {
        this.extras = injector.get(ExtrasService);
    }

    async calculateUnitPrice(
        ctx: RequestContext,
        productVariant: ProductVariant,
        orderLineCustomFields: Record<string, unknown>,
    ): Promise<PriceCalculationResult> {
        const offers = await this.extras.offersFor(ctx, productVariant.id);
        const { total } = priceExtras(offers, orderLineCustomFields);
        return { price: productVariant.listPrice + total, priceIncludesTax: productVariant.listPriceIncludesTax };
    }
}

export class ExtrasInterceptor implements OrderInterceptor {
    private extras: ExtrasService;

    init(injector: Injector) {
        this.extras = injector.get(ExtrasService);
    }

    async willAddItemToOrder(ctx: RequestContext, order: Order, input: WillAddItemToOrderInput): Promise<string | void> {
        return this.check(ctx, input.productVariant.id, input.customFields as Record<string, unknown> | undefined);
    }

    async willAdjustOrderLine(ctx: RequestContext, order: Order, input: WillAdjustOrderLineInput): Promise<string | void> {
        if (!input.customFields) return;
        // the configurator is checked against the line as it will be (a new hardware colour must match it)
        const merged = { ...(input.orderLine.customFields as Record<string, unknown> | undefined), ...(input.customFields as Record<string, unknown>) };
        return this.check(ctx, input.orderLine.productVariantId ?? input.orderLine.productVariant.id, input.customFields as Record<string, unknown>, merged);
    }

    private async check(ctx: RequestContext, variantId: ID, customFields: Record<string, unknown> | undefined, line = customFields): Promise<string | void> {
        if (!customFields) return;
        const { refused } = priceExtras(await this.extras.offersFor(ctx, variantId), customFields);
        const configurator = line?.configurator;
        if (typeof configurator === 'string' && configurator.trim() !== '') {
            const [offer, images] = await Promise.all([this.extras.configuratorFor(ctx, variantId), this.extras.imagePathsFor(ctx, variantId)]);
            refused.push(...checkConfigurator(offer, configurator, line?.kolorOkuc, images));
        }
        if (refused.length) return refused.join(' ');
    }
}
