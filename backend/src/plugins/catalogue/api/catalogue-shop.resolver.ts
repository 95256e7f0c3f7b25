import { Args, Query, Resolver } from '@nestjs/graphql';
import { ConfigService, Ctx, type ID, RequestContext, UserInputError } from '@vendure/core';
import type { Request } from 'express';
import { type CardDocument, type PageDocument, servedCard, servedPage } from '../catalogue.rules';
import { MAX_CARDS, ProductDocumentsService } from '../services/product-documents.service';

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
}
