import { DeepPartial, VendureEntity } from '@vendure/core';
import { Column, Entity, Index } from 'typeorm';

export const KSEF_STATES = ['waiting', 'sending', 'accepted', 'rejected'] as const;
export type KsefState = (typeof KSEF_STATES)[number];

/**
 * One invoice's way to KSeF (decision 117): one row per key (the invoice number; the unique index
 * makes a second enqueue a no-op), the exact XML sent, KSeF's reference numbers as soon as KSeF gave
 * them (so an interrupted attempt is looked up, not sent again), and the outcome: the KSeF number
 * and UPO, or KSeF's rejection code and reason.
 */
@Entity()
export class KsefSubmission extends VendureEntity {
    constructor(input?: DeepPartial<KsefSubmission>) {
        super(input);
    }

    /** the invoice number (e.g. FV/2026/000123) */
    @Index({ unique: true })
    @Column('varchar', { length: 64 })
    key: string;

    /** the FA(3) XML, byte for byte what is sent (UTF-8) */
    @Column('text')
    invoiceXml: string;

    /** SHA-256 of the XML, base64 (KSeF's invoiceHash) */
    @Column('varchar', { length: 44 })
    invoiceHash: string;

    @Index()
    @Column('varchar', { length: 10, default: 'waiting' })
    state: string;

    @Column('int', { default: 0 })
    attempts: number;

    /** when a waiting submission is next tried */
    @Index()
    @Column({ type: Date, nullable: true })
    nextAttemptAt: Date | null;

    /** while `sending`: until when the attempt holds it (a crashed attempt's row is taken over after) */
    @Column({ type: Date, nullable: true })
    leaseUntil: Date | null;

    /** KSeF's interactive session the invoice was sent in */
    @Column('varchar', { length: 36, nullable: true })
    sessionReferenceNumber: string | null;

    /** KSeF's reference number of the invoice */
    @Column('varchar', { length: 36, nullable: true })
    invoiceReferenceNumber: string | null;

    @Column('varchar', { length: 36, nullable: true })
    ksefNumber: string | null;

    @Column({ type: Date, nullable: true })
    acceptedAt: Date | null;

    @Column('text', { nullable: true })
    upoXml: string | null;

    /** KSeF's status or exception code of the rejection */
    @Column('int', { nullable: true })
    rejectionCode: number | null;

    /** KSeF's description and details of the rejection (Polish, as KSeF gives them) */
    @Column('text', { nullable: true })
    rejectionReason: string | null;

    /** why the last attempt did not finish (KSeF unreachable, maintenance, …) */
    @Column('text', { nullable: true })
    lastError: string | null;
}
