import { DeepPartial, VendureEntity } from '@vendure/core';
import { Column, Entity, Index } from 'typeorm';

/** One price of a variant in a channel and currency, from `validFrom` until the next entry. */
@Entity()
@Index(['variantId', 'channelId', 'currencyCode', 'validFrom'])
export class PriceHistoryEntry extends VendureEntity {
    constructor(input?: DeepPartial<PriceHistoryEntry>) {
        super(input);
    }

    @Column('int')
    variantId: number;

    @Column('int')
    channelId: number;

    @Column('varchar', { length: 3 })
    currencyCode: string;

    /** the price as stored on the variant (gross when the channel has pricesIncludeTax) */
    @Column('int')
    price: number;

    /** from when this price applied */
    @Column({ type: Date })
    validFrom: Date;
}
