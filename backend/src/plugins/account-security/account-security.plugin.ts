/**
 * The API servers' own defences (decision 105):
 * - the Shop API answers only the storefront worker (SHOP_API_SECRET in `X-Shop-Api-Secret`);
 * - no response of an API server may be framed (`frame-ancestors 'none'`, `X-Frame-Options: DENY`);
 * - staff changing a customer's e-mail address tells the old address and notes it in the history.
 * Failed logins per account are counted by the authentication strategy in vendure-config.ts's
 * authOptions (login-failures.strategy.ts); the session's lifetime is session-duration.ts.
 */
import { PluginCommonModule, VendurePlugin } from '@vendure/core';
import { CustomerEmailChangeSubscriber } from './email-change.subscriber';
import { EmailChangeNoticeService } from './email-change.service';
import { frameGuard, shopApiSecretGuard } from './shop-api-secret.middleware';
import type { AccountSecurityOptions } from './types';

@VendurePlugin({
    imports: [PluginCommonModule],
    providers: [EmailChangeNoticeService],
    configuration: config => {
        const { shopApiSecret } = AccountSecurityPlugin.options;
        // beforeListen: mounted on Express ahead of Vendure's own routes (the Dashboard's included),
        // and ahead of the body parser, so a refused Shop API request costs nothing
        config.apiOptions.middleware.push({ route: '/', handler: frameGuard, beforeListen: true });
        if (shopApiSecret)
            config.apiOptions.middleware.push({
                route: `/${config.apiOptions.shopApiPath}`,
                handler: shopApiSecretGuard(shopApiSecret),
                beforeListen: true,
            });
        const subscribers = Object.values(config.dbConnectionOptions.subscribers ?? {});
        config.dbConnectionOptions = { ...config.dbConnectionOptions, subscribers: [...subscribers, CustomerEmailChangeSubscriber] };
        return config;
    },
    compatibility: '^3.0.0',
})
export class AccountSecurityPlugin {
    static options: AccountSecurityOptions = { shopApiSecret: '' };

    static init(options: AccountSecurityOptions) {
        AccountSecurityPlugin.options = options;
        return AccountSecurityPlugin;
    }
}
