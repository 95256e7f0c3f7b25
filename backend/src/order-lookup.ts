/**
 * A shopper naming an order without logging in (the withdrawal form, decision 063; the order
 * status page, decision 102): the e-mail address as typed, whether the order was placed with it,
 * and the Polish names of what was bought. Each caller bounds its arguments first (input-bounds.ts).
 */
import { type Customer, LanguageCode, type Order } from '@vendure/core';
import { looksLikeEmail } from './input-bounds';

/**
 * Whether an address (`lookupEmail`'s form) is worth a database lookup: within its bound, then
 * shaped like an address (input-bounds.ts; decision 104: the pattern once ran on any length).
 */
export const lookupEmailValid = (email: string): boolean => looksLikeEmail(email);

/** The address as compared: without surrounding spaces, in lower case. */
export const lookupEmail = (raw: string | null | undefined): string => (raw ?? '').trim().toLowerCase();

/** Whether the order was placed with this address (`lookupEmail`'s form), in any case. */
export const placedWith = (order: Order, email: string): order is Order & { customer: Customer } =>
    order.customer?.emailAddress.toLowerCase() === email;

/** The Polish name among an entity's translations (the first one when it has none). */
export const polishName = (translations: Array<{ languageCode: LanguageCode; name: string }> | undefined): string =>
    translations?.find(t => t.languageCode === LanguageCode.pl)?.name ?? translations?.[0]?.name ?? '';
