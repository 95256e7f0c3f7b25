import { DeepPartial, VendureEntity } from '@vendure/core';
import { Column, Entity, Index } from 'typeorm';

/** One address on the newsletter list: pending until its owner follows the opt-in link, then confirmed. */
@Entity()
export class NewsletterSubscription extends VendureEntity {
    constructor(input?: DeepPartial<NewsletterSubscription>) {
        super(input);
    }

    /** Trimmed and lower-cased, so one address is one row however it was typed. */
    @Index({ unique: true })
    @Column('varchar', { length: 254 })
    emailAddress: string;

    @Column('varchar', { length: 16 })
    status: 'pending' | 'confirmed';

    /** The opt-in link's secret. */
    @Index({ unique: true })
    @Column('varchar', { length: 64 })
    token: string;

    /** When the shopper ticked the consent (proof of consent). */
    @Column({ type: Date })
    consentedAt: Date;

    @Column({ type: Date, nullable: true })
    confirmedAt: Date | null;

    /** When the last opt-in e-mail went out (resends are throttled). */
    @Column({ type: Date, nullable: true })
    lastMailAt: Date | null;

    /** The signed-in customer who subscribed, whose `newsletter` flag follows the confirmation. */
    @Column('int', { nullable: true })
    customerId: number | null;
}
