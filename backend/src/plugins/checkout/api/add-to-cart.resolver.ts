import { Args, Mutation, Resolver } from '@nestjs/graphql';
import {
    ACTIVE_ORDER_INPUT_FIELD_NAME,
    ActiveOrderService,
    Allow,
    ChannelService,
    ConfigService,
    Ctx,
    CustomFieldRelationService,
    EventBus,
    Order,
    OrderEvent,
    OrderLine,
    OrderLineEvent,
    OrderModifier,
    OrderService,
    OrderStateTransitionEvent,
    Permission,
    ProductVariant,
    ProductVariantService,
    type RelationPaths,
    Relations,
    RequestContext,
    Session,
    Transaction,
    TransactionalConnection,
} from '@vendure/core';
import { IsNull } from 'typeorm';
import { SessionOrderService } from '../services/session-order.service';

interface AddItemArgs {
    productVariantId: string;
    quantity: number;
    customFields?: Record<string, unknown> | null;
    [ACTIVE_ORDER_INPUT_FIELD_NAME]?: unknown;
}

/** What pricing an order needs of it (as Vendure's `OrderService.getOrderOrThrow` loads it). */
const PRICING_RELATIONS = [
    'lines',
    'lines.productVariant',
    'lines.productVariant.productVariantPrices',
    'shippingLines',
    'surcharges',
    'customer',
] as RelationPaths<Order>;

/**
 * The Shop API's `addItemToOrder` (add to cart), in place of Vendure's (issue 38: half the SQL
 * statements). Vendure's reads the session's order to find it, again to change it, then a third
 * time to answer (each relation in a statement of its own); reads the variant three times over
 * (to check it, to constrain the quantity, to create the line); writes a new line in four
 * statements (insert, reload, attach to the order, set its quantity); and creates a new cart by a
 * state transition that reads and saves the empty order twice.
 *
 * Here, in the usual case, the same steps with the same rules, each once:
 * - the session's order read in two statements (services/session-order.service.ts), or, for a
 *   visitor without a cart, the cart created in the AddingItems state directly: the order
 *   processes' hooks of Created → AddingItems run (Vendure's writes the history entry), the
 *   order's `created` and state transition events are published, the session points at it;
 * - the variant read once (enabled, not deleted, in the channel, with its product, prices and tax
 *   category); the quantity constrained to the saleable stock and the order interceptors asked
 *   (the extras' rules) as Vendure does;
 * - a new line inserted with its order and quantity in one statement, or an existing line's
 *   quantity updated in one; the line events published;
 * - Vendure's own `applyPriceAdjustments` (prices, the extras' price strategy, promotions, taxes,
 *   shipping) and its read of the answer.
 * Anything unusual takes Vendure's own path unchanged, which also answers its error results: a
 * quantity below 1, an order not in AddingItems, a limit reached, too little stock, an interceptor's
 * refusal, an unknown or disabled variant, a logged-in customer without a cart in the session,
 * another active-order strategy, a seller strategy or relation custom fields on lines.
 * `backend/test/add-to-cart.test.ts` compares both paths field for field.
 */
@Resolver()
export class AddToCartResolver {
    constructor(
        private sessionOrders: SessionOrderService,
        private activeOrders: ActiveOrderService,
        private orders: OrderService,
        private modifier: OrderModifier,
        private variants: ProductVariantService,
        private connection: TransactionalConnection,
        private config: ConfigService,
        private channels: ChannelService,
        private customFieldRelations: CustomFieldRelationService,
        private events: EventBus,
    ) {}

    @Transaction()
    @Mutation()
    @Allow(Permission.UpdateOrder, Permission.Owner)
    async addItemToOrder(
        @Ctx() ctx: RequestContext,
        @Args() args: AddItemArgs,
        @Relations({ entity: Order, omit: ['aggregateOrder', 'sellerOrders'] }) relations: RelationPaths<Order>,
    ): Promise<unknown> {
        const customFields = args.customFields ?? undefined;
        let order: Order | undefined;
        if (this.usual(ctx, args)) {
            order = await this.cart(ctx);
            if (order) {
                const line = await this.addLine(ctx, order, args.productVariantId, args.quantity, customFields);
                if (line) return this.orders.applyPriceAdjustments(ctx, order, [line], relations);
            }
        }
        order ??= await this.activeOrders.getActiveOrder(ctx, args[ACTIVE_ORDER_INPUT_FIELD_NAME] as never, true);
        return this.orders.addItemToOrder(ctx, order.id, args.productVariantId, args.quantity, customFields as never, relations);
    }

    /** Whether the request fits the usual path: the session's cart, Vendure's default strategies. */
    private usual(ctx: RequestContext, args: AddItemArgs): boolean {
        const { orderSellerStrategy } = this.config.orderOptions;
        return (
            !!ctx.session &&
            !args[ACTIVE_ORDER_INPUT_FIELD_NAME] &&
            Number.isInteger(args.quantity) &&
            args.quantity > 0 &&
            this.sessionOrders.sessionStrategyOnly() &&
            typeof orderSellerStrategy.setOrderLineSellerChannel !== 'function' &&
            !(this.config.customFields.OrderLine ?? []).some(f => f.type === 'relation')
        );
    }

    /** The session's cart in AddingItems with what pricing needs, a new one for a visitor without one, or undefined. */
    private async cart(ctx: RequestContext): Promise<Order | undefined> {
        const session = ctx.session!;
        if (session.activeOrderId) {
            const order = await this.sessionOrders.read(ctx, session.activeOrderId, PRICING_RELATIONS);
            return order?.active && order.state === 'AddingItems' ? order : undefined;
        }
        // a logged-in customer may have a cart from another session: Vendure's strategy finds it
        if (ctx.activeUserId) return undefined;
        return this.newCart(ctx);
    }

    /**
     * A new cart as Vendure's `OrderService.create` leaves it (a new order moved from Created to
     * AddingItems), written once: the processes' hooks of that transition run around the insert.
     */
    private async newCart(ctx: RequestContext): Promise<Order | undefined> {
        const { orderCodeStrategy, process } = this.config.orderOptions;
        const order = new Order({
            type: 'Regular' as Order['type'],
            code: await orderCodeStrategy.generate(ctx),
            state: 'Created',
            active: true,
            lines: [],
            surcharges: [],
            shippingLines: [],
            couponCodes: [],
            modifications: [],
            shippingAddress: {},
            billingAddress: {},
            subTotal: 0,
            subTotalWithTax: 0,
            shipping: 0,
            shippingWithTax: 0,
            currencyCode: ctx.currencyCode,
        });
        await this.channels.assignToCurrentChannel(order, ctx);
        const data = { ctx, order };
        for (const p of process) {
            const refused = await p.onTransitionStart?.('Created', 'AddingItems', data as never);
            if (refused === false || typeof refused === 'string') return undefined;
        }
        order.state = 'AddingItems';
        await this.connection.getRepository(ctx, Order).save(order);
        await this.events.publish(new OrderEvent(ctx, order, 'created'));
        for (const p of process) await p.onTransitionEnd?.('Created', 'AddingItems', data as never);
        await this.events.publish(new OrderStateTransitionEvent('Created', 'AddingItems', ctx, order));
        // the session points at its cart (Vendure's SessionService.setActiveOrder reads the session first)
        const session = ctx.session!;
        await this.connection.getRepository(ctx, Session).update(session.id, { activeOrderId: order.id } as never);
        session.activeOrderId = order.id;
        await this.config.authOptions.sessionCacheStrategy.set({ ...session, activeOrderId: order.id });
        return order;
    }

    /**
     * The line added as Vendure's `addItemsToOrder` adds it, or undefined to let Vendure's path
     * answer (its error results).
     */
    private async addLine(
        ctx: RequestContext,
        order: Order,
        productVariantId: string,
        quantity: number,
        customFields: Record<string, unknown> | undefined,
    ): Promise<OrderLine | undefined> {
        const { orderItemsLimit, orderLineItemsLimit, orderInterceptors } = this.config.orderOptions;
        const existing = await this.modifier.getExistingOrderLine(ctx, order, productVariantId, customFields as never);
        const inOrder = order.lines.reduce((sum, l) => sum + l.quantity, 0);
        if (orderItemsLimit < inOrder + quantity || orderLineItemsLimit < (existing?.quantity ?? 0) + quantity) return;

        const variant = await this.connection
            .getRepository(ctx, ProductVariant)
            .createQueryBuilder('variant')
            .setFindOptions({
                relations: { product: true, productVariantPrices: true, taxCategory: true },
                loadEagerRelations: false,
                where: { id: productVariantId, enabled: true, deletedAt: IsNull() },
            })
            .innerJoin('variant.channels', 'variantChannel', 'variantChannel.id = :channelId', { channelId: ctx.channelId })
            .getOne();
        if (!variant || variant.product.enabled === false) return;

        const existingQuantity = existing?.quantity ?? 0;
        const inOtherLines = order.lines
            .filter(l => String(l.productVariantId) === String(productVariantId) && l.id !== existing?.id)
            .reduce((sum, l) => sum + l.quantity, 0);
        const saleable = await this.modifier.constrainQuantityToSaleable(ctx, variant, quantity, existingQuantity, inOtherLines);
        if (saleable !== existingQuantity + quantity) return;
        for (const interceptor of orderInterceptors) {
            const refused = await interceptor.willAddItemToOrder?.(ctx, order, { productVariant: variant, quantity, customFields });
            if (refused) return;
        }

        const lines = this.connection.getRepository(ctx, OrderLine);
        if (existing) {
            existing.quantity = existingQuantity + quantity;
            await lines.update(existing.id, { quantity: existing.quantity });
            await this.events.publish(new OrderLineEvent(ctx, order, existing, 'updated'));
            return existing;
        }
        const priced = await this.variants.applyChannelPriceAndTax(variant, ctx, order);
        const featuredAssetId = priced.featuredAssetId ?? priced.product.featuredAssetId;
        const line = await lines.save(
            new OrderLine({
                order: { id: order.id } as Order,
                productVariant: priced,
                taxCategory: priced.taxCategory,
                featuredAsset: featuredAssetId ? ({ id: featuredAssetId } as OrderLine['featuredAsset']) : undefined,
                listPrice: priced.listPrice,
                listPriceIncludesTax: priced.listPriceIncludesTax,
                adjustments: [],
                taxLines: [],
                customFields,
                quantity,
            }),
        );
        await this.customFieldRelations.updateRelations(ctx, OrderLine, { customFields }, line);
        order.lines.push(line);
        await this.events.publish(new OrderLineEvent(ctx, order, line, 'created'));
        await this.events.publish(new OrderLineEvent(ctx, order, line, 'updated'));
        return line;
    }
}
