/**
 * Vendure's worker of the production profile: runs the jobs the API servers queue in Redis
 * (BullMQ): search index, collections, mail, plugin jobs. Stopping it only delays jobs; they wait
 * in Redis until a worker is back.
 *   node backend/dist/src/production/job-worker.js   (env: see src/env.ts; WORKER_HEALTH_PORT)
 * Prints `WORKER READY http://host:port/health` once it takes jobs.
 */
process.env.VENDURE_DISABLE_TELEMETRY = 'true';

import { bootstrapWorker } from '@vendure/core';
import { ConfigError, readEnv } from '../env';
import { ProductDocumentsService } from '../plugins/catalogue/services/product-documents.service';
import { makeConfig } from '../vendure-config';
import { onStop, requireMigrated } from './api-server';

async function main() {
    const env = readEnv();
    if (!env.redis) throw new ConfigError('REDIS_URL must be set: the worker takes its jobs from Redis');
    await requireMigrated(env);
    const worker = await bootstrapWorker(makeConfig(env, { synchronize: false }));
    await worker.startJobQueue();
    // the catalogue read model current (empty after the migration that creates it, or built by an older release)
    // a failure here leaves the documents as they are (each product is still built when asked for): logged, not fatal
    const rebuilt = await worker.app
        .get(ProductDocumentsService)
        .rebuildIfStale()
        .catch((err: Error) => void process.stderr.write(`[worker] catalogue read model check failed: ${err.message}\n`));
    if (rebuilt) process.stdout.write(`catalogue read model rebuilt: ${rebuilt.length} product document(s) changed\n`);
    const port = Number(process.env.WORKER_HEALTH_PORT || 0);
    if (port) await worker.startHealthCheckServer({ hostname: env.host, port });
    onStop(() => worker.app.close());
    process.stdout.write(`WORKER READY ${port ? `http://${env.host}:${port}/health` : '(no health port)'} pid=${process.pid}\n`);
}

if (require.main === module) {
    main().catch(err => {
        process.stderr.write(`[worker] start failed: ${err instanceof ConfigError ? err.message : (err?.stack ?? err)}\n`);
        process.exit(1);
    });
}
