import { PERSONAL_PAGE, type RouteFacts } from '../../client/router/route-facts';

/** A checkout page (spec §2): personal, never cached, answering its capitalised duplicate too. */
const checkoutRoute = (
  id: string,
  path: string,
  alias: string | null,
  page: string,
  loader: string,
  layout: RouteFacts['layout'],
  meta?: Record<string, string>,
  samples: RouteFacts['samples'] = [],
): RouteFacts => ({
  id,
  path,
  ...(alias ? { aliases: [alias] } : {}),
  page,
  loader,
  ...PERSONAL_PAGE,
  layout,
  ...(meta ? { meta } : {}),
  samples,
});

/**
 * Checkout steps, thank-you and the payment return pages (spec §2, issue 11). `/checkout` goes to
 * the first step not done. The steps use the blank layout: their slim frame (CheckoutShell) loads
 * with their own chunks instead of adding to every page's entry.
 */
export const routes: RouteFacts[] = [
  checkoutRoute('checkout', '/checkout', null, 'CheckoutCustomerPage', 'checkoutLoader', 'blank', { step: 'start' }),
  checkoutRoute(
    'checkout-customer',
    '/checkout/customer',
    '/Checkout/Customer',
    'CheckoutCustomerPage',
    'checkoutLoader',
    'blank',
    { step: 'customer' },
    [{ session: 'guest' }],
  ),
  checkoutRoute(
    'checkout-shipping',
    '/checkout/shipping',
    '/Checkout/Shipping',
    'CheckoutShippingPage',
    'checkoutLoader',
    'blank',
    { step: 'shipping' },
    [{ session: 'customer' }],
  ),
  checkoutRoute(
    'checkout-billing',
    '/checkout/billing',
    '/Checkout/Billing',
    'CheckoutBillingPage',
    'checkoutLoader',
    'blank',
    { step: 'billing' },
    [{ session: 'customer' }],
  ),
  checkoutRoute('checkout-payment', '/checkout/payment', '/Checkout/Payment', 'CheckoutPaymentPage', 'checkoutLoader', 'blank', {
    step: 'payment',
  }),
  // the thank-you and payment return pages read the order's code (`?order=`)
  {
    ...checkoutRoute(
      'checkout-thank-you',
      '/checkout/thank-you',
      '/Checkout/ThankYou',
      'CheckoutThankYouPage',
      'thankYouLoader',
      'default',
    ),
    query: ['order'],
  },
  {
    ...checkoutRoute(
      'payment-check',
      '/payment-check',
      '/Checkout/PaymentCheck',
      'CheckoutPaymentCheckPage',
      'paymentCheckLoader',
      'blank',
    ),
    query: ['order'],
  },
  {
    ...checkoutRoute(
      'payment-cancel',
      '/payment-cancel',
      '/Checkout/PaymentCancel',
      'CheckoutPaymentCancelPage',
      'paymentCancelLoader',
      'blank',
    ),
    query: ['order'],
  },
];
