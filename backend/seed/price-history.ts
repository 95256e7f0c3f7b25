import { INestApplication } from '@nestjs/common';

/** Seeds the Omnibus price history (phase 2). */
export async function seedPriceHistory(app: INestApplication, now: Date): Promise<void> {
    void app;
    void now;
}
