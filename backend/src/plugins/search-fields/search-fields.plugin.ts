/**
 * Fields of the Shop API's SearchResult that product listings need: `createdAt` (the NEW badge)
 * and `variantsQty` ("od" prices). The Omnibus price of a result comes from the Omnibus plugin.
 */
import { PluginCommonModule, VendurePlugin } from '@vendure/core';
import { shopApiExtensions } from './api/search-fields.api-extensions';
import { SearchResultFieldsResolver } from './api/search-result-fields.resolver';

@VendurePlugin({
    imports: [PluginCommonModule],
    shopApiExtensions: {
        schema: shopApiExtensions,
        resolvers: [SearchResultFieldsResolver],
    },
    compatibility: '^3.0.0',
})
export class SearchFieldsPlugin {}
