import { PermissionDefinition } from '@vendure/core';

/**
 * Moderating reviews (list, approve, reject) without the right to edit the catalogue: what the
 * shop's staff role has (src/staff-role.ts). Catalogue editors (UpdateCatalog) may moderate too.
 */
export const moderateReviews = new PermissionDefinition({
    name: 'ModerateProductReviews',
    description: 'Moderacja opinii o produktach: lista, zatwierdzanie, odrzucanie',
});
