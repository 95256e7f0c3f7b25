/**
 * The catalogue read model (issue 38, decision 108): what product cards and product pages show,
 * kept per product and channel as a precomputed document (entities/product-document.entity.ts),
 * rebuilt through the job queue when it changes (services/product-documents.service.ts) and
 * served by the Shop API's `catalogueCards(ids)` and `catalogueProduct(id | slug)` in one SQL
 * statement each, and page by page to the product feeds by `catalogueFeed` (api/feed.resolver.ts); `OrderLine.catalogue` gives the cart's lines their product and options from it,
 * one statement for all lines of a request. `npm run catalogue -- rebuild | check` rebuilds it in full or compares it with
 * the live entities (src/production/read-model.ts).
 *
 * @example
 * plugins: [CataloguePlugin.init({ storefrontUrl: env.storefrontUrl, hookSecret: env.catalogueHookSecret })]
 */
import { PluginCommonModule, VendurePlugin } from '@vendure/core';
import gql from 'graphql-tag';
import { CatalogueShopResolver } from './api/catalogue-shop.resolver';
import { OrderLineCatalogueResolver } from './api/order-line-catalogue.resolver';
import { SitemapResolver } from './api/sitemap.resolver';
import { sitemapShopApiExtensions } from './api/sitemap.api-extensions';
import { CatalogueFeedResolver, feedApiExtensions } from './api/feed.resolver';
import { shopApiExtensions } from './api/catalogue.api-extensions';
import { CATALOGUE_OPTIONS } from './catalogue.constants';
import { ProductDocument } from './entities/product-document.entity';
import { ProductDocumentBuilder } from './services/product-document.builder';
import { OrderLineCatalogueService } from './services/order-line-catalogue.service';
import { ProductDocumentsService } from './services/product-documents.service';
import type { CatalogueOptions } from './types';
import { ExtrasPricingPlugin } from '../extras-pricing/extras-pricing.plugin';
import { OmnibusPlugin } from '../omnibus/omnibus.plugin';
import { ReviewsPlugin } from '../reviews/reviews.plugin';

@VendurePlugin({
    // their services build the documents (the plugins export them; listed in the config before this one)
    imports: [PluginCommonModule, ExtrasPricingPlugin, OmnibusPlugin, ReviewsPlugin],
    providers: [
        ProductDocumentBuilder,
        ProductDocumentsService,
        OrderLineCatalogueService,
        { provide: CATALOGUE_OPTIONS, useFactory: () => CataloguePlugin.options },
    ],
    exports: [ProductDocumentsService],
    entities: [ProductDocument],
    shopApiExtensions: {
        schema: gql`
            ${shopApiExtensions}
            ${sitemapShopApiExtensions}
            ${feedApiExtensions}
        `,
        resolvers: [CatalogueShopResolver, OrderLineCatalogueResolver, SitemapResolver, CatalogueFeedResolver],
    },
    compatibility: '^3.0.0',
})
export class CataloguePlugin {
    static options: CatalogueOptions = { storefrontUrl: '', hookSecret: '' };

    static init(options: CatalogueOptions): typeof CataloguePlugin {
        CataloguePlugin.options = options;
        return CataloguePlugin;
    }
}
