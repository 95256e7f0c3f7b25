import {MigrationInterface, QueryRunner} from "typeorm";

export class InpostShipments1795700000000 implements MigrationInterface {

   public async up(queryRunner: QueryRunner): Promise<any> {
        await queryRunner.query(`CREATE TABLE "inpost_shipment" ("createdAt" TIMESTAMP NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP NOT NULL DEFAULT now(), "orderId" integer NOT NULL, "orderCode" character varying(64) NOT NULL, "shipmentId" integer, "status" character varying(40) NOT NULL DEFAULT 'pending', "trackingNumber" character varying(40), "size" character varying(1) NOT NULL, "targetPoint" character varying(20) NOT NULL, "fulfillmentId" integer, "id" SERIAL NOT NULL, CONSTRAINT "PK_5fdfefc7032d684115197382ee0" PRIMARY KEY ("id"))`, undefined);
        await queryRunner.query(`CREATE UNIQUE INDEX "IDX_4e185e455930c5e28294b9c2dd" ON "inpost_shipment" ("orderId") `, undefined);
        await queryRunner.query(`CREATE UNIQUE INDEX "IDX_805fbc6fdc88d0d2b447da36a2" ON "inpost_shipment" ("shipmentId") `, undefined);
   }

   public async down(queryRunner: QueryRunner): Promise<any> {
        await queryRunner.query(`DROP INDEX "public"."IDX_805fbc6fdc88d0d2b447da36a2"`, undefined);
        await queryRunner.query(`DROP INDEX "public"."IDX_4e185e455930c5e28294b9c2dd"`, undefined);
        await queryRunner.query(`DROP TABLE "inpost_shipment"`, undefined);
   }

}
