/**
 * The shop staff's role 'Obsługa sklepu' (decision 101): day-to-day work in the Dashboard —
 * orders with payments and fulfilment, withdrawals (order permissions), customers, review
 * moderation, the catalogue read-only. No settings, administrators, roles, channels, payment or
 * shipping method configuration, promotions, taxes, system. The superadmin stays for setting up.
 * The seed creates the role and the demo staff account (seed/staff.ts).
 */
import { Permission } from '@vendure/common/lib/generated-types';
import { moderateReviews } from './plugins/reviews/reviews.permissions';

export const STAFF_ROLE = {
    code: 'obsluga-sklepu',
    description: 'Obsługa sklepu',
    permissions: [
        Permission.Authenticated,
        // orders: read, change (payments, fulfilment and its states, notes, modifications, refunds)
        // and withdrawals (their Admin API is guarded by the order permissions)
        Permission.ReadOrder,
        Permission.UpdateOrder,
        // customers and their groups (the customer page shows the groups)
        Permission.ReadCustomer,
        Permission.UpdateCustomer,
        Permission.ReadCustomerGroup,
        // the catalogue, read only (order lines, stock questions)
        Permission.ReadCatalog,
        Permission.ReadProduct,
        Permission.ReadCollection,
        Permission.ReadFacet,
        Permission.ReadAsset,
        // reviews: moderation only (src/plugins/reviews/reviews.permissions.ts)
        moderateReviews.Permission,
    ],
} as const;

export const STAFF_ADMINISTRATOR = { firstName: 'Ola', lastName: 'Obsługa' };
