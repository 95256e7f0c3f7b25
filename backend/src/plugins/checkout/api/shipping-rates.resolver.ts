import { Query, Resolver } from '@nestjs/graphql';
import { Ctx, RequestContext, ShippingMethodService, type ShippingMethod } from '@vendure/core';
import gql from 'graphql-tag';
import { flatRateWithFreeThreshold } from '../../../commerce';

/**
 * `shippingRates`: the shop's delivery methods and their prices without an order, for what is shown
 * before a cart exists (product feeds, structured data, the MCP policies tool). Read from the
 * shipping methods staff edit in the Dashboard, so a price change there reaches every consumer;
 * a method priced by another calculator than the shop's flat rate is left out (its price depends on
 * the order).
 */
export const shippingRatesSchema = gql`
    type ShippingRate {
        code: String!
        name: String!
        description: String!
        "Gross price in grosze when the order is below the free-delivery threshold"
        priceWithTax: Int!
        "Subtotal with tax (grosze) above which delivery is free; null when it never is"
        freeAbove: Int
        "The delivery time as staff wrote it, e.g. '1–2 dni robocze'"
        deliveryTime: String!
        taxRate: Int!
    }

    extend type Query {
        shippingRates: [ShippingRate!]!
    }
`;

export interface ShippingRate {
    code: string;
    name: string;
    description: string;
    priceWithTax: number;
    freeAbove: number | null;
    deliveryTime: string;
    taxRate: number;
}

/** A flat-rate method's arguments as a rate; null for another calculator or unreadable arguments. */
export function shippingRate(method: ShippingMethod): ShippingRate | null {
    if (method.calculator?.code !== flatRateWithFreeThreshold.code) return null;
    const arg = (name: string) => method.calculator.args.find(a => a.name === name)?.value;
    const price = Number(arg('price'));
    const freeAbove = Number(arg('freeAbove') ?? 0);
    const taxRate = Number(arg('taxRate') ?? 23);
    if (!Number.isInteger(price) || price < 0) return null;
    return {
        code: method.code,
        name: method.name,
        description: method.description ?? '',
        priceWithTax: price,
        freeAbove: Number.isInteger(freeAbove) && freeAbove > 0 ? freeAbove : null,
        deliveryTime: arg('deliveryTime') || '1–2 dni robocze',
        taxRate: Number.isFinite(taxRate) ? taxRate : 23,
    };
}

@Resolver()
export class ShippingRatesResolver {
    constructor(private shippingMethods: ShippingMethodService) {}

    @Query()
    async shippingRates(@Ctx() ctx: RequestContext): Promise<ShippingRate[]> {
        const methods = await this.shippingMethods.getActiveShippingMethods(ctx);
        return methods
            .map(shippingRate)
            .filter((r): r is ShippingRate => r !== null)
            .sort((a, b) => a.priceWithTax - b.priceWithTax || a.code.localeCompare(b.code));
    }
}
