/**
 * Shop API additions the storefront needs (filled in by later phases).
 */
import { PluginCommonModule, VendurePlugin } from '@vendure/core';

@VendurePlugin({
    imports: [PluginCommonModule],
    compatibility: '^3.0.0',
})
export class StorefrontPlugin {}
