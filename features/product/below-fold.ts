/** The product page's parts below the fold that hydrate from one chunk of their own (deferred-related.ts). */
export { FamilyList } from './FamilyList';
export { RelatedProducts } from './RelatedProducts';
