/**
 * Reports the services an API server depends on (issue 43, decision 114):
 * `GET /health/services` answers 200 with `{"status":"ok","database":{…},"redis":{…},"archive":{…}}`
 * while PostgreSQL and Redis answer and PostgreSQL's WAL archiving (the backups) works, 503 with
 * `"status":"degraded"` and the lost one's reason when not. Vendure's own `/health` stays what the balancer checks: whether this server runs
 * (a server without Redis still serves carts, logins and the catalogue from the database).
 * In every process (API servers and the job worker) the plugin checks both every 2 s and writes a
 * line to the log when a service is lost and when it is back. A GraphQL request that failed because
 * PostgreSQL was out of reach answers 503 with Retry-After (database-unavailable.ts).
 */
import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { PluginCommonModule, TransactionalConnection, VendurePlugin } from '@vendure/core';
import type IORedis from 'ioredis';
import type { RedisUrl } from '../../env';
import { databaseUnavailablePlugin } from './database-unavailable';
import { checkServices, redisForChecks, ServiceWatch } from './service-health';

export interface ServiceHealthOptions {
    redis?: RedisUrl;
    /** how often the log watch checks (ms); 0: no watch */
    watchIntervalMs: number;
}

export class ServiceHealthService {
    private redis: IORedis | undefined;
    private timer: NodeJS.Timeout | undefined;

    constructor(
        private connection: TransactionalConnection,
        private options: ServiceHealthOptions,
    ) {}

    onApplicationBootstrap() {
        if (this.options.redis) this.redis = redisForChecks(this.options.redis);
        if (this.options.watchIntervalMs > 0) {
            const watch = new ServiceWatch(line => process.stderr.write(`${line}\n`));
            let running = false;
            this.timer = setInterval(() => {
                if (running) return;
                running = true;
                this.report()
                    .then(r => watch.observe(r))
                    .finally(() => (running = false));
            }, this.options.watchIntervalMs);
            this.timer.unref();
        }
    }

    onApplicationShutdown() {
        clearInterval(this.timer);
        this.redis?.disconnect();
    }

    report() {
        // PostgreSQL's archiving too (the production profile archives into its backups)
        const postgres = this.connection.rawConnection.options.type === 'postgres';
        return checkServices(sql => this.connection.rawConnection.query(sql), this.redis, { archive: postgres });
    }
}

@Controller('health/services')
export class ServiceHealthController {
    constructor(private health: ServiceHealthService) {}

    @Get()
    async check(@Res() res: Response) {
        const report = await this.health.report();
        res.status(report.status === 'ok' ? 200 : 503)
            .set('Cache-Control', 'no-store')
            .json(report);
    }
}

@VendurePlugin({
    imports: [PluginCommonModule],
    providers: [
        {
            provide: ServiceHealthService,
            useFactory: (connection: TransactionalConnection) => new ServiceHealthService(connection, ServiceHealthPlugin.options),
            inject: [TransactionalConnection],
        },
    ],
    controllers: [ServiceHealthController],
    // a request the database could not answer: HTTP 503 + Retry-After (database-unavailable.ts)
    configuration: config => {
        config.apiOptions.apolloServerPlugins = [...(config.apiOptions.apolloServerPlugins ?? []), databaseUnavailablePlugin()];
        return config;
    },
    exports: [ServiceHealthService],
    compatibility: '^3.0.0',
})
export class ServiceHealthPlugin {
    static options: ServiceHealthOptions = { watchIntervalMs: 0 };

    static init(options: ServiceHealthOptions) {
        this.options = options;
        return ServiceHealthPlugin;
    }
}
