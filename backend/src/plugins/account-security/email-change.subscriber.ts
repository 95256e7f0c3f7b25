import { Customer, type ID } from '@vendure/core';
import { type EntitySubscriberInterface, EventSubscriber, type UpdateEvent } from 'typeorm';

interface Change {
    from: string;
    to: string;
    at: number;
}

/** Changes seen and not yet claimed by the CustomerEvent that follows them (same process, same request). */
const pending = new Map<string, Change>();
const STALE_MS = 60_000;

/**
 * The address a customer had before an update: Vendure's CustomerEvent ('updated') carries the
 * customer already patched with the new one, so TypeORM's `beforeUpdate` (which has the row as
 * it is in the database when `save` is used, as CustomerService.update does) keeps the old one
 * for the event handler (email-change.service.ts) to claim. Entries of a rolled-back transaction
 * (no event follows) are dropped after a minute.
 */
@EventSubscriber()
export class CustomerEmailChangeSubscriber implements EntitySubscriberInterface<Customer> {
    listenTo() {
        return Customer;
    }

    beforeUpdate(event: UpdateEvent<Customer>): void {
        const before = event.databaseEntity?.emailAddress;
        const after = (event.entity as Partial<Customer> | undefined)?.emailAddress;
        const id = event.databaseEntity?.id;
        if (id == null || !before || !after || before === after) return;
        const now = Date.now();
        for (const [key, change] of pending) if (now - change.at > STALE_MS) pending.delete(key);
        pending.set(String(id), { from: before, to: after, at: now });
    }
}

/** The change of this customer's address to `to` recorded by the subscriber, once. */
export function claimEmailChange(customerId: ID, to: string): { from: string; to: string } | undefined {
    const change = pending.get(String(customerId));
    if (!change || change.to !== to) return undefined;
    pending.delete(String(customerId));
    return { from: change.from, to: change.to };
}
