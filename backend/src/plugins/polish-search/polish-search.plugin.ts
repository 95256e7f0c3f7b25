/**
 * Search that understands Polish (issue 23): case and diacritic folding (ł too), inflected forms,
 * one-edit typos in words of 5+ letters, every word required across name, variants, collections,
 * facet values and description, ranked by relevance. Installs PolishSearchStrategy as the
 * DefaultSearchPlugin's strategy (its indexing stays Vendure's); keeps one search document per
 * product (services/search-documents.service.ts, written by a job); adds the Shop API query
 * `searchSuggestion` ('Czy chodziło Ci o: …'). Text rules: polish-search.rules.ts; matching and
 * ranking: polish-search.matcher.ts. Decisions 050–052.
 *
 * @example
 * plugins: [DefaultSearchPlugin.init({ … }), PolishSearchPlugin]
 */
import { DefaultSearchPlugin, PluginCommonModule, VendurePlugin } from '@vendure/core';
import { shopApiExtensions } from './api/polish-search.api-extensions';
import { SearchSuggestionResolver } from './api/search-suggestion.resolver';
import { PolishSearchStrategy } from './config/polish-search-strategy';
import { PolishSearchDocument } from './entities/polish-search-document.entity';
import { SearchDocumentsService } from './services/search-documents.service';

@VendurePlugin({
    imports: [PluginCommonModule],
    providers: [SearchDocumentsService],
    entities: [PolishSearchDocument],
    shopApiExtensions: { schema: shopApiExtensions, resolvers: [SearchSuggestionResolver] },
    configuration: config => {
        // The DefaultSearchPlugin reads its options when its services are created, after every plugin's configuration.
        DefaultSearchPlugin.options = { ...DefaultSearchPlugin.options, searchStrategy: new PolishSearchStrategy() };
        return config;
    },
    compatibility: '^3.0.0',
})
export class PolishSearchPlugin {}
