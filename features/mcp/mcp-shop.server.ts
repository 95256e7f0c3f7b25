import type { Context } from 'hono';
import type { ResultOf } from '../../client/graphql/graphql';
import { IMAGE, imageUrl } from '../../client/lib/image';
import { formatPrice } from '../../client/lib/price';
import { searchProductsTerm } from '../search/search.graphql';
import { withdrawalTexts } from '../withdrawal/withdrawal.texts';
import type { AppEnv } from '../../worker/env';
import { htmlToText } from '../../worker/render/html';
import {
  RETURN_SHIPPING_PAID_BY,
  type ShippingRate,
  WITHDRAWAL_DAYS,
  loadShippingRates,
  shippingPrice,
} from '../../worker/shop/shop-policies';
import { shopClient } from '../../worker/shop/vendure';
import { cartToken, storeCart, storeLink } from './mcp-carts.server';
import { mcpAddToCart, mcpGetCart, mcpProduct } from './mcp.graphql.server';
import { mcpTexts } from './mcp.texts';
import { variantPrices } from '../product/product-offer.server';

/**
 * What the assistants' tools do (decision 112), apart from the protocol (mcp-server.server.ts):
 * each takes validated arguments and answers `{ data }` (JSON the assistant reads) or `{ error }`
 * (a Polish reason, a tool error result). Catalogue reads go without a token; carts with their own
 * session token from MCP_CARTS. Nothing reads the shopper's cookies.
 */
export type ToolAnswer = { data: unknown } | { error: string };

const r = mcpTexts.results;
/** Characters of a product description given to the assistant. */
const DESCRIPTION_CHARS = 2000;

type McpCart = NonNullable<ResultOf<typeof mcpGetCart>['activeOrder']>;

/** Gross PLN as a number with two decimals (49.9) and as the shop writes it ("49,90 zł"). */
const money = (grosze: number) => ({ amount: grosze / 100, formatted: formatPrice(grosze) });

/** The tools, bound to one request. */
export function shopTools(c: Context<AppEnv>) {
  const origin = new URL(c.req.url).origin;
  const productUrl = (id: string, slug: string) => `${origin}/p/${id}/${slug}`;
  const catalogue = shopClient(c.env, { kind: 'read' });
  const cartClient = (token: string) => shopClient(c.env, { token, kind: 'cart' });

  /** What delivery by each method costs for this cart (free above a method's threshold). */
  const delivery = (rates: ShippingRate[], subTotalWithTax: number) =>
    rates.map((rate) => ({
      code: rate.code,
      name: rate.name,
      price: money(shippingPrice(rate, subTotalWithTax)),
      deliveryTime: rate.deliveryTime,
    }));

  const cartView = async (order: McpCart | null) => ({
    totalQuantity: order?.totalQuantity ?? 0,
    lines: (order?.lines ?? []).map((l) => ({
      productId: l.catalogue.product.id,
      variantId: l.productVariant.id,
      name: l.productVariant.name,
      sku: l.productVariant.sku,
      quantity: l.quantity,
      unitPrice: money(l.unitPriceWithTax),
      linePrice: money(l.linePriceWithTax),
      url: productUrl(l.catalogue.product.id, l.catalogue.product.slug),
    })),
    subtotal: money(order?.subTotalWithTax ?? 0),
    delivery: delivery(await loadShippingRates(c), order?.subTotalWithTax ?? 0),
    note: r.deliveryNote,
  });

  return {
    async searchProducts({ query, limit }: { query: string; limit: number }): Promise<ToolAnswer> {
      const { search } = await catalogue.request(searchProductsTerm, { input: { term: query, groupByProduct: true, take: limit } });
      if (!search.items.length) return { data: { total: 0, products: [], message: r.noProducts(query) } };
      return {
        data: {
          total: search.totalItems,
          products: search.items.map((i) => {
            const min = 'min' in i.priceWithTax ? i.priceWithTax.min : i.priceWithTax.value;
            const max = 'max' in i.priceWithTax ? i.priceWithTax.max : i.priceWithTax.value;
            return {
              productId: i.productId,
              name: i.productName,
              price: min === max ? money(min) : { from: money(min), to: money(max) },
              url: productUrl(i.productId, i.slug),
              // an absolute JPEG an assistant can show (the storefront's own size for structured data)
              image: i.productAsset ? imageUrl(i.productAsset.preview, IMAGE.structuredData, c.env.ASSET_URL) : null,
            };
          }),
        },
      };
    },

    async getProduct({ productId }: { productId: string }): Promise<ToolAnswer> {
      const { product } = await catalogue.request(mcpProduct, { id: productId });
      if (!product) return { error: r.productNotFound };
      const url = productUrl(product.id, product.slug);
      const needsConfiguration = product.variants.some((v) => v.configurator);
      return {
        data: {
          productId: product.id,
          name: product.name,
          url,
          description: htmlToText(product.description).slice(0, DESCRIPTION_CHARS),
          options: product.optionGroups.map((g) => ({ code: g.code, name: g.name, values: g.options.map((o) => o.name) })),
          variants: product.variants.map((v) => {
            const { price, oldPrice, omnibusPrice, inStock } = variantPrices(v);
            return {
              variantId: v.id,
              name: v.name,
              sku: v.sku,
              ean: v.customFields?.ean ?? null,
              options: Object.fromEntries(v.options.map((o) => [o.group.code, o.name])),
              price: money(price),
              ...(oldPrice !== null
                ? {
                    oldPrice: money(oldPrice),
                    // the Omnibus price: the lowest of the 30 days before the reduction (shown with every sale price)
                    lowestPriceBeforeSale30Days: omnibusPrice !== null ? money(omnibusPrice) : null,
                  }
                : {}),
              stock: r.stock[v.stockLevel] ?? v.stockLevel,
              inStock,
              optionalExtras: v.extras.map((e) => e.label),
            };
          }),
          personalisation: needsConfiguration ? r.needsConfiguration(url) : null,
          addableByAssistant: !needsConfiguration,
          ...(!needsConfiguration && product.variants.some((v) => v.extras.length) ? { extrasNote: r.extrasNote } : {}),
        },
      };
    },

    async shopPolicies(): Promise<ToolAnswer> {
      const rates = await loadShippingRates(c);
      return {
        data: {
          currency: 'PLN',
          shipping: rates.map((rate) => ({
            code: rate.code,
            name: rate.name,
            description: rate.description || null,
            price: money(rate.priceWithTax),
            freeAbove: rate.freeAbove === null ? null : money(rate.freeAbove),
            deliveryTime: rate.deliveryTime,
          })),
          shipsTo: ['PL'],
          returns: {
            withdrawalDays: WITHDRAWAL_DAYS,
            withdrawal: withdrawalTexts.intro,
            returnShippingPaidBy: RETURN_SHIPPING_PAID_BY,
            returnShipping: r.returnsPaidBy,
            personalisedExcluded: r.personalisedExcluded,
            form: `${origin}/odstapienie-od-umowy`,
            terms: `${origin}/pomoc/regulamin`,
          },
        },
      };
    },

    async createCart(): Promise<ToolAnswer> {
      let token: string | undefined;
      // A guest session of its own: Vendure hands out its token on the first call that needs an owner.
      await shopClient(c.env, { kind: 'cart', onToken: (fresh) => (token = fresh) }).request(mcpGetCart);
      if (!token) throw new Error('Vendure gave the assistant cart no session token');
      const { handle, expiresAt } = await storeCart(c.env.MCP_CARTS, token);
      return { data: { cartHandle: handle, expiresAt } };
    },

    async addToCart(args: { cartHandle: string; productId: string; variantId: string; quantity: number }): Promise<ToolAnswer> {
      const token = await cartToken(c.env.MCP_CARTS, args.cartHandle);
      if (!token) return { error: r.cartNotFound };
      const { product } = await catalogue.request(mcpProduct, { id: args.productId });
      const variant = product?.variants.find((v) => v.id === args.variantId);
      if (!product || !variant) return { error: r.variantNotFound };
      if (variant.configurator) return { error: r.needsConfiguration(productUrl(product.id, product.slug)) };
      if (variant.stockLevel === 'OUT_OF_STOCK') return { error: r.outOfStock };
      const { addItemToOrder: added } = await cartClient(token).request(mcpAddToCart, {
        productVariantId: variant.id,
        quantity: args.quantity,
      });
      if ('interceptorError' in added && added.interceptorError) return { error: r.refused(String(added.interceptorError)) };
      if ('errorCode' in added) return { error: r.refused(added.message) };
      return { data: await cartView(added) };
    },

    async getCart({ cartHandle }: { cartHandle: string }): Promise<ToolAnswer> {
      const token = await cartToken(c.env.MCP_CARTS, cartHandle);
      if (!token) return { error: r.cartNotFound };
      const { activeOrder } = await cartClient(token).request(mcpGetCart);
      return { data: await cartView(activeOrder) };
    },

    async cartLink({ cartHandle }: { cartHandle: string }): Promise<ToolAnswer> {
      const token = await cartToken(c.env.MCP_CARTS, cartHandle);
      if (!token) return { error: r.cartNotFound };
      const { activeOrder } = await cartClient(token).request(mcpGetCart);
      if (!activeOrder?.lines.length) return { error: r.emptyCart };
      const { link, expiresAt } = await storeLink(c.env.MCP_CARTS, cartHandle, token);
      return { data: { url: `${origin}/asystent/koszyk/${link}`, expiresAt, singleUse: true, message: r.cartLink } };
    },
  };
}

export type ShopTools = ReturnType<typeof shopTools>;
