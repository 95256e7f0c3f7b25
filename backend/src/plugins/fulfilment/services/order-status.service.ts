import { Inject, Injectable } from '@nestjs/common';
import { type CurrencyCode, type Fulfillment, Order, type RequestContext, TransactionalConnection } from '@vendure/core';
import { LOOKUP_EMAIL, lookupEmail, placedWith, polishName } from '../../../order-lookup';
import { FULFILMENT_OPTIONS } from '../fulfilment.constants';
import { orderStatusKeyMatches } from '../fulfilment.rules';
import type { FulfilmentOptions } from '../types';

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
    fulfillments: Fulfillment[];
}

const CODE = /^[A-Z0-9-]{4,40}$/;

/**
 * The guest's view of one placed order (decision 102): by its code and the key of the shop's
 * e-mail link, or by its code and the e-mail address it was placed with. Any wrong pair, malformed
 * input or an order not placed yet is null, so the answer never tells whether a code exists.
 */
@Injectable()
export class OrderStatusService {
    constructor(
        private connection: TransactionalConnection,
        @Inject(FULFILMENT_OPTIONS) private options: FulfilmentOptions,
    ) {}

    async find(
        ctx: RequestContext,
        args: { code: string; key?: string | null; emailAddress?: string | null },
    ): Promise<OrderStatusView | null> {
        const code = args.code.trim().toUpperCase();
        const key = (args.key ?? '').trim();
        const email = lookupEmail(args.emailAddress);
        if (!CODE.test(code) || (!key && !email) || key.length > 64 || email.length > 254) return null;
        if (!key && !LOOKUP_EMAIL.test(email)) return null;
        if (key && (!this.options.orderLinkSecret || !orderStatusKeyMatches(this.options.orderLinkSecret, code, key))) return null;
        const order = await this.connection.getRepository(ctx, Order).findOne({
            where: { code },
            relations: {
                customer: true,
                lines: { productVariant: { translations: true, product: { translations: true } } },
                shippingLines: { shippingMethod: { translations: true } },
                fulfillments: true,
            },
        });
        if (!order || order.active || !order.orderPlacedAt) return null;
        if (!key && !placedWith(order, email)) return null;
        return {
            code: order.code,
            state: order.state,
            orderPlacedAt: order.orderPlacedAt,
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
            fulfillments: [...(order.fulfillments ?? [])].sort((a, b) => Number(a.id) - Number(b.id)),
        };
    }
}
