import { DeepPartial, VendureEntity } from '@vendure/core';
import { Column, Entity, Index } from 'typeorm';

/**
 * The last number taken in one yearly series of one kind (decision 116). Incremented with an
 * upsert in the transaction that inserts the invoice: PostgreSQL locks the row until that
 * transaction ends (a second server waits, then reads the committed value), SQLite has one writer;
 * a failed issue rolls the increment back with the invoice.
 */
@Entity()
@Index(['kind', 'year'], { unique: true })
export class InvoiceCounter extends VendureEntity {
    constructor(input?: DeepPartial<InvoiceCounter>) {
        super(input);
    }

    @Column('varchar', { length: 3 })
    kind: string;

    @Column('int')
    year: number;

    @Column('int')
    last: number;
}
