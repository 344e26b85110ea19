import { Readable, Transform } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../src/api/generated/connect';
import { PAGE_SIZE_OPTIONS } from '../../src/lib/constants';
import { RATE_SHEET_MAX_BYTES, RATE_TEXTS } from '../../src/lib/rate-texts';
import {
  mapRateSheetHeader, RATE_SHEET_COLUMNS, rateUploadFromCells, rateUploadName, rateUploadTier, validateRateUpload, type RateUploadErrors, type RateUploadValues,
} from '../../src/lib/rate-uploads';
import { conflictMessage } from '../../src/lib/resource-texts';
import { canCancelRateUpload, UPLOAD_BATCH_STATUS, UPLOAD_BATCH_STATUS_LABELS, type UploadBatchStatus } from '../../src/lib/statuses';
import type { Database } from '../db/database';
import { companies, rates, rateUploads, uploadBatches } from '../db/schema';
import { ConflictError, HttpError, notFound } from '../http/errors';
import type { JobQueue } from '../jobs/queue';
import type { Live } from '../realtime/publish';
import { rowExport, type ExportColumn } from './export';
import { whereAll, type QueryOf } from './list-query';
import type { PortalData } from './portals';
import { findOverlap, lockRates, type RateValues } from './rates';

/**
 * Rate upload batches (issue 16; 002 sections 2, 4, 5, 8): a sheet (.csv or .xlsx) streamed in, each row kept with
 * its errors; rows corrected or cancelled one by one; a submit that turns the valid rows into rates in the
 * background (the job queue: once, across processes, surviving a restart) with progress on the dashboard hub's
 * bulkIndexer events. A row whose key and km range match an existing rate changes that rate's price and name;
 * any other row adds a rate (refused, and the row failed, when it overlaps one).
 */

type S = components['schemas'];
export type RateUploadBatch = S['RateUploadBatch'];
export type RateUpload = S['RateUpload'];
export const RATE_UPLOAD_QUEUE = 'rate-upload-batch';
const UPLOAD_TYPE = 'Rate';
const INSERT_CHUNK = 500;
const SUBMIT_CHUNK = 200;

export type SheetKind = 'csv' | 'xlsx';

const statusOf = (id: number): UploadBatchStatus => {
  const known = Object.values(UPLOAD_BATCH_STATUS).find((status) => status === id);
  if (known === undefined) throw new Error(`unknown upload status ${id}`);
  return known;
};

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
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit' });
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

const rowValues = (values: RateUploadValues) => ({ ...values });

/**
 * Reads a sheet and stores its rows as a new batch (one transaction: a file that cannot be read leaves nothing).
 * The header row names the columns; the required ones missing, an empty sheet or unreadable bytes are 400.
 */
export async function uploadRateSheet(db: Database, portal: PortalData, userId: number, fileName: string, kind: SheetKind, body: Readable, declaredBytes: number): Promise<RateUploadBatch> {
  if (declaredBytes > RATE_SHEET_MAX_BYTES) throw new HttpError(413, RATE_TEXTS.fileTooLarge(RATE_SHEET_MAX_BYTES / (1024 * 1024)));
  const limited = body.pipe(byteLimit(RATE_SHEET_MAX_BYTES));
  body.on('error', (error) => limited.destroy(error));
  const portalCompanies = new Set((await db.select({ id: companies.id }).from(companies).where(eq(companies.portalId, portal.id))).map((row) => row.id));
  const batchId = await db.transaction(async (tx) => {
    const [batch] = await tx.insert(uploadBatches).values({ portalId: portal.id, uploadType: UPLOAD_TYPE, fileName, createdByUserId: userId }).returning({ id: uploadBatches.id });
    let header: ReturnType<typeof mapRateSheetHeader> | undefined;
    let rowNumber = 1;
    let pending: (typeof rateUploads.$inferInsert)[] = [];
    const flush = async () => {
      if (pending.length > 0) await tx.insert(rateUploads).values(pending);
      pending = [];
    };
    try {
      for await (const cells of sheetRows(limited, kind)) {
        if (!header) {
          header = mapRateSheetHeader(cells);
          if (header.missing.length > 0) throw new HttpError(400, RATE_TEXTS.missingColumns(header.missing), { file: [RATE_TEXTS.missingColumns(header.missing)] });
          continue;
        }
        rowNumber += 1;
        const { values, errors } = rateUploadFromCells(cells, header.columns);
        if (values.companyId !== null && !portalCompanies.has(values.companyId)) errors.companyId = [RATE_TEXTS.unknownCompany];
        pending.push({ ...rowValues(values), uploadBatchId: batch!.id, rowNumber, errors, uploadedByUserId: userId });
        if (pending.length >= INSERT_CHUNK) await flush();
      }
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw new HttpError(400, RATE_TEXTS.unreadableFile, { file: [RATE_TEXTS.unreadableFile] });
    }
    await flush();
    if (rowNumber === 1) throw new HttpError(400, RATE_TEXTS.emptyFile, { file: [RATE_TEXTS.emptyFile] });
    await tx.update(uploadBatches).set({ totalRows: rowNumber - 1 }).where(eq(uploadBatches.id, batch!.id));
    return batch!.id;
  });
  return getRateBatch(db, portal, batchId);
}

const hasNoErrors = sql`${rateUploads.errors} = '{}'::jsonb`;
// The outer row named in full: an unqualified column here would resolve to the subquery's own table.
const batchCount = (condition: SQL) => sql<number>`(select count(*)::int from rate_uploads ru where ru.upload_batch_id = "upload_batches"."id" and ${condition})`;

const batchRow = {
  id: uploadBatches.id, fileName: uploadBatches.fileName, uploadStatusId: uploadBatches.uploadStatusId,
  createdBy: sql<string | null>`(select u.first_name || ' ' || u.last_name from users u where u.id = ${uploadBatches.createdByUserId})`,
  createdAt: uploadBatches.createdAt, totalRows: uploadBatches.totalRows, processedRows: uploadBatches.processedRows, submittedAt: uploadBatches.submittedAt,
  validRows: batchCount(sql`ru.errors = '{}'::jsonb and ru.upload_status_id <> ${UPLOAD_BATCH_STATUS.CANCELLED}`),
  invalidRows: batchCount(sql`ru.errors <> '{}'::jsonb and ru.upload_status_id <> ${UPLOAD_BATCH_STATUS.CANCELLED}`),
  cancelledRows: batchCount(sql`ru.upload_status_id = ${UPLOAD_BATCH_STATUS.CANCELLED}`),
  ratesCreated: batchCount(sql`ru.rate_created`),
};

type BatchRow = Awaited<ReturnType<typeof selectBatches>>[number];
function selectBatches(db: Database, where: SQL | undefined) {
  return db.select(batchRow).from(uploadBatches).where(where);
}

function publicBatch(row: BatchRow): RateUploadBatch {
  const status = statusOf(row.uploadStatusId);
  return {
    ...row, uploadStatusId: status, uploadStatus: UPLOAD_BATCH_STATUS_LABELS[status],
    createdAt: row.createdAt.toISOString(), submittedAt: row.submittedAt?.toISOString() ?? null,
  };
}

const batchInPortal = (portal: { id: number }) => and(eq(uploadBatches.portalId, portal.id), eq(uploadBatches.uploadType, UPLOAD_TYPE));

export async function getRateBatch(db: Database, portal: PortalData, id: number): Promise<RateUploadBatch> {
  const [row] = await selectBatches(db, and(batchInPortal(portal), eq(uploadBatches.id, id)));
  if (!row) throw notFound(`rate upload batch ${id}`);
  return publicBatch(row);
}

const pageSizeOf = (pageSize: number | undefined) => Math.min(pageSize ?? 20, PAGE_SIZE_OPTIONS.at(-1)!);
const paging = (page: number, pageSize: number, totalItems: number) => ({ page, pageSize, totalPages: Math.max(1, Math.ceil(totalItems / pageSize)), totalItems });

export async function listRateBatches(db: Database, portal: PortalData, query: QueryOf<'getratebatches'>) {
  const page = query.page ?? 1;
  const pageSize = pageSizeOf(query.pageSize);
  const where = whereAll(batchInPortal(portal), query.uploadstatus === undefined ? undefined : eq(uploadBatches.uploadStatusId, query.uploadstatus));
  const [items, [total]] = await Promise.all([
    selectBatches(db, where).orderBy(desc(uploadBatches.id)).limit(pageSize).offset((page - 1) * pageSize),
    db.select({ value: count() }).from(uploadBatches).where(where),
  ]);
  return { items: items.map(publicBatch), paging: paging(page, pageSize, total?.value ?? 0) };
}

/** Deletes batches that were never submitted (submitted ones made rates: they stay as the record of it). */
export async function deleteRateBatches(db: Database, portal: PortalData, ids: number[]) {
  const deleted = await db.delete(uploadBatches)
    .where(and(batchInPortal(portal), inArray(uploadBatches.id, ids), eq(uploadBatches.uploadStatusId, UPLOAD_BATCH_STATUS.UNPROCESSED)))
    .returning({ id: uploadBatches.id });
  return { deleted: deleted.length, message: RATE_TEXTS.batchesDeleted(deleted.length) };
}

const uploadRow = {
  id: rateUploads.id, uploadBatchId: rateUploads.uploadBatchId, rowNumber: rateUploads.rowNumber, rateId: rateUploads.rateId, name: rateUploads.name,
  companyId: rateUploads.companyId, company: sql<string | null>`(select c.company_name from companies c where c.id = ${rateUploads.companyId})`,
  slaType: rateUploads.slaType, parcelTypeId: rateUploads.parcelTypeId, rateType: rateUploads.rateType, dayOfWeekType: rateUploads.dayOfWeekType,
  pricingTier: rateUploads.pricingTier, startKmRange: rateUploads.startKmRange, endKmRange: rateUploads.endKmRange, newPrice: rateUploads.priceCents,
  isReturnToSenderRate: rateUploads.isReturnToSenderRate, isHighRisk: rateUploads.isHighRisk, isActive: rateUploads.isActive,
  uploadStatusId: rateUploads.uploadStatusId, rateCreated: rateUploads.rateCreated,
  uploadedBy: sql<string | null>`(select u.first_name || ' ' || u.last_name from users u where u.id = ${rateUploads.uploadedByUserId})`,
  uploadedByUserId: rateUploads.uploadedByUserId, errors: rateUploads.errors, xmin: sql<string>`${rateUploads}.xmin::text`,
};

type UploadRow = Awaited<ReturnType<typeof selectUploads>>[number];
function selectUploads(db: Database, where: SQL | undefined) {
  return db.select(uploadRow).from(rateUploads).innerJoin(uploadBatches, eq(uploadBatches.id, rateUploads.uploadBatchId)).where(where);
}

function publicUpload(row: UploadRow): RateUpload {
  const status = statusOf(row.uploadStatusId);
  return { ...row, uploadStatusId: status, uploadStatus: UPLOAD_BATCH_STATUS_LABELS[status] };
}

const money = (cents: number | null) => (cents === null ? null : cents / 100);
const FIELD_ORDER: readonly string[] = RATE_SHEET_COLUMNS.map((column) => column.field);
/** In the sheet's column order (jsonb keeps keys in its own order). */
const errorText = (errors: RateUploadErrors) => Object.entries(errors)
  .sort(([a], [b]) => FIELD_ORDER.indexOf(a) - FIELD_ORDER.indexOf(b)).flatMap(([, messages]) => messages).join('; ');

/** The rows as a sheet to fix and upload again: the upload's own columns, then the errors. */
const UPLOAD_EXPORT: ExportColumn<UploadRow>[] = [
  ...RATE_SHEET_COLUMNS.map((column): ExportColumn<UploadRow> => ({
    header: column.header,
    value: (row) => (column.field === 'priceCents' ? money(row.newPrice) : row[column.field]),
    width: 14,
  })),
  { header: 'Row', value: (row) => row.rowNumber, width: 8 },
  { header: 'Upload status', value: (row) => UPLOAD_BATCH_STATUS_LABELS[statusOf(row.uploadStatusId)], width: 14 },
  { header: RATE_TEXTS.errorColumn, value: (row) => errorText(row.errors), width: 60 },
];

export async function listRateUploads(db: Database, portal: PortalData, batchId: number, query: QueryOf<'getrateuploads'>) {
  await getRateBatch(db, portal, batchId);
  const where = whereAll(
    batchInPortal(portal), eq(rateUploads.uploadBatchId, batchId),
    query.uploadstatus === undefined ? undefined : eq(rateUploads.uploadStatusId, query.uploadstatus),
    query.appuserid === undefined ? undefined : eq(rateUploads.uploadedByUserId, query.appuserid),
    query.hasErrors === undefined ? undefined : query.hasErrors ? sql`not (${hasNoErrors})` : hasNoErrors,
  );
  if (query.exportExcel) {
    const [total] = await db.select({ value: count() }).from(rateUploads).innerJoin(uploadBatches, eq(uploadBatches.id, rateUploads.uploadBatchId)).where(where);
    return rowExport<UploadRow>({
      fileName: 'Rate uploads', columns: UPLOAD_EXPORT, total: total?.value ?? 0,
      batch: (last, limit) => selectUploads(db, whereAll(where, last && sql`${rateUploads.id} > ${last.id}`)).orderBy(asc(rateUploads.id)).limit(limit),
    });
  }
  const page = query.page ?? 1;
  const pageSize = pageSizeOf(query.pageSize);
  const [items, [total]] = await Promise.all([
    selectUploads(db, where).orderBy(asc(rateUploads.id)).limit(pageSize).offset((page - 1) * pageSize),
    db.select({ value: count() }).from(rateUploads).innerJoin(uploadBatches, eq(uploadBatches.id, rateUploads.uploadBatchId)).where(where),
  ]);
  return { items: items.map(publicUpload), paging: paging(page, pageSize, total?.value ?? 0) };
}

async function findUpload(db: Database, portal: PortalData, id: number) {
  const [row] = await selectUploads(db, and(batchInPortal(portal), eq(rateUploads.id, id)));
  if (!row) throw notFound(`rate upload ${id}`);
  return row;
}

export async function getRateUpload(db: Database, portal: PortalData, id: number): Promise<RateUpload> {
  return publicUpload(await findUpload(db, portal, id));
}

/** A row can be corrected as long as it could be cancelled: not yet in progress, not cancelled, no rate made from it. */
export async function updateRateUpload(db: Database, portal: PortalData, id: number, input: S['RateUploadUpdate']): Promise<RateUpload> {
  const existing = await findUpload(db, portal, id);
  if (!canCancelRateUpload(existing.uploadStatusId, existing.rateCreated)) throw new HttpError(409, RATE_TEXTS.notEditable);
  const { xmin, newPrice, ...changes } = input;
  const values: RateUploadValues = {
    name: existing.name, companyId: existing.companyId, slaType: existing.slaType, parcelTypeId: existing.parcelTypeId, rateType: existing.rateType,
    dayOfWeekType: existing.dayOfWeekType, pricingTier: existing.pricingTier, startKmRange: existing.startKmRange, endKmRange: existing.endKmRange,
    priceCents: existing.newPrice, isReturnToSenderRate: existing.isReturnToSenderRate, isHighRisk: existing.isHighRisk, isActive: existing.isActive,
    ...changes, ...(newPrice !== undefined && { priceCents: newPrice }),
  };
  const errors = validateRateUpload(values);
  if (values.companyId !== null) {
    const [company] = await db.select({ id: companies.id }).from(companies).where(and(eq(companies.id, values.companyId), eq(companies.portalId, portal.id)));
    if (!company) errors.companyId = [RATE_TEXTS.unknownCompany];
  }
  const changed = await db.update(rateUploads).set({ ...values, errors })
    .where(and(eq(rateUploads.id, id), sql`${rateUploads}.xmin::text = ${xmin}`)).returning({ id: rateUploads.id });
  const current = await getRateUpload(db, portal, id);
  if (changed.length === 0) throw new ConflictError(conflictMessage('rate upload'), current);
  return current;
}

export async function cancelRateUpload(db: Database, portal: PortalData, id: number): Promise<RateUpload> {
  await findUpload(db, portal, id);
  // The rule is checked in the UPDATE itself, so a submit starting meanwhile cannot be overtaken.
  const cancelled = await db.update(rateUploads).set({ uploadStatusId: UPLOAD_BATCH_STATUS.CANCELLED })
    .where(and(eq(rateUploads.id, id), sql`${rateUploads.uploadStatusId} < ${UPLOAD_BATCH_STATUS.IN_PROGRESS}`,
      sql`${rateUploads.uploadStatusId} <> ${UPLOAD_BATCH_STATUS.CANCELLED}`, eq(rateUploads.rateCreated, false)))
    .returning({ id: rateUploads.id });
  if (cancelled.length === 0) throw new HttpError(409, RATE_TEXTS.notCancellable);
  return getRateUpload(db, portal, id);
}

/** Marks the batch and its rows submitted and enqueues the job that makes the rates (once: a second submit is 409). */
export async function submitRateBatch(db: Database, jobs: JobQueue, portal: PortalData, id: number) {
  await getRateBatch(db, portal, id);
  const submitted = await db.transaction(async (tx) => {
    const [batch] = await tx.update(uploadBatches).set({ uploadStatusId: UPLOAD_BATCH_STATUS.SUBMITTED, submittedAt: new Date(), processedRows: 0 })
      .where(and(batchInPortal(portal), eq(uploadBatches.id, id), eq(uploadBatches.uploadStatusId, UPLOAD_BATCH_STATUS.UNPROCESSED))).returning({ id: uploadBatches.id });
    if (!batch) return false;
    await tx.update(rateUploads).set({ uploadStatusId: UPLOAD_BATCH_STATUS.SUBMITTED })
      .where(and(eq(rateUploads.uploadBatchId, id), eq(rateUploads.uploadStatusId, UPLOAD_BATCH_STATUS.UNPROCESSED)));
    return true;
  });
  if (!submitted) throw new HttpError(409, RATE_TEXTS.notSubmittable);
  const jobId = await jobs.send(RATE_UPLOAD_QUEUE, { batchId: id, portalId: portal.id }, { singletonKey: `rate-batch-${id}`, retryLimit: 3 });
  await db.update(uploadBatches).set({ jobId }).where(eq(uploadBatches.id, id));
  jobs.nudge(RATE_UPLOAD_QUEUE);
  return { message: RATE_TEXTS.batchSubmitted, uploadBatch: await getRateBatch(db, portal, id) };
}

export interface BatchProgress {
  kind: 'rateUploadBatch';
  uploadBatchId: number;
  processedRows: number;
  totalRows: number;
  uploadStatusId: number;
}

/**
 * One row of a submitted batch: validated again (it may have been edited after the submit), then the rate of
 * the same key and km range gets its price and name, or a new rate is added (an overlap fails the row).
 */
async function applyRow(db: Database, portalId: number, row: typeof rateUploads.$inferSelect): Promise<void> {
  const values: RateUploadValues = { ...row };
  const errors = validateRateUpload(values);
  const done = (set: Partial<typeof rateUploads.$inferInsert>) => db.update(rateUploads).set(set).where(eq(rateUploads.id, row.id));
  if (Object.keys(errors).length > 0 || Object.keys(row.errors).length > 0) {
    await done({ uploadStatusId: UPLOAD_BATCH_STATUS.FAILED, errors: { ...row.errors, ...errors } });
    return;
  }
  const rate: RateValues = {
    name: rateUploadName(values), companyId: values.companyId, slaType: values.slaType as RateValues['slaType'], parcelTypeId: values.parcelTypeId!,
    rateType: values.rateType as RateValues['rateType'], dayOfWeekType: values.dayOfWeekType as RateValues['dayOfWeekType'], pricingTier: rateUploadTier(values),
    startKmRange: values.startKmRange!, endKmRange: values.endKmRange!, priceCents: values.priceCents!,
    isReturnToSenderRate: values.isReturnToSenderRate, isHighRisk: values.isHighRisk, isActive: values.isActive,
  };
  await db.transaction(async (tx) => {
    await lockRates(tx, portalId);
    const [same] = await tx.select({ id: rates.id }).from(rates).where(and(
      eq(rates.portalId, portalId), rate.companyId === null ? sql`${rates.companyId} is null` : eq(rates.companyId, rate.companyId!),
      eq(rates.slaType, rate.slaType), eq(rates.parcelTypeId, rate.parcelTypeId), eq(rates.rateType, rate.rateType), eq(rates.dayOfWeekType, rate.dayOfWeekType),
      eq(rates.pricingTier, rate.pricingTier), eq(rates.isReturnToSenderRate, rate.isReturnToSenderRate ?? false), eq(rates.isHighRisk, rate.isHighRisk ?? false),
      eq(rates.startKmRange, rate.startKmRange), eq(rates.endKmRange, rate.endKmRange),
    )).orderBy(desc(rates.isActive), asc(rates.id)).limit(1);
    const other = await findOverlap(tx, portalId, rate, same?.id);
    if (other) {
      await tx.update(rateUploads).set({ uploadStatusId: UPLOAD_BATCH_STATUS.FAILED, errors: { startKmRange: [RATE_TEXTS.overlap(rate, other)] } }).where(eq(rateUploads.id, row.id));
      return;
    }
    let rateId = same?.id;
    if (rateId !== undefined) {
      await tx.update(rates).set({ priceCents: rate.priceCents, name: rate.name, isActive: rate.isActive }).where(eq(rates.id, rateId));
    } else {
      const [inserted] = await tx.insert(rates).values({ ...rate, portalId }).returning({ id: rates.id });
      rateId = inserted!.id;
    }
    await tx.update(rateUploads).set({ uploadStatusId: UPLOAD_BATCH_STATUS.COMPLETED, rateId, rateCreated: true }).where(eq(rateUploads.id, row.id));
  });
}

/** The job: the batch's submitted rows in order, a chunk at a time, progress after each chunk; a retry resumes where it stopped. */
export async function runRateBatch(db: Database, live: Live, data: { batchId: number; portalId: number }): Promise<{ processedRows: number }> {
  const [batch] = await db.update(uploadBatches).set({ uploadStatusId: UPLOAD_BATCH_STATUS.IN_PROGRESS })
    .where(and(eq(uploadBatches.id, data.batchId), inArray(uploadBatches.uploadStatusId, [UPLOAD_BATCH_STATUS.SUBMITTED, UPLOAD_BATCH_STATUS.IN_PROGRESS])))
    .returning();
  if (!batch) return { processedRows: 0 };
  const pendingOf = () => db.select({ value: count() }).from(rateUploads).where(and(eq(rateUploads.uploadBatchId, batch.id), inArray(rateUploads.uploadStatusId, [UPLOAD_BATCH_STATUS.SUBMITTED])));
  const [pendingAtStart] = await pendingOf();
  const [already] = await db.select({ value: count() }).from(rateUploads).where(and(eq(rateUploads.uploadBatchId, batch.id),
    inArray(rateUploads.uploadStatusId, [UPLOAD_BATCH_STATUS.COMPLETED, UPLOAD_BATCH_STATUS.FAILED])));
  let processed = already?.value ?? 0;
  const total = processed + (pendingAtStart?.value ?? 0);
  const report = (uploadStatusId: number) => {
    const payload: BatchProgress = { kind: 'rateUploadBatch', uploadBatchId: batch.id, processedRows: processed, totalRows: total, uploadStatusId };
    live.publish({ topic: 'BulkIndexer', payload, scope: {} });
  };
  report(UPLOAD_BATCH_STATUS.IN_PROGRESS);
  for (;;) {
    const chunk = await db.select().from(rateUploads)
      .where(and(eq(rateUploads.uploadBatchId, batch.id), eq(rateUploads.uploadStatusId, UPLOAD_BATCH_STATUS.SUBMITTED))).orderBy(asc(rateUploads.id)).limit(SUBMIT_CHUNK);
    if (chunk.length === 0) break;
    for (const row of chunk) {
      // A row cancelled since the chunk was read is left alone (the cancel checks the status in its UPDATE).
      const [claimed] = await db.update(rateUploads).set({ uploadStatusId: UPLOAD_BATCH_STATUS.IN_PROGRESS })
        .where(and(eq(rateUploads.id, row.id), eq(rateUploads.uploadStatusId, UPLOAD_BATCH_STATUS.SUBMITTED))).returning();
      if (!claimed) continue;
      await applyRow(db, data.portalId, claimed);
      processed += 1;
    }
    await db.update(uploadBatches).set({ processedRows: processed }).where(eq(uploadBatches.id, batch.id));
    report(UPLOAD_BATCH_STATUS.IN_PROGRESS);
  }
  await db.update(uploadBatches).set({ uploadStatusId: UPLOAD_BATCH_STATUS.COMPLETED, processedRows: processed }).where(eq(uploadBatches.id, batch.id));
  report(UPLOAD_BATCH_STATUS.COMPLETED);
  return { processedRows: processed };
}

/** Declares the queue and works it in this process (server/plugins/workers.ts). */
export async function startRateUploadWorker(jobs: JobQueue, db: Database, live: Live): Promise<void> {
  await jobs.define(RATE_UPLOAD_QUEUE, { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 * 60 });
  await jobs.work<{ batchId: number; portalId: number }>(RATE_UPLOAD_QUEUE, (job) => runRateBatch(db, live, job.data));
}

export const uploadStatuses = () => Object.values(UPLOAD_BATCH_STATUS).map((id) => ({ id, name: UPLOAD_BATCH_STATUS_LABELS[id] }));
