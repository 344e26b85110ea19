// Export of 100,000 deliveries: Deliveries.xlsx streamed by our server (keyset batches from the database, exceljs
// streaming writer, HTTP), rows per second and the memory the export adds to the server's process, against exceljs's
// streaming writer alone writing the same number of rows of the same shape from memory to a discarding stream, in the
// same run. The download and the writer alone each run in a process of their own (bench/export-child.ts).
// PostgreSQL when DATABASE_URL is set, otherwise the in-memory PGlite the tests use.
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { bearer, startTestServer } from '../tests/api/support';
import type { ExportAnswer, ExportOrder } from './export-child';
import type { Benchmark, BenchResult } from './types';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const MB = 1024 * 1024;

/** Samples the resident set size every 20 ms until stopped; the peak in MB. */
function memoryPeak() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 20);
  return { stop: () => { clearInterval(timer); return Math.max(peak, process.memoryUsage().rss) / MB; } };
}

/** Runs one order in a process of its own (bench/export-child.ts). */
function inChild(order: ExportOrder): Promise<ExportAnswer> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./export-child.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx', '--expose-gc'] });
    child.once('message', (answer: ExportAnswer) => (answer.error ? reject(new Error(`export child: ${answer.error}`)) : resolve(answer)));
    child.once('error', reject);
    child.once('exit', (code) => { if (code !== 0) reject(new Error(`export child exited with ${code}`)); });
    child.send(order);
  });
}

export async function runExport(): Promise<BenchResult> {
  const server = await startTestServer({ logLevel: 'warn' });
  try {
    const db = server.database.db;
    await db.execute(sql`
      INSERT INTO deliveries (portal_id, placed_by_user_id, company_id, store_id, waybill, logistic_status_id, payment_status_id,
        origin_address, destination_address, ready_for_collection_date, distance_km, created_at, updated_at)
      SELECT p.id, u.id, s.company_id, s.id, 'WBB' || lpad(g::text, 8, '0'), 2501, 30001,
        '{"description":"1 Main Road, Sea Point, Cape Town"}'::jsonb, '{"description":"12 Long Street, Cape Town"}'::jsonb,
        '2026-10-01', (g % 600) / 10.0, timestamptz '2026-01-01 00:00:00+00' + g * interval '30 seconds', now()
      FROM generate_series(1, ${ROWS}) AS g,
        (SELECT id FROM portals WHERE cca2 = 'ZA') p,
        (SELECT id FROM users WHERE email = 'administrator@demo.test') u,
        (SELECT id, company_id FROM stores ORDER BY id LIMIT 1) s`);
    await db.execute(sql`ANALYZE deliveries`);
    const token = await server.tokenFor('administrator@demo.test', 3600);

    const baseline = await inChild({ kind: 'writer', rows: ROWS });
    const baselineAddedMb = baseline.peakMb! - baseline.rssBeforeMb!;
    global.gc?.();
    const rssBefore = process.memoryUsage().rss / MB;
    const memory = memoryPeak();
    const answer = await inChild({ kind: 'download', url: `${server.url}/connect/deliveries/za?exportExcel=true&search=WBB&sortby=id`, headers: bearer(token) });
    const peakMb = memory.stop();
    const addedMb = peakMb - rssBefore;
    if (answer.status !== 200 || answer.total !== ROWS) throw new Error(`export answered ${answer.status} with ${answer.total} rows`);
    const { ms, bytes = 0 } = answer;
    return {
      rows: [
        { name: `export ${ROWS.toLocaleString('en')} deliveries, rows per second`, figure: ROWS / (ms / 1000), baseline: ROWS / (baseline.ms / 1000), baselineName: 'exceljs writer alone, rows from memory, own process', unit: 'rows/s' },
        { name: 'memory the export adds to the server (peak RSS - RSS before)', figure: addedMb, baseline: baselineAddedMb, baselineName: 'exceljs writer alone, own process', unit: 'MB' },
      ],
      notes: [
        `${process.env.DATABASE_URL ? 'PostgreSQL' : 'in-memory PGlite'}; file ${(bytes / MB).toFixed(1)} MB in ${(ms / 1000).toFixed(1)} s; server RSS ${rssBefore.toFixed(0)} MB before the export, ${peakMb.toFixed(0)} MB at its peak.`,
        'Three processes: the server (this one; PGlite, when used, is inside it), the download (bench/export-child.ts reads the file to its end), and the writer alone (the same child, another process). Goals: >= 40,000 rows/s and >= 0.8x the writer alone; <= 50 MB added.',
        `The server's process ran with ${process.execArgv.filter((flag) => /^--(max-semi-space-size|heap-growing-percent)/.test(flag)).join(' ') || 'no V8 memory flags'}, MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? 'unset'} (server/node-settings.mjs).`,
        `Load average at the end: ${loadavg().map((load) => load.toFixed(2)).join(', ')}.`,
      ],
      details: { ms, bytes, peakMb, rssBefore, addedMb, baselineMs: baseline.ms, baselinePeakMb: baseline.peakMb, baselineRssBeforeMb: baseline.rssBeforeMb },
    };
  } finally {
    await server.close();
  }
}

const benchmark: Benchmark = { name: 'export', run: runExport };
export default benchmark;

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runExport();
  for (const row of result.rows) {
    const figure = typeof row.figure === 'number' ? row.figure.toFixed(0) : row.figure;
    const baseline = typeof row.baseline === 'number' ? row.baseline.toFixed(0) : row.baseline;
    console.log(`${row.name}: ${figure} ${row.unit} (baseline ${row.baselineName}: ${baseline} ${row.unit})`);
  }
  for (const note of result.notes) console.log(`  - ${note}`);
}
