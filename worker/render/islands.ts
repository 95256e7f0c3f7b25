import { AddressBook } from '../../client/components/account/AddressBook';
import { NewsletterSection } from '../../client/components/account/NewsletterSection';
import { OrderHistory } from '../../client/components/account/OrderHistory';
import { ProfileSection } from '../../client/components/account/ProfileSection';
import { provideAccountSections } from '../../client/components/account/sections';
import { provideLockerPicker } from '../../client/components/checkout/deferred-locker';
import { LockerPicker } from '../../client/components/checkout/LockerPicker';
import { provideFamilyList, provideRelatedProducts } from '../../client/components/product/deferred-related';
import { FamilyList } from '../../client/components/product/FamilyList';
import { RelatedProducts } from '../../client/components/product/RelatedProducts';
import { provideReviewsSection } from '../../client/components/reviews/deferred';
import { ReviewsSection } from '../../client/components/reviews/ReviewsSection';

/*
 * The parts of pages the browser hydrates from their own chunks (client/lib/chunks/deferred-island.ts).
 * The server renders each in place, so it gets the components here, once per isolate, before any render.
 */
provideReviewsSection(ReviewsSection);
provideFamilyList(FamilyList);
provideRelatedProducts(RelatedProducts);
provideAccountSections({ ProfileSection, AddressBook, OrderHistory, NewsletterSection });
provideLockerPicker(LockerPicker);
