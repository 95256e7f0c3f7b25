import { Inject, Injectable } from '@nestjs/common';
import { type CurrencyCode, EventBus, Order, type RequestContext, TransactionalConnection } from '@vendure/core';
import { BOUNDS, withinBounds } from '../../../input-bounds';
import { lookupEmail, lookupEmailValid, placedWith, polishName } from '../../../order-lookup';
import { OrderStatusLinkRequestedEvent } from '../events/order-status-link-requested.event';
import { FULFILMENT_OPTIONS } from '../fulfilment.constants';
import { orderStatusKeyMatches, orderViewLink, trackingUrlOf } from '../fulfilment.rules';
import type { FulfilmentOptions } from '../types';
import { FulfilmentService } from './fulfilment.service';

/**
 * One shipment as the status page shows it: its state, carrier, number and tracking link, and
 * dates. Our own type rather than Vendure's Fulfillment, whose lines lead back to the whole order,
 * its customer, addresses and history (decision 104).
 */
export interface OrderStatusShipment {
    id: string;
    state: string;
    method: string;
    trackingCode: string | null;
    trackingUrl: string | null;
    shippedAt: Date | null;
    deliveredAt: Date | null;
}

export interface OrderStatusView {
    code: string;
    state: string;
    orderPlacedAt: Date | null;
    currencyCode: CurrencyCode;
    subTotalWithTax: number;
    shippingWithTax: number;
    totalWithTax: number;
    shippingMethod: string | null;
    lines: Array<{ productName: string; variantName: string; quantity: number; linePriceWithTax: number }>;
    shipments: OrderStatusShipment[];
}

/** Vendure's order codes (bounded to BOUNDS.orderCode before this runs). */
const CODE = /^[A-Z0-9-]{4,32}$/;

/**
 * The guest's view of one placed order (decision 102): by its code and the key of the shop's
 * e-mail link, or by its code and the e-mail address it was placed with. Any wrong pair, malformed
 * input or an order not placed yet is null, so the answer never tells whether a code exists.
 */
@Injectable()
export class OrderStatusService {
    constructor(
        private connection: TransactionalConnection,
        private fulfilments: FulfilmentService,
        private eventBus: EventBus,
        @Inject(FULFILMENT_OPTIONS) private options: FulfilmentOptions,
    ) {}

    async find(
        ctx: RequestContext,
        args: { code: string; key?: string | null; emailAddress?: string | null },
    ): Promise<OrderStatusView | null> {
        // bounded before anything reads them (decision 104); malformed input is null like a wrong pair
        if (!withinBounds([args.code, BOUNDS.orderCode], [args.key, BOUNDS.orderKey], [args.emailAddress, BOUNDS.email])) return null;
        const code = args.code.trim().toUpperCase();
        const key = (args.key ?? '').trim();
        const email = lookupEmail(args.emailAddress);
        if (!CODE.test(code) || (!key && !email)) return null;
        if (!key && !lookupEmailValid(email)) return null;
        // a wrong, old-format or expired key: null (the page then offers the form and a fresh link)
        if (key && !orderStatusKeyMatches(this.options.orderLinkSecret, code, key)) return null;
        const order = await this.placedOrder(ctx, code);
        if (!order) return null;
        if (!key && !placedWith(order, email)) return null;
        return this.view(ctx, order);
    }

    /**
     * A fresh link to the order's page, e-mailed to the address the order was placed with, when the
     * code and address name a placed order; nothing otherwise. The caller always answers true, so
     * the answer never tells whether the order exists (decision 104).
     */
    async requestLink(ctx: RequestContext, args: { code: string; emailAddress: string }): Promise<void> {
        if (!withinBounds([args.code, BOUNDS.orderCode], [args.emailAddress, BOUNDS.email])) return;
        const code = args.code.trim().toUpperCase();
        const email = lookupEmail(args.emailAddress);
        if (!CODE.test(code) || !lookupEmailValid(email) || !this.options.orderLinkSecret) return;
        const order = await this.placedOrder(ctx, code);
        if (!order || !placedWith(order, email)) return;
        const link = orderViewLink(order.code, this.options.orderLinkSecret);
        await this.eventBus.publish(
            new OrderStatusLinkRequestedEvent(ctx, { orderCode: order.code, emailAddress: order.customer.emailAddress, link }),
        );
    }

    /** A placed order (not a cart) by its code, with what the page shows. */
    private async placedOrder(ctx: RequestContext, code: string): Promise<Order | undefined> {
        const order = await this.connection.getRepository(ctx, Order).findOne({
            where: { code },
            relations: {
                customer: true,
                lines: { productVariant: { translations: true, product: { translations: true } } },
                shippingLines: { shippingMethod: { translations: true } },
                fulfillments: true,
            },
        });
        return order && !order.active && order.orderPlacedAt ? order : undefined;
    }

    private async view(ctx: RequestContext, order: Order): Promise<OrderStatusView> {
        const fulfillments = [...(order.fulfillments ?? [])].sort((a, b) => Number(a.id) - Number(b.id));
        const shipments = await Promise.all(
            fulfillments.map(async (f): Promise<OrderStatusShipment> => ({
                id: String(f.id),
                state: f.state,
                method: f.method,
                trackingCode: f.trackingCode || null,
                trackingUrl: trackingUrlOf(f.method, f.trackingCode),
                shippedAt: await this.fulfilments.shippedAt(ctx, f),
                deliveredAt: await this.fulfilments.deliveredAt(ctx, f),
            })),
        );
        return {
            code: order.code,
            state: order.state,
            orderPlacedAt: order.orderPlacedAt ?? null,
            currencyCode: order.currencyCode,
            subTotalWithTax: order.subTotalWithTax,
            shippingWithTax: order.shippingWithTax,
            totalWithTax: order.totalWithTax,
            shippingMethod: polishName(order.shippingLines[0]?.shippingMethod?.translations) || null,
            lines: [...order.lines]
                .sort((a, b) => Number(a.id) - Number(b.id))
                .map(line => ({
                    productName: polishName(line.productVariant.product?.translations),
                    variantName: polishName(line.productVariant.translations),
                    quantity: line.quantity,
                    linePriceWithTax: line.linePriceWithTax,
                })),
            shipments,
        };
    }
}
