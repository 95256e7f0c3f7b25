/**
 * The withdrawal function (issue 24; Consumer Rights Directive art. 11a as added by Directive (EU)
 * 2023/2673; decision 063): the storefront's 'Odstąp od umowy tutaj' form finds an order by its
 * code and e-mail address (`withdrawalOrder`), shows which lines may be withdrawn from (not those
 * made to the shopper's specification, art. 38 pt 3 of the Polish Consumer Rights Act) and records
 * the declaration (`requestWithdrawal`, idempotent). WithdrawalReceivedEvent sends the shopper an
 * acknowledgement with the date and time of receipt and tells the shop. Staff list them in the
 * Admin API (`withdrawals`, `setWithdrawalState`).
 */
import { PluginCommonModule, VendurePlugin } from '@vendure/core';
import { WithdrawalAdminResolver } from './api/withdrawal-admin.resolver';
import { WithdrawalShopResolver } from './api/withdrawal-shop.resolver';
import { adminApiExtensions, shopApiExtensions } from './api/withdrawal.api-extensions';
import { Withdrawal } from './entities/withdrawal.entity';
import { WithdrawalService } from './services/withdrawal.service';

@VendurePlugin({
    imports: [PluginCommonModule],
    providers: [WithdrawalService],
    entities: [Withdrawal],
    shopApiExtensions: { schema: shopApiExtensions, resolvers: [WithdrawalShopResolver] },
    adminApiExtensions: { schema: adminApiExtensions, resolvers: [WithdrawalAdminResolver] },
    // the withdrawals list of Vendure's Dashboard (docs/dashboard-extensions.md)
    dashboard: './dashboard/index.tsx',
    compatibility: '^3.0.0',
})
export class WithdrawalPlugin {}
