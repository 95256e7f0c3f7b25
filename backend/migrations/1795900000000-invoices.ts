import {MigrationInterface, QueryRunner} from "typeorm";

/** Issue 40, decision 116: the issued invoices and the counters of their yearly series. */
export class Invoices1795900000000 implements MigrationInterface {

   public async up(queryRunner: QueryRunner): Promise<any> {
        await queryRunner.query(`CREATE TABLE "invoice" ("createdAt" TIMESTAMP NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP NOT NULL DEFAULT now(), "orderId" integer NOT NULL, "orderCode" character varying(64) NOT NULL, "vatOrderId" integer, "kind" character varying(3) NOT NULL, "number" character varying(40) NOT NULL, "year" integer NOT NULL, "sequence" integer NOT NULL, "issueDate" character varying(10) NOT NULL, "saleDate" character varying(10) NOT NULL, "buyerName" character varying(512) NOT NULL, "buyerNip" character varying(10), "buyerAddress" character varying(600) NOT NULL, "totalNet" integer NOT NULL, "totalVat" integer NOT NULL, "totalGross" integer NOT NULL, "xml" text NOT NULL, "xmlSha256" character varying(43) NOT NULL, "ksef" boolean NOT NULL, "correctsId" integer, "id" SERIAL NOT NULL, CONSTRAINT "PK_15d25c200d9bcd8a33f698daf18" PRIMARY KEY ("id"))`, undefined);
        await queryRunner.query(`CREATE INDEX "IDX_f494ce6746b91e9ec9562af485" ON "invoice" ("orderId") `, undefined);
        await queryRunner.query(`CREATE UNIQUE INDEX "IDX_2c48363c4f43b02e48c9e5a95d" ON "invoice" ("vatOrderId") `, undefined);
        await queryRunner.query(`CREATE UNIQUE INDEX "IDX_60284980bc8b9c624459948f4a" ON "invoice" ("number") `, undefined);
        await queryRunner.query(`CREATE UNIQUE INDEX "IDX_e64395c7b78d91192124667b39" ON "invoice" ("kind", "year", "sequence") `, undefined);
        await queryRunner.query(`CREATE TABLE "invoice_counter" ("createdAt" TIMESTAMP NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP NOT NULL DEFAULT now(), "kind" character varying(3) NOT NULL, "year" integer NOT NULL, "last" integer NOT NULL, "id" SERIAL NOT NULL, CONSTRAINT "PK_4824560608e11b81debf3e225c2" PRIMARY KEY ("id"))`, undefined);
        await queryRunner.query(`CREATE UNIQUE INDEX "IDX_658e0f6a5249526271cc310a78" ON "invoice_counter" ("kind", "year") `, undefined);
   }

   public async down(queryRunner: QueryRunner): Promise<any> {
        await queryRunner.query(`DROP INDEX "public"."IDX_658e0f6a5249526271cc310a78"`, undefined);
        await queryRunner.query(`DROP TABLE "invoice_counter"`, undefined);
        await queryRunner.query(`DROP INDEX "public"."IDX_e64395c7b78d91192124667b39"`, undefined);
        await queryRunner.query(`DROP INDEX "public"."IDX_60284980bc8b9c624459948f4a"`, undefined);
        await queryRunner.query(`DROP INDEX "public"."IDX_2c48363c4f43b02e48c9e5a95d"`, undefined);
        await queryRunner.query(`DROP INDEX "public"."IDX_f494ce6746b91e9ec9562af485"`, undefined);
        await queryRunner.query(`DROP TABLE "invoice"`, undefined);
   }

}
