// Deliveries list: page 20 with three filters (logistic statuses, company, minimum distance) and a sort (created,
// newest first) over 1,000,000 deliveries seeded with generate_series on PostgreSQL, 100 requests at a time through
// our server (HTTP, token check, scope, validation, JSON), against the very same two statements (rows and count,
// taken from server/domain/deliveries-admin.ts with .toSQL()) run through `pg` with the same pool size, in the same run.
// Needs DATABASE_URL (an administrator URL; a database of its own is created and dropped); skipped without one.
import pg from 'pg';
import { deliveryListQueries, type DeliveryAdminQuery } from '../server/domain/deliveries-admin';
import { LOGISTIC_STATUS } from '../src/lib/statuses';
import { bearer, startTestServer } from '../tests/api/support';
import type { Benchmark, BenchResult } from './types';

const ROWS = Number(process.env.BENCH_DELIVERIES ?? 1_000_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 100);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const WARM_UP = 200;

async function reachable(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Runs `total` calls of `work`, `concurrency` at a time; the latency of each successful one in ms and the failures. */
async function load(total: number, concurrency: number, work: () => Promise<void>): Promise<{ latencies: number[]; failures: string[] }> {
  const latencies: number[] = [];
  const failures: string[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < total) {
      next += 1;
      const began = performance.now();
      try {
        await work();
        latencies.push(performance.now() - began);
      } catch (error) {
        failures.push((error as Error).message.slice(0, 200));
      }
    }
  }));
  return { latencies, failures };
}

const percentile = (values: number[], p: number) => {
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
  // deliveries (company_id, created_at) and (company_id, logistic_status_id, distance_km) for this list.
  await pool.query('ANALYZE deliveries');
  return performance.now() - began;
}

export async function runDeliveriesList(): Promise<BenchResult> {
  const admin = process.env.DATABASE_URL;
  if (!admin) return skipped('no PostgreSQL (DATABASE_URL is not set)');
  const unreachable = await reachable(admin);
  if (unreachable) return skipped(`PostgreSQL not reachable (${unreachable})`);

  const server = await startTestServer({ logLevel: 'warn' });
  const pool = new pg.Pool({ connectionString: server.config.databaseUrl, max: 10 });
  try {
    const [portal] = (await pool.query<{ id: number }>(`select id from portals where cca2 = 'ZA'`)).rows;
    const [adminUser] = (await pool.query<{ id: number }>(`select id from users where email = 'administrator@demo.test'`)).rows;
    const stores = (await pool.query<{ id: number; companyId: number }>('select id, company_id as "companyId" from stores order by id')).rows;
    const seedMs = await seed(pool, portal!.id, adminUser!.id, stores);
    const companyId = stores[0]!.companyId;

    const query: DeliveryAdminQuery = {
      page: 1, pageSize: 20, logisticstatuses: `${LOGISTIC_STATUS.READY},${LOGISTIC_STATUS.PENDING_PICK_UP}`, companyid: companyId,
      minDistance: 10, sortby: 'createdAt', sortdirection: 'desc',
    };
    const search = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)])).toString();
    const url = `${server.url}/connect/deliveries/za?${search}`;
    const token = await server.tokenFor('administrator@demo.test', 3600);
    const headers = bearer(token);
    let checked = 0;
    const viaServer = async () => {
      const response = await fetch(url, { headers });
      const body = await response.json() as { items: unknown[]; paging: { totalItems: number } };
      if (response.status !== 200) throw new Error(`list answered ${response.status}: ${JSON.stringify(body)}`);
      checked = body.paging.totalItems;
    };

    // The same two statements the handler runs, as the driver receives them.
    const statements = deliveryListQueries(server.database.db, portal!.id, { kind: 'portal' }, query);
    const rowsSql = statements.rows().toSQL();
    const countSql = statements.count().toSQL();
    let pgMatching = 0;
    const viaPg = async () => {
      const [, counted] = await Promise.all([pool.query(rowsSql.sql, rowsSql.params), pool.query(countSql.sql, countSql.params)]);
      pgMatching = Number(Object.values(counted.rows[0] ?? {})[0] ?? 0);
    };

    await load(WARM_UP, CONCURRENCY, viaServer);
    await load(WARM_UP, CONCURRENCY, viaPg);
    // Warm-up failures are not counted; the measured runs report theirs.
    // Both sides must answer the same list, or the comparison means nothing.
    if (pgMatching !== checked) throw new Error(`pg counted ${pgMatching} rows, the server ${checked}`);
    const serverRun = await load(REQUESTS, CONCURRENCY, viaServer);
    const pgRun = await load(REQUESTS, CONCURRENCY, viaPg);
    const server95 = serverRun.latencies.length > 0 ? percentile(serverRun.latencies, 95) : Number.NaN;
    const pg95 = pgRun.latencies.length > 0 ? percentile(pgRun.latencies, 95) : Number.NaN;
    const failed = (run: { failures: string[] }, side: string) => (run.failures.length > 0
      ? [`${run.failures.length} of ${REQUESTS} ${side} requests failed (first: ${run.failures[0]})`] : []);
    return {
      rows: [{
        name: `deliveries list p95, ${CONCURRENCY} concurrent, ${ROWS.toLocaleString('en')} rows`, figure: server95, baseline: pg95,
        baselineName: 'same SQL through pg', unit: 'ms',
      }],
      notes: [
        `Seeded ${ROWS.toLocaleString('en')} deliveries with generate_series in ${(seedMs / 1000).toFixed(1)} s; the filtered list has ${checked.toLocaleString('en')} rows.`,
        `${REQUESTS} requests per side after ${WARM_UP} warm-up requests; both sides use a pool of 10 connections.`,
        'With the schema\'s indexes, including deliveries (company_id, created_at) and (company_id, logistic_status_id, distance_km).',
        `Query: ${search}`,
        'Client and server share one Node process (as in bench/hub-fanout.ts): the server side includes the load generator\'s own CPU.',
        ...failed(serverRun, 'server'),
        ...failed(pgRun, 'pg'),
      ],
      details: { server95, pg95, seedMs, matching: checked, rowsSql: rowsSql.sql, failures: serverRun.failures.length + pgRun.failures.length },
    };
  } finally {
    await pool.end();
    await server.close();
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
