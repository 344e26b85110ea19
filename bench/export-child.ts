// The two sides of bench/export.ts that must not share the server's process: the download (a client reading the
// .xlsx to its end) and the exceljs writer alone (the baseline), each in a process of its own, so that the server's
// memory figure is the server's and the baseline's is the writer's. Started with child_process.fork; takes one
// ExportOrder message, answers one ExportAnswer and exits.
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { DELIVERY_EXPORT } from '../server/domain/deliveries-admin';

export type ExportOrder =
  | { kind: 'download'; url: string; headers: Record<string, string> }
  | { kind: 'writer'; rows: number };

export interface ExportAnswer {
  ms: number;
  bytes?: number;
  status?: number;
  total?: number;
  /** The writer's process: resident set before it started and at its peak (MB). */
  rssBeforeMb?: number;
  peakMb?: number;
  error?: string;
}

const MB = 1024 * 1024;

async function download(url: string, headers: Record<string, string>): Promise<ExportAnswer> {
  const began = performance.now();
  const response = await fetch(url, { headers });
  let bytes = 0;
  const reader = response.body!.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) bytes += read.value.byteLength;
  return { ms: performance.now() - began, bytes, status: response.status, total: Number(response.headers.get('x-total-count')) };
}

/** exceljs's streaming writer writing `rows` rows of the export's shape from memory to a discarding stream. */
async function writerAlone(rows: number): Promise<ExportAnswer> {
  globalThis.gc?.();
  const rssBeforeMb = process.memoryUsage().rss / MB;
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 20);
  const sink = new Writable({ write(_chunk, _encoding, done) { done(); } });
  const began = performance.now();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Deliveries');
  sheet.columns = DELIVERY_EXPORT.map((column, index) => ({ header: column.header, key: `c${index}`, width: column.width ?? 20 }));
  for (let index = 1; index <= rows; index += 1) {
    sheet.addRow([index, `WBB${String(index).padStart(8, '0')}`, null, null, 'Acme Retail', 'Acme Sea Point', 'administrator@demo.test',
      'Ready', 'Paid', '2026-10-01', null, 12.5, null, null, null, false, false, false, 'N/A', new Date()]).commit();
  }
  sheet.commit();
  await workbook.commit();
  const ms = performance.now() - began;
  clearInterval(timer);
  return { ms, rssBeforeMb, peakMb: Math.max(peak, process.memoryUsage().rss) / MB };
}

process.once('message', (order: ExportOrder) => {
  const work = order.kind === 'download' ? download(order.url, order.headers) : writerAlone(order.rows);
  work.then((answer) => answer, (error: unknown) => ({ ms: 0, error: (error as Error).message }))
    .then((answer) => process.send!(answer, () => process.exit(0)));
});
