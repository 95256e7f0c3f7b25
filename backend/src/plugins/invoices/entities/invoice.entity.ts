import { DeepPartial, VendureEntity } from '@vendure/core';
import { Column, Entity, Index } from 'typeorm';

/**
 * An issued invoice (issue 40; decision 116): its number from an unbroken yearly series of its
 * kind (unique kind+year+sequence), the buyer and totals as issued, and the FA(3) XML byte for byte
 * (`xml`, with the SHA-256 of its UTF-8 bytes in base64url: the QR code's hash). One VAT invoice per
 * order (`vatOrderId`, unique; null for a correction, which may be several).
 */
@Entity()
@Index(['kind', 'year', 'sequence'], { unique: true })
export class Invoice extends VendureEntity {
    constructor(input?: DeepPartial<Invoice>) {
        super(input);
    }

    @Index()
    @Column('int')
    orderId: number;

    @Column('varchar', { length: 64 })
    orderCode: string;

    /** the order id again, for VAT invoices only: unique, so an order never gets two */
    @Index({ unique: true })
    @Column('int', { nullable: true })
    vatOrderId: number | null;

    /** VAT or KOR (a correction) */
    @Column('varchar', { length: 3 })
    kind: string;

    /** FV/2026/000123, FK/2026/000001 */
    @Index({ unique: true })
    @Column('varchar', { length: 40 })
    number: string;

    @Column('int')
    year: number;

    @Column('int')
    sequence: number;

    /** P_1, YYYY-MM-DD (Warsaw) */
    @Column('varchar', { length: 10 })
    issueDate: string;

    /** P_6: the date the whole payment was received, YYYY-MM-DD (Warsaw) */
    @Column('varchar', { length: 10 })
    saleDate: string;

    @Column('varchar', { length: 512 })
    buyerName: string;

    /** the buyer's NIP; null: a consumer (Podmiot2/BrakID) */
    @Column('varchar', { length: 10, nullable: true })
    buyerNip: string | null;

    @Column('varchar', { length: 600 })
    buyerAddress: string;

    /** grosze */
    @Column('int')
    totalNet: number;

    @Column('int')
    totalVat: number;

    @Column('int')
    totalGross: number;

    /** the FA(3) XML exactly as issued */
    @Column('text')
    xml: string;

    /** SHA-256 of the XML's UTF-8 bytes, base64url (KSeF's invoice hash, the QR code's) */
    @Column('varchar', { length: 43 })
    xmlSha256: string;

    /** true when the buyer has a NIP: the invoice goes to KSeF */
    @Column('boolean')
    ksef: boolean;

    /** the invoice a correction corrects */
    @Column('int', { nullable: true })
    correctsId: number | null;

    /** a correction's settled refund (decision 120): unique, so a refund never gets two corrections */
    @Index({ unique: true })
    @Column('int', { nullable: true })
    refundId: number | null;
}
