import { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 43, decision 114: the keys of the e-mails sent, so a job run twice sends its message once (plugins/shop-mail/mail-once.ts). */
export class SentMail1795950000000 implements MigrationInterface {
    public async up(queryRunner: QueryRunner): Promise<any> {
        await queryRunner.query(
            `CREATE TABLE "sent_mail" ("key" character varying(36) NOT NULL, "state" character varying(10) NOT NULL, "subject" character varying(120) NOT NULL, "claimToken" character varying(36) NOT NULL, "claimedAt" TIMESTAMP NOT NULL, "sentAt" TIMESTAMP, CONSTRAINT "PK_sent_mail_key" PRIMARY KEY ("key"))`,
            undefined,
        );
        await queryRunner.query(`CREATE INDEX "IDX_sent_mail_claimedAt" ON "sent_mail" ("claimedAt") `, undefined);
    }

    public async down(queryRunner: QueryRunner): Promise<any> {
        await queryRunner.query(`DROP INDEX "public"."IDX_sent_mail_claimedAt"`, undefined);
        await queryRunner.query(`DROP TABLE "sent_mail"`, undefined);
    }
}
