/**
 * The checkout's steps and their preconditions (spec §4 "Checkout guard", issue 11), as pure
 * functions of the active order: the worker decides redirects with them before any page
 * renders, and the page marks done steps with the same rules.
 */

export const STEPS = ['customer', 'shipping', 'billing', 'payment'] as const;
export type CheckoutStep = (typeof STEPS)[number];

export const STEP_PATHS: Record<CheckoutStep, string> = {
  customer: '/checkout/customer',
  shipping: '/checkout/shipping',
  billing: '/checkout/billing',
  payment: '/checkout/payment',
};

export const THANK_YOU_PATH = '/checkout/thank-you';

/** What the rules read of an order (any wider order type fits). */
export interface StepOrder {
  lines: readonly unknown[];
  customer?: { id: string } | null;
  shippingAddress?: { streetLine1?: string | null; countryCode?: string | null } | null;
  billingAddress?: { streetLine1?: string | null } | null;
  shippingLines: ReadonlyArray<{ shippingMethod: { code: string } }>;
}

function hasCustomer(order: StepOrder): boolean {
  return !!order.customer?.id;
}

/** Spec §4: a shipping address with a street line and a country, and a shipping method code. */
function hasShipping(order: StepOrder): boolean {
  return (
    !!order.shippingAddress?.streetLine1?.trim() && !!order.shippingAddress.countryCode && !!order.shippingLines[0]?.shippingMethod.code
  );
}

function hasBilling(order: StepOrder): boolean {
  return !!order.billingAddress?.streetLine1?.trim();
}

/** Which steps are complete (payment never is while the order is active). */
export function doneSteps(order: StepOrder): Record<CheckoutStep, boolean> {
  return { customer: hasCustomer(order), shipping: hasShipping(order), billing: hasBilling(order), payment: false };
}

/** Whether the step may be shown for this order (spec §4): a step's precondition is every earlier required fact. */
export function stepAllowed(step: CheckoutStep, order: StepOrder | null | undefined): boolean {
  if (!order || order.lines.length === 0) return false;
  switch (step) {
    case 'customer':
      return true;
    case 'shipping':
    case 'billing':
      return hasCustomer(order);
    case 'payment':
      return hasCustomer(order) && hasShipping(order);
  }
}

/** The first step not done yet (`/checkout` goes there); null when there is no order worth checking out. */
export function firstIncompleteStep(order: StepOrder | null | undefined): CheckoutStep | null {
  if (!order || order.lines.length === 0) return null;
  const done = doneSteps(order);
  return STEPS.find((step) => !done[step]) ?? 'payment';
}

export function isCheckoutStep(value: string | undefined): value is CheckoutStep {
  return (STEPS as readonly string[]).includes(value ?? '');
}
