import { Args, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { Allow, Ctx, type ID, Permission, RequestContext } from '@vendure/core';
import { InpostShipment } from '../entities/inpost-shipment.entity';
import { MAX_BULK_LABELS, CANCELLABLE_STATUSES, isParcelSize, statusLabel } from '../shipx';
import { InpostShipmentService, ShipmentRefused } from '../services/inpost-shipment.service';

/** A refusal becomes `error`; anything else is a real fault. */
async function answer<T>(run: () => Promise<T>): Promise<{ value?: T; error?: string }> {
    try {
        return { value: await run() };
    } catch (e) {
        if (e instanceof ShipmentRefused) return { error: e.message };
        throw e;
    }
}

@Resolver()
export class InpostShipmentResolver {
    constructor(private service: InpostShipmentService) {}

    @Query()
    @Allow(Permission.ReadOrder)
    inpostShipment(@Ctx() ctx: RequestContext, @Args() args: { orderId: ID }) {
        return this.service.refreshed(ctx, args.orderId);
    }

    @Query()
    @Allow(Permission.ReadOrder)
    async inpostLabel(@Ctx() ctx: RequestContext, @Args() args: { orderId: ID; type?: string | null }) {
        const r = await answer(() => this.service.label(ctx, args.orderId, args.type === 'A6' ? 'A6' : 'normal'));
        return r.value
            ? { fileName: r.value.name, pdfBase64: r.value.pdf.toString('base64'), error: null }
            : { fileName: null, pdfBase64: null, error: r.error ?? null };
    }

    @Query()
    @Allow(Permission.ReadOrder)
    async inpostLabels(@Ctx() ctx: RequestContext, @Args() args: { orderIds: ID[]; type?: string | null }) {
        const ids = [...new Set(args.orderIds.map(String))];
        const r = await answer(() => this.service.labels(ctx, ids, args.type === 'A6' ? 'A6' : 'normal'));
        return r.value
            ? { fileName: 'etykiety-inpost.pdf', pdfBase64: r.value.toString('base64'), error: null }
            : { fileName: null, pdfBase64: null, error: r.error ?? null };
    }

    @Query()
    @Allow(Permission.ReadOrder)
    inpostDefaultParcelSize(@Ctx() ctx: RequestContext, @Args() args: { orderId: ID }) {
        return this.service.defaultSizeOf(ctx, args.orderId);
    }

    @Mutation()
    @Allow(Permission.UpdateOrder)
    async createInpostShipment(@Ctx() ctx: RequestContext, @Args() args: { orderId: ID; size?: string | null }) {
        const size = isParcelSize(args.size) ? args.size : null;
        const r = await answer(() => this.service.create(ctx, args.orderId, size));
        return { shipment: r.value ?? null, error: r.error ?? null };
    }

    @Mutation()
    @Allow(Permission.UpdateOrder)
    async createInpostShipments(@Ctx() ctx: RequestContext, @Args() args: { orderIds: ID[] }) {
        const ids = [...new Set(args.orderIds.map(String))];
        if (ids.length > MAX_BULK_LABELS)
            return ids.map(orderId => ({ orderId, shipment: null, error: `Wybierz najwyżej ${MAX_BULK_LABELS} zamówień naraz.` }));
        const results = [];
        // one after another: ShipX's rate limits, and each answer stands on its own
        for (const orderId of ids) {
            const r = await answer(() => this.service.create(ctx, orderId));
            results.push({ orderId, shipment: r.value ?? null, error: r.error ?? null });
        }
        return results;
    }

    @Mutation()
    @Allow(Permission.UpdateOrder)
    async orderInpostPickup(@Ctx() ctx: RequestContext, @Args() args: { orderIds: ID[] }) {
        const r = await answer(() => this.service.orderPickup(ctx, args.orderIds));
        return r.value ? { ...r.value, error: null } : { dispatchOrderId: null, status: null, orderCodes: [], error: r.error ?? null };
    }

    @Mutation()
    @Allow(Permission.UpdateOrder)
    async cancelInpostShipment(@Ctx() ctx: RequestContext, @Args() args: { orderId: ID }) {
        const r = await answer(() => this.service.cancel(ctx, args.orderId));
        return { shipment: null, error: r.error ?? null };
    }
}

@Resolver('InpostShipment')
export class InpostShipmentFieldsResolver {
    @ResolveField()
    statusLabel(@Parent() s: InpostShipment) {
        return statusLabel(s.status);
    }

    @ResolveField()
    fulfillmentId(@Parent() s: InpostShipment) {
        return s.fulfillmentId || null;
    }

    @ResolveField()
    dispatchOrderId(@Parent() s: InpostShipment) {
        return s.dispatchOrderId || null;
    }

    @ResolveField()
    labelPath(@Parent() s: InpostShipment) {
        return s.trackingNumber && !CANCELLABLE_STATUSES.has(s.status) && s.status !== 'canceled' ? `/inpost/label/${s.orderId}` : null;
    }

    @ResolveField()
    cancellable(@Parent() s: InpostShipment) {
        return s.shipmentId !== null && CANCELLABLE_STATUSES.has(s.status);
    }
}
