/**
 * Omnibus price (issue 6; Polish/EU rule: next to a reduced price show the lowest price of the 30
 * days before the reduction). Every change of a variant's price in a channel and currency is
 * recorded in `price_history_entry` (services/omnibus.service.ts, from ProductVariantPriceEvent,
 * i.e. any price change made through Vendure); the seed writes a realistic history for the seeded
 * variants. The Shop API gets `ProductVariant.omnibusPrice` and `SearchResult.omnibusPrice`; the
 * rule itself is omnibus.rules.ts.
 */
import { PluginCommonModule, VendurePlugin } from '@vendure/core';
import { shopApiExtensions } from './api/omnibus.api-extensions';
import { ProductVariantOmnibusResolver } from './api/product-variant-omnibus.resolver';
import { SearchResultOmnibusResolver } from './api/search-result-omnibus.resolver';
import { PriceHistoryEntry } from './entities/price-history-entry.entity';
import { OmnibusService } from './services/omnibus.service';

@VendurePlugin({
    imports: [PluginCommonModule],
    providers: [OmnibusService],
    // the catalogue read model builds its documents with it
    exports: [OmnibusService],
    entities: [PriceHistoryEntry],
    shopApiExtensions: {
        schema: shopApiExtensions,
        resolvers: [ProductVariantOmnibusResolver, SearchResultOmnibusResolver],
    },
    compatibility: '^3.0.0',
})
export class OmnibusPlugin {}
