// Reports at scale: 1,000,000 deliveries (a year of them) with their selected quotes, 250,000 jobs and 4,000,000 tasks
// (a hub delivery's four: pick-up, drop-off at the hub, pick-up from the hub, drop-off), seeded with generate_series on
// PostgreSQL. Every report over one month through our server (HTTP, token, access, scope, validation, the four
// statements of server/domain/reports/runner.ts, JSON), one request at a time, against the very same statements
// (reportStatements(...) compiled by drizzle) run through `pg` one after the other, in the same run.
// Then a report export of at least 1,000,000 rows streamed by a server in a process of its own (compiled, as `npm start` runs it: server/launch.mjs serve, on
// the same database), its resident set size sampled from /proc every 50 ms while the file is read.
// Needs DATABASE_URL (an administrator URL; a database of its own is created and dropped); skipped without one.
// BENCH_REPORT_DATABASE=<url of a database seeded before, kept with BENCH_REPORT_KEEP> measures it again without seeding
// (migrations still apply); BENCH_REPORT_ONLY=id,id measures only those reports; BENCH_REPORT_EXPORT=0 skips the export.
// A report with a page depth (src/lib/reports.ts maxPageRows) is also measured in its other orders and directions, at its
// deepest pages and with a company filter (BENCH_REPORT_CASES=0 skips those).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { PgDialect } from 'drizzle-orm/pg-core';
import { DateTime } from 'luxon';
import pg from 'pg';
import { REPORT_QUERIES } from '../server/domain/reports/queries';
import { reportContext, reportStatements, withDirtyDays } from '../server/domain/reports/runner';
import { refreshReportSummaries } from '../server/domain/reports/summaries';
import { requirePortal } from '../server/domain/portals';
import { SLA_TYPES } from '../src/lib/constants';
import { REPORT_IDS, reportLastPage, reportParams, reportSortKeys, REPORTS, type ReportId } from '../src/lib/reports';
import { JOB_STATUS, LOGISTIC_STATUS, TASK_STATUS, TASK_TYPE } from '../src/lib/statuses';
import { eq } from 'drizzle-orm';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signAccessToken } from '../server/auth/tokens';
import { refreshTokenFamilies, users } from '../server/db/schema';
import { serverSpawnArgs } from '../server/node-settings.mjs';
import { startServer } from '../server/server';
import { bearer, startTestServer } from '../tests/api/support';
import { freePort } from '../tests/support/free-port';
import type { Benchmark, BenchResult, BenchRow } from './types';

const DELIVERIES = Number(process.env.BENCH_REPORT_DELIVERIES ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_REPORT_SAMPLES ?? 20);
/** A report slower than this per request is sampled fewer times (the figure says how many). */
const SAMPLE_BUDGET_MS = Number(process.env.BENCH_REPORT_SAMPLE_BUDGET_MS ?? 15_000);
const EXPORT_ROWS = Number(process.env.BENCH_REPORT_EXPORT_ROWS ?? 1_000_000);
const EXPORT_TIMEOUT_MS = Number(process.env.BENCH_REPORT_EXPORT_TIMEOUT_MS ?? 900_000);
/** The month every report is read over (the seeded year is 2026). */
const MONTH = { startDate: '2026-06-01', endDate: '2026-06-30' };
const root = new URL('../', import.meta.url).pathname;
const MB = 1024 * 1024;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

function skipped(reason: string): BenchResult {
  return {
    rows: [{ name: 'reports p95 over a month', figure: `skipped: ${reason}`, baseline: null, unit: 'ms' }],
    notes: ['Set DATABASE_URL to a PostgreSQL administrator URL to run it (a database of its own is created and dropped).'],
  };
}

interface Ids { portalId: number; placedBy: number; stores: { id: number; companyId: number }[]; drivers: number[]; hubs: number[] }

/** Deliveries, quotes, jobs, job deliveries and tasks with explicit ids above the demo's, so no update pass is needed. */
async function seed(pool: pg.Pool, ids: Ids): Promise<{ ms: number; tasks: number }> {
  const began = performance.now();
  const next = async (table: string) => Number((await pool.query<{ next: string }>(`select coalesce(max(id), 0) + 1000 as next from ${table}`)).rows[0]!.next);
  const [deliveryBase, quoteBase, jobBase, taskBase] = [await next('deliveries'), await next('delivery_quotes'), await next('jobs'), await next('job_tasks')];
  const n = DELIVERIES;
  // Every 20 deliveries: 14 delivered (a quarter of them late), 2 in progress, 2 terminated, 1 cancelled, 1 returned.
  await pool.query(`
    INSERT INTO deliveries (id, portal_id, placed_by_user_id, company_id, store_id, waybill, logistic_status_id, payment_status_id,
      origin_address, destination_address, ready_for_collection_date, deliver_by_date, distance_km, selected_quote_id, hub_id,
      delivered_at, created_at, updated_at)
    SELECT $1::int + g, $2, $3, ($4::int[])[1 + g % $6], ($5::int[])[1 + g % $6], 'WBR' || lpad(g::text, 8, '0'),
      CASE WHEN g % 20 < 14 THEN ${LOGISTIC_STATUS.DELIVERED} WHEN g % 20 = 14 THEN ${LOGISTIC_STATUS.READY}
        WHEN g % 20 = 15 THEN ${LOGISTIC_STATUS.PENDING_DROP_OFF} WHEN g % 20 = 16 THEN ${LOGISTIC_STATUS.DROP_OFF_EXCEPTION}
        WHEN g % 20 = 17 THEN ${LOGISTIC_STATUS.UNDELIVERED} WHEN g % 20 = 18 THEN ${LOGISTIC_STATUS.CANCELLED_WITH_FEE}
        ELSE ${LOGISTIC_STATUS.RETURNED_TO_SENDER} END, 30001,
      '{"description":"1 Main Road, Sea Point, Cape Town","coordinates":{"lat":-33.915,"lon":18.389}}'::jsonb,
      '{"description":"12 Long Street, Cape Town","coordinates":{"lat":-33.922,"lon":18.418}}'::jsonb,
      to_char(created, 'YYYY-MM-DD'), to_char(created + interval '1 day', 'YYYY-MM-DD'), (g * 37 % 600) / 10.0, $7::int + g,
      CASE WHEN g % 3 = 0 AND cardinality($8::int[]) > 0 THEN ($8::int[])[1 + g % cardinality($8::int[])] END,
      CASE WHEN g % 20 < 14 THEN created + interval '1 day 3 hours' + ((g % 4) * 40) * interval '1 minute' END, created, created
    FROM (SELECT g, timestamptz '2026-01-01 05:00:00+00' + g * (interval '364 days' / $9::int) AS created FROM generate_series(1, $9::int) g) s`,
  [deliveryBase, ids.portalId, ids.placedBy, ids.stores.map((store) => store.companyId), ids.stores.map((store) => store.id), ids.stores.length,
    quoteBase, ids.hubs, n]);
  // The selected quote of each: pick-up 2-4 h after booking, drop-off the next day 2-4 h after.
  await pool.query(`
    INSERT INTO delivery_quotes (id, delivery_id, sla_type, pricing_tier, price_excl_cents, vat_rate_basis_points, items,
      pickup_window_start, pickup_window_end, drop_off_window_start, drop_off_window_end, expires_at)
    SELECT $1::int + g, $2::int + g, ($3::text[])[1 + g % cardinality($3::text[])], 'Tier 1', 9000 + g % 5000, 1500, '[]'::jsonb,
      d.created_at + interval '2 hours', d.created_at + interval '4 hours', d.created_at + interval '1 day 2 hours', d.created_at + interval '1 day 4 hours',
      d.created_at + interval '1 hour'
    FROM generate_series(1, $4::int) g JOIN deliveries d ON d.id = $2::int + g`,
  [quoteBase, deliveryBase, [...SLA_TYPES], n]);
  // A job carries four deliveries (16 tasks); one in 25 was turned down once before its driver took it.
  const jobs = Math.ceil(n / 4);
  await pool.query(`
    INSERT INTO jobs (id, portal_id, job_status_id, driver_id, rejected_by_driver_id, created_at, started_at, completed_at, updated_at)
    SELECT $1::int + g, $2, ${JOB_STATUS.COMPLETED}, ($3::int[])[1 + g % cardinality($3::int[])],
      CASE WHEN g % 25 = 0 THEN ($3::int[])[1 + (g + 1) % cardinality($3::int[])] END,
      d.created_at + interval '30 minutes', d.created_at + interval '90 minutes', d.created_at + interval '1 day 5 hours', d.created_at
    FROM generate_series(1, $4::int) g JOIN deliveries d ON d.id = $5::int + 4 * (g - 1) + 1`,
  [jobBase, ids.portalId, ids.drivers, jobs, deliveryBase]);
  await pool.query(`INSERT INTO job_deliveries (delivery_id, job_id, added_at)
    SELECT $1::int + g, $2::int + 1 + (g - 1) / 4, now() FROM generate_series(1, $3::int) g`, [deliveryBase, jobBase, n]);
  // Four tasks a delivery; arrivals around the window's end (a quarter late), one in 40 in exception, the rest completed.
  const tasks = 4 * n;
  await pool.query(`
    INSERT INTO job_tasks (id, job_id, delivery_id, task_job_order, task_type_id, task_status_id, address, arrived_date,
      arrived_distance_km, completed_date, exception_reason, updated_at)
    SELECT $1::int + g, $2::int + 1 + (g - 1) / 16, $3::int + 1 + (g - 1) / 4, (g - 1) % 16,
      CASE WHEN (g - 1) % 2 = 0 THEN ${TASK_TYPE.PICK_UP} ELSE ${TASK_TYPE.DROP_OFF} END,
      CASE WHEN g % 40 = 0 THEN ${TASK_STATUS.EXCEPTION} ELSE ${TASK_STATUS.COMPLETED} END,
      '{"description":"12 Long Street, Cape Town","coordinates":{"lat":-33.922,"lon":18.418}}'::jsonb,
      arrived, (g % 97) / 10.0, arrived + (g % 20) * interval '1 minute',
      CASE WHEN g % 40 = 0 THEN 'Recipient not available' END, arrived
    FROM (SELECT g, timestamptz '2026-01-01 05:00:00+00' + (1 + (g - 1) / 4) * (interval '364 days' / $4::int)
        + CASE WHEN (g - 1) % 4 < 2 THEN interval '3 hours' ELSE interval '1 day 3 hours' END + ((g % 4) * 40) * interval '1 minute' AS arrived
      FROM generate_series(1, $5::int) g) s`,
  [taskBase, jobBase, deliveryBase, n, tasks]);
  for (const [table, sequence] of [['deliveries', 'deliveries_id_seq'], ['delivery_quotes', 'delivery_quotes_id_seq'], ['jobs', 'jobs_id_seq'], ['job_tasks', 'job_tasks_id_seq']]) {
    await pool.query(`select setval('${sequence}', (select max(id) from ${table}))`);
  }
  await pool.query('VACUUM ANALYZE deliveries, delivery_quotes, jobs, job_deliveries, job_tasks');
  return { ms: performance.now() - began, tasks };
}

/** ms per call of `work`: `SAMPLES` calls after one warm-up, fewer when they are slow (at least 3). */
async function sample(work: () => Promise<void>): Promise<number[]> {
  await work();
  const latencies: number[] = [];
  const began = performance.now();
  while (latencies.length < SAMPLES && (latencies.length < 3 || performance.now() - began < SAMPLE_BUDGET_MS)) {
    const start = performance.now();
    await work();
    latencies.push(performance.now() - start);
  }
  return latencies;
}

/** A server in a process of its own on the same database and data directory (so it accepts the same tokens). */
async function childServer(databaseUrl: string, dataDir: string): Promise<{ child: ChildProcess; url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  // With the server's memory settings on its command line (as server/launch.mjs would apply them by starting a child),
  // so that the process measured is the server itself.
  const { args, env } = serverSpawnArgs('serve', { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_ROOT: '/nonexistent', LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl });
  const child = spawn(process.execPath, args, { cwd: root, detached: true, stdio: ['ignore', 'ignore', 'pipe'], env });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => { errors = (errors + chunk.toString()).slice(-2000); });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid!, 'SIGTERM');
    await Promise.race([gone, sleep(10_000).then(() => process.kill(-child.pid!, 'SIGKILL'))]);
  };
  const began = performance.now();
  while (performance.now() - began < 180_000) {
    if (child.exitCode !== null) throw new Error(`the export server exited (${child.exitCode}): ${errors}`);
    try {
      const response = await fetch(`${url}/connect/countries/za`);
      await response.arrayBuffer();
      if (response.status === 200) return { child, url, stop };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  await stop();
  throw new Error(`the export server did not start: ${errors}`);
}

/** A server on a database seeded by an earlier run (BENCH_REPORT_DATABASE), with the test server's tokenFor. */
async function reusedServer(databaseUrl: string) {
  const dataDir = await mkdtemp(join(tmpdir(), 'courier-bench-'));
  const server = await startServer({
    seed: false,
    config: { port: 0, host: '127.0.0.1', dataDir, inMemoryDatabase: false, databaseUrl, webRoot: join(dataDir, 'no-web'), logLevel: 'warn',
      anonymousWritesPerMinute: 1_000_000, expensiveCallsPerMinute: 1_000_000, maxEventLoopDelayMs: 0 },
    env: {},
  });
  async function tokenFor(email: string, ttlSeconds = 300) {
    const [user] = await server.database.db.select().from(users).where(eq(users.email, email));
    const [family] = await server.database.db.insert(refreshTokenFamilies).values({ userId: user!.id, absoluteExpiresAt: new Date(Date.now() + 86_400_000) }).returning();
    return signAccessToken(server.keys, user!, ttlSeconds, undefined, family!.id);
  }
  return { ...server, tokenFor };
}

const statusField = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((candidate) => candidate.startsWith(`${field}:`));
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
};

export async function runReports(): Promise<BenchResult> {
  const admin = process.env.DATABASE_URL;
  if (!admin) return skipped('no PostgreSQL (DATABASE_URL is not set)');
  const reuse = process.env.BENCH_REPORT_DATABASE;
  const server = reuse ? await reusedServer(reuse) : await startTestServer({ logLevel: 'warn' });
  const databaseUrl = server.config.databaseUrl!;
  // The baseline runs the server's statement as the server does: JIT off (runner.ts sets it per transaction).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4, options: '-c jit=off' });
  const notes: string[] = [];
  try {
    const [portal] = (await pool.query<{ id: number }>(`select id from portals where cca2 = 'ZA'`)).rows;
    const [adminUser] = (await pool.query<{ id: number }>(`select id from users where email = 'administrator@demo.test'`)).rows;
    const ids: Ids = {
      portalId: portal!.id, placedBy: adminUser!.id,
      stores: (await pool.query<{ id: number; companyId: number }>('select id, company_id as "companyId" from stores order by id')).rows,
      drivers: (await pool.query<{ id: number }>('select user_id as id from drivers order by user_id')).rows.map((row) => row.id),
      hubs: (await pool.query<{ id: number }>('select id from hubs order by id')).rows.map((row) => row.id),
    };
    const seeded = reuse ? { ms: 0, tasks: Number((await pool.query<{ n: string }>('select count(*) as n from job_tasks')).rows[0]!.n) } : await seed(pool, ids);
    if (reuse) notes.push(`Measured again on ${reuse.replace(/^.*\//, '')}, seeded before.`);
    else notes.push(`Seeded ${DELIVERIES.toLocaleString('en')} deliveries, their quotes, ${Math.ceil(DELIVERIES / 4).toLocaleString('en')} jobs and ${seeded.tasks.toLocaleString('en')} tasks `
      + `with generate_series in ${(seeded.ms / 1000).toFixed(0)} s (${ids.stores.length} stores, ${ids.drivers.length} drivers, ${ids.hubs.length} hubs).`);

    // The daily summaries of the grouped delivery reports, as the job queue would bring them up to date after the seed.
    const summarising = performance.now();
    const summarisedDays = await refreshReportSummaries(server.database.db);
    notes.push(`Daily report summaries: ${summarisedDays} dirty days recomputed in ${((performance.now() - summarising) / 1000).toFixed(0)} s `
      + `(${Number((await pool.query<{ n: string }>('select count(*) as n from report_delivery_days')).rows[0]!.n).toLocaleString('en')} summary rows).`);

    if (process.env.BENCH_REPORT_KEEP) {
      // For EXPLAIN by hand: the seeded database stays (drop it yourself); the process exits without closing the server.
      console.log(`Seeded database kept: ${databaseUrl}`);
      process.exit(0);
    }
    const token = await server.tokenFor('administrator@demo.test', 7200);
    const headers = bearer(token);
    const portalData = await requirePortal(server.database.db, 'za');
    const dialect = new PgDialect();
    const rows: BenchRow[] = [];
    const details: Record<string, unknown> = {};
    const only = process.env.BENCH_REPORT_ONLY?.split(',');
    const measure = async (id: ReportId, extra: Record<string, string>, label: string) => {
      const report = REPORTS[id];
      // Deliveries Due and Driver Visibility are of now, not of a range.
      const query: Record<string, string> = { ...(reportParams(report).has('startDate') ? MONTH : {}), ...extra };
      const url = `${server.url}/connect/reports/za/${id}?${new URLSearchParams(query).toString()}`;
      let total = -1;
      const viaServer = async () => {
        const response = await fetch(url, { headers });
        const body = await response.json() as { paging?: { totalItems: number } };
        if (response.status !== 200) throw new Error(`${id} answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
        total = body.paging!.totalItems;
      };
      // The same statement as the handler runs for the administrator (portal scope): count, page, figures and chart in one.
      const context = reportContext(report, query, portalData, { kind: 'portal' }, ids.placedBy);
      const summarisedContext = await withDirtyDays(server.database.db, REPORT_QUERIES[id], context);
      const statements = reportStatements(report, REPORT_QUERIES[id], summarisedContext, query);
      const statement = dialect.sqlToQuery(statements.screen);
      const settings = statements.settings.map((setting) => dialect.sqlToQuery(setting).sql);
      const viaPg = async () => {
        if (settings.length === 0) {
          await pool.query(statement.sql, statement.params);
          return;
        }
        // The screen's settings (runner.ts) in its transaction, as the server runs it.
        const client = await pool.connect();
        try {
          await client.query('begin');
          for (const setting of settings) await client.query(setting);
          await client.query(statement.sql, statement.params);
          await client.query('commit');
        } finally {
          client.release();
        }
      };
      const serverRun = await sample(viaServer);
      const pgRun = await sample(viaPg);
      const server95 = percentile(serverRun, 95);
      const pg95 = percentile(pgRun, 95);
      rows.push({
        name: `${report.title}${label}: p95 over a month (${total.toLocaleString('en')} rows, ${serverRun.length} requests)`,
        figure: server95, baseline: pg95, baselineName: 'its statement through pg', unit: 'ms', budgetKey: 'reportP95Ms',
      });
      details[`${id}${label}`] = { server95, pg95, serverMedian: percentile(serverRun, 50), pgMedian: percentile(pgRun, 50), total, samples: serverRun.length };
      console.log(`  ${id}${label}: server p95 ${server95.toFixed(0)} ms, pg p95 ${pg95.toFixed(0)} ms, ${total} rows`);
    };
    const [small] = (await pool.query<{ id: number; companyId: number }>(`select d.store_id as id, min(d.company_id) as "companyId"
      from deliveries d where d.store_id is not null group by 1 having count(*) < (select count(*) / 20 from deliveries) order by count(*) limit 1`)).rows;
    for (const id of (REPORT_IDS as readonly ReportId[]).filter((candidate) => !only || only.includes(candidate))) {
      await measure(id, {}, '');
      // Every order the screen offers and its deepest pages (a report with a page depth; BENCH_REPORT_CASES=0 skips them).
      const report = REPORTS[id];
      if (report.maxPageRows === undefined || process.env.BENCH_REPORT_CASES === '0') continue;
      const other = report.defaultSort.direction === 'desc' ? 'asc' : 'desc';
      const last = reportLastPage(report, 20);
      const cases: [Record<string, string>, string][] = [
        ...reportSortKeys(report).filter((key) => key !== report.defaultSort.key).map((key) => [{ sortby: key }, `, by ${key}`] as [Record<string, string>, string]),
        [{ sortdirection: other }, `, ${report.defaultSort.key} ${other}`],
        [{ page: String(last) }, `, page ${last}`],
        [{ page: String(last), sortdirection: other }, `, page ${last} ${other}`],
        [{ page: String(reportLastPage(report, 100)), pageSize: '100' }, `, page ${reportLastPage(report, 100)} of 100`],
        [{ page: String(last), companyid: String(ids.stores[0]!.companyId) }, `, page ${last} of one company`],
        // The smallest store and its company (on expa_1m, 1 % of the deliveries: docs/benchmarks.md, sixth round), whose
        // rows are few among the walk's: page 1 and the deepest page both ways (a company or store user's scope is the
        // same condition on the delivery as these filters: deliveryScopeOf).
        ...(small ? [
          [{ companyid: String(small.companyId) }, ', small company'],
          [{ companyid: String(small.companyId), sortdirection: other }, `, small company ${other}`],
          [{ page: String(last), companyid: String(small.companyId) }, `, page ${last} of a small company`],
          [{ page: String(last), companyid: String(small.companyId), sortdirection: other }, `, page ${last} ${other} of a small company`],
          [{ page: String(last), storeid: String(small.id) }, `, page ${last} of a small store`],
        ] as [Record<string, string>, string][] : []),
      ];
      for (const [extra, label] of cases) await measure(id, extra, label);
    }

    // The export: Delivery Arrival (one row per arrival), over as many days from the start of the year as hold EXPORT_ROWS arrivals.
    const perDay = (await pool.query<{ perDay: number }>(`select (count(*) / 364.0)::float8 as "perDay" from job_tasks where arrived_date is not null`)).rows[0]!.perDay;
    const days = Math.min(366, Math.ceil(EXPORT_ROWS / perDay) + 2);
    const exportQuery = { startDate: '2026-01-01', endDate: DateTime.fromISO('2026-01-01').plus({ days: days - 1 }).toISODate()!, exportExcel: 'true' };
    const exporter = process.env.BENCH_REPORT_EXPORT === '0' ? undefined : await childServer(databaseUrl, server.config.dataDir);
    if (exporter) try {
      const pid = exporter.child.pid!;
      const rssBefore = statusField(pid, 'VmRSS');
      let peak = rssBefore;
      const timer = setInterval(() => { try { peak = Math.max(peak, statusField(pid, 'VmRSS')); } catch { /* exited */ } }, 50);
      const began = performance.now();
      const response = await fetch(`${exporter.url}/connect/reports/za/deliveryArrival?${new URLSearchParams(exportQuery).toString()}`,
        { headers, signal: AbortSignal.timeout(EXPORT_TIMEOUT_MS) });
      let bytes = 0;
      const reader = response.body!.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) bytes += read.value.byteLength;
      const ms = performance.now() - began;
      clearInterval(timer);
      peak = Math.max(peak, statusField(pid, 'VmRSS'));
      const exported = Number(response.headers.get('x-total-count'));
      if (response.status !== 200) throw new Error(`export answered ${response.status}`);
      rows.push({ name: `Delivery Arrival export, ${exported.toLocaleString('en')} rows: server process peak RSS`, figure: peak, baseline: rssBefore,
        baselineName: 'the same process before the export', unit: 'MB', budgetKey: 'reportExportPeakRssMb' });
      rows.push({ name: 'Delivery Arrival export: rows per second', figure: exported / (ms / 1000), baseline: null, unit: 'rows/s' });
      notes.push(`Export ${exportQuery.startDate}..${exportQuery.endDate}: ${(bytes / MB).toFixed(0)} MB in ${(ms / 1000).toFixed(0)} s; `
        + `the server process's VmHWM (lifetime peak) ${statusField(pid, 'VmHWM').toFixed(0)} MB.`);
      details.export = { exported, bytes, ms, peak, rssBefore };
    } finally {
      await exporter.stop();
    }
    else notes.push('Export not measured (BENCH_REPORT_EXPORT=0).');
    notes.push(`Each report over ${MONTH.startDate}..${MONTH.endDate} as the administrator (portal scope, default date type), one request at a time: `
      + `up to ${SAMPLES} after a warm-up, fewer (at least 3) for a report slower than ${SAMPLE_BUDGET_MS / 1000} s in all.`,
    'The client shares the process of the API server (as in bench/deliveries-list.ts); the export server runs in a process of its own.');
    return { rows, notes, details };
  } finally {
    await pool.end();
    await server.close();
  }
}

const benchmark: Benchmark = { name: 'reports', run: runReports };
export default benchmark;

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runReports();
  for (const row of result.rows) {
    console.log(`${row.name}: ${typeof row.figure === 'number' ? `${row.figure.toFixed(0)} ${row.unit}` : row.figure}`
      + (typeof row.baseline === 'number' ? ` (baseline ${row.baselineName}: ${row.baseline.toFixed(0)} ${row.unit})` : ''));
  }
  for (const note of result.notes) console.log(`  - ${note}`);
  process.exit(0);
}
