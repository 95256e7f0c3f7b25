/**
 * The catalogue read model in full (decision 108), on the database of the environment (SQLite at
 * DB_PATH, or DATABASE_URL):
 *   node backend/dist/src/production/read-model.js rebuild   build every product's document again; prints the count changed
 *   node backend/dist/src/production/read-model.js check     compare every stored document with one built from the live
 *                                                           entities; exit 1 listing the products that differ
 * (`npm run catalogue -- rebuild|check` builds first.) Exits 1 with one line on failure.
 */
process.env.VENDURE_DISABLE_TELEMETRY = 'true';

import { bootstrapWorker } from '@vendure/core';
import { ConfigError, readEnv } from '../env';
import { ProductDocumentsService } from '../plugins/catalogue/services/product-documents.service';
import { makeConfig } from '../vendure-config';

export async function catalogue(command: string): Promise<number> {
    if (command !== 'rebuild' && command !== 'check') throw new ConfigError(`unknown command "${command}" (rebuild, check)`);
    const env = readEnv();
    // jobs and mail play no part here; keep Redis and SMTP out of it (the documents are written directly)
    const worker = await bootstrapWorker(makeConfig({ ...env, redis: undefined, smtpUrl: '', logLevel: 'error' }, { synchronize: false }));
    try {
        const documents = worker.app.get(ProductDocumentsService);
        if (command === 'rebuild') {
            const changed = await documents.rebuildAll();
            process.stdout.write(`catalogue read model rebuilt: ${changed.length} product document(s) changed\n`);
            return 0;
        }
        const { checked, stale } = await documents.check();
        if (!stale.length) {
            process.stdout.write(`catalogue read model matches the live entities: ${checked} product(s) checked\n`);
            return 0;
        }
        process.stdout.write(
            `catalogue read model differs for ${stale.length} of ${checked} product(s): ${stale.join(', ')} (run "npm run catalogue -- rebuild")\n`,
        );
        return 1;
    } finally {
        await worker.app.close();
    }
}

if (require.main === module) {
    catalogue(process.argv[2] ?? '')
        .then(code => process.exit(code))
        .catch(err => {
            process.stderr.write(`[catalogue] ${err instanceof ConfigError ? err.message : (err?.stack ?? err)}\n`);
            process.exit(1);
        });
}
