import { MigrationInterface, QueryRunner } from 'typeorm';

/** Decision 120: a correcting invoice remembers the refund it corrects (unique: one correction per refund). */
export class InvoiceCorrections1795970000000 implements MigrationInterface {
    public async up(queryRunner: QueryRunner): Promise<any> {
        await queryRunner.query(`ALTER TABLE "invoice" ADD "refundId" integer`, undefined);
        await queryRunner.query(`CREATE UNIQUE INDEX "IDX_5e70265a1a2bd42315d4382aa3" ON "invoice" ("refundId") `, undefined);
    }

    public async down(queryRunner: QueryRunner): Promise<any> {
        await queryRunner.query(`DROP INDEX "public"."IDX_5e70265a1a2bd42315d4382aa3"`, undefined);
        await queryRunner.query(`ALTER TABLE "invoice" DROP COLUMN "refundId"`, undefined);
    }
}
