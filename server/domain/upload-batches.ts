import { Transform, type Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type ExcelJS from 'exceljs';
import { and, eq, inArray } from 'drizzle-orm';
import { PAGE_SIZE_OPTIONS } from '../../src/lib/constants';
import { RATE_SHEET_MAX_BYTES, RATE_TEXTS } from '../../src/lib/rate-texts';
import { UPLOAD_BATCH_STATUS, type UploadBatchStatus } from '../../src/lib/statuses';
import type { Database } from '../db/database';
import { stores, uploadBatches, users } from '../db/schema';
import { HttpError } from '../http/errors';
import { loadExcel } from '../lazy-packages';
import type { Live } from '../realtime/publish';
import type { LiveScope } from '../realtime/scope';

/**
 * What every kind of upload batch shares (issue 16: rates, a store's deliveries): a sheet streamed in row by row
 * under a size limit, the batch's paging, and the background submit that claims rows one at a time, resumes
 * after a retry and reports progress on the dashboard hub's bulkIndexer events. Each kind brings its rows.
 */

export type SheetKind = 'csv' | 'xlsx';

export const statusOf = (id: number): UploadBatchStatus => {
  const known = Object.values(UPLOAD_BATCH_STATUS).find((status) => status === id);
  if (known === undefined) throw new Error(`unknown upload status ${id}`);
  return known;
};

export const pageSizeOf = (pageSize: number | undefined) => Math.min(pageSize ?? 20, PAGE_SIZE_OPTIONS.at(-1)!);
export const paging = (page: number, pageSize: number, totalItems: number) => ({ page, pageSize, totalPages: Math.max(1, Math.ceil(totalItems / pageSize)), totalItems });

/** Counts the bytes as they stream by; past the limit the stream fails with 413 (nothing more is read). */
function byteLimit(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > limit) callback(new HttpError(413, RATE_TEXTS.fileTooLarge(limit / (1024 * 1024))));
      else callback(null, chunk);
    },
  });
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value);
}

/** The sheet's rows as cell texts, read as they arrive (csv-parse, or exceljs's streaming reader: first sheet only). */
async function* sheetRows(stream: Readable, kind: SheetKind): AsyncGenerator<string[]> {
  if (kind === 'csv') {
    const parser = stream.pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true }));
    stream.on('error', (error) => parser.destroy(error));
    for await (const record of parser) yield record as string[];
    return;
  }
  const { stream: excelStream } = await loadExcel();
  const reader = new excelStream.xlsx.WorkbookReader(stream, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit' });
  let sheets = 0;
  for await (const worksheet of reader) {
    sheets += 1;
    for await (const row of worksheet) {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      const cells = Array.from({ length: values.length }, (_, index) => cellText(values[index] as ExcelJS.CellValue));
      if (cells.some((cell) => cell.trim() !== '')) yield cells;
    }
    return;
  }
  // Bytes that are no workbook at all read as one without sheets.
  if (sheets === 0) throw new Error('not a workbook');
}

export interface SheetReader<Header> {
  /** The header row: the columns, or the missing required ones by their header texts. */
  header: (cells: string[]) => { columns: Header; missing: string[] };
  /** One data row (rowNumber: the sheet's, the header being row 1). */
  row: (cells: string[], columns: Header, rowNumber: number) => Promise<void>;
}

/**
 * Reads a sheet's rows as they arrive: past the size limit (declared or counted) 413; missing columns, an empty
 * sheet or unreadable bytes 400 naming them. Answers the number of data rows.
 */
export async function readSheet<Header>(body: Readable, kind: SheetKind, declaredBytes: number, reader: SheetReader<Header>): Promise<number> {
  if (declaredBytes > RATE_SHEET_MAX_BYTES) throw new HttpError(413, RATE_TEXTS.fileTooLarge(RATE_SHEET_MAX_BYTES / (1024 * 1024)));
  const limited = body.pipe(byteLimit(RATE_SHEET_MAX_BYTES));
  body.on('error', (error) => limited.destroy(error));
  let columns: Header | undefined;
  let rowNumber = 1;
  try {
    for await (const cells of sheetRows(limited, kind)) {
      if (columns === undefined) {
        const header = reader.header(cells);
        if (header.missing.length > 0) throw new HttpError(400, RATE_TEXTS.missingColumns(header.missing), { file: [RATE_TEXTS.missingColumns(header.missing)] });
        columns = header.columns;
        continue;
      }
      rowNumber += 1;
      await reader.row(cells, columns, rowNumber);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, RATE_TEXTS.unreadableFile, { file: [RATE_TEXTS.unreadableFile] });
  }
  if (rowNumber === 1) throw new HttpError(400, RATE_TEXTS.emptyFile, { file: [RATE_TEXTS.emptyFile] });
  return rowNumber - 1;
}

/** A bulkIndexer event of a batch's submit (kind: which batches, 'rateUploadBatch' or 'deliveryUploadBatch'). */
export interface BatchProgress {
  kind: string;
  uploadBatchId: number;
  processedRows: number;
  totalRows: number;
  uploadStatusId: number;
}

/** The rows of one kind of batch, as the submit job works them. */
export interface BatchRows<Row> {
  kind: BatchProgress['kind'];
  /** Rows finished (completed or failed) and rows still to do. */
  counts: (batchId: number) => Promise<{ done: number; pending: number }>;
  /** The next rows to do, in order. */
  next: (batchId: number, limit: number) => Promise<Row[]>;
  /** Takes a row for this run with a conditional UPDATE (undefined: cancelled or taken meanwhile). */
  claim: (row: Row) => Promise<Row | undefined>;
  apply: (row: Row) => Promise<void>;
  /**
   * Works a whole chunk at once instead of claim and apply per row (a delivery batch books a chunk in one
   * transaction); answers how many of its rows it took. Every row of the chunk must leave the rows still to do.
   */
  applyChunk?: (rows: Row[]) => Promise<number>;
  /** Rows per chunk (and per progress event); SUBMIT_CHUNK when absent. */
  chunkSize?: number;
}

const SUBMIT_CHUNK = 200;

/**
 * Who hears a batch's progress besides staff: the company and store it books for (a store's delivery batch), else
 * those of the user who uploaded it (a company's store sheet); nobody else.
 */
async function progressScope(db: Database, batch: typeof uploadBatches.$inferSelect): Promise<LiveScope> {
  if (batch.storeId !== null) {
    const [store] = await db.select({ companyId: stores.companyId }).from(stores).where(eq(stores.id, batch.storeId));
    return { companyId: store?.companyId ?? null, storeId: batch.storeId };
  }
  if (batch.createdByUserId === null) return {};
  const [uploader] = await db.select({ companyId: users.companyId, storeId: users.storeId }).from(users).where(eq(users.id, batch.createdByUserId));
  return { companyId: uploader?.companyId ?? null, storeId: uploader?.storeId ?? null };
}

/**
 * The submit job of a batch: its rows in order, a chunk at a time, progress after each chunk; the batch completes
 * when none is left. A retry resumes where it stopped (the rows decide what is left).
 */
export async function runUploadBatch<Row>(db: Database, live: Live, batchId: number, rows: BatchRows<Row>): Promise<{ processedRows: number }> {
  const [batch] = await db.update(uploadBatches).set({ uploadStatusId: UPLOAD_BATCH_STATUS.IN_PROGRESS })
    .where(and(eq(uploadBatches.id, batchId), inArray(uploadBatches.uploadStatusId, [UPLOAD_BATCH_STATUS.SUBMITTED, UPLOAD_BATCH_STATUS.IN_PROGRESS])))
    .returning();
  if (!batch) return { processedRows: 0 };
  const counts = await rows.counts(batch.id);
  let processed = counts.done;
  const total = counts.done + counts.pending;
  const scope = await progressScope(db, batch);
  const report = (uploadStatusId: number) => {
    const payload: BatchProgress = { kind: rows.kind, uploadBatchId: batch.id, processedRows: processed, totalRows: total, uploadStatusId };
    live.publish({ topic: 'BulkIndexer', payload, scope });
  };
  report(UPLOAD_BATCH_STATUS.IN_PROGRESS);
  for (;;) {
    const chunk = await rows.next(batch.id, rows.chunkSize ?? SUBMIT_CHUNK);
    if (chunk.length === 0) break;
    if (rows.applyChunk) processed += await rows.applyChunk(chunk);
    else for (const row of chunk) {
      const claimed = await rows.claim(row);
      if (!claimed) continue;
      await rows.apply(claimed);
      processed += 1;
    }
    await db.update(uploadBatches).set({ processedRows: processed }).where(eq(uploadBatches.id, batch.id));
    report(UPLOAD_BATCH_STATUS.IN_PROGRESS);
  }
  await db.update(uploadBatches).set({ uploadStatusId: UPLOAD_BATCH_STATUS.COMPLETED, processedRows: processed }).where(eq(uploadBatches.id, batch.id));
  report(UPLOAD_BATCH_STATUS.COMPLETED);
  return { processedRows: processed };
}
