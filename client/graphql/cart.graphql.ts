import { graphql } from './graphql';

/**
 * Spec §3 cart (active order) as the storefront reads it. A line's product and options come from
 * `catalogue` (the backend's catalogue read model: one SQL statement for all lines, issue 38), not
 * from productVariant's product and options (Vendure reads those line by line).
 */
export const cartFields = graphql(`
  fragment Cart on Order @_unmask {
    id
    code
    state
    active
    totalQuantity
    subTotalWithTax
    totalWithTax
    shippingWithTax
    couponCodes
    discounts { type adjustmentSource amountWithTax description }
    shippingLines { shippingMethod { id code name } }
    customer { id firstName lastName emailAddress }
    lines {
      id
      quantity
      unitPriceWithTax
      linePriceWithTax
      discountedLinePriceWithTax
      featuredAsset { preview }
      productVariant {
        id
        name
        sku
        priceWithTax
        customFields { staracena }
      }
      catalogue {
        product { id slug name facetValues { id name facet { id code name } } }
        options { id code name group { code name } }
      }
      customFields {
        configurator
        customObwodKlatki
        customObwodSzyi
        dodatkowyMetr
        kolorOkuc
        odblaski
        podszycie
        raczka
        dopasowanieRozmiaru
      }
    }
  }
`);

export const getCart = graphql(
  `
  query getCart {
    activeOrder { ...Cart }
  }
`,
  [cartFields],
);

export const addToCart = graphql(
  `
  mutation addToCart($productVariantId: ID!, $quantity: Int!, $customFields: OrderLineCustomFieldsInput) {
    addItemToOrder(productVariantId: $productVariantId, quantity: $quantity, customFields: $customFields) {
      ...Cart
      ... on ErrorResult { errorCode message }
      ... on OrderInterceptorError { interceptorError }
    }
  }
`,
  [cartFields],
);

export const removeFromCart = graphql(
  `
  mutation removeFromCart($orderLineId: ID!) {
    removeOrderLine(orderLineId: $orderLineId) {
      ...Cart
      ... on ErrorResult { errorCode message }
    }
  }
`,
  [cartFields],
);

/** 'Wyczyść koszyk': every line in one call; the order keeps its coupon codes (Vendure applies them again to what is added later). */
export const clearCart = graphql(
  `
  mutation clearCart {
    removeAllOrderLines {
      ...Cart
      ... on ErrorResult { errorCode message }
    }
  }
`,
  [cartFields],
);

export const updateCartQuantity = graphql(
  `
  mutation updateCartQuantity($orderLineId: ID!, $quantity: Int!) {
    adjustOrderLine(orderLineId: $orderLineId, quantity: $quantity) {
      ...Cart
      ... on ErrorResult { errorCode message }
    }
  }
`,
  [cartFields],
);

export const applyCartCoupon = graphql(
  `
  mutation applyCartCoupon($couponCode: String!) {
    applyCouponCode(couponCode: $couponCode) {
      ...Cart
      ... on ErrorResult { errorCode message }
    }
  }
`,
  [cartFields],
);

export const removeCartCoupon = graphql(
  `
  mutation removeCartCoupon($couponCode: String!) {
    removeCouponCode(couponCode: $couponCode) { ...Cart }
  }
`,
  [cartFields],
);

export const transitionOrderToState = graphql(
  `
  mutation transitionOrderToState($state: String!) {
    transitionOrderToState(state: $state) {
      ...Cart
      ... on OrderStateTransitionError { errorCode message transitionError fromState toState }
    }
  }
`,
  [cartFields],
);
