/**
 * The production e2e drills' guest checkout through the Shop API (issue 43): the steps a shopper's
 * scripts take up to the payment, as the backend tests' checkout does (backend/test/helpers.ts).
 */
import { expect, inject } from 'vitest';
import { backendShopHeaders } from '../browser';

/** A Shop API call of one shopper's session: the data, or it throws. */
export type ShopCall = <T>(query: string, variables?: Record<string, unknown>) => Promise<T>;

/**
 * One shopper's Shop API session straight to the balancer, as the storefront calls it: the bearer
 * token Vendure hands out (the storefront keeps it in its cookie), sent back on every call.
 */
export function shopSession(): ShopCall {
  let token: string | undefined;
  return async <T>(query: string, variables: Record<string, unknown> = {}): Promise<T> => {
    const res = await fetch(`${inject('backendUrl')}/shop-api`, {
      method: 'POST',
      headers: { ...backendShopHeaders(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    token = res.headers.get('vendure-auth-token') ?? token;
    const body = (await res.json()) as { data?: T; errors?: Array<{ message: string }> };
    if (!body.data || body.errors) throw new Error(`${query.slice(0, 60)}: ${JSON.stringify(body.errors)}`);
    return body.data;
  };
}

/** A guest's cart of one `variantId` to an InPost locker in Kraków, moved to the payment step (ArrangingPayment). */
export async function toPaymentStep(call: ShopCall, email: string, variantId: string): Promise<void> {
  const added = await call<{ addItemToOrder: { __typename: string } }>(
    'mutation($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 1) { __typename } }',
    { id: variantId },
  );
  expect(added.addItemToOrder.__typename).toBe('Order');
  await call('mutation($i: CreateCustomerInput!) { setCustomerForOrder(input: $i) { __typename } }', {
    i: { emailAddress: email, firstName: 'Ewa', lastName: 'Kot', phoneNumber: '+48 600 700 800' },
  });
  await call('mutation($i: CreateAddressInput!) { setOrderShippingAddress(input: $i) { __typename } }', {
    i: {
      fullName: 'Ewa Kot',
      streetLine1: 'Psia 5/2',
      city: 'Kraków',
      postalCode: '30-001',
      countryCode: 'PL',
      customFields: { paczkomat: 'KRA01M' },
    },
  });
  const { eligibleShippingMethods } = await call<{ eligibleShippingMethods: Array<{ id: string; code: string }> }>(
    '{ eligibleShippingMethods { id code } }',
  );
  const locker = eligibleShippingMethods.find((m) => m.code === 'inpost-paczkomat')!;
  await call('mutation($id: [ID!]!) { setOrderShippingMethod(shippingMethodId: $id) { __typename } }', { id: [locker.id] });
  await call('mutation { transitionOrderToState(state: "ArrangingPayment") { __typename } }');
}
