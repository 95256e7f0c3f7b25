import { Injectable } from '@nestjs/common';
import { Customer, EventBus, RequestContext, TransactionalConnection, UserInputError } from '@vendure/core';
import { randomBytes } from 'crypto';
import { NewsletterSubscription } from '../entities/newsletter-subscription.entity';
import { NewsletterOptInEvent } from '../events/newsletter-opt-in.event';
import { RESEND_INTERVAL_MS, TOKEN_TTL_MS } from '../newsletter.constants';
import type { ConfirmStatus, SubscribeStatus } from '../types';
import { BOUNDS, looksLikeEmail } from '../../../input-bounds';

const TOKEN = /^[0-9a-f]{48}$/;

/**
 * The newsletter list with double opt-in. Signing up is idempotent: the same address gives the
 * same row and token; a pending one is re-mailed at most every RESEND_INTERVAL_MS; a confirmed
 * one answers ALREADY_SUBSCRIBED. A signed-in customer subscribing their own (verified) account
 * address is confirmed at once; any confirmation sets the matching customer's `newsletter` flag.
 */
@Injectable()
export class NewsletterService {
    constructor(
        private connection: TransactionalConnection,
        private eventBus: EventBus,
    ) {}

    async subscribe(ctx: RequestContext, rawEmail: string, consent: boolean): Promise<SubscribeStatus> {
        if (rawEmail.length > BOUNDS.email) throw new UserInputError('Podaj poprawny adres e-mail.');
        const emailAddress = rawEmail.trim().toLowerCase();
        if (!looksLikeEmail(emailAddress)) throw new UserInputError('Podaj poprawny adres e-mail.');
        if (consent !== true) throw new UserInputError('Zapis do newslettera wymaga zgody.');
        const repo = this.connection.getRepository(ctx, NewsletterSubscription);
        const now = new Date();
        const customer = await this.activeCustomer(ctx);
        let row = await repo.findOne({ where: { emailAddress } });

        if (row?.status === 'confirmed') return 'ALREADY_SUBSCRIBED';
        const owner = await this.customerByEmail(ctx, emailAddress);
        if (!row && (owner?.customFields as { newsletter?: boolean } | undefined)?.newsletter === true) return 'ALREADY_SUBSCRIBED';

        row ??= new NewsletterSubscription({
            emailAddress,
            status: 'pending',
            token: randomBytes(24).toString('hex'),
            confirmedAt: null,
            lastMailAt: null,
            customerId: null,
        });
        row.consentedAt = now;
        if (customer) row.customerId = customer.id as number;

        if (customer && customer.emailAddress.toLowerCase() === emailAddress) {
            row.status = 'confirmed';
            row.confirmedAt = now;
            await repo.save(row);
            await this.flagCustomer(ctx, row);
            return 'SUBSCRIBED';
        }
        const due = !row.lastMailAt || now.getTime() - row.lastMailAt.getTime() >= RESEND_INTERVAL_MS || this.expired(row, now);
        if (this.expired(row, now)) row.token = randomBytes(24).toString('hex');
        if (due) row.lastMailAt = now;
        await repo.save(row);
        if (due) await this.eventBus.publish(new NewsletterOptInEvent(ctx, emailAddress, row.token));
        return 'CONFIRMATION_SENT';
    }

    async confirm(ctx: RequestContext, token: string): Promise<ConfirmStatus> {
        // bounded: the resolver refuses tokens over BOUNDS.token; the pattern is linear
        if (token.length > BOUNDS.token || !TOKEN.test(token)) return 'INVALID_TOKEN';
        const repo = this.connection.getRepository(ctx, NewsletterSubscription);
        const row = await repo.findOne({ where: { token } });
        if (!row) return 'INVALID_TOKEN';
        if (row.status === 'confirmed') return 'ALREADY_CONFIRMED';
        if (this.expired(row, new Date())) return 'INVALID_TOKEN';
        row.status = 'confirmed';
        row.confirmedAt = new Date();
        await repo.save(row);
        await this.flagCustomer(ctx, row);
        return 'CONFIRMED';
    }

    /** A pending opt-in link expires TOKEN_TTL_MS after the last e-mail (or the consent, before any). */
    private expired(row: NewsletterSubscription, now: Date): boolean {
        const from = row.lastMailAt ?? row.consentedAt;
        return row.status === 'pending' && !!from && now.getTime() - from.getTime() > TOKEN_TTL_MS;
    }

    /** Subscribers newest first, optionally of one status (Admin API; take capped at 500). */
    async list(
        ctx: RequestContext,
        status: string | null,
        skip: number,
        take: number,
    ): Promise<{ items: NewsletterSubscription[]; totalItems: number }> {
        if (status !== null && status !== 'pending' && status !== 'confirmed')
            throw new UserInputError('Stan musi mieć wartość pending albo confirmed.');
        const [items, totalItems] = await this.connection.getRepository(ctx, NewsletterSubscription).findAndCount({
            where: status === null ? {} : { status },
            order: { consentedAt: 'DESC', id: 'DESC' },
            skip: Math.max(0, skip),
            take: Math.min(Math.max(1, take), 500),
        });
        return { items, totalItems };
    }

    private async activeCustomer(ctx: RequestContext): Promise<Customer | undefined> {
        if (!ctx.activeUserId) return undefined;
        return (
            (await this.connection
                .getRepository(ctx, Customer)
                .findOne({ where: { user: { id: ctx.activeUserId }, deletedAt: undefined } })) ?? undefined
        );
    }

    private async customerByEmail(ctx: RequestContext, emailAddress: string): Promise<Customer | undefined> {
        const found = await this.connection
            .getRepository(ctx, Customer)
            .createQueryBuilder('customer')
            .where('LOWER(customer.emailAddress) = :emailAddress', { emailAddress })
            .andWhere('customer.deletedAt IS NULL')
            .getOne();
        return found ?? undefined;
    }

    /** Sets `newsletter` on the customer who subscribed, or on the customer owning the address. */
    private async flagCustomer(ctx: RequestContext, row: NewsletterSubscription): Promise<void> {
        const repo = this.connection.getRepository(ctx, Customer);
        const ids = new Set<number>();
        if (row.customerId) ids.add(row.customerId);
        const owner = await this.customerByEmail(ctx, row.emailAddress);
        if (owner) ids.add(owner.id as number);
        for (const id of ids) {
            // The custom field is typed per project (declaration merging), which this plugin does not do.
            await repo.update({ id }, { customFields: { newsletter: true } } as unknown as Parameters<typeof repo.update>[1]);
        }
    }
}
