import type { Readable } from 'node:stream';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../src/api/generated/connect';
import {
  DISTANCE_SHEET_COLUMNS, DISTANCE_TEXTS, distanceUploadFromCells, mapDistanceSheetHeader, type DistanceUploadErrors, type DistanceUploadValues,
} from '../../src/lib/distance-discovery';
import { RATE_TEXTS } from '../../src/lib/rate-texts';
import { UPLOAD_BATCH_STATUS, UPLOAD_BATCH_STATUS_LABELS } from '../../src/lib/statuses';
import type { Database } from '../db/database';
import { distanceUploads, uploadBatches } from '../db/schema';
import { gazetteerGeocoder } from '../geo/gazetteer-geocoder';
import { greatCircleRouter } from '../geo/great-circle';
import type { Geocoder, ResolvedAddress, Router } from '../geo/types';
import { HttpError, notFound } from '../http/errors';
import type { JobQueue } from '../jobs/queue';
import type { Live } from '../realtime/publish';
import { rowExport, type ExportColumn } from './export';
import { whereAll, type QueryOf } from './list-query';
import type { PortalData } from './portals';
import { pageSizeOf, paging, readSheet, runUploadBatch, statusOf, type SheetKind } from './upload-batches';

/**
 * Distance discovery (issue 16, administrator): a sheet of address pairs. Both addresses of a row are resolved by
 * the configured geocoder at upload (a pair that cannot be found keeps its error); submitting computes each good
 * pair's driving distance through the configured router (OSRM, or the great-circle estimate) in the background,
 * with the rate batches' machinery (server/domain/upload-batches.ts). The rows come back as "Distance Discovery".
 */

type S = components['schemas'];
export type DistanceUploadBatch = S['DistanceUploadBatch'];
export type DistanceUpload = S['DistanceUpload'];
export const DISTANCE_QUEUE = 'distance-discovery-batch';
const UPLOAD_TYPE = 'DistanceDiscovery';
const INSERT_CHUNK = 500;

export interface DistanceContext {
  db: Database;
  portal: PortalData;
  userId: number;
  geocoder: Geocoder | undefined;
}

const inPortal = (portal: { id: number }) => and(eq(uploadBatches.portalId, portal.id), eq(uploadBatches.uploadType, UPLOAD_TYPE));
const place = (resolved: ResolvedAddress | undefined) => resolved && { placeId: resolved.placeId, description: resolved.description, coordinates: resolved.coordinates };

async function found(ctx: DistanceContext, text: string) {
  const geocoder = ctx.geocoder ?? gazetteerGeocoder(ctx.db);
  const [match] = await geocoder.search(ctx.portal.cca2, text, 1);
  return place(match && await geocoder.resolve(ctx.portal.cca2, match.placeId));
}

async function prepareRow(ctx: DistanceContext, values: DistanceUploadValues, errors: DistanceUploadErrors) {
  const [origin, destination] = await Promise.all([
    values.originAddress && !errors.originAddress ? found(ctx, values.originAddress) : Promise.resolve(undefined),
    values.destinationAddress && !errors.destinationAddress ? found(ctx, values.destinationAddress) : Promise.resolve(undefined),
  ]);
  const all = { ...errors };
  if (values.originAddress && !all.originAddress && !origin) all.originAddress = [DISTANCE_TEXTS.addressNotFound(values.originAddress)];
  if (values.destinationAddress && !all.destinationAddress && !destination) all.destinationAddress = [DISTANCE_TEXTS.addressNotFound(values.destinationAddress)];
  return {
    reference: values.reference, originAddressText: values.originAddress, destinationAddressText: values.destinationAddress,
    originAddress: origin ?? null, destinationAddress: destination ?? null, errors: all,
  };
}

export async function uploadDistanceSheet(ctx: DistanceContext, fileName: string, kind: SheetKind, body: Readable, declaredBytes: number): Promise<DistanceUploadBatch> {
  const read: { values: DistanceUploadValues; errors: DistanceUploadErrors; rowNumber: number }[] = [];
  await readSheet(body, kind, declaredBytes, {
    header: mapDistanceSheetHeader,
    async row(cells, columns, rowNumber) { read.push({ ...distanceUploadFromCells(cells, columns), rowNumber }); },
  });
  const rows: (typeof distanceUploads.$inferInsert)[] = [];
  for (const row of read) rows.push({ ...await prepareRow(ctx, row.values, row.errors), rowNumber: row.rowNumber, uploadedByUserId: ctx.userId, uploadBatchId: 0 });
  const batchId = await ctx.db.transaction(async (tx) => {
    const [batch] = await tx.insert(uploadBatches).values({ portalId: ctx.portal.id, uploadType: UPLOAD_TYPE, fileName, createdByUserId: ctx.userId, totalRows: rows.length })
      .returning({ id: uploadBatches.id });
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      await tx.insert(distanceUploads).values(rows.slice(start, start + INSERT_CHUNK).map((row) => ({ ...row, uploadBatchId: batch!.id })));
    }
    return batch!.id;
  });
  return getDistanceBatch(ctx, batchId);
}

const batchCount = (condition: SQL) => sql<number>`(select count(*)::int from distance_uploads du where du.upload_batch_id = "upload_batches"."id" and ${condition})`;
const batchRow = {
  id: uploadBatches.id, fileName: uploadBatches.fileName, uploadStatusId: uploadBatches.uploadStatusId,
  createdBy: sql<string | null>`(select u.first_name || ' ' || u.last_name from users u where u.id = ${uploadBatches.createdByUserId})`,
  createdAt: uploadBatches.createdAt, totalRows: uploadBatches.totalRows, processedRows: uploadBatches.processedRows, submittedAt: uploadBatches.submittedAt,
  validRows: batchCount(sql`du.errors = '{}'::jsonb and du.upload_status_id <> ${UPLOAD_BATCH_STATUS.CANCELLED}`),
  invalidRows: batchCount(sql`du.errors <> '{}'::jsonb and du.upload_status_id <> ${UPLOAD_BATCH_STATUS.CANCELLED}`),
  cancelledRows: batchCount(sql`du.upload_status_id = ${UPLOAD_BATCH_STATUS.CANCELLED}`),
  distancesFound: batchCount(sql`du.distance_km is not null`),
};

type BatchRow = Awaited<ReturnType<typeof selectBatches>>[number];
const selectBatches = (db: Database, where: SQL | undefined) => db.select(batchRow).from(uploadBatches).where(where);

function publicBatch(row: BatchRow): DistanceUploadBatch {
  const status = statusOf(row.uploadStatusId);
  return { ...row, uploadStatusId: status, uploadStatus: UPLOAD_BATCH_STATUS_LABELS[status], createdAt: row.createdAt.toISOString(), submittedAt: row.submittedAt?.toISOString() ?? null };
}

export async function getDistanceBatch(ctx: Pick<DistanceContext, 'db' | 'portal'>, id: number): Promise<DistanceUploadBatch> {
  const [row] = await selectBatches(ctx.db, and(inPortal(ctx.portal), eq(uploadBatches.id, id)));
  if (!row) throw notFound(`distance discovery batch ${id}`);
  return publicBatch(row);
}

export async function listDistanceBatches(ctx: DistanceContext, query: QueryOf<'getdistancebatches'>) {
  const page = query.page ?? 1;
  const pageSize = pageSizeOf(query.pageSize);
  const where = whereAll(inPortal(ctx.portal), query.uploadstatus === undefined ? undefined : eq(uploadBatches.uploadStatusId, query.uploadstatus));
  const [items, [total]] = await Promise.all([
    selectBatches(ctx.db, where).orderBy(desc(uploadBatches.id)).limit(pageSize).offset((page - 1) * pageSize),
    ctx.db.select({ value: count() }).from(uploadBatches).where(where),
  ]);
  return { items: items.map(publicBatch), paging: paging(page, pageSize, total?.value ?? 0) };
}

const uploadRow = {
  id: distanceUploads.id, uploadBatchId: distanceUploads.uploadBatchId, rowNumber: distanceUploads.rowNumber, reference: distanceUploads.reference,
  originAddress: distanceUploads.originAddressText, destinationAddress: distanceUploads.destinationAddressText,
  resolvedOrigin: sql<string | null>`${distanceUploads.originAddress}->>'description'`,
  resolvedDestination: sql<string | null>`${distanceUploads.destinationAddress}->>'description'`,
  distanceKm: distanceUploads.distanceKm, uploadStatusId: distanceUploads.uploadStatusId, errors: distanceUploads.errors,
};
type UploadRow = Awaited<ReturnType<typeof selectUploads>>[number];
const selectUploads = (db: Database, where: SQL | undefined) =>
  db.select(uploadRow).from(distanceUploads).innerJoin(uploadBatches, eq(uploadBatches.id, distanceUploads.uploadBatchId)).where(where);

function publicUpload(row: UploadRow): DistanceUpload {
  const status = statusOf(row.uploadStatusId);
  return { ...row, uploadStatusId: status, uploadStatus: UPLOAD_BATCH_STATUS_LABELS[status] };
}

/** "Distance Discovery": the sheet's own columns, then what was found, the distance and the errors (to fix and upload again). */
const EXPORT: ExportColumn<UploadRow>[] = [
  ...DISTANCE_SHEET_COLUMNS.map((column): ExportColumn<UploadRow> => ({ header: column.header, value: (row) => row[column.field], width: 30 })),
  { header: 'Origin found', value: (row) => row.resolvedOrigin, width: 30 },
  { header: 'Destination found', value: (row) => row.resolvedDestination, width: 30 },
  { header: 'Distance (km)', value: (row) => row.distanceKm, width: 14 },
  { header: 'Row', value: (row) => row.rowNumber, width: 8 },
  { header: 'Upload status', value: (row) => UPLOAD_BATCH_STATUS_LABELS[statusOf(row.uploadStatusId)], width: 14 },
  { header: RATE_TEXTS.errorColumn, value: (row) => Object.values(row.errors).flat().join('; '), width: 60 },
];

const hasNoErrors = sql`${distanceUploads.errors} = '{}'::jsonb`;

export async function listDistanceUploads(ctx: DistanceContext, batchId: number, query: QueryOf<'getdistanceuploads'>) {
  await getDistanceBatch(ctx, batchId);
  const where = whereAll(
    inPortal(ctx.portal), eq(distanceUploads.uploadBatchId, batchId),
    query.uploadstatus === undefined ? undefined : eq(distanceUploads.uploadStatusId, query.uploadstatus),
    query.hasErrors === undefined ? undefined : query.hasErrors ? sql`not (${hasNoErrors})` : hasNoErrors,
  );
  const totalOf = async () => (await ctx.db.select({ value: count() }).from(distanceUploads).innerJoin(uploadBatches, eq(uploadBatches.id, distanceUploads.uploadBatchId)).where(where))[0]?.value ?? 0;
  if (query.exportExcel) {
    return rowExport<UploadRow>({
      fileName: DISTANCE_TEXTS.exportName, columns: EXPORT, total: await totalOf(),
      batch: (last, limit) => selectUploads(ctx.db, whereAll(where, last && sql`${distanceUploads.id} > ${last.id}`)).orderBy(asc(distanceUploads.id)).limit(limit),
    });
  }
  const page = query.page ?? 1;
  const pageSize = pageSizeOf(query.pageSize);
  const [items, total] = await Promise.all([selectUploads(ctx.db, where).orderBy(asc(distanceUploads.id)).limit(pageSize).offset((page - 1) * pageSize), totalOf()]);
  return { items: items.map(publicUpload), paging: paging(page, pageSize, total) };
}

export interface DistanceBatchJob { batchId: number }

/** Marks the batch and its rows submitted and enqueues the job that computes the distances (once: a second submit is 409). */
export async function submitDistanceBatch(ctx: DistanceContext, jobs: JobQueue, id: number) {
  await getDistanceBatch(ctx, id);
  const submitted = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.update(uploadBatches).set({ uploadStatusId: UPLOAD_BATCH_STATUS.SUBMITTED, submittedAt: new Date(), processedRows: 0 })
      .where(and(inPortal(ctx.portal), eq(uploadBatches.id, id), eq(uploadBatches.uploadStatusId, UPLOAD_BATCH_STATUS.UNPROCESSED))).returning({ id: uploadBatches.id });
    if (!row) return false;
    await tx.update(distanceUploads).set({ uploadStatusId: UPLOAD_BATCH_STATUS.SUBMITTED })
      .where(and(eq(distanceUploads.uploadBatchId, id), eq(distanceUploads.uploadStatusId, UPLOAD_BATCH_STATUS.UNPROCESSED)));
    return true;
  });
  if (!submitted) throw new HttpError(409, RATE_TEXTS.notSubmittable);
  const jobId = await jobs.send(DISTANCE_QUEUE, { batchId: id } satisfies DistanceBatchJob, { singletonKey: `distance-batch-${id}`, retryLimit: 3 });
  await ctx.db.update(uploadBatches).set({ jobId }).where(eq(uploadBatches.id, id));
  jobs.nudge(DISTANCE_QUEUE);
  return { message: RATE_TEXTS.batchSubmitted, uploadBatch: await getDistanceBatch(ctx, id) };
}

/** Each pair's distance through the router (a router that cannot be reached fails the job, which retries where it stopped). */
export function runDistanceBatch(db: Database, router: Router | undefined, live: Live, data: DistanceBatchJob): Promise<{ processedRows: number }> {
  const todo = [UPLOAD_BATCH_STATUS.SUBMITTED, UPLOAD_BATCH_STATUS.IN_PROGRESS];
  const ofBatch = (batchId: number, statuses: number[]) => and(eq(distanceUploads.uploadBatchId, batchId), inArray(distanceUploads.uploadStatusId, statuses));
  const finish = (id: number, set: Partial<typeof distanceUploads.$inferInsert>) => db.update(distanceUploads).set(set).where(eq(distanceUploads.id, id));
  return runUploadBatch(db, live, data.batchId, {
    kind: 'distanceUploadBatch',
    async counts(batchId) {
      const [[done], [pending]] = await Promise.all([
        db.select({ value: count() }).from(distanceUploads).where(ofBatch(batchId, [UPLOAD_BATCH_STATUS.COMPLETED, UPLOAD_BATCH_STATUS.FAILED])),
        db.select({ value: count() }).from(distanceUploads).where(ofBatch(batchId, todo)),
      ]);
      return { done: done?.value ?? 0, pending: pending?.value ?? 0 };
    },
    next: (batchId, limit) => db.select().from(distanceUploads).where(ofBatch(batchId, todo)).orderBy(asc(distanceUploads.id)).limit(limit),
    async claim(row) {
      const [claimed] = await db.update(distanceUploads).set({ uploadStatusId: UPLOAD_BATCH_STATUS.IN_PROGRESS })
        .where(and(eq(distanceUploads.id, row.id), inArray(distanceUploads.uploadStatusId, todo))).returning();
      return claimed;
    },
    async apply(row) {
      if (Object.keys(row.errors).length > 0 || !row.originAddress || !row.destinationAddress) {
        await finish(row.id, { uploadStatusId: UPLOAD_BATCH_STATUS.FAILED });
        return;
      }
      const km = await (router ?? greatCircleRouter).distanceKm(row.originAddress.coordinates, row.destinationAddress.coordinates);
      await finish(row.id, { uploadStatusId: UPLOAD_BATCH_STATUS.COMPLETED, distanceKm: Math.round(km * 100) / 100 });
    },
  });
}

/** Declares the queue and works it in this process (server/plugins/workers.ts). */
export async function startDistanceWorker(jobs: JobQueue, db: Database, router: Router | undefined, live: Live): Promise<void> {
  await jobs.define(DISTANCE_QUEUE, { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 * 60 });
  await jobs.work<DistanceBatchJob>(DISTANCE_QUEUE, (job) => runDistanceBatch(db, router, live, job.data));
}
