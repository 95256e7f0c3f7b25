import type { Context } from 'hono';
import { graphql, type ResultOf } from '../../client/graphql/graphql';
import { cachedJson } from '../cache/data-cache';
import type { AppEnv } from '../env';
import { shopClient } from './vendure';

/**
 * What the shop promises before there is a cart: its delivery methods and prices (the backend's
 * `shippingRates`, i.e. the shipping methods staff edit in the Dashboard) and its return policy
 * (the statutory 14-day withdrawal, personalised goods excluded: backend withdrawal.rules.ts).
 * One source for the product feeds, the product page's structured data and the MCP policies tool.
 */
export const getShippingRates = graphql(`
  query getShippingRates {
    shippingRates { code name description priceWithTax freeAbove deliveryTime taxRate }
  }
`);

export type ShippingRate = ResultOf<typeof getShippingRates>['shippingRates'][number];

/** Shipping methods change rarely and never with the catalogue: 5 minutes, like the facets. */
const SHIPPING_RATES_TTL_SECONDS = 300;

/** The shop's delivery methods, cheapest first, cached SHIPPING_RATES_TTL_SECONDS at the edge. */
export function loadShippingRates(c: Context<AppEnv>): Promise<ShippingRate[]> {
  return cachedJson(c, 'shipping-rates', SHIPPING_RATES_TTL_SECONDS, async () => {
    return (await shopClient(c.env).request(getShippingRates)).shippingRates;
  });
}

/** The gross price (grosze) of delivery by `rate` for an order whose subtotal with tax is `subTotalWithTax`. */
export function shippingPrice(rate: ShippingRate, subTotalWithTax: number): number {
  return rate.freeAbove !== null && subTotalWithTax > rate.freeAbove ? 0 : rate.priceWithTax;
}

/** Days within which a consumer may withdraw from the contract, counted from delivery (ustawa o prawach konsumenta, art. 27). */
export const WITHDRAWAL_DAYS = 14;

/** Cost of returning goods after a withdrawal: the consumer pays it (art. 34; regulamin: "ponosi bezpośredni koszt jego zwrotu"). */
export const RETURN_SHIPPING_PAID_BY = 'customer' as const;
