import { AddressBook } from './AddressBook';
import { NewsletterSection } from './NewsletterSection';
import { OrderHistory } from './OrderHistory';
import { ProfileSection } from './ProfileSection';
import { provideAccountSections } from './sections';

// The account sections the browser loads from their own chunks; the server renders them in place.
provideAccountSections({ ProfileSection, AddressBook, OrderHistory, NewsletterSection });
