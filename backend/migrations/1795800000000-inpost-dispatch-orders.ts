import { MigrationInterface, QueryRunner } from 'typeorm';

/** Decision 113 (amended): the ShipX dispatch order (courier pickup) a parcel is in. */
export class InpostDispatchOrders1795800000000 implements MigrationInterface {
    public async up(queryRunner: QueryRunner): Promise<any> {
        await queryRunner.query(`ALTER TABLE "inpost_shipment" ADD "dispatchOrderId" integer`, undefined);
    }

    public async down(queryRunner: QueryRunner): Promise<any> {
        await queryRunner.query(`ALTER TABLE "inpost_shipment" DROP COLUMN "dispatchOrderId"`, undefined);
    }
}
