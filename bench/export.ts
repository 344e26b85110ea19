// Export of 100,000 deliveries: Deliveries.xlsx streamed by our server (keyset batches from the database, exceljs
// streaming writer, HTTP), rows per second and the process's peak memory while it runs, against exceljs's streaming
// writer alone writing the same number of rows of the same shape from memory to a discarding stream, in the same run.
// PostgreSQL when DATABASE_URL is set, otherwise the in-memory PGlite the tests use.
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { DELIVERY_EXPORT } from '../server/domain/deliveries-admin';
import { bearer, startTestServer } from '../tests/api/support';
import type { Benchmark, BenchResult } from './types';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const MB = 1024 * 1024;

/** Samples the resident set size every 20 ms until stopped; the peak in MB. */
function memoryPeak() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 20);
  return { stop: () => { clearInterval(timer); return Math.max(peak, process.memoryUsage().rss) / MB; } };
}

async function writerAlone(): Promise<{ ms: number; peakMb: number }> {
  const sink = new Writable({ write(_chunk, _encoding, done) { done(); } });
  const memory = memoryPeak();
  const began = performance.now();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Deliveries');
  sheet.columns = DELIVERY_EXPORT.map((column, index) => ({ header: column.header, key: `c${index}`, width: column.width ?? 20 }));
  for (let index = 1; index <= ROWS; index += 1) {
    sheet.addRow([index, `WBB${String(index).padStart(8, '0')}`, null, null, 'Acme Retail', 'Acme Sea Point', 'administrator@demo.test',
      'Ready', 'Paid', '2026-10-01', null, 12.5, null, null, null, false, false, false, 'N/A', new Date()]).commit();
  }
  sheet.commit();
  await workbook.commit();
  return { ms: performance.now() - began, peakMb: memory.stop() };
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

    const baseline = await writerAlone();
    global.gc?.();
    const rssBefore = process.memoryUsage().rss / MB;
    const memory = memoryPeak();
    const began = performance.now();
    const response = await fetch(`${server.url}/connect/deliveries/za?exportExcel=true&search=WBB&sortby=id`, { headers: bearer(token) });
    let bytes = 0;
    const reader = response.body!.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) bytes += read.value.byteLength;
    const ms = performance.now() - began;
    const peakMb = memory.stop();
    const total = Number(response.headers.get('x-total-count'));
    if (response.status !== 200 || total !== ROWS) throw new Error(`export answered ${response.status} with ${total} rows`);
    return {
      rows: [
        { name: `export ${ROWS.toLocaleString('en')} deliveries, rows per second`, figure: ROWS / (ms / 1000), baseline: ROWS / (baseline.ms / 1000), baselineName: 'exceljs writer alone, rows from memory', unit: 'rows/s' },
        { name: 'export peak memory (process RSS)', figure: peakMb, baseline: baseline.peakMb, baselineName: 'exceljs writer alone', unit: 'MB' },
      ],
      notes: [
        `${process.env.DATABASE_URL ? 'PostgreSQL' : 'in-memory PGlite'}; file ${(bytes / MB).toFixed(1)} MB in ${(ms / 1000).toFixed(1)} s; RSS before the export ${rssBefore.toFixed(0)} MB.`,
        'Server and client share one process: the peak includes the database (PGlite is in-process) and the download loop.',
      ],
      details: { ms, bytes, peakMb, rssBefore, baselineMs: baseline.ms, baselinePeakMb: baseline.peakMb },
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
