/**
 * The rules of plugins/service-health (issue 43, decision 114) on their own: which errors mean
 * "the database is out of reach" (answered 503 + Retry-After), and the log lines of a lost and
 * recovered service, once per change.
 */
import { GraphQLError } from 'graphql';
import { Client } from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../src/plugins/service-health/database-unavailable';
import { ServiceWatch, type ServicesReport } from '../src/plugins/service-health/service-health';

describe('isDatabaseUnavailable', () => {
    it('is true for node-postgres failing to connect, as a resolver error reaches Apollo', async () => {
        const refused = await new Client({ host: '127.0.0.1', port: 1, connectionTimeoutMillis: 2000 }).connect().then(
            () => undefined,
            (e: Error) => e,
        );
        expect(refused).toBeInstanceOf(Error);
        expect(isDatabaseUnavailable(refused)).toBe(true);
        expect(isDatabaseUnavailable(new GraphQLError(refused!.message, { originalError: refused }))).toBe(true);
    });

    it("is true for PostgreSQL's 'not now' codes wrapped by TypeORM and for node-postgres's dropped connection", () => {
        const adminShutdown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
        const typeorm = Object.assign(new Error('QueryFailedError'), { driverError: adminShutdown });
        expect(isDatabaseUnavailable(new GraphQLError('x', { originalError: typeorm }))).toBe(true);
        expect(isDatabaseUnavailable(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true);
        expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
        expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    });

    it('is false for what a request itself got wrong, or a constraint', () => {
        expect(isDatabaseUnavailable(new GraphQLError('Cannot query field "x" on type "Query".'))).toBe(false);
        expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }))).toBe(
            false,
        );
        expect(isDatabaseUnavailable(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }))).toBe(
            false,
        );
        expect(isDatabaseUnavailable(undefined)).toBe(false);
    });
});

describe('ServiceWatch', () => {
    const report = (redis: 'up' | 'down'): ServicesReport => ({
        status: redis === 'up' ? 'ok' : 'degraded',
        database: { status: 'up', ms: 1 },
        redis: redis === 'up' ? { status: 'up', ms: 0 } : { status: 'down', message: 'connect ECONNREFUSED 127.0.0.1:6380' },
    });

    it('writes one line when Redis is lost and one when it is back, with how long it was away', () => {
        const lines: string[] = [];
        const watch = new ServiceWatch(l => lines.push(l));
        watch.observe(report('up'), 0);
        watch.observe(report('down'), 1000);
        watch.observe(report('down'), 3000);
        watch.observe(report('up'), 5200);
        watch.observe(report('up'), 7000);
        expect(lines).toEqual(['[health] Redis lost: connect ECONNREFUSED 127.0.0.1:6380', '[health] Redis back after 4.2 s']);
    });
});
