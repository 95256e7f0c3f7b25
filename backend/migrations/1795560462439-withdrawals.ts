import {MigrationInterface, QueryRunner} from "typeorm";

export class Withdrawals1795560462439 implements MigrationInterface {

   public async up(queryRunner: QueryRunner): Promise<any> {
        await queryRunner.query(`CREATE TABLE "withdrawal" ("createdAt" TIMESTAMP NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP NOT NULL DEFAULT now(), "orderId" integer NOT NULL, "orderCode" character varying(64) NOT NULL, "name" character varying(200) NOT NULL, "emailAddress" character varying(254) NOT NULL, "lines" text NOT NULL, "linesKey" character varying(500) NOT NULL, "state" character varying(16) NOT NULL DEFAULT 'received', "id" SERIAL NOT NULL, CONSTRAINT "PK_840e247aaad3fbd4e18129122a2" PRIMARY KEY ("id"))`, undefined);
        await queryRunner.query(`CREATE INDEX "IDX_d437824745a5a31e0257c5d65d" ON "withdrawal" ("orderId") `, undefined);
        await queryRunner.query(`CREATE UNIQUE INDEX "IDX_4fbc9e85202c949b86c0b32687" ON "withdrawal" ("orderId", "linesKey") `, undefined);
   }

   public async down(queryRunner: QueryRunner): Promise<any> {
        await queryRunner.query(`DROP INDEX "public"."IDX_4fbc9e85202c949b86c0b32687"`, undefined);
        await queryRunner.query(`DROP INDEX "public"."IDX_d437824745a5a31e0257c5d65d"`, undefined);
        await queryRunner.query(`DROP TABLE "withdrawal"`, undefined);
   }

}
