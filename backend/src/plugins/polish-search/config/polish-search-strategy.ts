import { LogicalOperator, type SearchInput, type SearchResult } from '@vendure/common/lib/generated-types';
import {
    applyLanguageConstraints,
    DefaultSearchPlugin,
    type ID,
    type Injector,
    mapToSearchResult,
    PostgresSearchStrategy,
    type RequestContext,
    type SearchStrategy,
    SqliteSearchStrategy,
    TransactionalConnection,
    UserInputError,
} from '@vendure/core';
// The DefaultSearchPlugin's index table; not re-exported from the package index.
import { SearchIndexItem } from '@vendure/core/dist/plugin/default-search-plugin/entities/search-index-item.entity';
import { Brackets, type SelectQueryBuilder } from 'typeorm';
import { type Match } from '../polish-search.matcher';
import { SearchDocumentsService } from '../services/search-documents.service';

type Row = Record<string, unknown> & {
    si_productId: number | string;
    si_productVariantId: number | string;
    si_productName: string;
    si_price: number;
    si_priceWithTax: number;
    si_facetValueIds: string;
    si_collectionIds: string;
};

interface Group {
    key: string;
    rank: number;
    score: number;
    rows: Row[];
}

/**
 * The Polish search (issue 23) as Vendure's SearchStrategy. A term that is not blank is matched
 * by this process's PolishMatcher (folding, stems, one-edit typos, every word required, ranked);
 * the matched products are then read from the DefaultSearchPlugin's index table with the input's
 * filters (channel, language, enabled, stock, facet values, collections) in portable SQL, and
 * ordered by relevance unless a sort is asked for. Without a term, Vendure's own strategy for the
 * database answers, so browsing is unchanged.
 */
export class PolishSearchStrategy implements SearchStrategy {
    private connection!: TransactionalConnection;
    private documents!: SearchDocumentsService;
    private browse!: SearchStrategy;
    /** one request resolves items, totalItems, facetValues and collections: the matched rows are read once */
    private perRequest = new WeakMap<RequestContext, Map<string, Promise<Group[]>>>();
    /** browsing: how many results each page of a request brought (getTotalCount may need no count) */
    private pageSizes = new WeakMap<RequestContext, Map<string, number>>();

    async init(injector: Injector): Promise<void> {
        this.connection = injector.get(TransactionalConnection);
        this.documents = injector.get(SearchDocumentsService);
        const type = this.connection.rawConnection.options.type;
        this.browse = type === 'postgres' ? new PostgresSearchStrategy() : new SqliteSearchStrategy();
        await this.browse.init?.(injector);
    }

    async getSearchResults(ctx: RequestContext, input: SearchInput, enabledOnly: boolean): Promise<SearchResult[]> {
        if (!searching(input)) {
            const results = await this.browse.getSearchResults(ctx, input, enabledOnly);
            let sizes = this.pageSizes.get(ctx);
            if (!sizes) this.pageSizes.set(ctx, (sizes = new Map()));
            sizes.set(pageKey(input, enabledOnly), results.length);
            return results;
        }
        const groups = await this.groups(ctx, input, enabledOnly);
        const skip = Math.max(0, input.skip ?? 0);
        const take = input.take || 25;
        const page = groups.slice(skip, skip + take);
        if (!page.length) return [];
        // the page's rows in full (the matching read only the columns that order and count)
        const variantIds = page.map(g => g.rows[0]!.si_productVariantId);
        const qb = this.connection.getRepository(ctx, SearchIndexItem).createQueryBuilder('si');
        qb.where('si.productVariantId IN (:...variantIds)', { variantIds });
        applyFilters(ctx, qb, input);
        const full = new Map((await qb.getRawMany<Row>()).map(r => [String(r.si_productVariantId), r]));
        const currency = ctx.channel.defaultCurrencyCode;
        return page.flatMap(g => {
            const rows = g.rows;
            const first = full.get(String(rows[0]!.si_productVariantId));
            if (!first) return [];
            const raw: Record<string, unknown> = { ...first, score: g.score };
            if (input.groupByProduct) {
                raw.minPrice = Math.min(...rows.map(r => Number(r.si_price)));
                raw.maxPrice = Math.max(...rows.map(r => Number(r.si_price)));
                raw.minPriceWithTax = Math.min(...rows.map(r => Number(r.si_priceWithTax)));
                raw.maxPriceWithTax = Math.max(...rows.map(r => Number(r.si_priceWithTax)));
            }
            return [mapToSearchResult(raw, (first.si_currencyCode as typeof currency | undefined) ?? currency)];
        });
    }

    async getTotalCount(ctx: RequestContext, input: SearchInput, enabledOnly: boolean): Promise<number> {
        if (!searching(input)) {
            // Vendure asks for the page, then the total (FulltextSearchService.search): a page short of
            // `take` (not empty, or the first) ends the results, so its length tells the total without a
            // COUNT query; the storefront's listings take 999 at once (SQL budgets, issue 38)
            const size = this.pageSizes.get(ctx)?.get(pageKey(input, enabledOnly));
            const skip = input.skip || 0;
            if (size !== undefined && size < (input.take || 25) && (size > 0 || skip === 0)) return skip + size;
            return this.browse.getTotalCount(ctx, input, enabledOnly);
        }
        return (await this.groups(ctx, input, enabledOnly)).length;
    }

    async getFacetValueIds(ctx: RequestContext, input: SearchInput, enabledOnly: boolean): Promise<Map<ID, number>> {
        if (!searching(input)) return this.browse.getFacetValueIds(ctx, input, enabledOnly);
        return countIds(await this.groups(ctx, input, enabledOnly), 'si_facetValueIds');
    }

    async getCollectionIds(ctx: RequestContext, input: SearchInput, enabledOnly: boolean): Promise<Map<ID, number>> {
        if (!searching(input)) return this.browse.getCollectionIds(ctx, input, enabledOnly);
        return countIds(await this.groups(ctx, input, enabledOnly), 'si_collectionIds');
    }

    /** The result groups (a product, or a variant without groupByProduct) in result order. */
    private groups(ctx: RequestContext, input: SearchInput, enabledOnly: boolean): Promise<Group[]> {
        const key = JSON.stringify({ ...input, skip: undefined, take: undefined, enabledOnly });
        let cache = this.perRequest.get(ctx);
        if (!cache) this.perRequest.set(ctx, (cache = new Map()));
        let found = cache.get(key);
        if (!found) cache.set(key, (found = this.findGroups(ctx, input, enabledOnly)));
        return found;
    }

    private async findGroups(ctx: RequestContext, input: SearchInput, enabledOnly: boolean): Promise<Group[]> {
        const matcher = await this.documents.matcher();
        const matches: Match[] = matcher.search(input.term ?? '', String(ctx.channelId));
        if (!matches.length) return [];
        const rank = new Map(matches.map((m, i) => [m.productId, i]));
        const score = new Map(matches.map(m => [m.productId, m.score]));
        const rows: Row[] = [];
        const ids = matches.map(m => m.productId);
        // chunks keep the parameter count far below SQLite's and PostgreSQL's limits
        for (let i = 0; i < ids.length; i += 500) {
            const qb = this.connection
                .getRepository(ctx, SearchIndexItem)
                .createQueryBuilder('si')
                .select([
                    'si.productId',
                    'si.productVariantId',
                    'si.productName',
                    'si.price',
                    'si.priceWithTax',
                    'si.facetValueIds',
                    'si.collectionIds',
                ]);
            qb.where('si.productId IN (:...productIds)', { productIds: ids.slice(i, i + 500) });
            applyFilters(ctx, qb, input);
            if (enabledOnly) qb.andWhere('si.enabled = :enabled', { enabled: true });
            rows.push(...(await qb.getRawMany<Row>()));
        }
        const groups = new Map<string, Group>();
        for (const row of rows) {
            const productId = Number(row.si_productId);
            const key = input.groupByProduct ? String(productId) : String(row.si_productVariantId);
            let g = groups.get(key);
            if (!g) groups.set(key, (g = { key, rank: rank.get(productId) ?? 0, score: score.get(productId) ?? 0, rows: [] }));
            g.rows.push(row);
        }
        const list = [...groups.values()];
        for (const g of list) g.rows.sort((a, b) => Number(a.si_productVariantId) - Number(b.si_productVariantId));
        const byRelevance = (a: Group, b: Group) =>
            a.rank - b.rank || Number(a.rows[0]!.si_productVariantId) - Number(b.rows[0]!.si_productVariantId);
        const sort = input.sort;
        if (sort?.name) {
            const sign = sort.name === 'DESC' ? -1 : 1;
            const pl = new Intl.Collator('pl', { sensitivity: 'base' });
            return list.sort((a, b) => sign * pl.compare(a.rows[0]!.si_productName, b.rows[0]!.si_productName) || byRelevance(a, b));
        }
        if (sort?.price) {
            const sign = sort.price === 'DESC' ? -1 : 1;
            const price = (g: Group) => Math.min(...g.rows.map(r => Number(r.si_price)));
            return list.sort((a, b) => sign * (price(a) - price(b)) || byRelevance(a, b));
        }
        return list.sort(byRelevance);
    }
}

/** A page of one request: the whole input (skip and take included; `take || 25` as Vendure's strategies read it). */
function pageKey(input: SearchInput, enabledOnly: boolean): string {
    return JSON.stringify({ ...input, enabledOnly });
}

/** Any term that is not blank is searched (Vendure's strategies ignore terms under 3 characters; `%` would list everything). */
function searching(input: SearchInput): boolean {
    return !!input.term?.trim();
}

function countIds(groups: Group[], column: 'si_facetValueIds' | 'si_collectionIds'): Map<ID, number> {
    const counts = new Map<ID, number>();
    for (const g of groups) {
        const ids = new Set(g.rows.flatMap(r => String(r[column] ?? '').split(',')).filter(Boolean));
        for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return counts;
}

/**
 * The non-term filters of Vendure's own strategies, with bound parameters and `||` string
 * concatenation (both SQLite and PostgreSQL): ids in the comma lists are matched as `%,id,%`,
 * where ids and slugs come from the API's typed input, never from the term.
 */
function applyFilters(ctx: RequestContext, qb: SelectQueryBuilder<SearchIndexItem>, input: SearchInput): void {
    const list = (column: string) => `(',' || si.${column} || ',')`;
    let n = 0;
    const param = () => `f${n++}`;
    // added to SearchInput by DefaultSearchPlugin's indexStockStatus
    const inStock = (input as SearchInput & { inStock?: boolean | null }).inStock;
    if (inStock != null) {
        qb.andWhere(input.groupByProduct ? 'si.productInStock = :inStock' : 'si.inStock = :inStock', { inStock });
    }
    if (input.facetValueIds?.length) {
        const ids = input.facetValueIds;
        qb.andWhere(
            new Brackets(b => {
                for (const id of ids) {
                    const p = param();
                    const clause = `${list('facetValueIds')} LIKE :${p}`;
                    if (input.facetValueOperator === LogicalOperator.AND) b.andWhere(clause, { [p]: `%,${id},%` });
                    else b.orWhere(clause, { [p]: `%,${id},%` });
                }
            }),
        );
    }
    for (const filter of input.facetValueFilters ?? []) {
        if (filter.and && filter.or?.length) throw new UserInputError('error.facetfilterinput-invalid-input');
        qb.andWhere(
            new Brackets(b => {
                if (filter.and) {
                    const p = param();
                    b.where(`${list('facetValueIds')} LIKE :${p}`, { [p]: `%,${filter.and},%` });
                }
                for (const id of filter.or ?? []) {
                    const p = param();
                    b.orWhere(`${list('facetValueIds')} LIKE :${p}`, { [p]: `%,${id},%` });
                }
            }),
        );
    }
    const anyOf = (column: string, values: readonly (string | number)[]) =>
        qb.andWhere(
            new Brackets(b => {
                for (const v of new Set(values)) {
                    const p = param();
                    b.orWhere(`${list(column)} LIKE :${p}`, { [p]: `%,${v},%` });
                }
            }),
        );
    if (input.collectionId) anyOf('collectionIds', [input.collectionId]);
    if (input.collectionSlug) anyOf('collectionSlugs', [input.collectionSlug]);
    if (input.collectionIds?.length) anyOf('collectionIds', input.collectionIds);
    if (input.collectionSlugs?.length) anyOf('collectionSlugs', input.collectionSlugs);
    qb.andWhere('si.channelId = :channelId', { channelId: ctx.channelId });
    applyLanguageConstraints(qb, ctx.languageCode, ctx.channel.defaultLanguageCode);
    if (DefaultSearchPlugin.options.indexCurrencyCode) qb.andWhere('si.currencyCode = :currencyCode', { currencyCode: ctx.currencyCode });
}
