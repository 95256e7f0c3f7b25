/**
 * Vendure's worker of the production profile: runs the jobs the API servers queue in Redis
 * (BullMQ): search index, collections, mail, plugin jobs. Stopping it only delays jobs; they wait
 * in Redis until a worker is back.
 *   node backend/dist/src/production/job-worker.js   (env: see src/env.ts; WORKER_HEALTH_PORT)
 * Prints `WORKER READY http://host:port/health` once it takes jobs.
 */
process.env.VENDURE_DISABLE_TELEMETRY = 'true';

import * as http from 'http';
import { bootstrapWorker } from '@vendure/core';
import { ConfigError, readEnv } from '../env';
import { ProductDocumentsService } from '../plugins/catalogue/services/product-documents.service';
import { ServiceHealthService } from '../plugins/service-health/service-health.plugin';
import { makeConfig } from '../vendure-config';
import { onStop, requireMigrated } from './api-server';

/**
 * The worker's health port: `/health` (it runs: 200) and, as on the API servers, `/health/services`
 * (PostgreSQL and Redis answering: 200, or 503 naming the lost one; decision 114).
 */
function startHealthServer(health: ServiceHealthService, host: string, port: number): Promise<void> {
    const server = http.createServer((req, res) => {
        const path = (req.url ?? '').split('?')[0];
        const send = (status: number, body: unknown) => {
            res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
            res.end(JSON.stringify(body));
        };
        if (req.method !== 'GET') return send(405, { status: 'error', message: 'GET only' });
        if (path === '/health') return send(200, { status: 'ok' });
        if (path === '/health/services')
            return void health.report().then(
                r => send(r.status === 'ok' ? 200 : 503, r),
                (e: Error) => send(503, { status: 'degraded', message: e.message }),
            );
        send(404, { status: 'error', message: 'not found' });
    });
    server.unref();
    return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve());
    });
}

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
    if (port) await startHealthServer(worker.app.get(ServiceHealthService), env.host, port);
    onStop(() => worker.app.close());
    process.stdout.write(`WORKER READY ${port ? `http://${env.host}:${port}/health` : '(no health port)'} pid=${process.pid}\n`);
}

if (require.main === module) {
    main().catch(err => {
        process.stderr.write(`[worker] start failed: ${err instanceof ConfigError ? err.message : (err?.stack ?? err)}\n`);
        process.exit(1);
    });
}
