import { MigrationInterface, QueryRunner } from 'typeorm';

/** Decision 117: invoices on their way to KSeF (KsefSubmission), one row per invoice number. */
export class KsefSubmissions1795960000000 implements MigrationInterface {
    public async up(queryRunner: QueryRunner): Promise<any> {
        await queryRunner.query(
            `CREATE TABLE "ksef_submission" ("createdAt" TIMESTAMP NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP NOT NULL DEFAULT now(), "key" character varying(64) NOT NULL, "invoiceXml" text NOT NULL, "invoiceHash" character varying(44) NOT NULL, "state" character varying(10) NOT NULL DEFAULT 'waiting', "attempts" integer NOT NULL DEFAULT '0', "nextAttemptAt" TIMESTAMP, "leaseUntil" TIMESTAMP, "sessionReferenceNumber" character varying(36), "invoiceReferenceNumber" character varying(36), "ksefNumber" character varying(36), "acceptedAt" TIMESTAMP, "upoXml" text, "rejectionCode" integer, "rejectionReason" text, "lastError" text, "id" SERIAL NOT NULL, CONSTRAINT "PK_163af6d02029321dda12cd69cf4" PRIMARY KEY ("id"))`,
            undefined,
        );
        await queryRunner.query(`CREATE UNIQUE INDEX "IDX_c077aca506892db3d236add28d" ON "ksef_submission" ("key") `, undefined);
        await queryRunner.query(`CREATE INDEX "IDX_5a0c900fc9238d1dc4ce9ace66" ON "ksef_submission" ("state") `, undefined);
        await queryRunner.query(`CREATE INDEX "IDX_111de6269ca89b946076159c31" ON "ksef_submission" ("nextAttemptAt") `, undefined);
    }

    public async down(queryRunner: QueryRunner): Promise<any> {
        await queryRunner.query(`DROP INDEX "public"."IDX_111de6269ca89b946076159c31"`, undefined);
        await queryRunner.query(`DROP INDEX "public"."IDX_5a0c900fc9238d1dc4ce9ace66"`, undefined);
        await queryRunner.query(`DROP INDEX "public"."IDX_c077aca506892db3d236add28d"`, undefined);
        await queryRunner.query(`DROP TABLE "ksef_submission"`, undefined);
    }
}
