import { inject } from 'vitest';
import { GqlSession } from '../src/graphql-client';

export const backendUrl = () => inject('backendUrl');
export const blogUrl = () => inject('blogUrl');

/** A new Shop API session (its own bearer token, so its own active order). */
export function shop(): GqlSession {
    return new GqlSession(`${backendUrl()}/shop-api`);
}

export const ORDER = `
    ... on Order {
        id code state totalQuantity subTotalWithTax shippingWithTax totalWithTax couponCodes
        discounts { description amountWithTax type }
        lines { id quantity unitPriceWithTax linePriceWithTax discountedLinePriceWithTax productVariant { id sku }
            customFields { configurator customObwodKlatki customObwodSzyi dodatkowyMetr kolorOkuc odblaski podszycie raczka dopasowanieRozmiaru } }
    }
    ... on ErrorResult { errorCode message }
`;

/** Variant id by SKU (the catalogue's SKUs are stable: PS-{productId}-{options}). */
export async function variantBySku(s: GqlSession, sku: string): Promise<{ id: string; priceWithTax: number; stockLevel: string }> {
    const productId = Number(sku.split('-')[1]);
    const p = await s.query(`query($id: ID!) { product(id: $id) { variants { id sku priceWithTax stockLevel } } }`, { id: String(productId) });
    const v = p.product.variants.find((x: any) => x.sku === sku);
    if (!v) throw new Error(`variant ${sku} not found`);
    return v;
}

export async function addItem(s: GqlSession, variantId: string, quantity: number, customFields?: Record<string, unknown>) {
    return s.raw(
        `mutation($id: ID!, $q: Int!, $cf: OrderLineCustomFieldsInput) { addItemToOrder(productVariantId: $id, quantity: $q, customFields: $cf) { ${ORDER} ... on InsufficientStockError { quantityAvailable } ... on OrderInterceptorError { interceptorError } } }`,
        { id: variantId, q: quantity, cf: customFields },
    );
}
