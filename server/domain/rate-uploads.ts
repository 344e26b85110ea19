import type { Readable } from 'node:stream';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../src/api/generated/connect';
import { RATE_TEXTS } from '../../src/lib/rate-texts';
import {
  mapRateSheetHeader, RATE_SHEET_COLUMNS, rateUploadFromCells, rateUploadName, rateUploadTier, validateRateUpload, type RateUploadErrors, type RateUploadValues,
} from '../../src/lib/rate-uploads';
import { conflictMessage } from '../../src/lib/resource-texts';
import { canCancelRateUpload, UPLOAD_BATCH_STATUS, UPLOAD_BATCH_STATUS_LABELS } from '../../src/lib/statuses';
import type { Database } from '../db/database';
import { companies, rates, rateUploads, uploadBatches } from '../db/schema';
import { ConflictError, HttpError, notFound } from '../http/errors';
import type { JobQueue } from '../jobs/queue';
import type { Live } from '../realtime/publish';
import { rowExport, type ExportColumn } from './export';
import { whereAll, type QueryOf } from './list-query';
import type { PortalData } from './portals';
import { findOverlap, lockRates, type RateValues } from './rates';
import { pageSizeOf, paging, readSheet, runUploadBatch, statusOf, type SheetKind } from './upload-batches';

export type { BatchProgress, SheetKind } from './upload-batches';

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

const rowValues = (values: RateUploadValues) => ({ ...values });

/**
 * Reads a sheet and stores its rows as a new batch (one transaction: a file that cannot be read leaves nothing).
 * The header row names the columns; the required ones missing, an empty sheet or unreadable bytes are 400.
 */
export async function uploadRateSheet(db: Database, portal: PortalData, userId: number, fileName: string, kind: SheetKind, body: Readable, declaredBytes: number): Promise<RateUploadBatch> {
  const portalCompanies = new Set((await db.select({ id: companies.id }).from(companies).where(eq(companies.portalId, portal.id))).map((row) => row.id));
  const batchId = await db.transaction(async (tx) => {
    const [batch] = await tx.insert(uploadBatches).values({ portalId: portal.id, uploadType: UPLOAD_TYPE, fileName, createdByUserId: userId }).returning({ id: uploadBatches.id });
    let pending: (typeof rateUploads.$inferInsert)[] = [];
    const flush = async () => {
      if (pending.length > 0) await tx.insert(rateUploads).values(pending);
      pending = [];
    };
    const totalRows = await readSheet(body, kind, declaredBytes, {
      header: mapRateSheetHeader,
      async row(cells, columns, rowNumber) {
        const { values, errors } = rateUploadFromCells(cells, columns);
        if (values.companyId !== null && !portalCompanies.has(values.companyId)) errors.companyId = [RATE_TEXTS.unknownCompany];
        pending.push({ ...rowValues(values), uploadBatchId: batch!.id, rowNumber, errors, uploadedByUserId: userId });
        if (pending.length >= INSERT_CHUNK) await flush();
      },
    });
    await flush();
    await tx.update(uploadBatches).set({ totalRows }).where(eq(uploadBatches.id, batch!.id));
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


export async function listRateBatches(db: Database, portal: PortalData, query: QueryOf<'getratebatches'>) {
  const page = query.page ?? 1;
  const pageSize = pageSizeOf(query.pageSize);
  const where = whereAll(batchInPortal(portal), query.uploadstatus === undefined ? undefined : eq(uploadBatches.uploadStatusId, query.uploadstatus),
    query.rateId === undefined ? undefined
      : sql`exists (select 1 from rate_uploads ru where ru.upload_batch_id = ${uploadBatches.id} and ru.rate_id = ${query.rateId} and ru.rate_created)`);
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

/** The rate a row makes (validated again: it may have been edited), or its errors (the submit's and the impact preview's reading). */
export function rateOfUpload(row: typeof rateUploads.$inferSelect): { rate: RateValues } | { errors: RateUploadErrors } {
  const values: RateUploadValues = { ...row };
  const errors = validateRateUpload(values);
  if (Object.keys(errors).length > 0 || Object.keys(row.errors).length > 0) return { errors: { ...row.errors, ...errors } };
  return { rate: {
    name: rateUploadName(values), companyId: values.companyId, slaType: values.slaType as RateValues['slaType'], parcelTypeId: values.parcelTypeId!,
    rateType: values.rateType as RateValues['rateType'], dayOfWeekType: values.dayOfWeekType as RateValues['dayOfWeekType'], pricingTier: rateUploadTier(values),
    startKmRange: values.startKmRange!, endKmRange: values.endKmRange!, priceCents: values.priceCents!,
    isReturnToSenderRate: values.isReturnToSenderRate, isHighRisk: values.isHighRisk, isActive: values.isActive,
  } };
}

/**
 * One row of a submitted batch: validated again (it may have been edited after the submit), then the rate of
 * the same key and km range gets its price and name, or a new rate is added (an overlap fails the row).
 */
async function applyRow(db: Database, portalId: number, row: typeof rateUploads.$inferSelect): Promise<void> {
  const checked = rateOfUpload(row);
  const done = (set: Partial<typeof rateUploads.$inferInsert>) => db.update(rateUploads).set(set).where(eq(rateUploads.id, row.id));
  if ('errors' in checked) {
    await done({ uploadStatusId: UPLOAD_BATCH_STATUS.FAILED, errors: checked.errors });
    return;
  }
  const { rate } = checked;
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

/** The job: the batch's submitted rows in order through the shared runner (server/domain/upload-batches.ts). */
export function runRateBatch(db: Database, live: Live, data: { batchId: number; portalId: number }): Promise<{ processedRows: number }> {
  const ofBatch = (batchId: number, statuses: number[]) => and(eq(rateUploads.uploadBatchId, batchId), inArray(rateUploads.uploadStatusId, statuses));
  return runUploadBatch(db, live, data.batchId, {
    kind: 'rateUploadBatch',
    async counts(batchId) {
      const [[done], [pending]] = await Promise.all([
        db.select({ value: count() }).from(rateUploads).where(ofBatch(batchId, [UPLOAD_BATCH_STATUS.COMPLETED, UPLOAD_BATCH_STATUS.FAILED])),
        db.select({ value: count() }).from(rateUploads).where(ofBatch(batchId, [UPLOAD_BATCH_STATUS.SUBMITTED])),
      ]);
      return { done: done?.value ?? 0, pending: pending?.value ?? 0 };
    },
    next: (batchId, limit) => db.select().from(rateUploads).where(ofBatch(batchId, [UPLOAD_BATCH_STATUS.SUBMITTED])).orderBy(asc(rateUploads.id)).limit(limit),
    async claim(row) {
      // A row cancelled since the chunk was read is left alone (the cancel checks the status in its UPDATE).
      const [claimed] = await db.update(rateUploads).set({ uploadStatusId: UPLOAD_BATCH_STATUS.IN_PROGRESS })
        .where(and(eq(rateUploads.id, row.id), eq(rateUploads.uploadStatusId, UPLOAD_BATCH_STATUS.SUBMITTED))).returning();
      return claimed;
    },
    apply: (row) => applyRow(db, data.portalId, row),
  });
}

/** Declares the queue and works it in this process (server/plugins/workers.ts). */
export async function startRateUploadWorker(jobs: JobQueue, db: Database, live: Live): Promise<void> {
  await jobs.define(RATE_UPLOAD_QUEUE, { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 * 60 });
  await jobs.work<{ batchId: number; portalId: number }>(RATE_UPLOAD_QUEUE, (job) => runRateBatch(db, live, job.data));
}

export const uploadStatuses = () => Object.values(UPLOAD_BATCH_STATUS).map((id) => ({ id, name: UPLOAD_BATCH_STATUS_LABELS[id] }));
