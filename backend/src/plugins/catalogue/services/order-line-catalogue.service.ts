/**
 * `OrderLine.catalogue` (issue 38): what a cart line shows of its product (id, name, slug, public
 * facet values) and of its variant's options (with their groups' codes and names), read for all
 * the lines of a request in ONE statement from the catalogue read model, where Vendure's entity
 * resolvers read the product, its facet values and every option group line by line.
 *
 * The lines resolved in one turn of the event loop of one request (GraphQL resolves the fields
 * of a list's items side by side) are gathered and their products' page documents read at once
 * (ProductDocumentsService.pages). A line whose product has no document, or whose variant the
 * document does not list (disabled or deleted since it was added), is answered from the live
 * entities, for that line only, as Vendure's own ProductVariant.product / Product.facetValues /
 * ProductVariant.options / ProductOption.group would (a soft-deleted product included); on both
 * paths the options and facet values come in the order of their ids (lineCatalogueOf).
 */
import { Injectable } from '@nestjs/common';
import {
    FacetValueService,
    type ID,
    OrderLine,
    ProductOptionGroupService,
    ProductService,
    ProductVariant,
    ProductVariantService,
    RequestContext,
    TransactionalConnection,
} from '@vendure/core';
import { byId, type LineCatalogue, lineCatalogueOf, type PageDocument } from '../catalogue.rules';
import { ProductDocumentsService } from './product-documents.service';

interface Batch {
    productIds: Set<number>;
    pages: Promise<Map<number, PageDocument>>;
}

@Injectable()
export class OrderLineCatalogueService {
    /** The batch being gathered, per request (its `req`, else its context). */
    private batches = new WeakMap<object, Batch>();

    constructor(
        private documents: ProductDocumentsService,
        private connection: TransactionalConnection,
        private products: ProductService,
        private variants: ProductVariantService,
        private facetValues: FacetValueService,
        private optionGroups: ProductOptionGroupService,
    ) {}

    async forLine(ctx: RequestContext, line: OrderLine): Promise<LineCatalogue> {
        const variantId = line.productVariant?.id ?? line.productVariantId;
        const productId = line.productVariant?.productId ?? (await this.productIdOf(ctx, variantId));
        const page = (await this.pagesWith(ctx, Number(productId))).get(Number(productId));
        return (page && lineCatalogueOf(page, String(variantId))) ?? this.live(ctx, productId, variantId);
    }

    /** The page documents of the products of every line resolved in this turn of this request. */
    private pagesWith(ctx: RequestContext, productId: number): Promise<Map<number, PageDocument>> {
        const key: object = (ctx.req as object | undefined) ?? ctx;
        let batch = this.batches.get(key);
        if (!batch) {
            const productIds = new Set<number>();
            const pages = new Promise<void>(resolve => setImmediate(resolve)).then(() => {
                this.batches.delete(key);
                return this.documents.pages(ctx, [...productIds]);
            });
            batch = { productIds, pages };
            this.batches.set(key, batch);
        }
        if (Number.isInteger(productId) && productId > 0) batch.productIds.add(productId);
        return batch.pages;
    }

    private async productIdOf(ctx: RequestContext, variantId: ID): Promise<ID> {
        const variant = await this.connection
            .getRepository(ctx, ProductVariant)
            .findOne({ where: { id: variantId }, select: { id: true, productId: true }, withDeleted: true });
        return variant?.productId ?? -1;
    }

    /** The line from the live entities, as the Shop API's ProductVariant and Product fields answer. */
    private async live(ctx: RequestContext, productId: ID, variantId: ID): Promise<LineCatalogue> {
        const [product, facetValues, options] = await Promise.all([
            this.variants.getProductForVariant(ctx, { productId } as ProductVariant),
            this.products.getFacetValuesForProduct(ctx, productId),
            this.variants.getOptionsForVariant(ctx, variantId),
        ]);
        const publicValues = facetValues.length
            ? (
                  await this.facetValues.findByIds(
                      ctx,
                      facetValues.map(fv => fv.id),
                  )
              ).filter(fv => !fv.facet.isPrivate)
            : [];
        const groups = await Promise.all(options.map(o => this.optionGroups.findOne(ctx, o.groupId)));
        return {
            product: {
                id: String(product.id),
                name: product.name,
                slug: product.slug,
                facetValues: byId(publicValues).map(fv => ({
                    id: String(fv.id),
                    code: fv.code,
                    name: fv.name,
                    facet: { id: String(fv.facet.id), code: fv.facet.code, name: fv.facet.name },
                })),
            },
            options: byId(
                options.map((o, i) => ({
                    id: String(o.id),
                    code: o.code,
                    name: o.name,
                    group: { code: groups[i]?.code ?? '', name: groups[i]?.name ?? '' },
                })),
            ),
        };
    }
}
