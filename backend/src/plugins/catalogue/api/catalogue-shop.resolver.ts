import { ModuleRef } from '@nestjs/core';
import { Args, Query, Resolver } from '@nestjs/graphql';
import { ConfigService, Ctx, type ID, RequestContext, UserInputError } from '@vendure/core';
// The DefaultSearchPlugin's service (the Shop API's `search`); not re-exported from the package index.
import { FulltextSearchService } from '@vendure/core/dist/plugin/default-search-plugin/fulltext-search.service';
import type { Request } from 'express';
import { type CardDocument, type PageDocument, servedCard, servedPage } from '../catalogue.rules';
import { MAX_CARDS, ProductDocumentsService } from '../services/product-documents.service';

/** catalogueFamilyJson: products taken from each collection, as the product page's family list (spec §7/§9: 20). */
const MAX_FAMILY_TAKE = 50;

const productId = (id: ID) => {
    const n = Number(id);
    return Number.isInteger(n) && n > 0 ? n : null;
};

/** catalogueCards and catalogueProduct: the stored documents, their asset paths made absolute as the asset server does. */
@Resolver()
export class CatalogueShopResolver {
    constructor(
        private documents: ProductDocumentsService,
        private config: ConfigService,
        private moduleRef: ModuleRef,
    ) {}

    private absolute(ctx: RequestContext): (identifier: string) => string {
        const strategy = this.config.assetOptions.assetStorageStrategy;
        const req = ctx.req as Request | undefined;
        return identifier => (strategy.toAbsoluteUrl && req ? strategy.toAbsoluteUrl(req, identifier) : identifier);
    }

    @Query()
    async catalogueCards(
        @Ctx() ctx: RequestContext,
        @Args() args: { ids?: ID[] | null; slugs?: string[] | null },
    ): Promise<CardDocument[]> {
        if ((args.ids == null) === (args.slugs == null)) throw new UserInputError('catalogueCards takes ids or slugs');
        if ((args.ids ?? args.slugs ?? []).length > MAX_CARDS)
            throw new UserInputError(`catalogueCards takes at most ${MAX_CARDS} ids or slugs`);
        const absolute = this.absolute(ctx);
        const cards = args.ids
            ? await this.documents.cards(
                  ctx,
                  args.ids.map(productId).filter((n): n is number => n !== null),
              )
            : await this.documents.cardsBySlug(ctx, args.slugs ?? []);
        return cards.map(card => servedCard(card, absolute));
    }

    /**
     * catalogueCards(ids) as one JSON value: GraphQL does not walk 40 cards of several variants each
     * field by field (with Vendure's response transformers, 20–40 ms against 7–9 for the JSON).
     */
    @Query()
    catalogueCardsJson(@Ctx() ctx: RequestContext, @Args() args: { ids: ID[] }): Promise<CardDocument[]> {
        return this.catalogueCards(ctx, { ids: args.ids });
    }

    @Query()
    async catalogueProduct(@Ctx() ctx: RequestContext, @Args() args: { id?: ID; slug?: string }): Promise<PageDocument | null> {
        if ((args.id == null) === (args.slug == null)) throw new UserInputError('catalogueProduct takes an id or a slug');
        const id = args.id != null ? productId(args.id) : undefined;
        if (id === null) return null;
        const page = await this.documents.page(ctx, id !== undefined ? { id } : { slug: args.slug });
        return page && servedPage(page, this.absolute(ctx));
    }

    /**
     * The product page's family and related products in one request (issue 38): the products of the
     * product's collection and of its parent, as the Shop API's `search` lists them (the same
     * service: `groupByProduct`, enabled only, `take` each), and the cards of all of them, as
     * `catalogueCardsJson` answers. The storefront asked for the two searches, then for the cards:
     * two round trips after the product, now one.
     */
    @Query()
    async catalogueFamilyJson(
        @Ctx() ctx: RequestContext,
        @Args() args: { collectionId?: ID | null; parentId?: ID | null; take: number },
    ): Promise<{ family: string[]; parent: string[]; cards: CardDocument[] }> {
        if (!Number.isInteger(args.take) || args.take < 1 || args.take > MAX_FAMILY_TAKE)
            throw new UserInputError(`catalogueFamilyJson takes 1 to ${MAX_FAMILY_TAKE} products of each collection`);
        const search = this.moduleRef.get(FulltextSearchService, { strict: false });
        const products = async (collectionId: ID | null | undefined): Promise<string[]> =>
            collectionId == null
                ? []
                : (await search.search(ctx, { collectionId: String(collectionId), groupByProduct: true, take: args.take }, true)).items.map(
                      i => String(i.productId),
                  );
        const [family, parent] = await Promise.all([products(args.collectionId), products(args.parentId)]);
        const ids = [...new Set([...family, ...parent])].map(Number);
        const cards = ids.length ? await this.catalogueCards(ctx, { ids: ids.map(String) }) : [];
        return { family, parent, cards };
    }
}
