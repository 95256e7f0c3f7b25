import { extraOfferFields } from '../../client/graphql/fragments.graphql';
import { graphql } from '../../client/graphql/graphql';

/**
 * The documents the assistants' endpoint sends (features/mcp/, decision 112). Catalogue reads go
 * without a session token (the same for everybody); cart documents carry the assistant cart's own
 * Vendure session token, kept in MCP_CARTS and never shown to the assistant.
 */

/** A product as the assistant reads it: the catalogue read model's document (decision 108), the fields a shopper decides by. */
export const mcpProduct = graphql(
  `
  query mcpProduct($id: ID!) {
    product: catalogueProduct(id: $id) {
      id
      name
      slug
      description
      optionGroups { id code name options { id code name } }
      variants {
        id
        name
        sku
        priceWithTax
        stockLevel
        customFields { staracena ean }
        omnibusPrice
        options { id code name group { code } }
        extras { ...ExtraOfferFields }
        configurator { parts { key } }
      }
    }
  }
`,
  [extraOfferFields],
);

/** The assistant cart: the active order of its own session. */
export const mcpCartFields = graphql(`
  fragment McpCart on Order @_unmask {
    id
    totalQuantity
    subTotalWithTax
    totalWithTax
    lines {
      id
      quantity
      unitPriceWithTax
      linePriceWithTax
      productVariant { id name sku }
      catalogue { product { id slug name } }
    }
  }
`);

export const mcpGetCart = graphql(
  `
  query mcpGetCart {
    activeOrder { ...McpCart }
  }
`,
  [mcpCartFields],
);

export const mcpAddToCart = graphql(
  `
  mutation mcpAddToCart($productVariantId: ID!, $quantity: Int!) {
    addItemToOrder(productVariantId: $productVariantId, quantity: $quantity) {
      ...McpCart
      ... on ErrorResult { errorCode message }
      ... on OrderInterceptorError { interceptorError }
    }
  }
`,
  [mcpCartFields],
);
