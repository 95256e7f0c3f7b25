/**
 * The Vendure configuration of the development backend. Built from the environment (see env.ts);
 * the seed and the server use the same function so the database schema always matches.
 */
import { AssetServerPlugin } from '@vendure/asset-server-plugin';
import {
    DefaultLogger,
    DefaultSearchPlugin,
    LogLevel,
    LanguageCode,
    type VendureConfig,
    defaultShippingEligibilityChecker,
} from '@vendure/core';
// Not re-exported from the package index (it is Vendure's default strategy); we only tune its polling.
import type Database from 'better-sqlite3';
import { InMemoryJobQueueStrategy } from '@vendure/core/dist/job-queue/in-memory-job-queue-strategy';
import { flatRateWithFreeThreshold, makeBankTransferHandler, retiredDevOnlineHandler } from './commerce';
import { customFields } from './custom-fields';
import { DevMailboxPlugin } from './dev/dev-mailbox/dev-mailbox.plugin';
import { type BackendEnv } from './env';
import { CheckoutPlugin } from './plugins/checkout/checkout.plugin';
import { ExtrasPricingPlugin } from './plugins/extras-pricing/extras-pricing.plugin';
import { NewsletterPlugin } from './plugins/newsletter/newsletter.plugin';
import { OmnibusPlugin } from './plugins/omnibus/omnibus.plugin';
import { RegistrationPlugin } from './plugins/registration/registration.plugin';
import { PolishSearchPlugin } from './plugins/polish-search/polish-search.plugin';
import { OnlinePaymentPlugin } from './plugins/online-payment/online-payment.plugin';
import { ReviewsPlugin } from './plugins/reviews/reviews.plugin';
import { SearchFieldsPlugin } from './plugins/search-fields/search-fields.plugin';

export interface ConfigOptions {
    /** let TypeORM create/alter tables (new database, or config changed since the template) */
    synchronize: boolean;
    /** faster, less durable SQLite settings (seeding a throwaway template) */
    fastWrites?: boolean;
    /** directory the seed imports generated images from */
    importAssetsDir?: string;
    /** job queue poll interval in ms (the seed uses a short one; each job waits at least one poll) */
    jobPollInterval?: number;
}

/** Image presets of the storefront (spec §9), on top of Vendure's tiny/thumb/small/medium/large. */
const PRESETS = [
    { name: 'tiny', width: 50, height: 50, mode: 'crop' as const },
    { name: 'thumb', width: 150, height: 150, mode: 'crop' as const },
    { name: 'small', width: 300, height: 300, mode: 'resize' as const },
    { name: 'medium', width: 500, height: 500, mode: 'resize' as const },
    { name: 'large', width: 800, height: 800, mode: 'resize' as const },
    { name: 'gallery-thumb', width: 100, height: 100, mode: 'crop' as const },
    { name: 'cart', width: 200, height: 200, mode: 'crop' as const },
    { name: 'card', width: 600, height: 600, mode: 'crop' as const },
    { name: 'gallery', width: 750, height: 750, mode: 'crop' as const },
    { name: 'og', width: 1200, height: 1200, mode: 'crop' as const },
];

export function makeConfig(env: BackendEnv, options: ConfigOptions): VendureConfig {
    const levels: Record<string, LogLevel> = {
        error: LogLevel.Error,
        warn: LogLevel.Warn,
        info: LogLevel.Info,
        verbose: LogLevel.Verbose,
        debug: LogLevel.Debug,
    };
    return {
        logger: new DefaultLogger({ level: levels[env.logLevel] ?? LogLevel.Warn }),
        apiOptions: {
            hostname: env.host,
            port: env.port,
            shopApiPath: 'shop-api',
            adminApiPath: 'admin-api',
            shopApiPlayground: env.playground,
            adminApiPlayground: env.playground,
            shopApiDebug: false,
            adminApiDebug: false,
            introspection: true,
            // The storefront worker calls the API server-side; browsers never do. No CORS headers.
            cors: false,
        },
        authOptions: {
            tokenMethod: 'bearer',
            authTokenHeaderKey: 'vendure-auth-token',
            requireVerification: env.requireVerification,
            superadminCredentials: {
                identifier: env.superadminIdentifier,
                password: env.superadminPassword,
            },
        },
        defaultLanguageCode: LanguageCode.pl,
        dbConnectionOptions: {
            type: 'better-sqlite3',
            database: env.dbPath,
            synchronize: options.synchronize,
            migrations: [],
            logging: false,
            prepareDatabase: (db: Database) => {
                if (options.fastWrites) {
                    db.pragma('journal_mode = MEMORY');
                    db.pragma('synchronous = OFF');
                }
                db.pragma('busy_timeout = 5000');
            },
        },
        jobQueueOptions: {
            // in-process queue: the server runs its own jobs (search index, collection contents)
            jobQueueStrategy: new InMemoryJobQueueStrategy({ pollInterval: options.jobPollInterval ?? 100, concurrency: 1 }),
        },
        paymentOptions: {
            // the `online` handler is added by OnlinePaymentPlugin
            paymentMethodHandlers: [
                makeBankTransferHandler({ accountNumber: env.bankAccountNumber, recipient: env.bankRecipient, bankName: env.bankName }),
                retiredDevOnlineHandler,
            ],
        },
        shippingOptions: {
            shippingCalculators: [flatRateWithFreeThreshold],
            shippingEligibilityCheckers: [defaultShippingEligibilityChecker],
        },
        importExportOptions: {
            importAssetsDir: options.importAssetsDir,
        },
        customFields,
        plugins: [
            AssetServerPlugin.init({
                route: 'assets',
                assetUploadDir: env.assetsDir,
                presets: PRESETS,
            }),
            DefaultSearchPlugin.init({ bufferUpdates: false, indexStockStatus: true }),
            PolishSearchPlugin,
            DevMailboxPlugin.init({ mailDir: env.mailDir }),
            ExtrasPricingPlugin,
            OmnibusPlugin,
            SearchFieldsPlugin,
            NewsletterPlugin,
            RegistrationPlugin,
            CheckoutPlugin,
            OnlinePaymentPlugin.init({
                gatewayUrl: env.paymentGatewayUrl || `http://${env.host}:${env.blogPort}/gateway`,
                secret: env.paymentGatewaySecret,
                storefrontUrl: env.storefrontUrl,
                notifyUrl: env.paymentNotifyUrl || `${env.storefrontUrl}/api/payments/notify`,
            }),
            ReviewsPlugin.init({ autoApproveVerified: env.reviewsAutoApproveVerified }),
        ],
    };
}
