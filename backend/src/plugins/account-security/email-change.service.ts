import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { CustomerEvent, EventBus, HistoryService, Logger } from '@vendure/core';
import { HistoryEntryType } from '@vendure/common/lib/generated-types';
import { loggerCtx } from './constants';
import { claimEmailChange } from './email-change.subscriber';
import { CustomerEmailChangedByStaffEvent } from './events/customer-email-changed-by-staff.event';

/** The note of the customer's history (Dashboard, Klienci → the customer → Historia). */
export function emailChangeNote(from: string, to: string): string {
    return `Adres e-mail zmieniony przez obsługę sklepu z ${from} na ${to}. Powiadomienie wysłano na poprzedni adres (${from}).`;
}

/**
 * Staff changing a customer's e-mail address (Admin API `updateCustomer` with a new `emailAddress`)
 * could take the account over by a password reset to the new address; so the OLD address is told
 * (CustomerEmailChangedByStaffEvent → the shop's mail plugins) and the customer's history keeps a
 * note of who changed what (decision 105).
 */
@Injectable()
export class EmailChangeNoticeService implements OnApplicationBootstrap {
    constructor(
        private eventBus: EventBus,
        private historyService: HistoryService,
    ) {}

    onApplicationBootstrap(): void {
        this.eventBus.ofType(CustomerEvent).subscribe(event => {
            const input = event.input as { emailAddress?: unknown } | undefined;
            if (event.type !== 'updated' || event.ctx.apiType !== 'admin' || typeof input?.emailAddress !== 'string') return;
            const change = claimEmailChange(event.entity.id, event.entity.emailAddress);
            if (!change) return;
            void this.notice(event, change.from, change.to);
        });
    }

    private async notice(event: CustomerEvent, from: string, to: string): Promise<void> {
        try {
            await this.historyService.createHistoryEntryForCustomer({
                ctx: event.ctx,
                customerId: event.entity.id,
                type: HistoryEntryType.CUSTOMER_NOTE,
                data: { note: emailChangeNote(from, to) },
            });
            await this.eventBus.publish(new CustomerEmailChangedByStaffEvent(event.ctx, event.entity.id, from, to));
        } catch (error) {
            Logger.error(`e-mail change notice of customer ${event.entity.id} failed: ${(error as Error).message}`, loggerCtx);
        }
    }
}
