import type { ProductCardData } from '../../lib/product-card';
import { deferredIsland } from '../deferred-island';

/**
 * The related products (`#polecane`, the bottom of the product page), hydrated when they near
 * the viewport or on first interaction: the product cards' code is not in the page's first load.
 */
const related = deferredIsland<{ items: ProductCardData[] }>(() => import('./RelatedProducts').then((m) => m.RelatedProducts), 'polecane');

export const DeferredRelatedProducts = related.Component;
export const provideRelatedProducts = related.provide;
