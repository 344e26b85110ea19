// Rates and bulk data at scale (issue 16), each beside a same-run baseline:
// (a) a 100,000-row rate sheet (.csv in a temp file, realistic rows, ~3 % bad) parsed and validated by the upload's
//     own code (server/domain/upload-batches.ts readSheet with the rate sheet's header and row reading:
//     mapRateSheetHeader, rateUploadFromCells, the company check of uploadRateSheet), against csv-parse alone over the
//     same file; each side in a child process of its own so its peak RSS is its own (process.resourceUsage().maxRSS);
// (b) a 10,000-row delivery batch quoted (uploadDeliverySheet: the wizard's rules, the geocoder, the pricing) and
//     created (submitDeliveryBatch + runDeliveryBatch: a chunk of rows per transaction, the wizard's checks and posting) on
//     PostgreSQL, against the bare per-row inserts of the same deliveries, parcels and chosen quotes through `pg`;
// (c) the impact preview (server/domain/rate-impact.ts rateBatchImpact) over 100,000 deliveries of the last 30 days,
//     against its two reads (quotes, parcels) as bare SQL through `pg`.
// (b) and (c) need DATABASE_URL (an administrator URL; a database of its own is created and dropped).
import { spawnSync } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { and, asc, eq, isNull } from 'drizzle-orm';
import pg from 'pg';
import { verifyAccessToken } from '../server/auth/tokens';
import { accountCreditLimits, accounts, deliveryUploads } from '../server/db/schema';
import { runDeliveryBatch, submitDeliveryBatch, uploadDeliverySheet } from '../server/domain/delivery-uploads';
import { requirePortal } from '../server/domain/portals';
import { rateBatchImpact } from '../server/domain/rate-impact';
import { uploadRateSheet } from '../server/domain/rate-uploads';
import { geoOf } from '../server/geo';
import type { JobQueue } from '../server/jobs/queue';
import { paymentProviderOf } from '../server/payments/provider-client';
import { UPLOAD_BATCH_STATUS } from '../src/lib/statuses';
import { nextWeekday } from '../tests/api/booking-helpers';
import { startTestServer, type TestServer } from '../tests/api/support';
import { random } from './random';
import type { Benchmark, BenchResult, BenchRow } from './types';
import { reachable } from './postgres';

const RATE_ROWS = Number(process.env.BENCH_RATE_ROWS ?? 100_000);
const DELIVERY_ROWS = Number(process.env.BENCH_DELIVERY_ROWS ?? 10_000);
const IMPACT_DELIVERIES = Number(process.env.BENCH_IMPACT_DELIVERIES ?? 100_000);
const IMPACT_RUNS = 5;
const childFile = new URL('./rate-sheet-child.ts', import.meta.url).pathname;

// ---- (a) The rate sheet ----

const RATE_HEADER = 'Name,Company Id,Rate type,SlaType,Parcel Type,Pricing tier,Day of the week,Start km,End km,Price,Return to sender,High risk,Active';
const SLAS = ['Standard', 'Priority', 'Hyperlocal', 'Emergency Relief'];
const PARCELS = ['Small', 'Medium', 'Large', '1', '2', '3'];
const DAYS = ['Weekday', 'Weekend'];
/** Companies the child treats as the portal's (uploadRateSheet reads them from the database). */
const KNOWN_COMPANIES = Array.from({ length: 40 }, (_, index) => index + 1);

/** A price list: company × service level × parcel × day × 5 km bands; about 3 % of the rows broken in one of six ways. */
function rateSheet(rows: number): string {
  const draw = random(16);
  const lines = [RATE_HEADER];
  for (let index = 0; index < rows; index += 1) {
    const band = index % 40;
    const start = band * 5;
    const sla = SLAS[Math.floor(index / 40) % SLAS.length]!;
    const parcel = PARCELS[Math.floor(index / 160) % PARCELS.length]!;
    const day = DAYS[Math.floor(index / 960) % 2]!;
    const company = draw() < 0.3 ? '' : String(KNOWN_COMPANIES[Math.floor(draw() * KNOWN_COMPANIES.length)]);
    const price = (40 + start * 1.5 + Math.floor(draw() * 2000) / 100).toFixed(2);
    const cells = [`${sla} ${parcel} ${day} ${start}-${start + 5} km`, company, 'Base', sla, parcel, draw() < 0.1 ? 'Gold' : 'Standard', day,
      String(start), String(start + 5), price, draw() < 0.05 ? 'Yes' : 'No', 'No', draw() < 0.02 ? 'No' : 'Yes'];
    if (draw() < 0.03) {
      const broken = Math.floor(draw() * 6);
      if (broken === 0) cells[7] = '';
      else if (broken === 1) cells[3] = 'Overnight';
      else if (broken === 2) cells[9] = 'R12,5x';
      else if (broken === 3) cells[8] = String(start);
      else if (broken === 4) cells[6] = '';
      else cells[1] = '999';
    }
    lines.push(cells.map((cell) => (cell.includes(',') ? `"${cell}"` : cell)).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

interface ParseFigures { rows: number; bad: number; ms: number; rssBeforeMb: number; maxRssMb: number }

function runChild(side: 'real' | 'baseline', file: string): ParseFigures {
  const child = spawnSync(process.execPath, ['--import', 'tsx', childFile, side, file, KNOWN_COMPANIES.join(',')], { encoding: 'utf8', timeout: 10 * 60_000 });
  if (child.status !== 0) throw new Error(`${side} parse failed: ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').at(-1)!) as ParseFigures;
}

function rateSheetParse(dir: string, notes: string[], details: Record<string, unknown>): BenchRow[] {
  const file = join(dir, 'rates.csv');
  writeFileSync(file, rateSheet(RATE_ROWS));
  const sizeMb = statSync(file).size / (1024 * 1024);
  // Interleaved, three rounds; the best round of each side (the machine is shared).
  const runs: { real: ParseFigures[]; baseline: ParseFigures[] } = { real: [], baseline: [] };
  for (let round = 0; round < 3; round += 1) {
    runs.baseline.push(runChild('baseline', file));
    runs.real.push(runChild('real', file));
  }
  details.rateSheet = runs;
  const best = (list: ParseFigures[]) => list.reduce((a, b) => (b.ms < a.ms ? b : a));
  const real = best(runs.real);
  const baseline = best(runs.baseline);
  if (real.rows !== RATE_ROWS || baseline.rows !== RATE_ROWS) throw new Error(`rows read: ${real.rows} (upload code), ${baseline.rows} (csv-parse), written ${RATE_ROWS}`);
  const perSecond = (figures: ParseFigures) => figures.rows / (figures.ms / 1000);
  notes.push(`(a) ${RATE_ROWS.toLocaleString('en')} rows, ${sizeMb.toFixed(1)} MB, ${real.bad.toLocaleString('en')} rows with errors; each side in a child process (node + tsx), best of 3 interleaved rounds: upload code ${runs.real.map((run) => `${Math.round(perSecond(run))}/s`).join(', ')}; csv-parse ${runs.baseline.map((run) => `${Math.round(perSecond(run))}/s`).join(', ')}. Peak RSS is the child's maxRSS; RSS once its modules were loaded, before reading: upload code ${Math.round(real.rssBeforeMb)} MB, csv-parse ${Math.round(baseline.rssBeforeMb)} MB.`);
  return [
    { name: `rate sheet parsed and validated, ${RATE_ROWS.toLocaleString('en')} rows: rows/s (higher is better)`, figure: perSecond(real), baseline: perSecond(baseline), baselineName: 'csv-parse alone', unit: 'rows/s' },
    { name: 'rate sheet: peak RSS', figure: Math.max(...runs.real.map((run) => run.maxRssMb)), baseline: Math.max(...runs.baseline.map((run) => run.maxRssMb)), baselineName: 'csv-parse alone', unit: 'MB', budgetKey: 'rateSheetPeakRssMb' },
    { name: 'rate sheet: seconds per 100,000 rows', figure: (real.ms / real.rows) * 100, baseline: (baseline.ms / baseline.rows) * 100, baselineName: 'csv-parse alone', unit: 's', budgetKey: 'rateSheetSecondsPer100k' },
  ];
}

// ---- (b) The delivery batch ----

const DESTINATIONS = ['Cape Town City Centre', 'Stellenbosch', 'Sea Point', 'Gardens Centre', 'Tyger Valley Shopping Centre', 'Bayside Mall',
  'Constantia Village', 'University of Cape Town', 'Groote Schuur Hospital', 'Muizenberg Beach', 'Cape Town Stadium', 'Kirstenbosch National Botanical Garden'];
const DELIVERY_HEADER = 'Order reference,Drop-off address,Drop-off contact,Drop-off phone,Date,Service level,Parcel type,Parcels';

/** A store's day of orders: drop-offs around Cape Town, Standard or Priority, 1-3 parcels; ~2 % bad (reference repeated, no phone, unknown place). */
function deliverySheet(rows: number, date: string): string {
  const draw = random(160);
  const lines = [DELIVERY_HEADER];
  for (let index = 1; index <= rows; index += 1) {
    const broken = draw() < 0.02 ? Math.floor(draw() * 3) : -1;
    const reference = broken === 0 && index > 1 ? `BENCH-${index - 1}` : `BENCH-${index}`;
    const destination = broken === 2 ? 'Atlantis Underwater Mall' : DESTINATIONS[Math.floor(draw() * DESTINATIONS.length)]!;
    const phone = broken === 1 ? '' : `+2782${String(1_000_000 + index).slice(-7)}`;
    lines.push([reference, destination, `Customer ${index}`, phone, date, draw() < 0.7 ? 'Standard' : 'Priority', ['Small', 'Medium', 'Large'][Math.floor(draw() * 3)], 1 + Math.floor(draw() * 2)].join(','));
  }
  return `${lines.join('\n')}\n`;
}

async function deliveryBatch(server: TestServer, pool: pg.Pool, notes: string[], details: Record<string, unknown>): Promise<BenchRow[]> {
  const db = server.database.db;
  const portal = await requirePortal(db, 'za');
  const [store] = (await pool.query<{ id: number }>(`select id from stores where store_name = 'Acme Sea Point'`)).rows;
  const permissions = await verifyAccessToken(server.keys, await server.tokenFor('store.admin@demo.test', 3600));
  const { router, geocoder } = geoOf(server.context);
  const settings = { quoteValiditySeconds: server.config.quoteValiditySeconds, router, geocoder };
  const ctx = { db, portal, permissions, settings };
  // The store's account as PostPay without a limit, so 10,000 bookings are not refused for its balance.
  const [account] = await db.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.storeId, store!.id), isNull(accounts.systemCode))).orderBy(asc(accounts.id)).limit(1);
  await db.update(accounts).set({ accountType: 'PostPay' }).where(eq(accounts.id, account!.id));
  await db.delete(accountCreditLimits).where(eq(accountCreditLimits.accountId, account!.id));

  const text = deliverySheet(DELIVERY_ROWS, nextWeekday(3));
  const quoteBegan = performance.now();
  const batch = await uploadDeliverySheet(ctx, store!.id, 'bench-deliveries.csv', 'csv', Readable.from([Buffer.from(text)]), Buffer.byteLength(text));
  const quoteMs = performance.now() - quoteBegan;
  // The submit as the route runs it, with the job handed to this process directly (not through the queue's poll).
  const noQueue: Pick<JobQueue, 'send' | 'nudge'> = { send: async () => null, nudge: () => undefined };
  const createBegan = performance.now();
  await submitDeliveryBatch(ctx, noQueue, batch.id);
  await runDeliveryBatch({ db, settings, provider: paymentProviderOf(server.context) }, server.live, { batchId: batch.id, portalId: portal.id, cca2: portal.cca2 });
  const createMs = performance.now() - createBegan;
  const outcome = (await pool.query<{ status: number; n: number; delivery: number | null }>(
    'select upload_status_id as status, count(*)::int as n from delivery_uploads where upload_batch_id = $1 group by 1 order by 1', [batch.id])).rows;
  const created = (await db.select({ deliveryId: deliveryUploads.deliveryId }).from(deliveryUploads)
    .where(and(eq(deliveryUploads.uploadBatchId, batch.id), eq(deliveryUploads.uploadStatusId, UPLOAD_BATCH_STATUS.DELIVERY_CREATED)))).map((row) => row.deliveryId!);
  details.deliveryBatch = { quoteMs, createMs, outcome, validRows: batch.validRows, invalidRows: batch.invalidRows };

  // Baseline: the same deliveries, their parcels and chosen quote inserted again as plain rows, one transaction per row.
  const baselineBegan = performance.now();
  const client = await pool.connect();
  try {
    for (const [index, deliveryId] of created.entries()) {
      await client.query('BEGIN');
      const copied = await client.query<{ id: number }>(`
        INSERT INTO deliveries SELECT (jsonb_populate_record(null::deliveries, to_jsonb(d) || jsonb_build_object(
          'id', nextval(pg_get_serial_sequence('deliveries', 'id')), 'waybill', 'BASE' || $2::text, 'tracking_hash', md5('base' || $2::text), 'selected_quote_id', null))).*
        FROM deliveries d WHERE d.id = $1 RETURNING id`, [deliveryId, index]);
      const newId = copied.rows[0]!.id;
      await client.query(`INSERT INTO delivery_items (delivery_id, name, parcel_type_id, length, width, height, weight, description, is_fragile)
        SELECT $2, name, parcel_type_id, length, width, height, weight, description, is_fragile FROM delivery_items WHERE delivery_id = $1`, [deliveryId, newId]);
      await client.query(`WITH q AS (INSERT INTO delivery_quotes (delivery_id, sla_type, pricing_tier, price_excl_cents, vat_rate_basis_points, items,
          pickup_window_start, pickup_window_end, drop_off_window_start, drop_off_window_end, expires_at)
        SELECT $2, q.sla_type, q.pricing_tier, q.price_excl_cents, q.vat_rate_basis_points, q.items, q.pickup_window_start, q.pickup_window_end,
          q.drop_off_window_start, q.drop_off_window_end, q.expires_at FROM delivery_quotes q JOIN deliveries d ON d.selected_quote_id = q.id WHERE d.id = $1 RETURNING id)
        UPDATE deliveries SET selected_quote_id = (SELECT id FROM q) WHERE id = $2`, [deliveryId, newId]);
      await client.query('COMMIT');
    }
  } finally {
    client.release();
  }
  const baselineMs = performance.now() - baselineBegan;
  const perSecond = DELIVERY_ROWS / ((quoteMs + createMs) / 1000);
  notes.push(`(b) ${DELIVERY_ROWS.toLocaleString('en')} rows (Acme Sea Point, store administrator; the store's account made PostPay without a limit): quoted (upload) in ${(quoteMs / 1000).toFixed(1)} s `
    + `(${batch.validRows} valid, ${batch.invalidRows} with errors), created (submit + runDeliveryBatch, in process) in ${(createMs / 1000).toFixed(1)} s; `
    + `rows by status: ${outcome.map((row) => `${row.status}: ${row.n}`).join(', ')}. Baseline: ${created.length} deliveries copied with their parcels and chosen quote, one transaction per row, in ${(baselineMs / 1000).toFixed(1)} s.`);
  return [
    { name: `delivery batch quoted and created, ${DELIVERY_ROWS.toLocaleString('en')} rows: rows/s (higher is better)`, figure: perSecond, baseline: created.length / (baselineMs / 1000), baselineName: 'bare per-row inserts through pg', unit: 'rows/s' },
    { name: 'delivery batch: ms per row (upload + submit)', figure: (quoteMs + createMs) / DELIVERY_ROWS, baseline: baselineMs / Math.max(1, created.length), baselineName: 'bare per-row inserts through pg', unit: 'ms', budgetKey: 'deliveryBatchMsPerRow' },
    { name: 'delivery batch: quote (upload) ms per row', figure: quoteMs / DELIVERY_ROWS, baseline: null, unit: 'ms' },
    { name: 'delivery batch: create (submit) ms per row', figure: createMs / DELIVERY_ROWS, baseline: null, unit: 'ms' },
  ];
}

// ---- (c) The impact preview ----

async function impactPreview(server: TestServer, pool: pg.Pool, dir: string, notes: string[], details: Record<string, unknown>): Promise<BenchRow[]> {
  const db = server.database.db;
  const portal = await requirePortal(db, 'za');
  const [admin] = (await pool.query<{ id: number }>(`select id from users where email = 'administrator@demo.test'`)).rows;
  const stores = (await pool.query<{ id: number; companyId: number }>('select id, company_id as "companyId" from stores order by id')).rows;
  const seedBegan = performance.now();
  // 100,000 deliveries over the last 29 days (a minute apart backwards from now), every store, 0.5-60 km, each with
  // one chosen Standard or Priority quote and one or two catalogue parcels.
  await pool.query(`
    INSERT INTO deliveries (portal_id, placed_by_user_id, company_id, store_id, waybill, logistic_status_id, payment_status_id,
      origin_address, destination_address, ready_for_collection_date, distance_km, created_at, updated_at)
    SELECT $1, $2, ($3::int[])[1 + g % $5], ($4::int[])[1 + g % $5], 'WBI' || lpad(g::text, 8, '0'), 0, 30001,
      '{"description":"1 Main Road, Sea Point, Cape Town","coordinates":{"lat":-33.915,"lon":18.389}}'::jsonb,
      '{"description":"12 Long Street, Cape Town","coordinates":{"lat":-33.922,"lon":18.418}}'::jsonb,
      to_char((now() - g * interval '25 seconds') at time zone 'Africa/Johannesburg', 'YYYY-MM-DD'), 0.5 + (g * 37 % 595) / 10.0,
      now() - g * interval '25 seconds', now()
    FROM generate_series(1, $6) AS g`, [portal.id, admin!.id, stores.map((row) => row.companyId), stores.map((row) => row.id), stores.length, IMPACT_DELIVERIES]);
  await pool.query(`
    INSERT INTO delivery_items (delivery_id, name, parcel_type_id, length, width, height, weight)
    SELECT d.id, 'Parcel', 1 + (d.id + n) % 3, 20, 20, 10, 1 FROM deliveries d, generate_series(1, 2) AS n
    WHERE d.waybill LIKE 'WBI%' AND (n = 1 OR d.id % 4 = 0)`);
  await pool.query(`
    WITH q AS (
      INSERT INTO delivery_quotes (delivery_id, sla_type, pricing_tier, price_excl_cents, vat_rate_basis_points, items,
        pickup_window_start, pickup_window_end, drop_off_window_start, drop_off_window_end, expires_at)
      SELECT d.id, case when d.id % 3 = 0 then 'Priority' else 'Standard' end, 'Standard', 10000, 1500, '[]'::jsonb,
        d.created_at, d.created_at + interval '2 hours', d.created_at + interval '2 hours', d.created_at + interval '26 hours', d.created_at + interval '1 hour'
      FROM deliveries d WHERE d.waybill LIKE 'WBI%' RETURNING id, delivery_id)
    UPDATE deliveries d SET selected_quote_id = q.id FROM q WHERE q.delivery_id = d.id`);
  for (const table of ['deliveries', 'delivery_items', 'delivery_quotes']) await pool.query(`VACUUM ANALYZE ${table}`);
  const seedMs = performance.now() - seedBegan;

  // The batch: every active portal-wide Base rate re-priced by +7 % (the price list's yearly increase).
  const current = (await pool.query<Record<string, string | number | boolean | null>>(`
    select name, rate_type, sla_type, parcel_type_id, pricing_tier, day_of_week_type, start_km_range, end_km_range, price_cents, is_return_to_sender_rate, is_high_risk
    from rates where portal_id = $1 and company_id is null and is_active and rate_type = 'Base' order by id`, [portal.id])).rows;
  const yesNo = (value: unknown) => (value ? 'Yes' : 'No');
  const sheet = [RATE_HEADER, ...current.map((rate) => [`"${String(rate.name).replace(/"/g, '""')}"`, '', rate.rate_type, rate.sla_type, rate.parcel_type_id, rate.pricing_tier,
    rate.day_of_week_type, rate.start_km_range, rate.end_km_range, ((Math.round(Number(rate.price_cents) * 1.07)) / 100).toFixed(2),
    yesNo(rate.is_return_to_sender_rate), yesNo(rate.is_high_risk), 'Yes'].join(','))].join('\n');
  const file = join(dir, 'price-increase.csv');
  writeFileSync(file, sheet);
  const batch = await uploadRateSheet(db, portal, admin!.id, 'price-increase.csv', 'csv', createReadStream(file), statSync(file).size);

  const impactMs: number[] = [];
  let impact: Awaited<ReturnType<typeof rateBatchImpact>> | undefined;
  for (let run = 0; run < IMPACT_RUNS; run += 1) {
    const began = performance.now();
    impact = await rateBatchImpact(db, portal, batch.id);
    impactMs.push(performance.now() - began);
  }
  // Baseline: the preview's own reads as plain SQL (the month's quotes with their chosen or current options, and their parcels).
  const since = new Date(Date.now() - 30 * 86_400_000);
  const bareMs: number[] = [];
  let bareQuotes = 0;
  for (let run = 0; run < IMPACT_RUNS; run += 1) {
    const began = performance.now();
    const [quotes] = await Promise.all([
      pool.query(`select d.id, d.waybill, d.company_id, c.company_name, d.distance_km, d.ready_for_collection_date, d.ready_for_collection_time_slot_local,
          d.is_round_trip, d.is_high_risk, q.sla_type
        from deliveries d join delivery_quotes q on q.delivery_id = d.id and (q.id = d.selected_quote_id or (d.selected_quote_id is null and q.superseded_at is null))
        left join companies c on c.id = d.company_id
        where d.portal_id = $1 and d.created_at >= $2 order by d.created_at desc, d.id desc, q.id`, [portal.id, since]),
      pool.query(`select i.delivery_id, i.parcel_type_id, i.length, i.width, i.height, i.weight from delivery_items i
        where i.delivery_id in (select d.id from deliveries d where d.portal_id = $1 and d.created_at >= $2)`, [portal.id, since]),
    ]);
    bareQuotes = quotes.rowCount ?? 0;
    bareMs.push(performance.now() - began);
  }
  if (!impact || impact.quotesConsidered !== bareQuotes) throw new Error(`the preview considered ${impact?.quotesConsidered} quotes, the bare SQL read ${bareQuotes}`);
  details.impact = { impactMs, bareMs, seedMs, quotesConsidered: impact.quotesConsidered, changed: impact.changed, overall: impact.overall, rowsApplied: impact.rowsApplied };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  notes.push(`(c) seeded ${IMPACT_DELIVERIES.toLocaleString('en')} deliveries (with parcels and a chosen quote) in the last 29 days in ${(seedMs / 1000).toFixed(1)} s; the batch re-prices the ${current.length} active list-price Base rates by +7 %. `
    + `The preview considered ${impact.quotesConsidered.toLocaleString('en')} quotes (demo seed included), ${impact.changed.toLocaleString('en')} priced differently (total ${(impact.overall.totalCents / 100).toFixed(2)}, median ${(impact.overall.medianCents / 100).toFixed(2)}); `
    + `runs ${impactMs.map((ms) => Math.round(ms)).join(', ')} ms; bare SQL ${bareMs.map((ms) => Math.round(ms)).join(', ')} ms.`);
  return [{ name: `impact preview over ${IMPACT_DELIVERIES.toLocaleString('en')} deliveries, median of ${IMPACT_RUNS}`, figure: median(impactMs), baseline: median(bareMs), baselineName: 'its two reads as bare SQL through pg', unit: 'ms', budgetKey: 'rateImpactPreviewMs' }];
}

// ---- The benchmark ----

export async function runRateUploads(): Promise<BenchResult> {
  const rows: BenchRow[] = [];
  const notes: string[] = [];
  const details: Record<string, unknown> = {};
  const dir = mkdtempSync(join(tmpdir(), 'bench-rate-uploads-'));
  try {
    if (RATE_ROWS > 0) rows.push(...rateSheetParse(dir, notes, details));
    const admin = process.env.DATABASE_URL;
    const unreachable = admin ? await reachable(admin) : 'DATABASE_URL is not set';
    if (unreachable) {
      rows.push({ name: 'delivery batch and impact preview', figure: `skipped: no PostgreSQL (${unreachable})`, baseline: null, unit: '' });
      return { rows, notes, details };
    }
    const server = await startTestServer({ logLevel: 'warn' });
    const pool = new pg.Pool({ connectionString: server.config.databaseUrl, max: 4 });
    try {
      if (IMPACT_DELIVERIES > 0) rows.push(...await impactPreview(server, pool, dir, notes, details));
      if (DELIVERY_ROWS > 0) rows.push(...await deliveryBatch(server, pool, notes, details));
    } finally {
      await pool.end();
      await server.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  notes.push('(b) and (c) call the domain functions in the bench\'s process on a server started for it (tests/api/support.ts startTestServer: its own PostgreSQL database, dropped at the end).');
  return { rows, notes, details };
}

const benchmark: Benchmark = { name: 'rate-uploads', run: runRateUploads };
export default benchmark;

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runRateUploads();
  for (const row of result.rows) {
    console.log(`${row.name}: ${typeof row.figure === 'number' ? `${row.figure.toFixed(1)} ${row.unit}` : row.figure}`
      + (typeof row.baseline === 'number' ? ` (baseline ${row.baselineName}: ${row.baseline.toFixed(1)} ${row.unit})` : ''));
  }
  for (const note of result.notes) console.log(`  - ${note}`);
  process.exit(0);
}
