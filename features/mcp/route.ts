import { PERSONAL_PAGE, type RouteFacts } from '../../client/router/route-facts';

/**
 * The single-use link an AI assistant gives its user (`get_cart_link` of /api/mcp, decision 112):
 * shows the assistant's cart and adopts it into the shopper's session by a POST of its form, which
 * leads to `/asystent/koszyk` (no link): the shop has no cart page (the cart is a sidebar; /koszyk is
 * a legacy redirect), so that page opens the cart.
 * Personal, never cached or indexed; its own e2e test opens it (it needs a link).
 */
export const routes: RouteFacts[] = [
  {
    id: 'assistant-cart',
    path: '/asystent/koszyk/:token?',
    page: 'AssistantCartPage',
    loader: 'assistantCartLoader',
    ...PERSONAL_PAGE,
    samples: [],
  },
];
