import type { EventBus } from '@vendure/core';
import { CustomerEmailChangedByStaffEvent } from '../../plugins/account-security/events/customer-email-changed-by-staff.event';
import { EMAIL_CHANGED_BY_STAFF_SUBJECT } from '../../plugins/shop-mail/account-security-mail';
import type { DevMail } from './types';

/** The account-security plugin's notice (decision 105) in the dev mailbox: to the OLD address. */
export function recordAccountSecurityMail(eventBus: EventBus, record: (mail: DevMail) => void): void {
    eventBus.ofType(CustomerEmailChangedByStaffEvent).subscribe(event => {
        record({
            type: 'email-changed-by-staff',
            to: event.oldEmailAddress,
            newEmailAddress: event.newEmailAddress,
            subject: EMAIL_CHANGED_BY_STAFF_SUBJECT,
            token: '',
            link: '',
            sentAt: new Date().toISOString(),
        });
    });
}
