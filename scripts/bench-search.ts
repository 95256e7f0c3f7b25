/**
 * `npm run bench:search` (issue 23): the Polish search on a synthetic catalogue of at least 2,000
 * products, at the backend (Shop API over loopback, no worker).
 *
 * 1. starts a throwaway backend (fresh copy of the seeded template), stops it;
 * 2. clones the seeded products in its SQLite file until there are SYNTHETIC more (each clone keeps
 *    its variants, prices, stock, channels, facet values and collections; its name gets a colour or
 *    style word and a model code, so the vocabulary grows like a real catalogue's);
 * 3. starts it again: the search documents are stale, so start-up rebuilds them (timed: "documents");
 *    then Vendure's own index is rebuilt by the Admin API `reindex` job (timed until an unfiltered
 *    search counts every product: "Vendure index");
 * 4. runs every query ROUNDS times (after one warm-up) and prints p50/p95 per query in ms, plus
 *    the overall figures, and writes bench/search-results.json.
 * Options: `-- --products N` (synthetic products, default 2000), `-- --rounds N` (default 30).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { startProcess } from './test-stack/process';
import { freePortSet } from '../backend/src/dev/ports';
import { root } from './test-stack/stack';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SYNTHETIC = arg('products', 2000);
const ROUNDS = arg('rounds', 30);

const QUERIES = [
  'obroza',
  'OBROŻA',
  'smycze',
  'szelek',
  'szleki',
  'obrorza',
  'karabinczyk',
  'smycz odblaskowa',
  'skarpetki',
  'worków',
  'piłki',
  'mata chlodzaca',
  'saszetka na przysmaki',
  'smycz biothane premium',
  'nrka',
  'smy',
  '%_%',
  'a'.repeat(200),
];
const WORDS = [
  'Granatowa',
  'Różowa',
  'Zimowa',
  'Letnia',
  'Sportowa',
  'Miękka',
  'Wodoodporna',
  'Łososiowa',
  'Maxi',
  'Mini',
  'Premium',
  'Żółta',
];

/** The part of better-sqlite3 (the backend's driver; its types live with the backend) this script uses. */
interface Statement {
  all(...params: unknown[]): unknown[];
  get(...params: unknown[]): unknown;
  run(...params: unknown[]): { lastInsertRowid: number | bigint };
}
interface Db {
  prepare(sql: string): Statement;
  transaction(fn: () => void): () => void;
  close(): void;
}
const Database = createRequire(import.meta.url)('better-sqlite3') as new (file: string) => Db;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

function columns(db: Db, table: string): string[] {
  return (db.prepare(`PRAGMA table_info("${table}")`).all() as Array<{ name: string }>).map((c) => c.name);
}

/** INSERT a copy of `row` (minus id) with some columns replaced; returns the new id. */
function copyRow(db: Db, table: string, row: Record<string, unknown>, change: Record<string, unknown>): number {
  const cols = columns(db, table).filter((c) => c !== 'id');
  const values = cols.map((c) => (c in change ? change[c] : row[c]));
  const info = db
    .prepare(`INSERT INTO "${table}" (${cols.map((c) => `"${c}"`).join(',')}) VALUES (${cols.map(() => '?').join(',')})`)
    .run(...values);
  return Number(info.lastInsertRowid);
}

function cloneCatalogue(file: string, count: number): number {
  const db = new Database(file);
  const all = (sql: string, ...p: unknown[]) => db.prepare(sql).all(...p) as Array<Record<string, unknown>>;
  const products = all('SELECT * FROM product WHERE deletedAt IS NULL ORDER BY id');
  const started = Date.now();
  db.transaction(() => {
    for (let n = 0; n < count; n++) {
      const src = products[n % products.length]!;
      const srcId = src.id as number;
      const word = WORDS[n % WORDS.length]!;
      const model = `M${1000 + n}`;
      const pid = copyRow(db, 'product', src, {});
      for (const t of all('SELECT * FROM product_translation WHERE baseId = ?', srcId)) {
        copyRow(db, 'product_translation', t, {
          baseId: pid,
          name: `${t.name} ${word} ${model}`,
          slug: `${t.slug}-${model.toLowerCase()}`,
        });
      }
      for (const r of all('SELECT * FROM product_channels_channel WHERE productId = ?', srcId)) {
        db.prepare('INSERT INTO product_channels_channel (productId, channelId) VALUES (?, ?)').run(pid, r.channelId);
      }
      for (const r of all('SELECT * FROM product_facet_values_facet_value WHERE productId = ?', srcId)) {
        db.prepare('INSERT INTO product_facet_values_facet_value (productId, facetValueId) VALUES (?, ?)').run(pid, r.facetValueId);
      }
      for (const v of all('SELECT * FROM product_variant WHERE productId = ? AND deletedAt IS NULL', srcId)) {
        const vid = copyRow(db, 'product_variant', v, { productId: pid, sku: `${v.sku}-${model}` });
        for (const t of all('SELECT * FROM product_variant_translation WHERE baseId = ?', v.id)) {
          copyRow(db, 'product_variant_translation', t, { baseId: vid, name: `${t.name} ${word}` });
        }
        for (const p of all('SELECT * FROM product_variant_price WHERE variantId = ?', v.id))
          copyRow(db, 'product_variant_price', p, { variantId: vid });
        for (const s of all('SELECT * FROM stock_level WHERE productVariantId = ?', v.id))
          copyRow(db, 'stock_level', s, { productVariantId: vid });
        for (const [table, column] of [
          ['product_variant_channels_channel', 'channelId'],
          ['product_variant_facet_values_facet_value', 'facetValueId'],
          ['product_variant_options_product_option', 'productOptionId'],
        ] as const) {
          for (const r of all(`SELECT * FROM ${table} WHERE productVariantId = ?`, v.id)) {
            db.prepare(`INSERT INTO ${table} (productVariantId, ${column}) VALUES (?, ?)`).run(vid, r[column]);
          }
        }
        for (const r of all('SELECT * FROM collection_product_variants_product_variant WHERE productVariantId = ?', v.id)) {
          db.prepare('INSERT INTO collection_product_variants_product_variant (collectionId, productVariantId) VALUES (?, ?)').run(
            r.collectionId,
            vid,
          );
        }
      }
    }
  })();
  const total = (db.prepare('SELECT COUNT(*) AS n FROM product WHERE deletedAt IS NULL').get() as { n: number }).n;
  db.close();
  console.log(`cloned ${count} products in ${Date.now() - started} ms: ${total} products`);
  return total;
}

async function gql<T>(
  url: string,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<{ data: T; token?: string }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data: T; errors?: Array<{ message: string }> };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('; '));
  return { data: body.data, token: res.headers.get('vendure-auth-token') ?? undefined };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'psiaki-bench-search-'));
  const file = join(dir, 'bench.sqlite');
  const env = (fresh: boolean, port: number, blogPort: number) => ({
    BACKEND_PORT: String(port),
    BLOG_PORT: String(blogPort),
    BACKEND_DB: file,
    BACKEND_LOG_LEVEL: 'info',
    VENDURE_DISABLE_TELEMETRY: 'true',
    ...(fresh ? { BACKEND_FRESH: '1' } : {}),
  });
  const ready = /BACKEND READY (http:\/\/127\.0\.0\.1:\d+)/;
  try {
    const first = await startProcess('node', [join(root, 'backend/dist/start.js')], {
      cwd: root,
      name: 'backend',
      env: env(true, ...((await freePortSet(2)) as [number, number])),
      ready,
      timeoutMs: 180_000,
    });
    await first.stop();
    const products = cloneCatalogue(file, SYNTHETIC);

    const [port, blogPort] = (await freePortSet(2)) as [number, number];
    const backend = await startProcess('node', [join(root, 'backend/dist/start.js')], {
      cwd: root,
      name: 'backend',
      env: env(false, port, blogPort),
      ready,
      timeoutMs: 300_000,
    });
    const documentsMs = Number(backend.output().match(/search documents rebuilt in (\d+) ms/)?.[1] ?? NaN);
    const base = `http://127.0.0.1:${port}`;
    try {
      const login = await gql<unknown>(
        `${base}/admin-api`,
        'mutation { login(username: "superadmin", password: "superadmin") { ... on CurrentUser { id } } }',
      );
      const started = Date.now();
      await gql(`${base}/admin-api`, 'mutation { reindex { id } }', {}, login.token);
      // done when Vendure's index (searched without a term) holds every product
      for (;;) {
        const count = await gql<{ search: { totalItems: number } }>(
          `${base}/shop-api`,
          '{ search(input: { groupByProduct: true, take: 1 }) { totalItems } }',
        );
        if (count.data.search.totalItems >= products) break;
        if (Date.now() - started > 600_000) throw new Error('reindex not done after 10 minutes');
        await new Promise((r) => setTimeout(r, 100));
      }
      const vendureIndexMs = Date.now() - started;

      const search =
        'query($term: String!) { search(input: { term: $term, groupByProduct: true, take: 20 }) { totalItems items { productId productName } } }';
      const rows: Array<{ query: string; results: number; p50: number; p95: number }> = [];
      const everything: number[] = [];
      for (const query of QUERIES) {
        const first = await gql<{ search: { totalItems: number } }>(`${base}/shop-api`, search, { term: query });
        const times: number[] = [];
        for (let i = 0; i < ROUNDS; i++) {
          const t0 = performance.now();
          await gql(`${base}/shop-api`, search, { term: query });
          times.push(performance.now() - t0);
        }
        times.sort((a, b) => a - b);
        everything.push(...times);
        rows.push({
          query: query.length > 30 ? `${query.slice(0, 12)}…(${query.length})` : query,
          results: first.data.search.totalItems,
          p50: percentile(times, 50),
          p95: percentile(times, 95),
        });
      }
      everything.sort((a, b) => a - b);
      console.log(`\nPolish search, ${products} products, ${ROUNDS} rounds per query (Shop API over loopback, ms)`);
      console.table(rows.map((r) => ({ ...r, p50: +r.p50.toFixed(1), p95: +r.p95.toFixed(1) })));
      const summary = {
        products,
        documentsBuildMs: documentsMs,
        vendureIndexMs,
        p50: +percentile(everything, 50).toFixed(1),
        p95: +percentile(everything, 95).toFixed(1),
      };
      console.log(
        `all queries: p50 ${summary.p50} ms, p95 ${summary.p95} ms; search documents built in ${documentsMs} ms at start-up; Vendure's index rebuilt in ${vendureIndexMs} ms`,
      );
      mkdirSync(join(root, 'bench'), { recursive: true });
      writeFileSync(join(root, 'bench', 'search-results.json'), JSON.stringify({ summary, queries: rows }, null, 2) + '\n');
    } finally {
      await backend.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
