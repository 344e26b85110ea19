// Deliveries list: page 20 with three filters (logistic statuses, company, minimum distance) and a sort (created,
// newest first) over 1,000,000 deliveries seeded with generate_series on PostgreSQL, 100 requests at a time through
// our server (HTTP, token check, scope, validation, JSON), against the page's rows statement (taken from
// server/domain/deliveries-admin.ts with .toSQL()) run through `pg` with the same pool size, in the same run.
// A failed request counts as +Infinity in the p95 and every failure is printed.
// Needs DATABASE_URL (an administrator URL; a database of its own is created and dropped); skipped without one.
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { deliveryListQueries, type DeliveryAdminQuery } from '../server/domain/deliveries-admin';
import { LOGISTIC_STATUS } from '../src/lib/statuses';
import { bearer, startTestServer } from '../tests/api/support';
import type { Benchmark, BenchResult } from './types';
import { reachable } from './postgres';
import type { LoadAnswer, LoadOrder } from './load-child';
import { statementName } from '../server/domain/list-query';

const ROWS = Number(process.env.BENCH_DELIVERIES ?? 1_000_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 100);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const WARM_UP = 200;
/** The page the goal names: page 20 of 20 rows, i.e. offset 380. */
const PAGE = 20;

/** Runs one load order in a process of its own (bench/load-child.ts): the figure is then the server's alone. */
function loadInChild(order: LoadOrder): Promise<LoadAnswer> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./load-child.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'] });
    child.once('message', (answer: LoadAnswer) => (answer.error ? reject(new Error(`load child: ${answer.error}`)) : resolve(answer)));
    child.once('error', reject);
    child.once('exit', (code) => { if (code !== 0) reject(new Error(`load child exited with ${code}`)); });
    child.send(order);
  });
}

/** A round's latencies with each failure as +Infinity (slower than any goal), so failures raise the percentile. */
const roundOf = (round: LoadAnswer['rounds'][number]) => ({
  latencies: round.latencies.map((latency) => latency ?? Number.POSITIVE_INFINITY), failures: round.failures,
});

/** "n of total failed", with each distinct message (times stripped) and how often it came. */
function failureNotes(run: { failures: string[] }, total: number, side: string): string[] {
  if (run.failures.length === 0) return [`0 of ${total} ${side} requests failed.`];
  const byMessage = new Map<string, number>();
  for (const failure of run.failures) {
    const message = failure.replace(/ \(after \d+ ms\)$/, '');
    byMessage.set(message, (byMessage.get(message) ?? 0) + 1);
  }
  return [
    `${run.failures.length} of ${total} ${side} requests FAILED; each counts as +Infinity in the p95 (first: ${run.failures[0]}).`,
    ...[...byMessage].slice(0, 5).map(([message, times]) => `  ${times}x ${side}: ${message}`),
  ];
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

function skipped(reason: string): BenchResult {
  return {
    rows: [{ name: `deliveries list p95 at ${CONCURRENCY} concurrent`, figure: `skipped: ${reason}`, baseline: null, unit: 'ms' }],
    notes: ['Set DATABASE_URL to a PostgreSQL administrator URL to run it (a database of its own is created and dropped).'],
  };
}

/** 1,000,000 deliveries over the demo companies and stores, every status, spread over a year. */
async function seed(pool: pg.Pool, portalId: number, placedBy: number, stores: { id: number; companyId: number }[]): Promise<number> {
  const began = performance.now();
  const storeIds = stores.map((store) => store.id);
  const companyIds = stores.map((store) => store.companyId);
  const statuses = Object.values(LOGISTIC_STATUS);
  await pool.query(`
    INSERT INTO deliveries (portal_id, placed_by_user_id, company_id, store_id, waybill, logistic_status_id, payment_status_id,
      origin_address, destination_address, ready_for_collection_date, distance_km, created_at, updated_at)
    SELECT $1, $2, ($3::int[])[1 + g % $5], ($4::int[])[1 + g % $5], 'WBB' || lpad(g::text, 8, '0'),
      ($6::int[])[1 + (g * 7) % $7], 30001,
      '{"description":"1 Main Road, Sea Point, Cape Town","coordinates":{"lat":-33.915,"lon":18.389}}'::jsonb,
      '{"description":"12 Long Street, Cape Town","coordinates":{"lat":-33.922,"lon":18.418}}'::jsonb,
      to_char(date '2026-01-01' + (g % 365), 'YYYY-MM-DD'), (g * 37 % 600) / 10.0,
      timestamptz '2026-01-01 00:00:00+00' + g * interval '30 seconds', now()
    FROM generate_series(1, $8) AS g`,
  [portalId, placedBy, companyIds, storeIds, stores.length, statuses, statuses.length, ROWS]);
  // The indexes are the schema's own (server/db/schema.ts, applied by the migrations at start-up), among them
  // deliveries (portal_id, company_id, created_at, id) for this page and (portal_id, company_id, logistic_status_id,
  // distance_km) for its capped count. VACUUM sets the visibility map autovacuum would set after a bulk load, so the
  // count can be an index-only scan; ANALYZE gives the planner (and the estimated total) its statistics.
  await pool.query('VACUUM ANALYZE deliveries');
  return performance.now() - began;
}

export async function runDeliveriesList(): Promise<BenchResult> {
  const admin = process.env.DATABASE_URL;
  if (!admin) return skipped('no PostgreSQL (DATABASE_URL is not set)');
  const unreachable = await reachable(admin);
  if (unreachable) return skipped(`PostgreSQL not reachable (${unreachable})`);

  const server = await startTestServer({ logLevel: 'warn' });
  const pool = new pg.Pool({ connectionString: server.config.databaseUrl, max: 10 });
  // An idle client whose database is dropped at teardown emits 'error'; unhandled, it would end the whole run.
  pool.on('error', (error) => console.warn(`deliveries-list: bench pool: ${error.message}`));
  try {
    const [portal] = (await pool.query<{ id: number }>(`select id from portals where cca2 = 'ZA'`)).rows;
    const [adminUser] = (await pool.query<{ id: number }>(`select id from users where email = 'administrator@demo.test'`)).rows;
    const stores = (await pool.query<{ id: number; companyId: number }>('select id, company_id as "companyId" from stores order by id')).rows;
    const seedMs = await seed(pool, portal!.id, adminUser!.id, stores);
    const companyId = stores[0]!.companyId;

    const query: DeliveryAdminQuery = {
      page: PAGE, pageSize: 20, logisticstatuses: `${LOGISTIC_STATUS.READY},${LOGISTIC_STATUS.PENDING_PICK_UP}`, companyid: companyId,
      minDistance: 10, sortby: 'createdAt', sortdirection: 'desc',
    };
    const search = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)])).toString();
    const url = `${server.url}/connect/deliveries/za?${search}`;
    const token = await server.tokenFor('administrator@demo.test', 3600);
    const headers = bearer(token);
    // The best SQL for the same page: the handler's own rows statement, as the driver receives it, named (prepared)
    // as the handler names it. Above the exact-count limit the server reuses its estimated total for the same
    // filters, so a page costs that one statement.
    const statements = deliveryListQueries(server.database.db, portal!.id, { kind: 'portal' }, query);
    const rowsSql = statements.rows().toSQL();
    // The plans, as docs/benchmarks.md records them (BENCH_EXPLAIN=1 prints them): the page's rows and its capped count.
    const plans: Record<string, string> = {};
    if (process.env.BENCH_EXPLAIN) {
      const countSql = statements.count().toSQL();
      for (const [name, statement] of [['rows', rowsSql], ['capped count', countSql]] as const) {
        const explained = await pool.query({ text: `EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, values: statement.params, rowMode: 'array' });
        plans[name] = explained.rows.map((row: unknown[]) => String(row[0])).join('\n');
        console.log(`\nEXPLAIN (ANALYZE, BUFFERS) ${name}:\n${plans[name]}`);
      }
    }
    // Each side's warm-up then its measured run, in a load process of its own; the server side first, then pg.
    const loadBefore = loadavg()[0]!;
    const viaServer = await loadInChild({ kind: 'http', url, headers, rounds: [WARM_UP, REQUESTS], concurrency: CONCURRENCY });
    const viaPg = await loadInChild({
      kind: 'pg', connectionString: server.config.databaseUrl!, poolSize: 10, name: statementName(rowsSql.sql), text: rowsSql.sql,
      values: rowsSql.params, rounds: [WARM_UP, REQUESTS], concurrency: CONCURRENCY,
    });
    const [warmServer, serverRun] = viaServer.rounds.map(roundOf) as [ReturnType<typeof roundOf>, ReturnType<typeof roundOf>];
    const [warmPg, pgRun] = viaPg.rounds.map(roundOf) as [ReturnType<typeof roundOf>, ReturnType<typeof roundOf>];
    const serverPage = { ids: viaServer.ids, totalItems: viaServer.totalItems ?? 0, estimated: viaServer.estimated === true };
    // Both sides must answer the same page, or the comparison means nothing.
    if (serverRun.failures.length < REQUESTS && viaPg.ids.join() !== serverPage.ids.join()) {
      throw new Error(`pg answered ids ${viaPg.ids.slice(0, 3).join()}..., the server ${serverPage.ids.slice(0, 3).join()}...`);
    }
    const loadAfter = loadavg()[0]!;
    const server95 = percentile(serverRun.latencies, 95);
    const pg95 = percentile(pgRun.latencies, 95);
    const ratio = server95 / pg95;
    return {
      rows: [{
        name: `deliveries list p95, page ${PAGE}, ${CONCURRENCY} concurrent, ${ROWS.toLocaleString('en')} rows`,
        figure: Number.isFinite(server95) ? server95 : `infinite: ${serverRun.failures.length} of ${REQUESTS} failed`,
        baseline: Number.isFinite(pg95) ? pg95 : `infinite: ${pgRun.failures.length} of ${REQUESTS} failed`,
        baselineName: 'rows SQL through pg', unit: 'ms', budgetKey: 'deliveriesListP95Ms',
      }],
      notes: [
        `Seeded ${ROWS.toLocaleString('en')} deliveries with generate_series in ${(seedMs / 1000).toFixed(1)} s; the filtered list has ${serverPage.estimated ? 'about ' : ''}${serverPage.totalItems.toLocaleString('en')} rows${serverPage.estimated ? ' (the planner\'s estimate, flagged totalItemsIsEstimate)' : ''}.`,
        `${REQUESTS} requests per side after ${WARM_UP} warm-up requests (warm-up failures: server ${warmServer.failures.length}, pg ${warmPg.failures.length}); both sides use a pool of 10 connections.`,
        `Server p95 / rows SQL p95 = ${Number.isFinite(ratio) ? ratio.toFixed(2) : 'infinite'}x (goal <= 1.3x; goal p95 <= 20 ms and no 503).`,
        `Query: ${search}`,
        `Load average (1 min) ${loadBefore.toFixed(2)} before the runs, ${loadAfter.toFixed(2)} after (2 cores, shared with other work).`,
        'Each side\'s load generator runs in a process of its own (bench/load-child.ts), the server in the bench\'s process; both named (prepared) statements.',
        ...failureNotes(serverRun, REQUESTS, 'server'),
        ...failureNotes(pgRun, REQUESTS, 'pg'),
      ],
      details: {
        server95, pg95, ratio, seedMs, totalItems: serverPage.totalItems, estimated: serverPage.estimated, rowsSql: rowsSql.sql,
        plans, serverFailures: serverRun.failures.length, pgFailures: pgRun.failures.length,
        server50: percentile(serverRun.latencies, 50), pg50: percentile(pgRun.latencies, 50),
      },
    };
  } finally {
    // Teardown never takes the run down: each step's failure is reported and the next still runs.
    await pool.end().catch((error: Error) => console.warn(`deliveries-list: closing the bench pool: ${error.message}`));
    await server.close().catch((error: Error) => console.warn(`deliveries-list: closing the server: ${error.message}`));
  }
}

const benchmark: Benchmark = { name: 'deliveries-list', run: runDeliveriesList };
export default benchmark;

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runDeliveriesList();
  for (const row of result.rows) {
    console.log(`${row.name}: ${typeof row.figure === 'number' ? `${row.figure.toFixed(1)} ${row.unit}` : row.figure}`
      + (typeof row.baseline === 'number' ? ` (baseline ${row.baselineName}: ${row.baseline.toFixed(1)} ${row.unit})` : ''));
  }
  for (const note of result.notes) console.log(`  - ${note}`);
}
