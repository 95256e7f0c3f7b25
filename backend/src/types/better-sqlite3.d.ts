// better-sqlite3 ships no types and @types/better-sqlite3 is not installed; we use a tiny subset.
declare module 'better-sqlite3' {
    interface Statement {
        run(...params: unknown[]): { changes: number };
        get(...params: unknown[]): unknown;
        all(...params: unknown[]): unknown[];
    }
    interface Database {
        prepare(sql: string): Statement;
        transaction<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R;
        pragma(sql: string): unknown;
        close(): void;
    }
    const Database: new (file: string, options?: { readonly?: boolean }) => Database;
    export default Database;
}
