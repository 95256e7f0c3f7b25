import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * The searchable text of one product (all its translations): written by the
 * `polish-search-documents` job (services/search-documents.service.ts), read by every API
 * process into its in-memory matcher. `version` (ms since epoch of the write) with the row count
 * is the stamp by which a process notices another one changed the documents.
 */
@Entity('polish_search_document')
export class PolishSearchDocument {
    @PrimaryColumn({ type: 'integer' })
    productId!: number;

    /** channel ids, comma-separated */
    @Column({ type: 'varchar', length: 255 })
    channelIds!: string;

    @Column({ type: 'text' })
    name!: string;

    /** variant names and SKUs */
    @Column({ type: 'text' })
    variants!: string;

    /** names of the public collections its variants are in */
    @Column({ type: 'text' })
    collections!: string;

    /** names of its and its variants' facet values (colour, material…) */
    @Column({ type: 'text' })
    facets!: string;

    /** description as plain text */
    @Column({ type: 'text' })
    description!: string;

    /** DOCUMENT_BUILDER_VERSION of the code that wrote it; an older one makes the startup rebuild everything */
    @Column({ type: 'integer' })
    builderVersion!: number;

    @Index()
    @Column({ type: 'bigint' })
    version!: string;
}
