import type { Readable } from 'node:stream';
import { and, asc, count, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../src/api/generated/connect';
import { RATE_TEXTS } from '../../src/lib/rate-texts';
import { conflictMessage } from '../../src/lib/resource-texts';
import type { Permissions } from '../../src/lib/roles';
import { UPLOAD_BATCH_STATUS, UPLOAD_BATCH_STATUS_LABELS } from '../../src/lib/statuses';
import {
  mapStoreSheetHeader, STORE_SHEET_COLUMNS, STORE_UPLOAD_TEXTS, storeUploadFromCells, validateStoreUpload,
  type StoreUploadErrors, type StoreUploadValues,
} from '../../src/lib/store-uploads';
import type { Database } from '../db/database';
import { companies, stores, storeUploads, uploadBatches } from '../db/schema';
import { gazetteerGeocoder } from '../geo/gazetteer-geocoder';
import type { Geocoder, ResolvedAddress } from '../geo/types';
import { ConflictError, HttpError, notFound } from '../http/errors';
import type { JobQueue } from '../jobs/queue';
import type { Live } from '../realtime/publish';
import { rowExport, type ExportColumn } from './export';
import { whereAll, type QueryOf } from './list-query';
import type { PortalData } from './portals';
import { scopeOf, type Scope } from './scope';
import { pageSizeOf, paging, readSheet, runUploadBatch, statusOf, type SheetKind } from './upload-batches';

/**
 * Store upload batches (issue 16): stores from a sheet. Each row is checked with the store form's rules
 * (src/lib/store-uploads.ts), against what the uploader may change (staff add and change any store of the portal;
 * a company's or a store's users only change their own stores, as the store screens allow), and its address is
 * resolved by the configured geocoder at upload, so a row that cannot be found shows its error before submit.
 * Submitting creates (or, with a Store Id, updates) the stores in the background on the job queue; the batch
 * machinery (sheet reading, job, progress events) is the rate batches' (server/domain/upload-batches.ts).
 */

type S = components['schemas'];
export type StoreUploadBatch = S['StoreUploadBatch'];
export type StoreUpload = S['StoreUpload'];
export const STORE_UPLOAD_QUEUE = 'store-upload-batch';
const UPLOAD_TYPE = 'Store';
const INSERT_CHUNK = 500;

export interface StoreUploadContext {
  db: Database;
  portal: PortalData;
  permissions: Permissions;
  geocoder: Geocoder | undefined;
}

/** The batches the caller may see: staff all; a company's or store's users those their company's or store's users uploaded. */
function batchScope(permissions: Permissions): SQL | undefined {
  const scope = scopeOf(permissions);
  if (scope.kind === 'portal') return undefined;
  if (scope.kind === 'store') return sql`${uploadBatches.createdByUserId} in (select u.id from users u where u.store_id = ${scope.storeId})`;
  if (scope.kind === 'company') return sql`${uploadBatches.createdByUserId} in (select u.id from users u where u.company_id = ${scope.companyId})`;
  return sql`false`;
}

const batchInPortal = (portal: { id: number }) => and(eq(uploadBatches.portalId, portal.id), eq(uploadBatches.uploadType, UPLOAD_TYPE));
const visibleBatches = (ctx: Pick<StoreUploadContext, 'portal' | 'permissions'>) => whereAll(batchInPortal(ctx.portal), batchScope(ctx.permissions));

// ---- One row: the form's rules, what the uploader may change, the address found ----

interface Prepared {
  values: StoreUploadValues;
  errors: StoreUploadErrors;
  resolved: ResolvedAddress | null;
}

const add = (errors: StoreUploadErrors, field: string, message: string) => { (errors[field] ??= []).push(message); };

/** The store a row may change: in the portal and in the caller's scope (store roles their store, company roles their company's). */
function storeVisible(scope: Scope) {
  if (scope.kind === 'portal') return undefined;
  if (scope.kind === 'store') return eq(stores.id, scope.storeId);
  if (scope.kind === 'company') return eq(stores.companyId, scope.companyId);
  return sql`false`;
}

async function prepareRow(ctx: StoreUploadContext, values: StoreUploadValues, readErrors: StoreUploadErrors): Promise<Prepared> {
  const errors: StoreUploadErrors = { ...validateStoreUpload(values) };
  for (const [field, messages] of Object.entries(readErrors)) errors[field] = messages;
  const scope = scopeOf(ctx.permissions);
  if (values.storeId !== null && !errors.storeId) {
    const [store] = await ctx.db.select({ companyId: stores.companyId }).from(stores)
      .where(whereAll(eq(stores.portalId, ctx.portal.id), eq(stores.id, values.storeId), storeVisible(scope)));
    if (!store) add(errors, 'storeId', STORE_UPLOAD_TEXTS.storeNotFound(values.storeId));
    else if (values.companyId !== null && values.companyId !== store.companyId) add(errors, 'companyId', STORE_UPLOAD_TEXTS.companyOfStore(store.companyId));
  }
  if (values.storeId === null && !errors.storeId && scope.kind !== 'portal') add(errors, 'storeId', STORE_UPLOAD_TEXTS.mayNotAdd);
  if (values.storeId === null && values.companyId !== null && !errors.companyId) {
    const [company] = await ctx.db.select({ id: companies.id }).from(companies).where(and(eq(companies.portalId, ctx.portal.id), eq(companies.id, values.companyId)));
    if (!company) add(errors, 'companyId', STORE_UPLOAD_TEXTS.companyNotFound(values.companyId));
  }
  let resolved: ResolvedAddress | null = null;
  if (values.address && !errors.address) {
    const geocoder = ctx.geocoder ?? gazetteerGeocoder(ctx.db);
    const [match] = await geocoder.search(ctx.portal.cca2, values.address, 1);
    resolved = (match && await geocoder.resolve(ctx.portal.cca2, match.placeId)) ?? null;
    if (!resolved) add(errors, 'address', STORE_UPLOAD_TEXTS.addressNotFound(values.address));
  }
  return { values, errors, resolved };
}

const rowColumns = ({ values, errors, resolved }: Prepared) => ({
  ...values, errors, resolvedAddress: resolved && { placeId: resolved.placeId, description: resolved.description, coordinates: resolved.coordinates },
});

// ---- Upload ----

export async function uploadStoreSheet(ctx: StoreUploadContext, fileName: string, kind: SheetKind, body: Readable, declaredBytes: number): Promise<StoreUploadBatch> {
  // The rows are read first, then checked and found outside any transaction (the geocoder answers meanwhile), then
  // written in one transaction: a sheet that cannot be read leaves nothing.
  const read: { values: StoreUploadValues; errors: StoreUploadErrors; rowNumber: number }[] = [];
  await readSheet(body, kind, declaredBytes, {
    header: mapStoreSheetHeader,
    async row(cells, columns, rowNumber) { read.push({ ...storeUploadFromCells(cells, columns), rowNumber }); },
  });
  const rows: (typeof storeUploads.$inferInsert)[] = [];
  for (const row of read) {
    // The row's read errors are already the form's (storeUploadFromCells validated them): only the database's are added.
    const prepared = await prepareRow(ctx, row.values, row.errors);
    rows.push({ ...rowColumns(prepared), rowNumber: row.rowNumber, uploadedByUserId: ctx.permissions.id, uploadBatchId: 0 });
  }
  const batchId = await ctx.db.transaction(async (tx) => {
    const [batch] = await tx.insert(uploadBatches).values({
      portalId: ctx.portal.id, uploadType: UPLOAD_TYPE, fileName, createdByUserId: ctx.permissions.id, totalRows: rows.length,
    }).returning({ id: uploadBatches.id });
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      await tx.insert(storeUploads).values(rows.slice(start, start + INSERT_CHUNK).map((row) => ({ ...row, uploadBatchId: batch!.id })));
    }
    return batch!.id;
  });
  return getStoreBatch(ctx, batchId);
}

// ---- Batches ----

const batchCount = (condition: SQL) => sql<number>`(select count(*)::int from store_uploads su where su.upload_batch_id = "upload_batches"."id" and ${condition})`;
const LIVE = sql`su.upload_status_id <> ${UPLOAD_BATCH_STATUS.CANCELLED}`;

const batchRow = {
  id: uploadBatches.id, fileName: uploadBatches.fileName, uploadStatusId: uploadBatches.uploadStatusId,
  createdBy: sql<string | null>`(select u.first_name || ' ' || u.last_name from users u where u.id = ${uploadBatches.createdByUserId})`,
  createdAt: uploadBatches.createdAt, totalRows: uploadBatches.totalRows, processedRows: uploadBatches.processedRows, submittedAt: uploadBatches.submittedAt,
  validRows: batchCount(sql`su.errors = '{}'::jsonb and ${LIVE}`),
  invalidRows: batchCount(sql`su.errors <> '{}'::jsonb and ${LIVE}`),
  cancelledRows: batchCount(sql`su.upload_status_id = ${UPLOAD_BATCH_STATUS.CANCELLED}`),
  storesCreated: batchCount(sql`su.upload_status_id = ${UPLOAD_BATCH_STATUS.COMPLETED}`),
};

type BatchRow = Awaited<ReturnType<typeof selectBatches>>[number];
function selectBatches(db: Database, where: SQL | undefined) {
  return db.select(batchRow).from(uploadBatches).where(where);
}

function publicBatch(row: BatchRow): StoreUploadBatch {
  const status = statusOf(row.uploadStatusId);
  return {
    ...row, uploadStatusId: status, uploadStatus: UPLOAD_BATCH_STATUS_LABELS[status],
    createdAt: row.createdAt.toISOString(), submittedAt: row.submittedAt?.toISOString() ?? null,
  };
}

export async function getStoreBatch(ctx: Pick<StoreUploadContext, 'db' | 'portal' | 'permissions'>, id: number): Promise<StoreUploadBatch> {
  const [row] = await selectBatches(ctx.db, and(visibleBatches(ctx), eq(uploadBatches.id, id)));
  if (!row) throw notFound(`store upload batch ${id}`);
  return publicBatch(row);
}

export async function listStoreBatches(ctx: StoreUploadContext, query: QueryOf<'getstorebatches'>) {
  const page = query.page ?? 1;
  const pageSize = pageSizeOf(query.pageSize);
  const where = whereAll(visibleBatches(ctx), query.uploadstatus === undefined ? undefined : eq(uploadBatches.uploadStatusId, query.uploadstatus));
  const [items, [total]] = await Promise.all([
    selectBatches(ctx.db, where).orderBy(desc(uploadBatches.id)).limit(pageSize).offset((page - 1) * pageSize),
    ctx.db.select({ value: count() }).from(uploadBatches).where(where),
  ]);
  return { items: items.map(publicBatch), paging: paging(page, pageSize, total?.value ?? 0) };
}

// ---- Rows ----

const uploadRow = {
  id: storeUploads.id, uploadBatchId: storeUploads.uploadBatchId, rowNumber: storeUploads.rowNumber, storeId: storeUploads.storeId,
  storeName: storeUploads.storeName, companyId: storeUploads.companyId, contactName: storeUploads.contactName, phoneNumber: storeUploads.phoneNumber,
  email: storeUploads.email, address: storeUploads.address, resolvedAddress: sql<string | null>`${storeUploads.resolvedAddress}->>'description'`,
  unitName: storeUploads.unitName, unitNumber: storeUploads.unitNumber, isActive: storeUploads.isActive, qsrMode: storeUploads.qsrMode,
  createdStoreId: storeUploads.createdStoreId, uploadStatusId: storeUploads.uploadStatusId,
  uploadedBy: sql<string | null>`(select u.first_name || ' ' || u.last_name from users u where u.id = ${storeUploads.uploadedByUserId})`,
  uploadedByUserId: storeUploads.uploadedByUserId, errors: storeUploads.errors, xmin: sql<string>`${storeUploads}.xmin::text`,
};

type UploadRow = Awaited<ReturnType<typeof selectUploads>>[number];
function selectUploads(db: Database, where: SQL | undefined) {
  return db.select(uploadRow).from(storeUploads).innerJoin(uploadBatches, eq(uploadBatches.id, storeUploads.uploadBatchId)).where(where);
}

function publicUpload(row: UploadRow): StoreUpload {
  const status = statusOf(row.uploadStatusId);
  return { ...row, uploadStatusId: status, uploadStatus: UPLOAD_BATCH_STATUS_LABELS[status] };
}

const FIELD_ORDER: readonly string[] = STORE_SHEET_COLUMNS.map((column) => column.field);
const errorText = (errors: StoreUploadErrors) => Object.entries(errors)
  .sort(([a], [b]) => FIELD_ORDER.indexOf(a) - FIELD_ORDER.indexOf(b)).flatMap(([, messages]) => messages).join('; ');

/** The rows as a sheet to fix and upload again: the sheet's own columns, then the row, status, the store made and errors. */
const UPLOAD_EXPORT: ExportColumn<UploadRow>[] = [
  ...STORE_SHEET_COLUMNS.map((column): ExportColumn<UploadRow> => ({ header: column.header, value: (row) => row[column.field], width: 16 })),
  { header: 'Row', value: (row) => row.rowNumber, width: 8 },
  { header: 'Upload status', value: (row) => UPLOAD_BATCH_STATUS_LABELS[statusOf(row.uploadStatusId)], width: 14 },
  { header: 'Resolved address', value: (row) => row.resolvedAddress, width: 30 },
  { header: 'Created store', value: (row) => row.createdStoreId, width: 12 },
  { header: RATE_TEXTS.errorColumn, value: (row) => errorText(row.errors), width: 60 },
];

const hasNoErrors = sql`${storeUploads.errors} = '{}'::jsonb`;

export async function listStoreUploads(ctx: StoreUploadContext, batchId: number, query: QueryOf<'getstoreuploads'>) {
  await getStoreBatch(ctx, batchId);
  const where = whereAll(
    visibleBatches(ctx), eq(storeUploads.uploadBatchId, batchId),
    query.uploadstatus === undefined ? undefined : eq(storeUploads.uploadStatusId, query.uploadstatus),
    query.appuserid === undefined ? undefined : eq(storeUploads.uploadedByUserId, query.appuserid),
    query.hasErrors === undefined ? undefined : query.hasErrors ? sql`not (${hasNoErrors})` : hasNoErrors,
  );
  const totalOf = async () => (await ctx.db.select({ value: count() }).from(storeUploads).innerJoin(uploadBatches, eq(uploadBatches.id, storeUploads.uploadBatchId)).where(where))[0]?.value ?? 0;
  if (query.exportExcel) {
    return rowExport<UploadRow>({
      fileName: STORE_UPLOAD_TEXTS.exportName, columns: UPLOAD_EXPORT, total: await totalOf(),
      batch: (last, limit) => selectUploads(ctx.db, whereAll(where, last && sql`${storeUploads.id} > ${last.id}`)).orderBy(asc(storeUploads.id)).limit(limit),
    });
  }
  const page = query.page ?? 1;
  const pageSize = pageSizeOf(query.pageSize);
  const [items, total] = await Promise.all([
    selectUploads(ctx.db, where).orderBy(asc(storeUploads.id)).limit(pageSize).offset((page - 1) * pageSize),
    totalOf(),
  ]);
  return { items: items.map(publicUpload), paging: paging(page, pageSize, total) };
}

async function findUpload(ctx: Pick<StoreUploadContext, 'db' | 'portal' | 'permissions'>, id: number) {
  const [row] = await selectUploads(ctx.db, and(visibleBatches(ctx), eq(storeUploads.id, id)));
  if (!row) throw notFound(`store upload ${id}`);
  return row;
}

export async function getStoreUpload(ctx: Pick<StoreUploadContext, 'db' | 'portal' | 'permissions'>, id: number): Promise<StoreUpload> {
  return publicUpload(await findUpload(ctx, id));
}

/** 002 section 4's rule for rate uploads, read for stores: below in progress, not cancelled, no store created. */
export const canChangeStoreUpload = (uploadStatusId: number, createdStoreId: number | null) =>
  uploadStatusId < UPLOAD_BATCH_STATUS.IN_PROGRESS && uploadStatusId !== UPLOAD_BATCH_STATUS.CANCELLED && createdStoreId === null;

const valuesOf = (row: StoreUploadValues): StoreUploadValues => ({
  storeId: row.storeId, storeName: row.storeName, companyId: row.companyId, contactName: row.contactName, phoneNumber: row.phoneNumber,
  email: row.email, address: row.address, unitName: row.unitName, unitNumber: row.unitNumber, isActive: row.isActive, qsrMode: row.qsrMode,
});

/** A row corrected: checked and its address found again; its errors are replaced. */
export async function updateStoreUpload(ctx: StoreUploadContext, id: number, input: S['StoreUploadUpdate']): Promise<StoreUpload> {
  const existing = await findUpload(ctx, id);
  if (!canChangeStoreUpload(existing.uploadStatusId, existing.createdStoreId)) throw new HttpError(409, STORE_UPLOAD_TEXTS.notEditable);
  const { xmin, ...changes } = input;
  const prepared = await prepareRow(ctx, { ...valuesOf(existing), ...changes }, {});
  const changed = await ctx.db.update(storeUploads).set(rowColumns(prepared))
    .where(and(eq(storeUploads.id, id), sql`${storeUploads}.xmin::text = ${xmin}`)).returning({ id: storeUploads.id });
  const current = await getStoreUpload(ctx, id);
  if (changed.length === 0) throw new ConflictError(conflictMessage('store upload'), current);
  return current;
}

export async function cancelStoreUpload(ctx: StoreUploadContext, id: number): Promise<StoreUpload> {
  await findUpload(ctx, id);
  // The rule is checked in the UPDATE itself, so a submit starting meanwhile cannot be overtaken.
  const cancelled = await ctx.db.update(storeUploads).set({ uploadStatusId: UPLOAD_BATCH_STATUS.CANCELLED })
    .where(and(eq(storeUploads.id, id), sql`${storeUploads.uploadStatusId} < ${UPLOAD_BATCH_STATUS.IN_PROGRESS}`,
      ne(storeUploads.uploadStatusId, UPLOAD_BATCH_STATUS.CANCELLED), isNull(storeUploads.createdStoreId)))
    .returning({ id: storeUploads.id });
  if (cancelled.length === 0) throw new HttpError(409, STORE_UPLOAD_TEXTS.notCancellable);
  return getStoreUpload(ctx, id);
}

// ---- Submit: the stores created in the background ----

export interface StoreBatchJob { batchId: number; portalId: number }

/** Marks the batch and its rows submitted and enqueues the job that creates the stores (once: a second submit is 409). */
export async function submitStoreBatch(ctx: StoreUploadContext, jobs: JobQueue, id: number) {
  await getStoreBatch(ctx, id);
  const submitted = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.update(uploadBatches).set({ uploadStatusId: UPLOAD_BATCH_STATUS.SUBMITTED, submittedAt: new Date(), processedRows: 0 })
      .where(and(batchInPortal(ctx.portal), eq(uploadBatches.id, id), eq(uploadBatches.uploadStatusId, UPLOAD_BATCH_STATUS.UNPROCESSED))).returning({ id: uploadBatches.id });
    if (!row) return false;
    await tx.update(storeUploads).set({ uploadStatusId: UPLOAD_BATCH_STATUS.SUBMITTED })
      .where(and(eq(storeUploads.uploadBatchId, id), eq(storeUploads.uploadStatusId, UPLOAD_BATCH_STATUS.UNPROCESSED)));
    return true;
  });
  if (!submitted) throw new HttpError(409, RATE_TEXTS.notSubmittable);
  const jobId = await jobs.send(STORE_UPLOAD_QUEUE, { batchId: id, portalId: ctx.portal.id } satisfies StoreBatchJob, { singletonKey: `store-batch-${id}`, retryLimit: 3 });
  await ctx.db.update(uploadBatches).set({ jobId }).where(eq(uploadBatches.id, id));
  jobs.nudge(STORE_UPLOAD_QUEUE);
  return { message: RATE_TEXTS.batchSubmitted, uploadBatch: await getStoreBatch(ctx, id) };
}

type StoreUploadRow = typeof storeUploads.$inferSelect;

/**
 * One row made a store: a new one of its company, or the named store changed (its company kept). The store and the
 * row's result are written in one transaction, so a retried job never makes a second store. The address saved is
 * the geocoder's description, which the booking wizard finds again when the store is a pick-up.
 */
async function applyRow(db: Database, portalId: number, row: StoreUploadRow): Promise<void> {
  const finish = (executor: Pick<Database, 'update'>, set: Partial<typeof storeUploads.$inferInsert>) => executor.update(storeUploads).set(set).where(eq(storeUploads.id, row.id));
  if (Object.keys(row.errors).length > 0) {
    await finish(db, { uploadStatusId: UPLOAD_BATCH_STATUS.FAILED });
    return;
  }
  const fields = {
    storeName: row.storeName!, contactName: row.contactName, phoneNumber: row.phoneNumber, email: row.email,
    address: row.resolvedAddress?.description ?? row.address, unitName: row.unitName, unitNumber: row.unitNumber, isActive: row.isActive, qsrMode: row.qsrMode,
  };
  await db.transaction(async (tx) => {
    if (row.storeId !== null) {
      const [updated] = await tx.update(stores).set(fields).where(and(eq(stores.id, row.storeId), eq(stores.portalId, portalId))).returning({ id: stores.id });
      if (!updated) await finish(tx, { uploadStatusId: UPLOAD_BATCH_STATUS.FAILED, errors: { storeId: [STORE_UPLOAD_TEXTS.storeNotFound(row.storeId)] } });
      else await finish(tx, { uploadStatusId: UPLOAD_BATCH_STATUS.COMPLETED, createdStoreId: updated.id });
      return;
    }
    const [created] = await tx.insert(stores).values({ ...fields, portalId, companyId: row.companyId! }).returning({ id: stores.id });
    await finish(tx, { uploadStatusId: UPLOAD_BATCH_STATUS.COMPLETED, createdStoreId: created!.id });
  });
}

export function runStoreBatch(db: Database, live: Live, data: StoreBatchJob): Promise<{ processedRows: number }> {
  // Rows a stopped run left in progress are taken up again (the transaction above never left a store half made).
  const todo = [UPLOAD_BATCH_STATUS.SUBMITTED, UPLOAD_BATCH_STATUS.IN_PROGRESS];
  const ofBatch = (batchId: number, statuses: number[]) => and(eq(storeUploads.uploadBatchId, batchId), inArray(storeUploads.uploadStatusId, statuses));
  return runUploadBatch(db, live, data.batchId, {
    kind: 'storeUploadBatch',
    async counts(batchId) {
      const [[done], [pending]] = await Promise.all([
        db.select({ value: count() }).from(storeUploads).where(ofBatch(batchId, [UPLOAD_BATCH_STATUS.COMPLETED, UPLOAD_BATCH_STATUS.FAILED])),
        db.select({ value: count() }).from(storeUploads).where(ofBatch(batchId, todo)),
      ]);
      return { done: done?.value ?? 0, pending: pending?.value ?? 0 };
    },
    next: (batchId, limit) => db.select().from(storeUploads).where(ofBatch(batchId, todo)).orderBy(asc(storeUploads.id)).limit(limit),
    async claim(row) {
      const [claimed] = await db.update(storeUploads).set({ uploadStatusId: UPLOAD_BATCH_STATUS.IN_PROGRESS })
        .where(and(eq(storeUploads.id, row.id), inArray(storeUploads.uploadStatusId, todo))).returning();
      return claimed;
    },
    apply: (row) => applyRow(db, data.portalId, row),
  });
}

/** Declares the queue and works it in this process (server/plugins/workers.ts). */
export async function startStoreUploadWorker(jobs: JobQueue, db: Database, live: Live): Promise<void> {
  await jobs.define(STORE_UPLOAD_QUEUE, { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 * 60 });
  await jobs.work<StoreBatchJob>(STORE_UPLOAD_QUEUE, (job) => runStoreBatch(db, live, job.data));
}
