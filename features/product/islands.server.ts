import { provideFamilyList, provideRelatedProducts } from './deferred-related';
import { FamilyList } from './FamilyList';
import { RelatedProducts } from './RelatedProducts';

// The product page's sections below the fold, hydrated from their own chunks; the server renders them in place.
provideFamilyList(FamilyList);
provideRelatedProducts(RelatedProducts);
