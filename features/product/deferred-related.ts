import type { ProductCardData } from '../../client/lib/product-card';
import type { ProductData } from './product-data';
import { deferredIsland } from '../../client/lib/chunks/deferred-island';

/**
 * The family list (`#rodzina`) and the related products (`#polecane`), the bottom of the product
 * page, hydrated from one chunk when they near the viewport or on first interaction: the product
 * cards' and the list's code is not in the page's first load.
 */
const belowFold = () => import('./below-fold');
const family = deferredIsland<{ items: ProductData['family'] }>(() => belowFold().then((m) => m.FamilyList), 'rodzina');
const related = deferredIsland<{ items: ProductCardData[] }>(() => belowFold().then((m) => m.RelatedProducts), 'polecane');

export const DeferredFamilyList = family.Component;
export const DeferredRelatedProducts = related.Component;
export const provideFamilyList = family.provide;
export const provideRelatedProducts = related.provide;
