/**
 * The e-mail of the account-security plugin (decision 105): staff changed a customer's e-mail
 * address, the OLD address is told. Its own file, added to the shop's handlers by ShopMailPlugin.
 */
import { EmailEventListener } from '@vendure/email-plugin';
import { CustomerEmailChangedByStaffEvent } from '../account-security/events/customer-email-changed-by-staff.event';
import { keyed } from './mail-once';

/** Subject of the notice (the SMTP sink's mailbox lists it; the tests look for it). */
export const EMAIL_CHANGED_BY_STAFF_SUBJECT = 'Zmieniono adres e-mail Twojego konta w sklepie Psiaki';

export function accountSecurityMailHandlers(shopNotifyEmail: string) {
    const emailChangedByStaff = new EmailEventListener('email-changed-by-staff')
        .on(CustomerEmailChangedByStaffEvent)
        .setRecipient(e => e.oldEmailAddress)
        .setFrom('{{ fromAddress }}')
        .setSubject(EMAIL_CHANGED_BY_STAFF_SUBJECT)
        .setTemplateVars(
            keyed(e => ({
                oldEmailAddress: e.oldEmailAddress,
                newEmailAddress: e.newEmailAddress,
                contactEmail: shopNotifyEmail,
            })),
        );
    return [emailChangedByStaff];
}
