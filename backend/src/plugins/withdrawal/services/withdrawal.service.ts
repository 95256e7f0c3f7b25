import { Injectable } from '@nestjs/common';
import { EventBus, ForbiddenError, type ID, Order, type RequestContext, TransactionalConnection, UserInputError } from '@vendure/core';
import { BOUNDS } from '../../../input-bounds';
import { lookupEmail, lookupEmailValid, placedWith, polishName } from '../../../order-lookup';
import { deliveredAtOf } from '../../fulfilment/fulfilment.rules';
import { Withdrawal, type WithdrawnLine } from '../entities/withdrawal.entity';
import { WithdrawalReceivedEvent } from '../events/withdrawal-received.event';
import {
    type LineChoices,
    WITHDRAWABLE_STATES,
    pastDeadline,
    personalisedReason,
    polishDateTime,
    withdrawalDeadline,
} from '../withdrawal.rules';

export interface WithdrawalLineView {
    orderLineId: ID;
    productName: string;
    variantName: string;
    quantity: number;
    eligible: boolean;
    reason: string | null;
    withdrawnAt: Date | null;
}

export interface WithdrawalOrderView {
    code: string;
    orderPlacedAt: Date | null;
    deliveredAt: Date | null;
    deadline: Date | null;
    /** false: cancelled, not placed, or past the deadline (`reason` says which) */
    open: boolean;
    reason: string | null;
    lines: WithdrawalLineView[];
}

export const NOT_FOUND = 'Nie znaleźliśmy zamówienia o tym numerze i adresie e-mail. Sprawdź oba i spróbuj ponownie.';

@Injectable()
export class WithdrawalService {
    constructor(
        private connection: TransactionalConnection,
        private eventBus: EventBus,
    ) {}

    /**
     * The order of this code and e-mail address, or undefined (also for a wrong pair: the answer
     * never tells whether the code exists). A signed-in customer asking for another customer's
     * order gets FORBIDDEN and nothing else.
     */
    private async order(ctx: RequestContext, code: string, emailAddress: string): Promise<Order | undefined> {
        // bounded first (the resolver already refused longer values; this keeps the service safe on its own)
        if (code.length > BOUNDS.orderCode || emailAddress.length > BOUNDS.email) return undefined;
        const email = lookupEmail(emailAddress);
        if (!code.trim() || !lookupEmailValid(email)) return undefined;
        const order = await this.connection.getRepository(ctx, Order).findOne({
            where: { code: code.trim().toUpperCase() },
            relations: {
                customer: { user: true },
                lines: { productVariant: { translations: true, product: { translations: true } } },
                fulfillments: true,
            },
        });
        if (!order || !placedWith(order, email)) return undefined;
        if (ctx.activeUserId && order.customer.user && String(order.customer.user.id) !== String(ctx.activeUserId))
            throw new ForbiddenError();
        return order;
    }

    private async withdrawn(ctx: RequestContext, orderId: ID): Promise<Map<number, Date>> {
        const rows = await this.connection.getRepository(ctx, Withdrawal).find({ where: { orderId: Number(orderId) } });
        const map = new Map<number, Date>();
        for (const row of rows) for (const line of row.lines) map.set(line.orderLineId, row.createdAt);
        return map;
    }

    private async view(ctx: RequestContext, order: Order, now = new Date()): Promise<WithdrawalOrderView> {
        const delivered = (order.fulfillments ?? []).map(deliveredAtOf).flatMap(d => (d ? [d.getTime()] : []));
        const deliveredAt = delivered.length ? new Date(Math.max(...delivered)) : null;
        const deadline = withdrawalDeadline(deliveredAt);
        const withdrawn = await this.withdrawn(ctx, order.id);
        let reason: string | null = null;
        if (!WITHDRAWABLE_STATES.has(order.state))
            reason = 'Od tego zamówienia nie można odstąpić: zostało anulowane albo nie zostało jeszcze złożone.';
        else if (pastDeadline(deadline, now)) reason = `Termin na odstąpienie od umowy minął ${polishDateTime(deadline!)}.`;
        const lines = [...order.lines]
            .sort((a, b) => Number(a.id) - Number(b.id))
            .map(line => {
                const at = withdrawn.get(Number(line.id)) ?? null;
                const personal = personalisedReason(line.customFields as LineChoices);
                const lineReason = at ? `Od tej pozycji już odstąpiono (${polishDateTime(at)}).` : personal;
                return {
                    orderLineId: line.id,
                    productName: polishName(line.productVariant.product?.translations),
                    variantName: polishName(line.productVariant.translations),
                    quantity: line.quantity,
                    eligible: !reason && !lineReason,
                    reason: lineReason,
                    withdrawnAt: at,
                };
            });
        return { code: order.code, orderPlacedAt: order.orderPlacedAt ?? null, deliveredAt, deadline, open: !reason, reason, lines };
    }

    async findForWithdrawal(ctx: RequestContext, code: string, emailAddress: string): Promise<WithdrawalOrderView | null> {
        const order = await this.order(ctx, code, emailAddress);
        return order ? this.view(ctx, order) : null;
    }

    async request(
        ctx: RequestContext,
        input: { code: string; emailAddress: string; name: string; orderLineIds: ID[] },
    ): Promise<Withdrawal> {
        if (input.name.length > BOUNDS.name) throw new UserInputError('Podaj imię i nazwisko (od 2 do 200 znaków).');
        const name = input.name.trim();
        if (name.length < 2 || name.length > 200) throw new UserInputError('Podaj imię i nazwisko (od 2 do 200 znaków).');
        const ids = [...new Set(input.orderLineIds.map(Number))].filter(n => Number.isInteger(n) && n > 0).sort((a, b) => a - b);
        if (!ids.length || ids.length !== input.orderLineIds.length)
            throw new UserInputError('Wybierz co najmniej jedną pozycję zamówienia.');
        const order = await this.order(ctx, input.code, input.emailAddress);
        if (!order) throw new UserInputError(NOT_FOUND);
        const linesKey = ids.join(',');
        const view = await this.view(ctx, order);
        // idempotent: the same lines of the same order already recorded, also a moment ago by a
        // concurrent submit (looked up after the view, which may already show them withdrawn)
        const existing = await this.connection.getRepository(ctx, Withdrawal).findOne({ where: { orderId: Number(order.id), linesKey } });
        if (existing) return existing;
        if (!view.open) throw new UserInputError(view.reason!);
        const chosen: WithdrawnLine[] = [];
        for (const id of ids) {
            const line = view.lines.find(l => Number(l.orderLineId) === id);
            if (!line) throw new UserInputError('Wybierz pozycje z tego zamówienia.');
            if (!line.eligible) throw new UserInputError(`„${line.variantName || line.productName}”: ${line.reason}`);
            chosen.push({ orderLineId: id, productName: line.variantName || line.productName, quantity: line.quantity });
        }
        let saved: Withdrawal;
        try {
            saved = await this.connection.getRepository(ctx, Withdrawal).save(
                new Withdrawal({
                    orderId: Number(order.id),
                    orderCode: order.code,
                    name,
                    emailAddress: order.customer!.emailAddress,
                    lines: chosen,
                    linesKey,
                }),
            );
        } catch (e) {
            // the same submit at the same moment (the unique index): the first one stands
            const first = await this.connection.rawConnection
                .getRepository(Withdrawal)
                .findOne({ where: { orderId: Number(order.id), linesKey } });
            if (first) return first;
            throw e;
        }
        await this.eventBus.publish(new WithdrawalReceivedEvent(ctx, saved));
        return saved;
    }

    async list(ctx: RequestContext, skip = 0, take = 50): Promise<{ items: Withdrawal[]; totalItems: number }> {
        const [items, totalItems] = await this.connection.getRepository(ctx, Withdrawal).findAndCount({
            order: { createdAt: 'DESC', id: 'DESC' },
            skip: Math.max(0, skip),
            take: Math.min(100, Math.max(1, take)),
        });
        return { items, totalItems };
    }

    async setState(ctx: RequestContext, id: ID, state: string): Promise<Withdrawal> {
        if (!['received', 'accepted'].includes(state)) throw new UserInputError('Stan musi mieć wartość received albo accepted.');
        const repo = this.connection.getRepository(ctx, Withdrawal);
        const row = await repo.findOne({ where: { id } });
        if (!row) throw new UserInputError('Nie ma takiego odstąpienia.');
        row.state = state;
        return repo.save(row);
    }
}
