import { DeepPartial, VendureEntity } from '@vendure/core';
import { Column, Entity, Index } from 'typeorm';

/**
 * The order's InPost ShipX shipment (decision 113): one per order (the unique index makes a second
 * "create" for the order fail before anything is sent to ShipX). `shipmentId` is null while the
 * request to ShipX is under way; the status and number are ShipX's as last read from ShipX itself
 * (never from a webhook's body).
 */
@Entity()
export class InpostShipment extends VendureEntity {
    constructor(input?: DeepPartial<InpostShipment>) {
        super(input);
    }

    @Index({ unique: true })
    @Column('int')
    orderId: number;

    @Column('varchar', { length: 64 })
    orderCode: string;

    /** ShipX's shipment id; null while it is being created */
    @Index({ unique: true })
    @Column('int', { nullable: true })
    shipmentId: number | null;

    /** ShipX's status (`pending` before ShipX answered) */
    @Column('varchar', { length: 40, default: 'pending' })
    status: string;

    @Column('varchar', { length: 40, nullable: true })
    trackingNumber: string | null;

    /** gabaryt A, B or C */
    @Column('varchar', { length: 1 })
    size: string;

    @Column('varchar', { length: 20 })
    targetPoint: string;

    /** ShipX's dispatch order (the courier's pickup) this parcel is in; 0 while it is being ordered, null: none */
    @Column('int', { nullable: true })
    dispatchOrderId: number | null;

    /** the Vendure fulfilment carrying the tracking number (0 while one is being created) */
    @Column('int', { nullable: true })
    fulfillmentId: number | null;
}
