/**
 * SQL statements per API request (issue 38: SQL budgets under test). With SQL_STATEMENT_COUNT=1
 * (the test stacks only: backend/test/global-setup.ts, scripts/production/start-production.ts) every
 * response of the Shop and Admin API carries `x-sql-statements: N`, the number of SQL statements
 * that request issued before its headers were written; a request that sends `x-sql-log: 1` also
 * gets `x-sql-log`: the statements themselves (base64url JSON, see `SqlLogEntry`), for a test's
 * failure message. Off (the default), nothing of this is installed.
 *
 * How: a middleware opens an AsyncLocalStorage store around each API request; a TypeORM logger
 * (dbConnectionOptions.logger) counts each statement whose call runs inside such a store. TypeORM
 * calls `logQuery` for every statement whatever `logging` says; the wrapped Vendure logger keeps
 * printing exactly what it printed before. Counted: everything but transaction control (BEGIN,
 * START TRANSACTION, COMMIT, ROLLBACK, SAVEPOINT, RELEASE): session, channel and cache look-ups
 * included. Not counted: statements outside any request (job queue, schedulers, the start) and a
 * request's statements after its headers went out (a deferred event subscriber).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { VendureConfig } from '@vendure/core';
import { TypeOrmLogger } from '@vendure/core/dist/config/logger/typeorm-logger';
import type { Logger as TypeOrmLoggerInterface, QueryRunner } from 'typeorm';

/** Response header with the number of statements of the request. */
export const SQL_COUNT_HEADER = 'x-sql-statements';
/** Request header `1`: list the statements too; response header: the list (base64url JSON of `SqlLogEntry[]`). */
export const SQL_LOG_HEADER = 'x-sql-log';

/** One distinct statement of a request: how many times it ran, and its text shortened (`shortenSql`). */
export type SqlLogEntry = [count: number, sql: string];

/** Statements of one request (the AsyncLocalStorage store). */
interface RequestStatements {
    count: number;
    /** the texts, only when the request asked for them */
    texts: string[] | undefined;
    /** headers written: later statements are no longer this request's */
    closed: boolean;
}

const requests = new AsyncLocalStorage<RequestStatements>();

/** Transaction control, not a statement of the work itself. */
const TRANSACTION_CONTROL = /^\s*(BEGIN|START\s+TRANSACTION|COMMIT|ROLLBACK|SAVEPOINT|RELEASE\s+SAVEPOINT)\b/i;

/** The x-sql-log header stays well under the balancer's header space (HAProxy's buffer is 16 KB). */
const LOG_HEADER_MAX = 8000;
const SQL_MAX = 300;

/** How much of a statement is read to shorten it (a long IN list beyond it is never shown). */
const SQL_SCAN = 4000;

/**
 * A statement as a developer reads it in a failure message: whitespace collapsed, TypeORM's long
 * column lists cut (`SELECT … FROM "product" …`, sub-queries too), numbers written into the text
 * (ids TypeORM inlines) shown as `?` so that one statement run per item groups as one, at most 300
 * characters.
 */
export function shortenSql(sql: string): string {
    // bounded: the first SQL_SCAN characters of a statement (what is shown is shorter still)
    const flat = sql
        .slice(0, SQL_SCAN)
        .replace(/\s+/g, ' ')
        .trim()
        // bounded: as above, SQL_SCAN characters at most
        .replace(/\bSELECT (DISTINCT )?.*? FROM /gi, (_m, distinct: string | undefined) => `SELECT ${distinct ?? ''}… FROM `)
        // bounded: as above
        .replace(/(?<![\w".$])\d+(?![\w".])/g, '?');
    return flat.length > SQL_MAX ? `${flat.slice(0, SQL_MAX - 1)}…` : flat;
}

/** Identical statements grouped, in the order they first ran; cut to fit a header (the rest summed up in a last entry). */
export function sqlLog(texts: readonly string[], maxBytes = LOG_HEADER_MAX): SqlLogEntry[] {
    const counts = new Map<string, number>();
    for (const t of texts.map(shortenSql)) counts.set(t, (counts.get(t) ?? 0) + 1);
    const entries: SqlLogEntry[] = [];
    let left = texts.length;
    for (const [sql, n] of counts) {
        const next = [...entries, [n, sql] as SqlLogEntry, [left - n, '… (not listed)'] as SqlLogEntry];
        if (encodeLog(next).length > maxBytes) break;
        entries.push([n, sql]);
        left -= n;
    }
    if (left > 0) entries.push([left, '… (not listed)']);
    return entries;
}

const encodeLog = (entries: SqlLogEntry[]) => Buffer.from(JSON.stringify(entries)).toString('base64url');
export const decodeLog = (header: string): SqlLogEntry[] => JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as SqlLogEntry[];

/** Counts the statements of the current request, then hands every call on to `inner` unchanged. */
export class CountingTypeOrmLogger implements TypeOrmLoggerInterface {
    constructor(private readonly inner: TypeOrmLoggerInterface) {}

    logQuery(query: string, parameters?: unknown[], queryRunner?: QueryRunner) {
        const current = requests.getStore();
        // bounded: the first 40 characters of the statement
        if (current && !current.closed && !TRANSACTION_CONTROL.test(query.slice(0, 40))) {
            current.count++;
            current.texts?.push(query);
        }
        return this.inner.logQuery(query, parameters, queryRunner);
    }
    logQueryError(error: string | Error, query: string, parameters?: unknown[], queryRunner?: QueryRunner) {
        return this.inner.logQueryError(error, query, parameters, queryRunner);
    }
    logQuerySlow(time: number, query: string, parameters?: unknown[], queryRunner?: QueryRunner) {
        return this.inner.logQuerySlow(time, query, parameters, queryRunner);
    }
    logSchemaBuild(message: string, queryRunner?: QueryRunner) {
        return this.inner.logSchemaBuild(message, queryRunner);
    }
    logMigration(message: string, queryRunner?: QueryRunner) {
        return this.inner.logMigration(message, queryRunner);
    }
    log(level: 'log' | 'info' | 'warn', message: unknown, queryRunner?: QueryRunner) {
        return this.inner.log(level, message, queryRunner);
    }
}

/**
 * Express middleware: the request runs inside its own store, and the count (and the list, when
 * asked for) goes into the headers just before they are written, whoever writes them (Apollo's
 * `res.send`, a controller, an error handler: all end in `writeHead`).
 */
export function countSqlStatements(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    const current: RequestStatements = { count: 0, texts: req.headers[SQL_LOG_HEADER] === '1' ? [] : undefined, closed: false };
    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
        if (!current.closed) {
            current.closed = true;
            if (!this.headersSent) {
                this.setHeader(SQL_COUNT_HEADER, String(current.count));
                if (current.texts) this.setHeader(SQL_LOG_HEADER, encodeLog(sqlLog(current.texts)));
            }
        }
        return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as ServerResponse['writeHead'];
    requests.run(current, next);
}

/**
 * The configuration with statement counting (`enabled`: SQL_STATEMENT_COUNT), or unchanged: the
 * counting logger around the logger Vendure would have made, the middleware on both APIs.
 */
export function withSqlStatementCount(config: VendureConfig, enabled: boolean): VendureConfig {
    if (!enabled) return config;
    const db = config.dbConnectionOptions;
    const inner = (db.logger as TypeOrmLoggerInterface | undefined) ?? new TypeOrmLogger(db.logging);
    const api = config.apiOptions;
    return {
        ...config,
        dbConnectionOptions: { ...db, logger: new CountingTypeOrmLogger(inner) },
        apiOptions: {
            ...api,
            // after the body parser (not beforeListen): the whole request, parsing done, runs in the store
            middleware: [
                ...(api.middleware ?? []),
                { route: api.shopApiPath ?? 'shop-api', handler: countSqlStatements },
                { route: api.adminApiPath ?? 'admin-api', handler: countSqlStatements },
            ],
        },
    };
}
