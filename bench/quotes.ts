// Quote creation (createquotes, issue 4): p50/p95 of sequential quote requests on PGlite and on PostgreSQL,
// through the whole server over HTTP and through the domain call alone, next to a raw-SQL baseline of the same
// work (the same reads and writes in one transaction through the same driver, pricing done inline) measured in
// the same run on the same database.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { issueSession } from '../server/auth/sessions';
import { permissionsOf } from '../server/auth/tokens';
import type { Database } from '../server/db/database';
import { users } from '../server/db/schema';
import { createQuote } from '../server/domain/booking';
import { requirePortal } from '../server/domain/portals';
import { greatCircleRouter } from '../server/geo/great-circle';
import { startServer, type RunningServer, type StartOptions } from '../server/server';
import { freePort } from '../tests/support/free-port';
import type { Benchmark, BenchRow } from './types';

const WARMUP = 20;
const ITERATIONS = 200;
const EMAIL = 'administrator@demo.test';
const ORIGIN = { placeId: 'za-cape-town-long-street-cape-town-city-centre', description: 'Long Street', coordinates: { lat: -33.923, lon: 18.418 } };
const DESTINATION = { placeId: 'za-cape-town-cavendish-square-claremont', description: 'Cavendish Square', coordinates: { lat: -33.981, lon: 18.465 } };

/** The next Wednesday (a weekday with the demo windows), as YYYY-MM-DD. */
function nextWednesday(): string {
  const day = new Date(Date.now() + 2 * 86_400_000);
  while (day.getUTCDay() !== 3) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

const FORM = { originAddress: ORIGIN, destinationAddress: DESTINATION, deliveryDate: nextWednesday(), deliveryTime: '08:00', isRoundTrip: false };

interface Timing { p50: number; p95: number; mean: number }

function summarise(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95), mean: samples.reduce((sum, value) => sum + value, 0) / samples.length };
}

async function time(run: () => Promise<void>): Promise<Timing> {
  for (let index = 0; index < WARMUP; index++) await run();
  const samples: number[] = [];
  for (let index = 0; index < ITERATIONS; index++) {
    const began = performance.now();
    await run();
    samples.push(performance.now() - began);
  }
  return summarise(samples);
}

/** Rows of a raw query: node-postgres and PGlite both answer `{ rows }`. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The same work as createquotes, in raw SQL: high-risk check, delivery insert, slot lookup, parcel types and
 * rates for the band, quote options superseded and inserted (one per service level), then the reads of the
 * response (delivery, options, items, placer, company).
 */
async function rawQuote(db: Database, portalId: number, userId: number, distanceKm: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select lat, lon, radius_km from high_risk_areas where portal_id = ${portalId}`);
    const inserted = await tx.execute(sql`insert into deliveries (portal_id, placed_by_user_id, origin_address, destination_address,
      ready_for_collection_date, ready_for_collection_time_slot_local, deliver_by_date, is_round_trip, is_high_risk, distance_km,
      logistic_status_id, payment_status_id)
      values (${portalId}, ${userId}, ${JSON.stringify(ORIGIN)}::jsonb, ${JSON.stringify(DESTINATION)}::jsonb, ${FORM.deliveryDate}, '08:00',
      ${FORM.deliveryDate}, false, false, ${distanceKm}, 0, 0) returning id`);
    const id = Number(rowsOf<{ id: number }>(inserted)[0]!.id);
    await tx.execute(sql`select end_local, store_id, company_id from delivery_windows where portal_id = ${portalId} and weekday = 3 and start_local = '08:00'`);
    await tx.execute(sql`select id, length_cm, width_cm, height_cm, weight_kg from parcel_types order by sort_order`);
    const rates = rowsOf<{ sla_type: string; price_cents: number }>(await tx.execute(sql`select sla_type, price_cents from rates where portal_id = ${portalId} and is_active and company_id is null
      and start_km_range <= ${distanceKm}::float8 and end_km_range > ${distanceKm}::float8 and rate_type = 'Base' and parcel_type_id = 1 and day_of_week_type = 'Weekday'
      and not is_high_risk`));
    await tx.execute(sql`update delivery_quotes set superseded_at = now() where delivery_id = ${id} and superseded_at is null`);
    for (const rate of rates) {
      await tx.execute(sql`insert into delivery_quotes (delivery_id, sla_type, pricing_tier, price_excl_cents, vat_rate_basis_points, items,
        pickup_window_start, pickup_window_end, drop_off_window_start, drop_off_window_end, expires_at)
        values (${id}, ${rate.sla_type}, 'Standard', ${rate.price_cents}, 1500, ${JSON.stringify([{ quantity: 1, amountExcl: rate.price_cents }])}::jsonb,
        now(), now() + interval '2 hours', now() + interval '2 hours', now() + interval '1 day', now() + interval '30 minutes')`);
    }
    await tx.execute(sql`select *, xmin::text from deliveries where id = ${id}`);
    await tx.execute(sql`select * from delivery_quotes where delivery_id = ${id} and superseded_at is null order by id`);
    await tx.execute(sql`select * from delivery_items where delivery_id = ${id} order by id`);
    await tx.execute(sql`select first_name, last_name, phone_number, email from users where id = ${userId}`);
  });
}

async function measure(server: RunningServer): Promise<{ http: Timing; domain: Timing; raw: Timing }> {
  const db = server.database.db;
  const [user] = await db.select().from(users).where(eq(users.email, EMAIL));
  if (!user) throw new Error(`no seeded user ${EMAIL}`);
  const token = (await issueSession(server.context, user.id)).jwtToken;
  const portal = await requirePortal(db, 'za');
  const ctx = { db, portal, permissions: permissionsOf(user), settings: { quoteValiditySeconds: 1800, router: greatCircleRouter } };
  const distanceKm = Math.round((await greatCircleRouter.distanceKm(ORIGIN.coordinates, DESTINATION.coordinates)) * 100) / 100;
  const body = JSON.stringify(FORM);
  const http = await time(async () => {
    const response = await fetch(`${server.url}/connect/deliveries/createquotes/za`, {
      method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body,
    });
    await response.arrayBuffer();
    if (response.status !== 201) throw new Error(`createquotes answered ${response.status}`);
  });
  const domain = await time(async () => { await createQuote(ctx, FORM); });
  const raw = await time(() => rawQuote(db, portal.id, user.id, distanceKm));
  return { http, domain, raw };
}

async function onServer(config: StartOptions['config']): Promise<{ http: Timing; domain: Timing; raw: Timing }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-quotes-'));
  const server = await startServer({ config: { port: 0, host: '127.0.0.1', dataDir, webRoot: join(dataDir, 'no-web'), logLevel: 'silent', ...config } });
  try {
    return await measure(server);
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A PostgreSQL to measure on: DATABASE_URL, or a throw-away cluster started the way .ci/run does (as root). */
async function postgres(): Promise<{ url: string; note: string; stop(): Promise<void> } | string> {
  const admin = process.env.DATABASE_URL;
  const fresh = async (adminUrl: string) => {
    const name = `courier_bench_${process.pid}`;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      async drop() {
        const dropper = new pg.Client({ connectionString: adminUrl });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      },
    };
  };
  if (admin) {
    const database = await fresh(admin);
    return { url: database.url, note: 'PostgreSQL of DATABASE_URL (a fresh database in it)', stop: database.drop };
  }
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b)) : [];
  const bin = versions.length ? `/usr/lib/postgresql/${versions.at(-1)}/bin` : undefined;
  if (!bin || !existsSync(`${bin}/initdb`)) return 'not measured: no DATABASE_URL and no PostgreSQL installed (apt-get install postgresql)';
  if (process.getuid?.() !== 0) return 'not measured: no DATABASE_URL, and starting a local PostgreSQL needs root (runuser -u postgres)';
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
  spawnSync('chown', ['postgres:postgres', dataDir]);
  const port = await freePort();
  const run = (...args: string[]) => spawnSync('runuser', ['-u', 'postgres', '--', ...args], { encoding: 'utf8' });
  const init = run(`${bin}/initdb`, '-D', dataDir, '-A', 'trust', '-U', 'postgres');
  const discard = (reason: string) => {
    rmSync(dataDir, { recursive: true, force: true });
    return reason;
  };
  if (init.status !== 0) return discard(`not measured: initdb failed (${init.stderr.trim().slice(0, 200)})`);
  const started = run(`${bin}/pg_ctl`, '-D', dataDir, '-w', '-l', join(dataDir, 'server.log'), '-o', `-c listen_addresses=127.0.0.1 -p ${port} -k ${dataDir}`, 'start');
  if (started.status !== 0) return discard(`not measured: pg_ctl start failed (${started.stderr.trim().slice(0, 200)})`);
  const stopCluster = async () => {
    run(`${bin}/pg_ctl`, '-D', dataDir, '-m', 'fast', 'stop');
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const database = await fresh(`postgres://postgres@127.0.0.1:${port}/postgres`);
    return { url: database.url, note: `a throw-away PostgreSQL ${versions.at(-1)} cluster on loopback (as .ci/run starts one)`, stop: stopCluster };
  } catch (error) {
    await stopCluster();
    return `not measured: ${(error as Error).message}`;
  }
}

function rows(label: string, result: { http: Timing; domain: Timing; raw: Timing } | string): BenchRow[] {
  if (typeof result === 'string') return [{ name: `${label}: createquotes p95`, figure: result, baseline: null, unit: 'ms' }];
  const baselineName = 'raw SQL, same work';
  return [
    { name: `${label}: createquotes over HTTP, p95`, figure: result.http.p95, baseline: result.raw.p95, baselineName, unit: 'ms' },
    { name: `${label}: createquotes over HTTP, p50`, figure: result.http.p50, baseline: result.raw.p50, baselineName, unit: 'ms' },
    { name: `${label}: createQuote domain call, p95`, figure: result.domain.p95, baseline: result.raw.p95, baselineName, unit: 'ms' },
  ];
}

const benchmark: Benchmark = {
  name: `Quote creation (createquotes, ${ITERATIONS} sequential requests)`,
  async run() {
    const pglite = await onServer({ inMemoryDatabase: true, databaseUrl: undefined });
    const database = await postgres();
    let postgresResult: Awaited<ReturnType<typeof onServer>> | string;
    let postgresNote = typeof database === 'string' ? database : database.note;
    if (typeof database === 'string') {
      postgresResult = database;
    } else {
      try {
        postgresResult = await onServer({ inMemoryDatabase: false, databaseUrl: database.url });
      } catch (error) {
        postgresResult = `not measured: ${(error as Error).message}`;
        postgresNote = postgresResult;
      } finally {
        await database.stop();
      }
    }
    return {
      rows: [...rows('PGlite (in memory)', pglite), ...rows('PostgreSQL', postgresResult)],
      notes: [
        `${WARMUP} warm-up requests, then ${ITERATIONS} measured one after another; Long Street to Cavendish Square, Cape Town (10.10 km; no parcels yet, so the options are priced for one small parcel, as the wizard's first step is), as the administrator (prices visible).`,
        'HTTP: the real server (fastify-openapi-glue validation, bearer check, access table, handler, Drizzle, response serialisation) on loopback; domain: server/domain/booking.ts createQuote called in-process; both route the distance with the default great-circle router.',
        'Baseline: the same reads and writes in one transaction as hand-written SQL through the same driver and database (drizzle execute), pricing the four service levels from one rates query.',
        `PostgreSQL: ${postgresNote}.`,
      ],
      details: { pglite, postgres: postgresResult },
    };
  },
};

export default benchmark;
