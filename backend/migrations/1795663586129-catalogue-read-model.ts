import {MigrationInterface, QueryRunner} from "typeorm";

export class CatalogueReadModel1795663586129 implements MigrationInterface {

   public async up(queryRunner: QueryRunner): Promise<any> {
        await queryRunner.query(`CREATE TABLE "product_document" ("createdAt" TIMESTAMP NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP NOT NULL DEFAULT now(), "channelId" integer NOT NULL, "productId" integer NOT NULL, "slug" character varying(255) NOT NULL, "card" text NOT NULL, "page" text NOT NULL, "id" SERIAL NOT NULL, CONSTRAINT "PK_5f6528e93f0d56747efb68abc4b" PRIMARY KEY ("id"))`, undefined);
        await queryRunner.query(`CREATE INDEX "IDX_f4eee5f9017d6402c968170845" ON "product_document" ("channelId", "slug") `, undefined);
        await queryRunner.query(`CREATE UNIQUE INDEX "IDX_d7922cc958f6dc5a4c0ee2c1c3" ON "product_document" ("channelId", "productId") `, undefined);
   }

   public async down(queryRunner: QueryRunner): Promise<any> {
        await queryRunner.query(`DROP INDEX "public"."IDX_d7922cc958f6dc5a4c0ee2c1c3"`, undefined);
        await queryRunner.query(`DROP INDEX "public"."IDX_f4eee5f9017d6402c968170845"`, undefined);
        await queryRunner.query(`DROP TABLE "product_document"`, undefined);
   }

}
