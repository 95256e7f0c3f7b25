import { describe, expect, it } from 'vitest';
import { doneSteps, firstIncompleteStep, type StepOrder, stepAllowed } from './steps';

const empty: StepOrder = { lines: [], customer: null, shippingAddress: null, billingAddress: null, shippingLines: [] };
const withLines: StepOrder = { ...empty, lines: [{}] };
const withCustomer: StepOrder = { ...withLines, customer: { id: '7' } };
const withAddressOnly: StepOrder = { ...withCustomer, shippingAddress: { streetLine1: 'Długa 12/3', countryCode: 'PL' } };
const withShipping: StepOrder = { ...withAddressOnly, shippingLines: [{ shippingMethod: { code: 'kurier' } }] };
const withBilling: StepOrder = { ...withShipping, billingAddress: { streetLine1: 'Długa 12/3' } };

describe('checkout step preconditions (spec §4)', () => {
  it('sends every step home without an order or with an empty one', () => {
    for (const step of ['customer', 'shipping', 'billing', 'payment'] as const) {
      expect(stepAllowed(step, null)).toBe(false);
      expect(stepAllowed(step, empty)).toBe(false);
    }
    expect(firstIncompleteStep(null)).toBeNull();
    expect(firstIncompleteStep(empty)).toBeNull();
  });

  it('needs a customer for shipping and billing', () => {
    expect(stepAllowed('customer', withLines)).toBe(true);
    expect(stepAllowed('shipping', withLines)).toBe(false);
    expect(stepAllowed('billing', withLines)).toBe(false);
    expect(stepAllowed('shipping', withCustomer)).toBe(true);
    expect(stepAllowed('billing', withCustomer)).toBe(true);
  });

  it('needs customer, a street line, a country and a shipping method for payment', () => {
    expect(stepAllowed('payment', withCustomer)).toBe(false);
    expect(stepAllowed('payment', withAddressOnly)).toBe(false);
    expect(stepAllowed('payment', { ...withShipping, shippingAddress: { streetLine1: '  ', countryCode: 'PL' } })).toBe(false);
    expect(stepAllowed('payment', { ...withShipping, shippingAddress: { streetLine1: 'Długa 1', countryCode: null } })).toBe(false);
    expect(stepAllowed('payment', { ...withShipping, customer: null })).toBe(false);
    expect(stepAllowed('payment', withShipping)).toBe(true);
  });

  it('starts the checkout at the first step not done', () => {
    expect(firstIncompleteStep(withLines)).toBe('customer');
    expect(firstIncompleteStep(withCustomer)).toBe('shipping');
    expect(firstIncompleteStep(withAddressOnly)).toBe('shipping');
    expect(firstIncompleteStep(withShipping)).toBe('billing');
    expect(firstIncompleteStep(withBilling)).toBe('payment');
    expect(doneSteps(withBilling)).toEqual({ customer: true, shipping: true, billing: true, payment: false });
  });
});
