/**
 * Starts the development backend: Vendure (Shop API, Admin API, assets) and the blog stand-in.
 *
 * Contract (relied on by the test harness; see backend/README.md):
 *   node backend/dist/start.js            (the entry, backend/start.ts; or backend/dist/src/dev/dev-server.js)
 *   env BACKEND_PORT (3000; 0 = pick a free port), BLOG_PORT (3001; 0 = free port),
 *       BACKEND_DB (backend/data/dev.sqlite), BACKEND_ASSETS_DIR (next to the DB),
 *       BACKEND_FRESH=1 (replace BACKEND_DB by a fresh copy of the seeded template)
 *   prints `BLOG READY http://127.0.0.1:PORT` then `BACKEND READY http://127.0.0.1:PORT` on stdout
 *   once the Shop API answers; exits 0 on SIGTERM/SIGINT after closing both servers; exits 1
 *   with a one-line reason on stderr if start-up fails.
 */
process.env.VENDURE_DISABLE_TELEMETRY = 'true';

import { bootstrap, JobQueueService } from '@vendure/core';
import * as fs from 'fs';
import { type BlogServer, startBlogServer } from '../../stand-ins/server';
import { readEnv } from '../env';
import { ProductDocumentsService } from '../plugins/catalogue/services/product-documents.service';
import { makeConfig } from '../vendure-config';
import { copyTemplate, dbMetaPath, ensureTemplate, seedSourcesHash } from './template';
import { freePort } from './ports';
import { waitForShopApi } from './util';

function info(message: string) {
    process.stderr.write(`[backend] ${message}\n`);
}

/** Prepares the database (template copy when fresh or missing); returns whether TypeORM must synchronize. */
async function prepareDatabase(env: ReturnType<typeof readEnv>): Promise<boolean> {
    if (env.fresh || !fs.existsSync(env.dbPath)) {
        const meta = await ensureTemplate({ log: info });
        const t = Date.now();
        copyTemplate(meta, env.dbPath, env.assetsDir);
        info(`fresh database ${env.dbPath} from the template (${Date.now() - t} ms)`);
        return false;
    }
    let dbHash: string | undefined;
    try {
        dbHash = JSON.parse(fs.readFileSync(dbMetaPath(env.dbPath), 'utf8')).hash;
    } catch {
        dbHash = undefined;
    }
    if (dbHash !== seedSourcesHash()) {
        info(
            `the seed sources changed since ${env.dbPath} was created; the schema is synchronised, but run "npm run backend:reset" for the current catalogue`,
        );
        return true;
    }
    return false;
}

export async function main(): Promise<void> {
    const env = readEnv();
    if (env.port === 0) env.port = await freePort([env.blogPort], env.host);
    if (env.blogPort === 0) env.blogPort = await freePort([env.port], env.host);

    const synchronize = await prepareDatabase(env);

    // What is running so far (a signal may come while starting up).
    const running: { blog?: BlogServer; app?: Awaited<ReturnType<typeof bootstrap>> } = {};
    let stopping = false;
    const stop = async (signal: string) => {
        if (stopping) return;
        stopping = true;
        info(`${signal}: shutting down`);
        const force = setTimeout(() => process.exit(0), 5000);
        force.unref();
        try {
            await running.blog?.close();
            await running.app?.close();
        } finally {
            process.exit(0);
        }
    };
    process.on('SIGTERM', () => void stop('SIGTERM'));
    process.on('SIGINT', () => void stop('SIGINT'));

    running.blog = await startBlogServer({
        host: env.host,
        port: env.blogPort,
        delayMs: env.blogDelayMs,
        p24: env.p24,
        // ShipX's status webhooks straight to this backend (decision 113)
        inpost: env.inpost && {
            organizationId: env.inpost.organizationId,
            token: env.inpost.token,
            webhookUrl: `http://${env.host}:${env.port}/inpost/webhook/${env.inpost.webhookSecret}`,
        },
    });
    process.stdout.write(`BLOG READY http://${env.host}:${running.blog.port}\n`);

    running.app = await bootstrap(makeConfig(env, { synchronize }));
    await running.app.get(JobQueueService).start();
    // the catalogue read model current before the first request (a copied template's dates were moved forward)
    const rebuilt = await running.app
        .get(ProductDocumentsService)
        .rebuildIfStale()
        .catch((err: Error) => info(`catalogue read model check failed (products are built when asked for): ${err.message}`));
    if (rebuilt) info(`catalogue read model rebuilt: ${rebuilt.length} product document(s) changed`);
    const base = `http://${env.host}:${env.port}`;
    await waitForShopApi(`${base}/shop-api`, env.shopApiSecret);
    process.stdout.write(`BACKEND READY ${base}\n`);
}

if (require.main === module) {
    main().catch(err => {
        process.stderr.write(`[backend] start failed: ${err?.message ?? err}\n`);
        if (process.env.BACKEND_DEBUG) process.stderr.write(String(err?.stack) + '\n');
        process.exit(1);
    });
}
