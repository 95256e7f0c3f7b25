import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
    type ID,
    isGraphQlErrorResult,
    Logger,
    Order,
    OrderService,
    type RequestContext,
    RequestContextService,
    TransactionalConnection,
    Fulfillment,
} from '@vendure/core';
import { IsNull, In, Not } from 'typeorm';
import { COURIER_METHOD_CODE, INPOST_METHOD_CODE } from '../../checkout/checkout.constants';
import { SHIPPABLE_ORDER_STATES, notPaidMessage } from '../../fulfilment/fulfilment.rules';
import { FulfilmentService } from '../../fulfilment/services/fulfilment.service';
import { INPOST_OPTIONS, type InpostOptions, loggerCtx, POLL_BATCH } from '../inpost-shipments.constants';
import { InpostShipment } from '../entities/inpost-shipment.entity';
import {
    alreadyCreated,
    courierAddress,
    courierParcel,
    defaultSize,
    insuranceAmount,
    LABEL_NOT_READY,
    NO_ORDER,
    NO_SHIPMENT,
    noLocker,
    NOT_CONFIGURED,
    notCancellable,
    notInpostOrder,
    noStreetAddress,
    PICKUP_NO_ADDRESS,
    PICKUP_NOT_DISPATCH,
    pickupAlreadyOrdered,
    pickupCount,
    pickupNotReady,
    receiverOf,
} from '../inpost-shipments.rules';
import {
    CANCELLABLE_STATUSES,
    COURIER_SERVICE,
    DELIVERED,
    FINAL_STATUSES,
    LOCKER_SERVICE,
    MAX_BULK_LABELS,
    MAX_DISPATCH_SHIPMENTS,
    PARCEL_SIZES,
    type ParcelSize,
    SHIPPED_STATUSES,
    ShipxClient,
    ShipxError,
    type ShipxShipment,
    ShipxUnavailable,
} from '../shipx';

/** A refusal staff read on the order page (Polish, with ShipX's reason when ShipX refused). */
export class ShipmentRefused extends Error {}

export interface PickupOrdered {
    dispatchOrderId: number;
    status: string;
    orderCodes: string[];
}

export interface WebhookAnswer {
    status: number;
    body: { ok: boolean; reason?: string; status?: string; fulfilment?: string | null };
}

const SHIPPED = new Set<string>(SHIPPED_STATUSES);

/**
 * InPost ShipX shipments of orders (decision 113): create one per paid locker order, keep ShipX's
 * status and number (read from ShipX only), put the number on a Vendure fulfilment once ShipX
 * confirms it, move that fulfilment to Shipped / Delivered as InPost reports, labels, cancel.
 * The webhook is a hint to re-read; the poll re-reads open shipments on its own.
 */
@Injectable()
export class InpostShipmentService implements OnApplicationBootstrap, OnApplicationShutdown {
    private client: ShipxClient | undefined;
    private timer: NodeJS.Timeout | undefined;
    private polling = false;

    constructor(
        private connection: TransactionalConnection,
        private orderService: OrderService,
        private fulfilments: FulfilmentService,
        private contexts: RequestContextService,
        @Inject(INPOST_OPTIONS) private options: InpostOptions,
    ) {
        if (options) this.client = new ShipxClient(() => options.url, options.organizationId, options.token);
    }

    onApplicationBootstrap() {
        if (this.options && this.options.pollSeconds > 0) {
            this.timer = setInterval(() => void this.poll(), this.options.pollSeconds * 1000);
            this.timer.unref();
        }
    }

    onApplicationShutdown() {
        if (this.timer) clearInterval(this.timer);
    }

    private shipx(): ShipxClient {
        if (!this.client) throw new ShipmentRefused(NOT_CONFIGURED);
        return this.client;
    }

    private repo(ctx: RequestContext) {
        return this.connection.getRepository(ctx, InpostShipment);
    }

    async forOrder(ctx: RequestContext, orderId: ID): Promise<InpostShipment | null> {
        return this.repo(ctx).findOne({ where: { orderId: Number(orderId) } });
    }

    /** The order's shipment after re-reading it from ShipX (what the order page shows). */
    async refreshed(ctx: RequestContext, orderId: ID): Promise<InpostShipment | null> {
        const row = await this.forOrder(ctx, orderId);
        if (!row || row.shipmentId === null || !this.client) return row;
        try {
            return await this.sync(ctx, row);
        } catch (e) {
            Logger.warn(`reading shipment ${row.shipmentId} of ${row.orderCode} failed: ${(e as Error).message}`, loggerCtx);
            return row;
        }
    }

    /** The default gabaryt of an order (its items). */
    async defaultSizeOf(ctx: RequestContext, orderId: ID): Promise<ParcelSize> {
        const order = await this.connection.getRepository(ctx, Order).findOne({ where: { id: orderId }, relations: { lines: true } });
        return defaultSize((order?.lines ?? []).map(l => l.quantity));
    }

    /**
     * Creates the order's shipment at ShipX: to its locker (`inpost-paczkomat`) or by InPost's
     * courier to its street address (`kurier`). Refused (ShipmentRefused, Polish): ShipX not
     * configured, no such order, not paid, another method, no locker / no street address, a
     * shipment already there (also two clicks at once: the unique index), ShipX's validation (its reason).
     */
    async create(ctx: RequestContext, orderId: ID, size?: ParcelSize | null): Promise<InpostShipment> {
        const shipx = this.shipx();
        const order = await this.connection.getRepository(ctx, Order).findOne({
            where: { id: orderId },
            relations: { customer: true, lines: true, shippingLines: { shippingMethod: true } },
        });
        if (!order || order.active) throw new ShipmentRefused(NO_ORDER);
        const existing = await this.forOrder(ctx, order.id);
        if (existing) throw new ShipmentRefused(alreadyCreated(order.code, existing.trackingNumber));
        if (!SHIPPABLE_ORDER_STATES.has(order.state)) throw new ShipmentRefused(notPaidMessage(order.code));
        const method = order.shippingLines[0]?.shippingMethod?.code;
        if (method !== INPOST_METHOD_CODE && method !== COURIER_METHOD_CODE) throw new ShipmentRefused(notInpostOrder(order.code));
        const courier = method === COURIER_METHOD_CODE;
        // a courier shipment has no locker: '' in targetPoint marks it
        const point = courier
            ? ''
            : ((order.shippingAddress?.customFields as { paczkomat?: string | null } | undefined)?.paczkomat ?? '').trim();
        if (!courier && !point) throw new ShipmentRefused(noLocker(order.code));
        const address = courier ? courierAddress(order.shippingAddress ?? {}) : undefined;
        if (address && (!address.street || !address.city || !address.post_code)) throw new ShipmentRefused(noStreetAddress(order.code));
        const quantities = order.lines.map(l => l.quantity);
        const chosen = size ?? defaultSize(quantities);
        // claim the order first: a second request (another click, another server) meets the unique index
        let row: InpostShipment;
        try {
            row = await this.repo(ctx).save(
                new InpostShipment({
                    orderId: Number(order.id),
                    orderCode: order.code,
                    shipmentId: null,
                    status: 'pending',
                    size: chosen,
                    targetPoint: point,
                    trackingNumber: null,
                    fulfillmentId: null,
                    dispatchOrderId: null,
                }),
            );
        } catch {
            const other = await this.forOrder(ctx, order.id);
            throw new ShipmentRefused(alreadyCreated(order.code, other?.trackingNumber ?? null));
        }
        let created: ShipxShipment;
        try {
            // idempotent by the order's code (ShipX's `reference`): a shipment an earlier attempt
            // created, whose answer was lost, is taken instead of a second parcel (issue 43)
            const earlier = await this.earlierShipment(shipx, order.code);
            const receiver = receiverOf({
                fullName: order.shippingAddress?.fullName,
                firstName: order.customer?.firstName,
                lastName: order.customer?.lastName,
                emailAddress: order.customer?.emailAddress ?? '',
                phone: order.shippingAddress?.phoneNumber || order.customer?.phoneNumber,
            });
            const sending_method = this.options!.sendingMethod;
            const insurance = { amount: insuranceAmount(order.totalWithTax), currency: 'PLN' as const };
            created =
                earlier ??
                (await shipx.createShipment(
                    courier
                        ? {
                              service: COURIER_SERVICE,
                              reference: order.code,
                              receiver: { ...receiver, address },
                              parcels: [courierParcel(chosen, quantities)],
                              insurance,
                              custom_attributes: { sending_method },
                          }
                        : {
                              service: LOCKER_SERVICE,
                              reference: order.code,
                              receiver,
                              parcels: [{ template: PARCEL_SIZES[chosen] }],
                              insurance,
                              custom_attributes: { target_point: point, sending_method },
                          },
                ));
            if (earlier)
                Logger.warn(`ShipX already had shipment ${earlier.id} for ${order.code} (reference): taken, none created`, loggerCtx);
        } catch (e) {
            // ShipX may have created it and its answer got lost (a timeout, a 5xx after the write)
            const lost = e instanceof ShipxUnavailable ? await this.earlierShipment(shipx, order.code).catch(() => null) : null;
            if (!lost) {
                // nothing was created at ShipX: the order is free for another attempt
                await this.repo(ctx).delete({ id: row.id });
                if (e instanceof ShipxError || e instanceof ShipxUnavailable) {
                    Logger.warn(`ShipX refused the shipment of ${order.code}: ${e.message}`, loggerCtx);
                    throw new ShipmentRefused(e.message);
                }
                throw e;
            }
            Logger.warn(`ShipX's answer for ${order.code} was lost; its shipment ${lost.id} was found by reference`, loggerCtx);
            created = lost;
        }
        row.shipmentId = created.id;
        row.status = created.status;
        row.trackingNumber = created.tracking_number;
        await this.repo(ctx).save(row);
        Logger.info(`ShipX shipment ${created.id} created for ${order.code} (${courier ? 'courier' : point}, ${chosen})`, loggerCtx);
        return created.tracking_number ? this.apply(ctx, row, created) : row;
    }

    /** A live (not cancelled) shipment ShipX already has for this order's code, if any. */
    private async earlierShipment(shipx: ShipxClient, code: string): Promise<ShipxShipment | null> {
        const found = await shipx.shipmentsByReference(code);
        return found.find(s => s.status !== 'canceled') ?? null;
    }

    /** Re-reads the shipment from ShipX and acts on what ShipX says (never on a webhook's claim). */
    async sync(ctx: RequestContext, row: InpostShipment): Promise<InpostShipment> {
        if (row.shipmentId === null) return row;
        const current = await this.shipx().shipment(row.shipmentId);
        return this.apply(ctx, row, current);
    }

    private async apply(ctx: RequestContext, row: InpostShipment, s: ShipxShipment): Promise<InpostShipment> {
        if (row.status !== s.status || row.trackingNumber !== s.tracking_number) {
            row.status = s.status;
            row.trackingNumber = s.tracking_number;
            await this.repo(ctx).update({ id: row.id }, { status: s.status, trackingNumber: s.tracking_number });
        }
        if (!s.tracking_number || s.status === 'canceled') return row;
        const fulfillmentId = row.fulfillmentId || (await this.attachFulfilment(ctx, row, s.tracking_number));
        if (!fulfillmentId) return row;
        row.fulfillmentId = fulfillmentId;
        if (SHIPPED.has(s.status) || s.status === DELIVERED) await this.moveTo(ctx, fulfillmentId, 'Shipped');
        if (s.status === DELIVERED) {
            const at = await this.deliveredAt(s);
            await this.fulfilments
                .markDelivered(ctx, fulfillmentId, at)
                .catch(e => Logger.warn(`marking ${row.orderCode} delivered failed: ${(e as Error).message}`, loggerCtx));
        }
        if (s.status === 'pickup_time_expired' || s.status === 'returned_to_sender' || s.status === 'undelivered')
            Logger.warn(
                `InPost parcel of ${row.orderCode} (${s.tracking_number}) is ${s.status}: the order stays Shipped, staff decide`,
                loggerCtx,
            );
        return row;
    }

    /**
     * The tracking number on a Vendure fulfilment of all the order's lines (our handler, carrier
     * InPost), once: the row is claimed (fulfillmentId 0) so a webhook and the poll at the same
     * moment create one fulfilment.
     */
    private async attachFulfilment(ctx: RequestContext, row: InpostShipment, trackingNumber: string): Promise<number | null> {
        const claimed = await this.repo(ctx)
            .createQueryBuilder()
            .update(InpostShipment)
            .set({ fulfillmentId: 0 })
            .where({ id: row.id, fulfillmentId: IsNull() })
            .execute();
        if (!claimed.affected) {
            const again = await this.repo(ctx).findOne({ where: { id: row.id } });
            return again?.fulfillmentId || null;
        }
        const order = await this.connection.getRepository(ctx, Order).findOne({ where: { id: row.orderId }, relations: { lines: true } });
        const result = order
            ? await this.orderService.createFulfillment(ctx, {
                  lines: order.lines.filter(l => l.quantity > 0).map(l => ({ orderLineId: l.id, quantity: l.quantity })),
                  handler: {
                      code: 'psiaki-przesylka',
                      arguments: [
                          { name: 'carrier', value: row.targetPoint ? 'inpost' : 'inpost-kurier' },
                          { name: 'trackingCode', value: trackingNumber },
                      ],
                  },
              })
            : undefined;
        if (!result || isGraphQlErrorResult(result)) {
            await this.repo(ctx).update({ id: row.id }, { fulfillmentId: null });
            Logger.error(
                `no fulfilment for ${row.orderCode} (${trackingNumber}): ${result && isGraphQlErrorResult(result) ? result.message : 'order missing'}`,
                loggerCtx,
            );
            return null;
        }
        await this.repo(ctx).update({ id: row.id }, { fulfillmentId: Number(result.id) });
        return Number(result.id);
    }

    private async moveTo(ctx: RequestContext, fulfillmentId: number, state: 'Shipped') {
        const f = await this.connection.getRepository(ctx, Fulfillment).findOne({ where: { id: fulfillmentId } });
        if (!f || f.state !== 'Pending') return;
        const result = await this.orderService.transitionFulfillmentToState(ctx, fulfillmentId, state);
        if (isGraphQlErrorResult(result)) Logger.warn(`fulfilment ${fulfillmentId} → ${state}: ${result.message}`, loggerCtx);
    }

    /** InPost's date of delivery: the `delivered` entry of its tracking (else the shipment's last change). */
    private async deliveredAt(s: ShipxShipment): Promise<Date> {
        try {
            const tracking = await this.shipx().tracking(s.tracking_number!);
            const entry = tracking.tracking_details.find(d => d.status === DELIVERED);
            const at = entry ? new Date(entry.datetime) : new Date(NaN);
            if (!Number.isNaN(at.getTime())) return at;
        } catch (e) {
            Logger.warn(`tracking of ${s.tracking_number} unavailable: ${(e as Error).message}`, loggerCtx);
        }
        const updated = new Date(s.updated_at);
        return Number.isNaN(updated.getTime()) ? new Date() : updated;
    }

    /**
     * ShipX's status webhook (after the secret path segment was checked): a hint. Only the
     * organisation's own events for a shipment the shop created are taken; the shipment is then
     * re-read from ShipX and that answer acts. Unknown shipment: refused (404) and logged.
     */
    async webhook(body: unknown): Promise<WebhookAnswer> {
        const b = body as { event?: unknown; organization_id?: unknown; payload?: { shipment_id?: unknown } } | null;
        if (!b || typeof b !== 'object' || Array.isArray(b))
            return { status: 400, body: { ok: false, reason: 'body must be a JSON object' } };
        if (b.event !== 'shipment_confirmed' && b.event !== 'shipment_status_changed')
            return { status: 200, body: { ok: true, reason: 'event ignored' } };
        if (b.organization_id !== this.options!.organizationId) {
            Logger.warn(`ShipX webhook for organisation ${String(b.organization_id).slice(0, 20)} refused`, loggerCtx);
            return { status: 400, body: { ok: false, reason: 'wrong organization_id' } };
        }
        const id = b.payload?.shipment_id;
        if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0)
            return { status: 400, body: { ok: false, reason: 'payload.shipment_id must be a positive integer' } };
        const ctx = await this.contexts.create({ apiType: 'admin' });
        const row = await this.repo(ctx).findOne({ where: { shipmentId: id } });
        if (!row) {
            Logger.warn(`ShipX webhook for unknown shipment ${id} refused`, loggerCtx);
            return { status: 404, body: { ok: false, reason: 'unknown shipment' } };
        }
        try {
            const synced = await this.sync(ctx, row);
            const f = synced.fulfillmentId
                ? await this.connection.getRepository(ctx, Fulfillment).findOne({ where: { id: synced.fulfillmentId } })
                : null;
            return { status: 200, body: { ok: true, status: synced.status, fulfilment: f?.state ?? null } };
        } catch (e) {
            Logger.warn(`ShipX webhook for ${id}: re-reading failed: ${(e as Error).message}`, loggerCtx);
            return { status: 503, body: { ok: false, reason: 'ShipX unavailable, try again' } };
        }
    }

    /** The fallback of missed webhooks: re-reads the open shipments (not delivered, returned or cancelled), oldest check first. */
    async poll(): Promise<number> {
        if (this.polling || !this.client) return 0;
        this.polling = true;
        try {
            const ctx = await this.contexts.create({ apiType: 'admin' });
            const open = await this.repo(ctx).find({
                where: { shipmentId: Not(IsNull()), status: Not(In([...FINAL_STATUSES])) },
                order: { updatedAt: 'ASC' },
                take: POLL_BATCH,
            });
            for (const row of open) {
                try {
                    await this.sync(ctx, row);
                    // the checked row goes to the back of the queue
                    await this.repo(ctx).update({ id: row.id }, { updatedAt: new Date() });
                } catch (e) {
                    Logger.warn(`poll of shipment ${row.shipmentId} failed: ${(e as Error).message}`, loggerCtx);
                }
            }
            return open.length;
        } finally {
            this.polling = false;
        }
    }

    /** The label PDF of one order's shipment (A4 `normal` or `A6`). */
    async label(ctx: RequestContext, orderId: ID, type: 'normal' | 'A6'): Promise<{ pdf: Buffer; name: string }> {
        const row = await this.refreshed(ctx, orderId);
        if (!row || row.shipmentId === null) throw new ShipmentRefused(NO_SHIPMENT);
        if (!row.trackingNumber || CANCELLABLE_STATUSES.has(row.status)) throw new ShipmentRefused(LABEL_NOT_READY);
        try {
            return { pdf: await this.shipx().label(row.shipmentId, type), name: `etykieta-${row.orderCode}.pdf` };
        } catch (e) {
            if (e instanceof ShipxError || e instanceof ShipxUnavailable) throw new ShipmentRefused(e.message);
            throw e;
        }
    }

    /**
     * The shipments of these orders in the order staff selected them (a PDF of labels, a dispatch
     * order's comment and its answer list them so; PostgreSQL answers an IN without ORDER BY in any
     * order).
     */
    private async rowsOf(ctx: RequestContext, orderIds: number[]): Promise<InpostShipment[]> {
        const found = await this.repo(ctx).find({ where: { orderId: In(orderIds) } });
        const byOrder = new Map(found.map(r => [Number(r.orderId), r]));
        return [...new Set(orderIds)].flatMap(id => byOrder.get(id) ?? []);
    }

    /** The labels of several orders' confirmed shipments in one PDF (ShipX: at most 100 at once). */
    async labels(ctx: RequestContext, orderIds: ID[], type: 'normal' | 'A6'): Promise<Buffer> {
        if (orderIds.length === 0 || orderIds.length > MAX_BULK_LABELS)
            throw new ShipmentRefused(`Wybierz od 1 do ${MAX_BULK_LABELS} zamówień (tyle etykiet InPost łączy w jednym pliku).`);
        const rows = await this.rowsOf(ctx, orderIds.map(Number));
        const missing = orderIds.filter(
            id =>
                !rows.some(
                    r =>
                        String(r.orderId) === String(id) &&
                        r.trackingNumber &&
                        !CANCELLABLE_STATUSES.has(r.status) &&
                        r.status !== 'canceled',
                ),
        );
        if (missing.length) throw new ShipmentRefused(`Te zamówienia nie mają potwierdzonej przesyłki InPost: ${missing.join(', ')}.`);
        try {
            return await this.shipx().labels(
                rows.map(r => r.shipmentId!),
                type,
            );
        } catch (e) {
            if (e instanceof ShipxError || e instanceof ShipxUnavailable) throw new ShipmentRefused(e.message);
            throw e;
        }
    }

    /**
     * Orders InPost's courier to collect the selected orders' parcels (ShipX's dispatch order, with
     * INPOST_SENDING_METHOD=dispatch_order) at INPOST_PICKUP_ADDRESS. Every parcel must be confirmed
     * by ShipX and not yet with InPost nor in another dispatch order; the rows are claimed first
     * (dispatchOrderId 0) so two clicks order one pickup. A ShipX refusal releases them.
     */
    async orderPickup(ctx: RequestContext, orderIds: ID[]): Promise<PickupOrdered> {
        const shipx = this.shipx();
        if (this.options!.sendingMethod !== 'dispatch_order') throw new ShipmentRefused(PICKUP_NOT_DISPATCH);
        const address = this.options!.pickupAddress;
        if (!address) throw new ShipmentRefused(PICKUP_NO_ADDRESS);
        const ids = [...new Set(orderIds.map(Number))];
        if (ids.length === 0 || ids.length > MAX_DISPATCH_SHIPMENTS || ids.some(id => !Number.isSafeInteger(id)))
            throw new ShipmentRefused(pickupCount(MAX_DISPATCH_SHIPMENTS));
        const rows = await this.rowsOf(ctx, ids);
        const byOrder = new Map(rows.map(r => [r.orderId, r]));
        const notReady = ids.filter(id => {
            const r = byOrder.get(id);
            return !r || r.shipmentId === null || !r.trackingNumber || r.status !== 'confirmed';
        });
        if (notReady.length) {
            // an order without a shipment is named by its code too (staff read codes, not ids)
            const orders = await this.connection
                .getRepository(ctx, Order)
                .find({ where: { id: In(notReady.filter(id => !byOrder.has(id))) }, select: { id: true, code: true } });
            const code = (id: number) => byOrder.get(id)?.orderCode ?? orders.find(o => Number(o.id) === id)?.code ?? String(id);
            throw new ShipmentRefused(pickupNotReady(notReady.map(code)));
        }
        const ordered = rows.filter(r => r.dispatchOrderId !== null);
        if (ordered.length) throw new ShipmentRefused(pickupAlreadyOrdered(ordered.map(r => r.orderCode)));
        // claim: a second click (or another server) meets dispatchOrderId 0 and is refused
        const claimed: InpostShipment[] = [];
        for (const r of rows) {
            const c = await this.repo(ctx)
                .createQueryBuilder()
                .update(InpostShipment)
                .set({ dispatchOrderId: 0 })
                .where({ id: r.id, dispatchOrderId: IsNull() })
                .execute();
            if (c.affected) claimed.push(r);
        }
        const release = () =>
            claimed.length ? this.repo(ctx).update({ id: In(claimed.map(r => r.id)) }, { dispatchOrderId: null }) : null;
        if (claimed.length !== rows.length) {
            await release();
            throw new ShipmentRefused(pickupAlreadyOrdered(rows.filter(r => !claimed.includes(r)).map(r => r.orderCode)));
        }
        const codes = rows.map(r => r.orderCode);
        let dispatch;
        try {
            dispatch = await shipx.createDispatchOrder({
                shipments: rows.map(r => String(r.shipmentId)),
                address: { ...address },
                comment: `Zamówienia ${codes.join(', ')}`.slice(0, 100),
            });
        } catch (e) {
            await release();
            if (e instanceof ShipxError || e instanceof ShipxUnavailable) {
                Logger.warn(`ShipX refused the dispatch order of ${codes.join(', ')}: ${e.message}`, loggerCtx);
                throw new ShipmentRefused(e.message);
            }
            throw e;
        }
        await this.repo(ctx).update({ id: In(rows.map(r => r.id)) }, { dispatchOrderId: dispatch.id });
        Logger.info(`ShipX dispatch order ${dispatch.id} (${dispatch.status}) for ${codes.join(', ')}`, loggerCtx);
        return { dispatchOrderId: dispatch.id, status: dispatch.status, orderCodes: codes };
    }

    /** Cancels a shipment ShipX has not confirmed yet; the order may then get a new one. */
    async cancel(ctx: RequestContext, orderId: ID): Promise<void> {
        const row = await this.refreshed(ctx, orderId);
        if (!row) throw new ShipmentRefused(NO_SHIPMENT);
        if (row.shipmentId === null || !CANCELLABLE_STATUSES.has(row.status)) throw new ShipmentRefused(notCancellable(row.status));
        try {
            await this.shipx().cancel(row.shipmentId);
        } catch (e) {
            if (e instanceof ShipxError || e instanceof ShipxUnavailable) throw new ShipmentRefused(e.message);
            throw e;
        }
        await this.repo(ctx).delete({ id: row.id });
        Logger.info(`ShipX shipment ${row.shipmentId} of ${row.orderCode} cancelled`, loggerCtx);
    }
}
