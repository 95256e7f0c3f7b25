/**
 * Seeds a new database from catalogue.ts: channel (PLN, pl, prices with tax), country, taxes, facets,
 * products with generated pictures, collections, shipping and payment methods, coupons, top-bar
 * content, price history, and a demo customer with two orders placed through the real Shop API.
 *
 * Usage (compiled): node backend/dist/seed/seed.js --db <file.sqlite> --assets <dir>
 *                  DATABASE_URL=postgres://… node backend/dist/seed/seed.js --assets <dir>  (a migrated, empty database)
 * Normally called by the template logic in src/dev/template.ts, never on a database in use.
 */
import {
    AssetImporter,
    bootstrap,
    ChannelService,
    CollectionService,
    ConfigService,
    isInspectableJobQueueStrategy,
    CurrencyCode,
    FacetService,
    FacetValueService,
    FastImporterService,
    GlobalSettingsService,
    type ID,
    JobQueueService,
    LanguageCode,
    PaymentMethodService,
    Populator,
    PromotionService,
    RequestContextService,
    SearchService,
    ShippingMethodService,
    TaxCategoryService,
    TransactionalConnection,
} from '@vendure/core';
import { type INestApplication } from '@nestjs/common';
import { GlobalFlag } from '@vendure/common/lib/generated-types';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { freePortSet } from '../src/dev/ports';
import { setDates } from '../src/dev/util';
import { readEnv } from '../src/env';
import { GqlSession, ok } from '../src/dev/graphql-client';
import { makeConfig } from '../src/vendure-config';
import { shipmentHandler } from '../src/plugins/fulfilment/config/shipment-handler';
import { COLLECTIONS, FACETS, PRODUCTS, type ProductDef } from './catalogue';
import { DEMO_CUSTOMER, placeDemoOrders } from './demo-customer';
import { renderProductImages } from './images';
import { startBlogServer } from '../stand-ins/server';
import { seedPriceHistory } from './price-history';
import { seedReviews } from './reviews';
import { seedStaff } from './staff';
import { ean13, productSafety } from './product-safety';
import { ProductDocumentsService } from '../src/plugins/catalogue/services/product-documents.service';

const pl = LanguageCode.pl;
const DAY = 24 * 60 * 60 * 1000;

function log(message: string) {
    process.stderr.write(`[seed] ${message}\n`);
}

function arg(name: string): string {
    const i = process.argv.indexOf(`--${name}`);
    if (i < 0 || !process.argv[i + 1]) throw new Error(`missing --${name}`);
    return path.resolve(process.argv[i + 1]);
}

export const TOP_BAR_TITLE = 'Black Week: <strong>-20%</strong> z kodem BLACKWEEK24';

async function waitForJobs(app: INestApplication) {
    const strategy = app.get(ConfigService).jobQueueOptions.jobQueueStrategy;
    if (!isInspectableJobQueueStrategy(strategy)) throw new Error('the job queue strategy cannot list its jobs');
    let quiet = 0;
    const started = Date.now();
    while (quiet < 3) {
        await new Promise(r => setTimeout(r, 150));
        const { items } = await strategy.findMany();
        const busy = items.filter(j => ['PENDING', 'RUNNING', 'RETRYING'].includes(j.state));
        quiet = busy.length ? 0 : quiet + 1;
        if (Date.now() - started > 180_000) throw new Error(`jobs still running: ${busy.map(j => j.queueName).join(', ')}`);
    }
}

export async function seed(dbPath: string, assetsDir: string): Promise<{ products: number; variants: number; seededAt: string }> {
    const t0 = Date.now();
    const now = new Date();
    // PostgreSQL (DATABASE_URL): the database was created and migrated by the caller
    if (dbPath) for (const p of [dbPath, `${dbPath}-journal`]) fs.rmSync(p, { force: true });
    fs.rmSync(assetsDir, { recursive: true, force: true });
    const importDir = fs.mkdtempSync(path.join(os.tmpdir(), 'psiaki-seed-images-'));
    const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'psiaki-seed-mail-'));

    log(`rendering pictures of ${PRODUCTS.length} products…`);
    const images = await renderProductImages(PRODUCTS, importDir);
    log(`pictures rendered (${((Date.now() - t0) / 1000).toFixed(1)} s)`);

    const [port, blogPort] = (await freePortSet(2)) as [number, number];
    // the demo's online payment goes through the gateway stand-in (started below) and its signed notification
    const env = {
        ...readEnv(),
        dbPath,
        assetsDir,
        port,
        blogPort,
        paymentGatewayUrl: '',
        paymentNotifyUrl: `http://127.0.0.1:${port}/payments/notify`,
        mailDir,
        requireVerification: false,
        logLevel: 'error',
    };
    const standIns = await startBlogServer({ host: env.host, port: env.blogPort, p24: env.p24 });
    const config = makeConfig(env, { synchronize: true, fastWrites: true, importAssetsDir: importDir, jobPollInterval: 5 });
    const app = await bootstrap(config);
    await app.get(JobQueueService).start();
    const connection = app.get(TransactionalConnection);
    const rcs = app.get(RequestContextService);
    let ctx = await rcs.create({ apiType: 'admin', languageCode: pl });

    // --- channel: PLN, Polish, prices include tax (before anything else; populate does not do it)
    await app.get(GlobalSettingsService).updateSettings(ctx, { availableLanguages: [pl], trackInventory: true, outOfStockThreshold: 0 });
    const channelService = app.get(ChannelService);
    const channel = await channelService.getDefaultChannel();
    const topBarDate = new Date(now.getTime() + 7 * DAY);
    topBarDate.setUTCHours(22, 59, 0, 0);
    ok(
        await channelService.update(ctx, {
            id: channel.id,
            defaultLanguageCode: pl,
            availableLanguageCodes: [pl],
            defaultCurrencyCode: CurrencyCode.PLN,
            availableCurrencyCodes: [CurrencyCode.PLN],
            pricesIncludeTax: true,
            customFields: { topBarTitle: TOP_BAR_TITLE, topBarDate },
        }),
        'channel update',
    );
    ctx = await rcs.create({ apiType: 'admin', languageCode: pl });

    // --- country, zone, tax rates (tax category names = tax rate names, used by the products)
    await app.get(Populator).populateInitialData(
        {
            defaultLanguage: pl,
            defaultZone: 'Polska',
            countries: [{ code: 'PL', name: 'Polska', zone: 'Polska' }],
            taxRates: [
                { name: 'VAT 23%', percentage: 23 },
                { name: 'VAT 8%', percentage: 8 },
            ],
            shippingMethods: [],
            paymentMethods: [],
            collections: [],
        },
        await channelService.getDefaultChannel(),
    );
    ctx = await rcs.create({ apiType: 'admin', languageCode: pl });
    const taxCategories = (await app.get(TaxCategoryService).findAll(ctx)).items;
    const taxCategoryId = (name: string) => {
        const found = taxCategories.find(t => t.name === name);
        if (!found) throw new Error(`tax category ${name} missing`);
        return found.id;
    };

    // --- facets
    const facetValueIds = new Map<string, ID>();
    for (const facet of FACETS) {
        const created = await app.get(FacetService).create(ctx, {
            code: facet.code,
            isPrivate: false,
            translations: [{ languageCode: pl, name: facet.name }],
        });
        for (const v of facet.values) {
            const value = await app.get(FacetValueService).create(ctx, created, {
                code: v.code,
                translations: [{ languageCode: pl, name: v.name }],
            });
            facetValueIds.set(`${facet.code}:${v.code}`, value.id);
        }
    }
    log('channel, taxes and facets done');

    // --- products (ids 1..N in catalogue order)
    const fast = app.get(FastImporterService);
    await fast.initialize(await channelService.getDefaultChannel());
    const assetImporter = app.get(AssetImporter);
    const featuredAssetOf = new Map<number, ID>();
    const variantIds = new Map<string, ID>();
    for (const p of PRODUCTS) {
        const pictures = images.get(p.id)!;
        const { assets, errors } = await assetImporter.getAssets(pictures.files, ctx);
        if (errors.length) throw new Error(`assets of ${p.slug}: ${errors.join('; ')}`);
        const assetByFile = new Map(pictures.files.map((f, i) => [f, assets[i]]));
        const productId = await fast.createProduct({
            featuredAssetId: assets[0].id,
            assetIds: assets.map(a => a.id),
            facetValueIds: p.facets.map(f => {
                const id = facetValueIds.get(f);
                if (!id) throw new Error(`facet value ${f} missing`);
                return id;
            }),
            translations: [{ languageCode: pl, name: p.name, slug: p.slug, description: p.description }],
            customFields: productSafety(p.collection),
        });
        if (String(productId) !== String(p.id)) {
            throw new Error(`product ${p.slug} got id ${productId}, expected ${p.id}: seed into an empty database only`);
        }
        featuredAssetOf.set(p.id, assets[0].id);
        const optionIds: Array<Map<string, ID>> = [];
        for (const group of p.optionGroups) {
            const groupId = await fast.createProductOptionGroup({
                code: group.code,
                translations: [{ languageCode: pl, name: group.name }],
                options: [],
            });
            const ids = new Map<string, ID>();
            for (const option of group.options) {
                ids.set(
                    option.code,
                    await fast.createProductOption({
                        productOptionGroupId: groupId,
                        code: option.code,
                        translations: [{ languageCode: pl, name: option.name }],
                    }),
                );
            }
            await fast.addOptionGroupToProduct(productId, groupId);
            optionIds.push(ids);
        }
        for (const [index, v] of p.variants.entries()) {
            const optionNames = v.options.map((code, g) => p.optionGroups[g].options.find(o => o.code === code)!.name);
            const picture = assetByFile.get(pictures.byColour[v.colour] ?? pictures.files[0])!;
            const variantId = await fast.createProductVariant({
                productId,
                sku: v.sku,
                price: v.price,
                taxCategoryId: taxCategoryId(p.taxCategory),
                stockOnHand: v.stockOnHand,
                trackInventory: GlobalFlag.TRUE,
                optionIds: v.options.map((code, g) => optionIds[g].get(code)!),
                featuredAssetId: picture.id,
                assetIds: [picture.id],
                facetValueIds: [],
                translations: [{ languageCode: pl, name: optionNames.length ? `${p.name} – ${optionNames.join(', ')}` : p.name }],
                customFields: { staracena: v.staracena ?? null, ean: ean13(p.id, index + 1) },
            });
            variantIds.set(v.sku, variantId);
        }
    }
    log(`${PRODUCTS.length} products, ${variantIds.size} variants imported (${((Date.now() - t0) / 1000).toFixed(1)} s)`);

    // --- creation dates spread over ~200 days (raw SQL: FastImporter stamps "now")
    for (const p of PRODUCTS) {
        const created = new Date(now.getTime() - p.createdDaysAgo * DAY - (p.id % 24) * 3600_000);
        await setDates(connection, 'product', { createdAt: created, updatedAt: created }, { id: p.id });
        await setDates(connection, 'product_variant', { createdAt: created, updatedAt: created }, { productId: p.id });
    }

    // --- collections: product-id filters; parents list all descendants' products, children inherit
    const collectionService = app.get(CollectionService);
    const collectionIds = new Map<string, ID>();
    const productsUnder = (slug: string): ProductDef[] => {
        const slugs = new Set<string>([slug]);
        let grew = true;
        while (grew) {
            grew = false;
            for (const c of COLLECTIONS) {
                if (c.parent && slugs.has(c.parent) && !slugs.has(c.slug)) {
                    slugs.add(c.slug);
                    grew = true;
                }
            }
        }
        return PRODUCTS.filter(p => slugs.has(p.collection));
    };
    for (const c of COLLECTIONS) {
        const products = productsUnder(c.slug);
        const featured = products.length ? featuredAssetOf.get(products[0].id) : undefined;
        const created = await collectionService.create(ctx, {
            translations: [{ languageCode: pl, name: c.name, slug: c.slug, description: `<p>${c.description}</p>` }],
            parentId: c.parent ? collectionIds.get(c.parent) : undefined,
            isPrivate: false,
            inheritFilters: true,
            featuredAssetId: featured,
            assetIds: featured ? [featured] : [],
            filters: [
                {
                    code: 'product-id-filter',
                    arguments: [
                        { name: 'productIds', value: JSON.stringify(products.map(p => String(p.id))) },
                        { name: 'combineWithAnd', value: 'true' },
                    ],
                },
            ],
        });
        if (created.slug !== c.slug) throw new Error(`collection slug ${c.slug} became ${created.slug}`);
        collectionIds.set(c.slug, created.id);
    }
    log(`${COLLECTIONS.length} collections created`);

    // --- shipping: free above 249 zł for both methods (spec §9)
    const shippingService = app.get(ShippingMethodService);
    const shipping = [
        {
            code: 'inpost-paczkomat',
            name: 'InPost Paczkomat 24/7',
            description: 'Odbiór w wybranym Paczkomacie InPost, zwykle następnego dnia roboczego.',
            price: 1299,
            time: '1–2 dni robocze',
        },
        { code: 'kurier', name: 'Kurier', description: 'Dostawa kurierem pod wskazany adres.', price: 1699, time: '1–2 dni robocze' },
    ];
    for (const s of shipping) {
        await shippingService.create(ctx, {
            code: s.code,
            fulfillmentHandler: shipmentHandler.code,
            checker: {
                code: 'default-shipping-eligibility-checker',
                arguments: [
                    { name: 'orderMinimum', value: '0' },
                    { name: 'taxInclusive', value: 'true' },
                ],
            },
            calculator: {
                code: 'psiaki-flat-rate',
                arguments: [
                    { name: 'price', value: String(s.price) },
                    { name: 'freeAbove', value: '24900' },
                    { name: 'taxRate', value: '23' },
                    { name: 'deliveryTime', value: s.time },
                ],
            },
            translations: [{ languageCode: pl, name: s.name, description: s.description }],
        });
    }

    // --- payment methods
    const paymentService = app.get(PaymentMethodService);
    await paymentService.create(ctx, {
        code: 'przelew',
        enabled: true,
        handler: {
            code: 'przelew-handler',
            // empty: the bank details come from the configuration (BANK_* env, development defaults)
            arguments: [
                { name: 'accountNumber', value: '' },
                { name: 'recipient', value: '' },
            ],
        },
        translations: [{ languageCode: pl, name: 'Przelew tradycyjny', description: 'Zamówienie wyślemy po zaksięgowaniu wpłaty.' }],
    });
    await paymentService.create(ctx, {
        code: 'online',
        enabled: true,
        handler: { code: 'online-gateway', arguments: [] },
        translations: [
            { languageCode: pl, name: 'Płatność online', description: 'Szybki przelew, BLIK lub karta – na stronie operatora płatności.' },
        ],
    });

    // --- coupons
    const promotionService = app.get(PromotionService);
    const promotions = [
        {
            code: 'BLACKWEEK24',
            name: 'Black Week -20%',
            description: '20% rabatu na całe zamówienie.',
            conditions: [],
            actions: [{ code: 'order_percentage_discount', arguments: [{ name: 'discount', value: '20' }] }],
        },
        {
            code: 'DP10',
            name: 'Druga szansa -10%',
            description: '10% rabatu na całe zamówienie.',
            conditions: [],
            actions: [{ code: 'order_percentage_discount', arguments: [{ name: 'discount', value: '10' }] }],
        },
        {
            code: 'PIES15',
            name: '15 zł rabatu od 150 zł',
            description: '15 zł rabatu przy zamówieniu za co najmniej 150 zł.',
            conditions: [
                {
                    code: 'minimum_order_amount',
                    arguments: [
                        { name: 'amount', value: '15000' },
                        { name: 'taxInclusive', value: 'true' },
                    ],
                },
            ],
            actions: [{ code: 'order_fixed_discount', arguments: [{ name: 'discount', value: '1500' }] }],
        },
    ];
    for (const p of promotions) {
        ok(
            await promotionService.createPromotion(ctx, {
                enabled: true,
                couponCode: p.code,
                conditions: p.conditions,
                actions: p.actions,
                translations: [{ languageCode: pl, name: p.name, description: p.description }],
            }),
            `promotion ${p.code}`,
        );
    }
    log('shipping, payment methods and coupons created');

    // --- Omnibus price history (phase 2 plugin table)
    await seedPriceHistory(app, now);

    // --- search index and collection contents
    await waitForJobs(app);
    await app.get(SearchService).reindex(ctx);
    await waitForJobs(app);
    log(`search index built (${((Date.now() - t0) / 1000).toFixed(1)} s)`);

    // --- demo customer and two orders through the real Shop API
    const base = `http://${env.host}:${env.port}`;
    await placeDemoOrders(new GqlSession(`${base}/shop-api`), new GqlSession(`${base}/admin-api`), env, variantIds, connection, now);
    await waitForJobs(app);
    log(`demo customer ${DEMO_CUSTOMER.emailAddress} with 2 orders`);
    log(`${await seedReviews(app, now)} approved reviews`);
    log(`staff role 'Obsługa sklepu' with ${await seedStaff(new GqlSession(`${base}/admin-api`), env)}`);
    await waitForJobs(app);
    // the catalogue read model of everything above (reviews and price history were written directly)
    log(`catalogue read model: ${(await app.get(ProductDocumentsService).rebuildAll()).length} product documents`);

    // sessions of the seed's own logins are useless in a template
    await connection.rawConnection.query('DELETE FROM session');
    await app.close();
    await standIns.close();
    fs.rmSync(importDir, { recursive: true, force: true });
    fs.rmSync(mailDir, { recursive: true, force: true });
    log(`done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    return { products: PRODUCTS.length, variants: variantIds.size, seededAt: now.toISOString() };
}

if (require.main === module) {
    process.env.VENDURE_DISABLE_TELEMETRY = 'true';
    seed(process.env.DATABASE_URL ? '' : arg('db'), arg('assets'))
        .then(result => {
            process.stdout.write(JSON.stringify(result) + '\n');
            process.exit(0);
        })
        .catch(err => {
            process.stderr.write(`[seed] FAILED: ${err?.stack ?? err}\n`);
            process.exit(1);
        });
}
