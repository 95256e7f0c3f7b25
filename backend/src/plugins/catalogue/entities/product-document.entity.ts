import { DeepPartial, VendureEntity } from '@vendure/core';
import { Column, Entity, Index } from 'typeorm';

/**
 * The catalogue read model: what a product card and a product page show of one enabled product in
 * one channel, precomputed (services/product-documents.service.ts) and read in one statement.
 * Prices are those of the channel's default tax zone, texts those of the default language: the
 * storefront asks for catalogue data without a session.
 */
@Entity()
@Index(['channelId', 'productId'], { unique: true })
@Index(['channelId', 'slug'])
export class ProductDocument extends VendureEntity {
    constructor(input?: DeepPartial<ProductDocument>) {
        super(input);
    }

    @Column('int')
    channelId: number;

    @Column('int')
    productId: number;

    @Column('varchar', { length: 255 })
    slug: string;

    /** JSON of a CatalogueCard (api/catalogue.api-extensions.ts), asset paths relative */
    @Column('text')
    card: string;

    /** JSON of a CatalogueProduct, asset paths relative */
    @Column('text')
    page: string;
}
