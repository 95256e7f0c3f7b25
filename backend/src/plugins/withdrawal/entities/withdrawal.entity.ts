import { DeepPartial, VendureEntity } from '@vendure/core';
import { Column, Entity, Index } from 'typeorm';

export interface WithdrawnLine {
    orderLineId: number;
    productName: string;
    quantity: number;
}

/**
 * A received declaration of withdrawal (issue 24): what the shop must keep and act on. One row per
 * order and set of lines: a double submit (two tabs, a retried request) meets the unique index and
 * gets the first row back.
 */
@Entity()
@Index(['orderId', 'linesKey'], { unique: true })
export class Withdrawal extends VendureEntity {
    constructor(input?: DeepPartial<Withdrawal>) {
        super(input);
    }

    @Index()
    @Column('int')
    orderId: number;

    @Column('varchar', { length: 64 })
    orderCode: string;

    @Column('varchar', { length: 200 })
    name: string;

    @Column('varchar', { length: 254 })
    emailAddress: string;

    @Column('simple-json')
    lines: WithdrawnLine[];

    /** the withdrawn order-line ids, sorted and joined: the idempotency key with orderId */
    @Column('varchar', { length: 500 })
    linesKey: string;

    /** `received` (new), `accepted` (goods expected back / refunded by staff) */
    @Column('varchar', { length: 16, default: 'received' })
    state: string;
}
