import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { HistoryEntryType } from '@vendure/common/lib/generated-types';
import {
    EventBus,
    Fulfillment,
    FulfillmentStateTransitionEvent,
    type ID,
    idsAreEqual,
    isGraphQlErrorResult,
    Logger,
    OrderService,
    type RequestContext,
    TransactionalConnection,
    UserInputError,
} from '@vendure/core';
import { FulfilmentShippedEvent, type ShipmentNotice } from '../events/fulfilment-shipped.event';
import { loggerCtx } from '../fulfilment.constants';
import { deliveredAtOf, trackingUrlOf } from '../fulfilment.rules';

/**
 * Shipments after they are created (the handler, config/shipment-handler.ts, creates them):
 * - a fulfilment moving to Shipped publishes FulfilmentShippedEvent (the shopper's notice);
 * - `markDelivered` is the one way in for "the parcel was delivered": staff do it today with
 *   Vendure's transitionFulfillmentToState (Dashboard), a carrier webhook will call this method with
 *   the carrier's delivery time (decision 100);
 * - the dates the shop shows: `shippedAt` (from Vendure's order history) and `deliveredAt`.
 */
@Injectable()
export class FulfilmentService implements OnApplicationBootstrap {
    constructor(
        private connection: TransactionalConnection,
        private eventBus: EventBus,
        private orderService: OrderService,
    ) {}

    onApplicationBootstrap() {
        this.eventBus.ofType(FulfillmentStateTransitionEvent).subscribe(event => {
            if (event.toState !== 'Shipped') return;
            this.announceShipped(event).catch(e =>
                Logger.error(`shipping notice for fulfilment ${event.fulfillment.id} failed: ${(e as Error).message}`, loggerCtx),
            );
        });
    }

    /** Subscribers run after the transition's transaction: read the orders and customers afresh. */
    private async announceShipped(event: FulfillmentStateTransitionEvent) {
        const f = await this.connection.rawConnection.getRepository(Fulfillment).findOne({
            where: { id: event.fulfillment.id },
            relations: { orders: { customer: true } },
        });
        if (!f) return;
        for (const order of f.orders) {
            const emailAddress = order.customer?.emailAddress;
            if (!emailAddress) continue;
            const notice: ShipmentNotice = {
                orderCode: order.code,
                emailAddress,
                carrier: f.method,
                trackingCode: f.trackingCode,
                trackingUrl: trackingUrlOf(f.method, f.trackingCode),
                shippedAt: f.updatedAt,
            };
            await this.eventBus.publish(new FulfilmentShippedEvent(event.ctx, notice));
        }
    }

    /**
     * The parcel was delivered at `deliveredAt` (default now; a carrier's time in the future is
     * taken as now): moves the fulfilment to Delivered through Vendure's order service (so the order
     * follows to Delivered or PartiallyDelivered) and keeps the delivery time as the fulfilment's
     * `updatedAt`, which `deliveredAtOf` and the withdrawal period read. Already delivered: no change.
     */
    async markDelivered(ctx: RequestContext, fulfillmentId: ID, deliveredAt: Date = new Date()): Promise<Fulfillment> {
        const repo = this.connection.getRepository(ctx, Fulfillment);
        const current = await repo.findOne({ where: { id: fulfillmentId } });
        if (!current) throw new UserInputError('Nie ma takiej przesyłki.');
        if (current.state === 'Delivered') return current;
        const result = await this.orderService.transitionFulfillmentToState(ctx, fulfillmentId, 'Delivered');
        if (isGraphQlErrorResult(result)) throw new UserInputError(result.transitionError);
        const at = new Date(Math.min(deliveredAt.getTime(), Date.now()));
        await repo.createQueryBuilder().update(Fulfillment).set({ updatedAt: at }).where('id = :id', { id: fulfillmentId }).execute();
        return (await repo.findOne({ where: { id: fulfillmentId } }))!;
    }

    /**
     * When the fulfilment moved to Shipped: Vendure's order history entry of that transition (null
     * before). One query per shipped fulfilment (the order's transition entries, joined through the
     * order's fulfilments), as Vendure itself loads each order's fulfilments in an order list.
     */
    async shippedAt(ctx: RequestContext, f: Fulfillment): Promise<Date | null> {
        if (f.state === 'Pending' || f.state === 'Created') return null;
        // Vendure's OrderHistoryEntry entity is not exported by its package: the repository by name
        const entries = await this.connection
            .getRepository<{ createdAt: Date; data: Record<string, unknown> | null }>(ctx, 'OrderHistoryEntry')
            .createQueryBuilder('entry')
            .innerJoin('entry.order', 'order')
            .innerJoin('order.fulfillments', 'fulfillment', 'fulfillment.id = :id', { id: f.id })
            .where('entry.type = :type', { type: HistoryEntryType.ORDER_FULFILLMENT_TRANSITION })
            .orderBy('entry.createdAt', 'ASC')
            .getMany();
        const shipped = entries.find(e => e.data?.to === 'Shipped' && idsAreEqual(e.data.fulfillmentId as ID, f.id));
        if (shipped) return shipped.createdAt;
        return f.state === 'Shipped' ? f.updatedAt : null;
    }

    /**
     * When the fulfilment was delivered (null before), read from the database: the entity a
     * transition mutation answers with still carries the `updatedAt` it was loaded with (on
     * PostgreSQL TypeORM does not reload it after the save).
     */
    async deliveredAt(ctx: RequestContext, f: Fulfillment): Promise<Date | null> {
        if (f.state !== 'Delivered') return null;
        const stored = await this.connection
            .getRepository(ctx, Fulfillment)
            .findOne({ where: { id: f.id }, select: { id: true, state: true, updatedAt: true } });
        return deliveredAtOf(stored ?? f);
    }
}
