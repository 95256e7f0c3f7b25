import { SHOP_API_SECRET_HEADER } from '../plugins/account-security/constants';

/**
 * Sets date columns of the rows matching `where` with one raw UPDATE that both databases accept
 * (quoted identifiers; `?` placeholders on SQLite, `$n` on PostgreSQL; SQLite's date text format).
 * The seed uses it to back-date what the importer and the Shop API stamp "now".
 */
export async function setDates(
    connection: { rawConnection: { options: { type: string }; query(sql: string, values: unknown[]): Promise<unknown> } },
    table: string,
    set: Record<string, Date>,
    where: Record<string, string | number>,
): Promise<void> {
    const pg = connection.rawConnection.options.type === 'postgres';
    const cols = Object.keys(set);
    const keys = Object.keys(where);
    const ph = (i: number) => (pg ? `$${i + 1}` : '?');
    const sql =
        `UPDATE "${table}" SET ${cols.map((c, i) => `"${c}" = ${ph(i)}`).join(', ')} ` +
        `WHERE ${keys.map((c, i) => `"${c}" = ${ph(cols.length + i)}`).join(' AND ')}`;
    await connection.rawConnection.query(sql, [...cols.map(c => (pg ? set[c] : sqliteDate(set[c]))), ...keys.map(k => where[k])]);
}

/** Date in the format TypeORM writes to SQLite datetime columns: 'YYYY-MM-DD HH:MM:SS.SSS' (UTC). */
export function sqliteDate(d: Date): string {
    return d.toISOString().replace('T', ' ').replace('Z', '');
}

/**
 * Small deterministic pseudo-random numbers (mulberry32): fixtures and seeds that must come out
 * the same on every start (InPost stand-in lockers, seeded reviews).
 */
export function mulberry32(seed: number): () => number {
    let a = seed >>> 0;
    return () => {
        a = (a + 0x6d2b79f5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

/**
 * Resolves once the Shop API at `url` answers a query (the server is up), sending the worker's
 * secret when there is one (SHOP_API_SECRET, decision 105), or throws after `timeoutMs`.
 */
export async function waitForShopApi(url: string, secret = '', timeoutMs = 60_000): Promise<void> {
    const started = Date.now();
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (secret) headers[SHOP_API_SECRET_HEADER] = secret;
    for (;;) {
        try {
            const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ query: '{ activeChannel { code } }' }) });
            const body = res.ok ? ((await res.json()) as { data?: { activeChannel?: { code: string } | null } | null }) : undefined;
            if (body?.data?.activeChannel) return;
        } catch {
            // not listening yet
        }
        if (Date.now() - started > timeoutMs) throw new Error(`Shop API at ${url} did not answer within ${timeoutMs} ms`);
        await new Promise(r => setTimeout(r, 100));
    }
}
