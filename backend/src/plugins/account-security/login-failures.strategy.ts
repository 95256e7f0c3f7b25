import { createHash } from 'node:crypto';
import {
    CacheService,
    I18nError,
    type Injector,
    Logger,
    LogLevel,
    NativeAuthenticationStrategy,
    type NativeAuthenticationData,
    type RequestContext,
    type User,
} from '@vendure/core';
import { LOGIN_BLOCKED_CODE, loggerCtx } from './constants';
import type { LoginFailureLimits } from './types';

/** Minutes, rounded up, in the shape the message reads ("za 15 min"). */
const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

/** A login refused while its account is blocked: a GraphQL error the Dashboard and the storefront show as it is. */
export class LoginBlockedError extends I18nError {
    constructor(waitMs: number) {
        // no '.' or ':' at the ends of a sentence would matter to i18next: an unknown key comes back as it is
        super(
            `Zbyt wiele nieudanych prób logowania na to konto. Logowanie jest wstrzymane, spróbuj ponownie za ${minutes(waitMs)} min`,
            {},
            LOGIN_BLOCKED_CODE,
            LogLevel.Warn,
        );
    }
}

interface Failures {
    count: number;
    /** when the window that began with the first failure ends (ms since epoch) */
    resetAt: number;
}

/**
 * Vendure's own login (username and password) with a count of failed attempts per account, in
 * Vendure's cache (Redis, shared by every API server, in production; memory in development). The
 * `limit`-th failure within `windowSeconds` of the first blocks that account's logins, the right
 * password included, for `windowSeconds`; then it starts afresh. A successful login before that
 * clears the count. Counted per account across addresses and per API (Shop, Admin), keyed by a
 * SHA-256 of the identifier. It is the backend's own defence behind the worker's limits and the
 * balancer's (decision 105).
 *
 * The count is a read and a write, not atomic: two servers failing the same account at the same
 * instant may count one failure less. Subclassing keeps the strategy's name `native` and its
 * `instanceof`, which Vendure's `login` mutation and password checks look for.
 */
export class LoginFailureLimitedAuthenticationStrategy extends NativeAuthenticationStrategy {
    private cache!: CacheService;

    constructor(
        private readonly api: 'shop' | 'admin',
        private readonly limits: LoginFailureLimits,
    ) {
        super();
    }

    async init(injector: Injector): Promise<void> {
        await super.init(injector);
        this.cache = injector.get(CacheService);
    }

    private key(identifier: string, what: 'failures' | 'blocked'): string {
        const account = createHash('sha256').update(identifier.trim().toLowerCase()).digest('hex').slice(0, 32);
        return `login-${what}:${this.api}:${account}`;
    }

    async authenticate(ctx: RequestContext, data: NativeAuthenticationData): Promise<User | false> {
        const identifier = String(data?.username ?? '');
        const now = Date.now();
        const blockedUntil = await this.cache.get<number>(this.key(identifier, 'blocked'));
        if (typeof blockedUntil === 'number' && blockedUntil > now) throw new LoginBlockedError(blockedUntil - now);

        const user = await super.authenticate(ctx, data);
        if (user) {
            await this.cache.delete(this.key(identifier, 'failures'));
            return user;
        }
        const windowMs = this.limits.windowSeconds * 1000;
        const stored = await this.cache.get<Failures>(this.key(identifier, 'failures'));
        const current: Failures = stored && stored.resetAt > now ? stored : { count: 0, resetAt: now + windowMs };
        current.count += 1;
        if (current.count >= this.limits.limit) {
            await this.cache.set(this.key(identifier, 'blocked'), now + windowMs, { ttl: windowMs });
            await this.cache.delete(this.key(identifier, 'failures'));
            Logger.warn(`${this.api} login blocked for ${this.limits.windowSeconds} s after ${current.count} failures`, loggerCtx);
            throw new LoginBlockedError(windowMs);
        }
        await this.cache.set(this.key(identifier, 'failures'), current, { ttl: current.resetAt - now });
        return false;
    }
}
