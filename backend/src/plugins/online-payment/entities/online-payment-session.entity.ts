import { DeepPartial, VendureEntity } from '@vendure/core';
import { Column, Entity, Index } from 'typeorm';
import { SessionStatus } from '../types';

/** One registration of an order at the gateway (a retry registers a new one) and what became of it. */
@Entity()
export class OnlinePaymentSession extends VendureEntity {
    constructor(input?: DeepPartial<OnlinePaymentSession>) {
        super(input);
    }

    @Index({ unique: true })
    @Column()
    sessionId: string;

    @Index()
    @Column()
    orderId: number;

    @Column()
    orderCode: string;

    /** grosze, the order total when the session was registered */
    @Column()
    amount: number;

    @Column()
    currency: string;

    @Column('varchar')
    status: SessionStatus;

    @Column({ type: 'varchar', nullable: true })
    gatewayToken: string | null;

    /** the gateway's id of the paid transaction (unique: one transaction pays one order once) */
    @Index({ unique: true })
    @Column({ type: 'varchar', nullable: true })
    transactionId: string | null;

    @Column({ type: 'int', nullable: true })
    paymentId: number | null;
}
