/**
 * Newsletter sign-up with double opt-in (issue 13):
 * - `subscribeToNewsletter(email, consent)`: validated (Polish USER_INPUT_ERROR messages),
 *   idempotent, sends the opt-in e-mail (NewsletterOptInEvent → the dev mailbox in development);
 * - `confirmNewsletter(token)`: the link's landing page (storefront `/newsletter/potwierdz?token=`);
 * - Admin API `newsletterSubscribers`: the list, shown (and exported as CSV) by the Dashboard screen in dashboard/.
 * The storefront's worker rate-limits sign-ups per client before they reach this API.
 */
import { PluginCommonModule, VendurePlugin } from '@vendure/core';
import { NewsletterAdminResolver } from './api/newsletter-admin.resolver';
import { NewsletterResolver } from './api/newsletter-shop.resolver';
import { adminApiExtensions, shopApiExtensions } from './api/newsletter.api-extensions';
import { NewsletterSubscription } from './entities/newsletter-subscription.entity';
import { NewsletterService } from './services/newsletter.service';

@VendurePlugin({
    imports: [PluginCommonModule],
    providers: [NewsletterService],
    entities: [NewsletterSubscription],
    shopApiExtensions: { schema: shopApiExtensions, resolvers: [NewsletterResolver] },
    adminApiExtensions: { schema: adminApiExtensions, resolvers: [NewsletterAdminResolver] },
    // the subscribers' list with a CSV export in Vendure's Dashboard (docs/dashboard-extensions.md)
    dashboard: './dashboard/index.tsx',
    compatibility: '^3.0.0',
})
export class NewsletterPlugin {}
