import type { Readable } from 'node:stream';
import { and, asc, count, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../src/api/generated/connect';
import { DEFAULT_DELIVERY_TIME } from '../../src/lib/constants';
import {
  DELIVERY_SHEET_COLUMNS, DELIVERY_UPLOAD_TEXTS, deliveryUploadFromCells, deliveryUploadParcels, mapDeliverySheetHeader, validateDeliveryUpload,
  type DeliveryUploadErrors, type DeliveryUploadValues,
} from '../../src/lib/delivery-uploads';
import { RATE_TEXTS } from '../../src/lib/rate-texts';
import { conflictMessage } from '../../src/lib/resource-texts';
import { roleFlagsOf, type Permissions } from '../../src/lib/roles';
import { PAYMENT_STATUS, UPLOAD_BATCH_STATUS, UPLOAD_BATCH_STATUS_LABELS } from '../../src/lib/statuses';
import type { Database } from '../db/database';
import { accounts, deliveries, deliveryUploads, parcelTypes, stores, uploadBatches, users } from '../db/schema';
import { gazetteerGeocoder } from '../geo/gazetteer-geocoder';
import type { Geocoder } from '../geo/types';
import { ConflictError, HttpError, notFound } from '../http/errors';
import type { JobQueue } from '../jobs/queue';
import type { PaymentProviderClient } from '../payments/provider-client';
import type { Live } from '../realtime/publish';
import { acceptQuote, availableDates, createQuote, selectAccount, selectQuote, updateContacts, updateParcels, type BookingContext } from './booking';
import { rowExport, type ExportColumn } from './export';
import { whereAll, type QueryOf } from './list-query';
import { payByBalance } from './payments';
import { findPortal, type PortalData } from './portals';
import { isHighRiskLocation, priceOptions } from './pricing';
import { routeDistanceKm, type BookingAddress, type QuoteSettings } from './quotes';
import { scopeOf } from './scope';
import { pageSizeOf, paging, readSheet, runUploadBatch, statusOf, type SheetKind } from './upload-batches';

/**
 * Delivery upload batches (issue 16): a store's deliveries from a sheet. Each row is checked with the booking
 * wizard's rules and texts, its addresses found by the configured geocoder and priced by the wizard's pricing
 * (server/domain/pricing.ts) at upload; bad rows keep their errors. Submitting books every good row in the
 * background through the wizard's own commands (create, parcels, service level, contacts, accept, account, pay
 * by balance), so the rules, the price and the ledger posting are the wizard's; each row pays with its own
 * Idempotency-Key, so a retried job never charges twice. The batch machinery (sheet reading, job, progress) is
 * the rate batches' (server/domain/upload-batches.ts).
 */

type S = components['schemas'];
export type DeliveryUploadBatch = S['DeliveryUploadBatch'];
export type DeliveryUpload = S['DeliveryUpload'];
export const DELIVERY_UPLOAD_QUEUE = 'delivery-upload-batch';
const UPLOAD_TYPE = 'Delivery';
const INSERT_CHUNK = 500;

export interface DeliveryUploadContext {
  db: Database;
  portal: PortalData;
  permissions: Permissions;
  settings: QuoteSettings;
}

type StoreRow = typeof stores.$inferSelect;

/** The store if the caller may work its batches: staff any store of the portal, a company its stores, a store itself. */
async function storeInScope(db: Database, portal: PortalData, permissions: Permissions, storeId: number): Promise<StoreRow> {
  const [store] = await db.select().from(stores).where(and(eq(stores.id, storeId), eq(stores.portalId, portal.id)));
  const scope = scopeOf(permissions);
  const allowed = store && (scope.kind === 'portal' || (scope.kind === 'company' && store.companyId === scope.companyId)
    || (scope.kind === 'store' && store.id === scope.storeId));
  if (!allowed) throw notFound(`store ${storeId}`);
  return store;
}

/** The batches the caller may see, from the token: a store's staff only their store's, a company's its stores'. */
function batchScope(permissions: Permissions): SQL | undefined {
  const scope = scopeOf(permissions);
  if (scope.kind === 'portal') return undefined;
  if (scope.kind === 'store') return eq(uploadBatches.storeId, scope.storeId);
  if (scope.kind === 'company') return sql`${uploadBatches.storeId} in (select s.id from stores s where s.company_id = ${scope.companyId})`;
  return sql`false`;
}

const batchInPortal = (portal: { id: number }) => and(eq(uploadBatches.portalId, portal.id), eq(uploadBatches.uploadType, UPLOAD_TYPE));
const visibleBatches = (ctx: Pick<DeliveryUploadContext, 'portal' | 'permissions'>) => whereAll(batchInPortal(ctx.portal), batchScope(ctx.permissions));

// ---- One row: the wizard's rules, the addresses found, the price ----

interface Prepared {
  values: DeliveryUploadValues;
  errors: DeliveryUploadErrors;
  originAddress: BookingAddress | null;
  destinationAddress: BookingAddress | null;
  distanceKm: number | null;
  priceExclCents: number | null;
}

/** What a batch's rows are checked against, read once per upload or edit. */
interface RowSetting {
  ctx: DeliveryUploadContext;
  store: StoreRow;
  geocoder: Geocoder;
  dates: Set<string>;
  catalogue: Map<number, typeof parcelTypes.$inferSelect>;
  /** Order references already used by the store's deliveries and live uploads (lower case), and this sheet's so far. */
  references: Set<string>;
}

async function rowSetting(ctx: DeliveryUploadContext, store: StoreRow, exceptUploadId?: number): Promise<RowSetting> {
  const [dates, catalogue, used, uploaded] = await Promise.all([
    availableDates(ctx.db, ctx.portal, store.id, store.companyId),
    ctx.db.select().from(parcelTypes),
    ctx.db.select({ reference: deliveries.orderReference }).from(deliveries)
      .where(and(eq(deliveries.storeId, store.id), sql`${deliveries.orderReference} is not null`, ne(deliveries.paymentStatusId, PAYMENT_STATUS.QUOTE_CANCELLED))),
    ctx.db.select({ reference: deliveryUploads.orderReference }).from(deliveryUploads).innerJoin(uploadBatches, eq(uploadBatches.id, deliveryUploads.uploadBatchId))
      // Only rows that can book use their reference: a row flagged (say, as the repeat of another) must not fail the
      // row it repeats when the batch is submitted.
      .where(and(eq(uploadBatches.storeId, store.id), isNull(deliveryUploads.deliveryId), sql`${deliveryUploads.orderReference} is not null`, sql`${deliveryUploads.errors} = '{}'::jsonb`,
        inArray(deliveryUploads.uploadStatusId, [UPLOAD_BATCH_STATUS.UNPROCESSED, UPLOAD_BATCH_STATUS.SUBMITTED, UPLOAD_BATCH_STATUS.IN_PROGRESS]),
        exceptUploadId === undefined ? undefined : ne(deliveryUploads.id, exceptUploadId))),
  ]);
  return {
    ctx, store, geocoder: ctx.settings.geocoder ?? gazetteerGeocoder(ctx.db), dates: new Set(dates),
    catalogue: new Map(catalogue.map((row) => [row.id, row])),
    references: new Set([...used, ...uploaded].map((row) => row.reference!.toLowerCase())),
  };
}

async function found(setting: RowSetting, text: string): Promise<BookingAddress | null> {
  const { geocoder, ctx } = setting;
  const [match] = await geocoder.search(ctx.portal.cca2, text, 1);
  const resolved = match && await geocoder.resolve(ctx.portal.cca2, match.placeId);
  return resolved ? { placeId: resolved.placeId, description: resolved.description, coordinates: resolved.coordinates } : null;
}

const add = (errors: DeliveryUploadErrors, field: string, message: string) => { (errors[field] ??= []).push(message); };

/**
 * A row checked as the wizard would check it: its rules (texts verbatim), the addresses found, the date one of the
 * store's available dates, the order reference not used before, and a price for its service level.
 */
async function prepareRow(setting: RowSetting, given: DeliveryUploadValues, readErrors: DeliveryUploadErrors, checkDuplicate = true): Promise<Prepared> {
  const { ctx, store, catalogue } = setting;
  // A catalogue parcel (Small, Medium, Large) brings its own size, as the wizard's parcel picker does.
  const type = given.parcelTypeId === null ? undefined : catalogue.get(given.parcelTypeId);
  const values: DeliveryUploadValues = type && type.name.toLowerCase() !== 'custom' ? {
    ...given, parcelName: given.parcelName ?? type.name, length: given.length ?? type.length, width: given.width ?? type.width,
    height: given.height ?? type.height, weight: given.weight ?? type.weight,
  } : given;
  const errors: DeliveryUploadErrors = { ...validateDeliveryUpload(values, ctx.portal.cca2, { contactName: store.contactName, phoneNumber: store.phoneNumber, hasAddress: !!store.address }) };
  for (const [field, messages] of Object.entries(readErrors)) errors[field] = messages;
  if (given.parcelTypeId !== null && !type && !errors.parcelTypeId) add(errors, 'parcelTypeId', DELIVERY_UPLOAD_TEXTS.parcelTypeUnknown(String(given.parcelTypeId)));
  if (values.orderReference && checkDuplicate) {
    const key = values.orderReference.toLowerCase();
    if (setting.references.has(key)) add(errors, 'orderReference', DELIVERY_UPLOAD_TEXTS.duplicateOrderReference(values.orderReference));
    else setting.references.add(key);
  }
  if (values.deliveryDate && !errors.deliveryDate && !setting.dates.has(values.deliveryDate)) add(errors, 'deliveryDate', DELIVERY_UPLOAD_TEXTS.dateNotAvailable(values.deliveryDate));
  const originText = values.originAddressText ?? store.address;
  const [originAddress, destinationAddress] = await Promise.all([
    originText ? found(setting, originText) : Promise.resolve(null),
    values.destinationAddressText ? found(setting, values.destinationAddressText) : Promise.resolve(null),
  ]);
  if (originText && !originAddress && !errors.originAddressText) add(errors, 'originAddressText', DELIVERY_UPLOAD_TEXTS.addressNotFound(originText));
  if (values.destinationAddressText && !destinationAddress && !errors.destinationAddressText) add(errors, 'destinationAddressText', DELIVERY_UPLOAD_TEXTS.addressNotFound(values.destinationAddressText));
  let distanceKm: number | null = null;
  let priceExclCents: number | null = null;
  if (originAddress && destinationAddress && Object.keys(errors).length === 0) {
    distanceKm = await routeDistanceKm(ctx.settings, originAddress, destinationAddress);
    const isHighRisk = await isHighRiskLocation(ctx.db, ctx.portal.id, [originAddress.coordinates, destinationAddress.coordinates]);
    const { options } = await priceOptions(ctx.db, {
      portalId: ctx.portal.id, timeZone: ctx.portal.timeZone, companyId: store.companyId, distanceKm, date: values.deliveryDate!,
      time: values.deliveryTime ?? DEFAULT_DELIVERY_TIME, slotEnd: null, isRoundTrip: false, isHighRisk,
      parcels: deliveryUploadParcels(values).map((parcel) => ({ parcelTypeId: parcel.parcelType, length: parcel.length!, width: parcel.width!, height: parcel.height!, weight: parcel.weight! })),
    });
    const option = options.find((candidate) => candidate.slaType === values.slaType);
    if (option) priceExclCents = option.priceExclCents;
    else add(errors, 'slaType', DELIVERY_UPLOAD_TEXTS.noOption(values.slaType!));
  }
  return { values, errors, originAddress, destinationAddress, distanceKm, priceExclCents };
}

const rowColumns = (prepared: Prepared) => ({
  ...prepared.values, originAddress: prepared.originAddress, destinationAddress: prepared.destinationAddress,
  distanceKm: prepared.distanceKm, priceExclCents: prepared.priceExclCents, errors: prepared.errors,
});

// ---- Upload ----

export async function uploadDeliverySheet(ctx: DeliveryUploadContext, storeId: number, fileName: string, kind: SheetKind, body: Readable, declaredBytes: number): Promise<DeliveryUploadBatch> {
  const store = await storeInScope(ctx.db, ctx.portal, ctx.permissions, storeId);
  // The rows are read first (values, not bytes), then found and priced outside any transaction (the geocoder and
  // router answer meanwhile), then written in one transaction: a sheet that cannot be read leaves nothing.
  const read: { values: DeliveryUploadValues; errors: DeliveryUploadErrors; rowNumber: number }[] = [];
  await readSheet(body, kind, declaredBytes, {
    header: mapDeliverySheetHeader,
    async row(cells, columns, rowNumber) { read.push({ ...deliveryUploadFromCells(cells, columns), rowNumber }); },
  });
  const setting = await rowSetting(ctx, store);
  const rows: (typeof deliveryUploads.$inferInsert)[] = [];
  for (const row of read) {
    const prepared = await prepareRow(setting, row.values, row.errors);
    rows.push({ ...rowColumns(prepared), rowNumber: row.rowNumber, uploadedByUserId: ctx.permissions.id, uploadBatchId: 0 });
  }
  const batchId = await ctx.db.transaction(async (tx) => {
    const [batch] = await tx.insert(uploadBatches).values({
      portalId: ctx.portal.id, uploadType: UPLOAD_TYPE, storeId: store.id, fileName, createdByUserId: ctx.permissions.id, totalRows: rows.length,
    }).returning({ id: uploadBatches.id });
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      await tx.insert(deliveryUploads).values(rows.slice(start, start + INSERT_CHUNK).map((row) => ({ ...row, uploadBatchId: batch!.id })));
    }
    return batch!.id;
  });
  return getDeliveryBatch(ctx, batchId);
}

// ---- Batches ----

const batchCount = (condition: SQL) => sql<number>`(select count(*)::int from delivery_uploads du where du.upload_batch_id = "upload_batches"."id" and ${condition})`;
const LIVE = sql`du.upload_status_id <> ${UPLOAD_BATCH_STATUS.CANCELLED}`;

const batchRow = {
  id: uploadBatches.id, storeId: uploadBatches.storeId, storeName: sql<string>`(select s.store_name from stores s where s.id = ${uploadBatches.storeId})`,
  fileName: uploadBatches.fileName, uploadStatusId: uploadBatches.uploadStatusId,
  createdBy: sql<string | null>`(select u.first_name || ' ' || u.last_name from users u where u.id = ${uploadBatches.createdByUserId})`,
  createdAt: uploadBatches.createdAt, totalRows: uploadBatches.totalRows, processedRows: uploadBatches.processedRows, submittedAt: uploadBatches.submittedAt,
  validRows: batchCount(sql`du.errors = '{}'::jsonb and ${LIVE}`),
  invalidRows: batchCount(sql`du.errors <> '{}'::jsonb and ${LIVE}`),
  cancelledRows: batchCount(sql`du.upload_status_id = ${UPLOAD_BATCH_STATUS.CANCELLED}`),
  deliveriesCreated: batchCount(sql`du.upload_status_id = ${UPLOAD_BATCH_STATUS.DELIVERY_CREATED}`),
  quotedTotalExclCents: sql<number>`(select coalesce(sum(du.price_excl_cents), 0)::int from delivery_uploads du where du.upload_batch_id = "upload_batches"."id" and du.errors = '{}'::jsonb and ${LIVE})`,
};

type BatchRow = Awaited<ReturnType<typeof selectBatches>>[number];
function selectBatches(db: Database, where: SQL | undefined) {
  return db.select(batchRow).from(uploadBatches).where(where);
}

function publicBatch(row: BatchRow): DeliveryUploadBatch {
  const status = statusOf(row.uploadStatusId);
  return {
    ...row, storeId: row.storeId ?? 0, uploadStatusId: status, uploadStatus: UPLOAD_BATCH_STATUS_LABELS[status],
    createdAt: row.createdAt.toISOString(), submittedAt: row.submittedAt?.toISOString() ?? null,
  };
}

export async function getDeliveryBatch(ctx: Pick<DeliveryUploadContext, 'db' | 'portal' | 'permissions'>, id: number): Promise<DeliveryUploadBatch> {
  const [row] = await selectBatches(ctx.db, and(visibleBatches(ctx), eq(uploadBatches.id, id)));
  if (!row) throw notFound(`delivery upload batch ${id}`);
  return publicBatch(row);
}

export async function listDeliveryBatches(ctx: DeliveryUploadContext, storeId: number, query: QueryOf<'getdeliverybatches'>) {
  await storeInScope(ctx.db, ctx.portal, ctx.permissions, storeId);
  const page = query.page ?? 1;
  const pageSize = pageSizeOf(query.pageSize);
  const where = whereAll(visibleBatches(ctx), eq(uploadBatches.storeId, storeId),
    query.uploadstatus === undefined ? undefined : eq(uploadBatches.uploadStatusId, query.uploadstatus));
  const [items, [total]] = await Promise.all([
    selectBatches(ctx.db, where).orderBy(desc(uploadBatches.id)).limit(pageSize).offset((page - 1) * pageSize),
    ctx.db.select({ value: count() }).from(uploadBatches).where(where),
  ]);
  return { items: items.map(publicBatch), paging: paging(page, pageSize, total?.value ?? 0) };
}

// ---- Rows ----

const uploadRow = {
  id: deliveryUploads.id, uploadBatchId: deliveryUploads.uploadBatchId, rowNumber: deliveryUploads.rowNumber,
  orderReference: deliveryUploads.orderReference, customerIdentifier: deliveryUploads.customerIdentifier,
  originAddress: deliveryUploads.originAddressText, destinationAddress: deliveryUploads.destinationAddressText,
  originContactName: deliveryUploads.originContactName, originPhoneNumber: deliveryUploads.originPhoneNumber,
  destinationContactName: deliveryUploads.destinationContactName, destinationPhoneNumber: deliveryUploads.destinationPhoneNumber,
  deliveryDate: deliveryUploads.deliveryDate, deliveryTime: deliveryUploads.deliveryTime, slaType: deliveryUploads.slaType,
  parcelTypeId: deliveryUploads.parcelTypeId, parcelName: deliveryUploads.parcelName, length: deliveryUploads.length, width: deliveryUploads.width,
  height: deliveryUploads.height, weight: deliveryUploads.weight, parcelCount: deliveryUploads.parcelCount, distanceKm: deliveryUploads.distanceKm,
  priceExclCents: deliveryUploads.priceExclCents, deliveryId: deliveryUploads.deliveryId,
  waybill: sql<string | null>`(select d.waybill from deliveries d where d.id = ${deliveryUploads.deliveryId})`,
  uploadStatusId: deliveryUploads.uploadStatusId,
  uploadedBy: sql<string | null>`(select u.first_name || ' ' || u.last_name from users u where u.id = ${deliveryUploads.uploadedByUserId})`,
  uploadedByUserId: deliveryUploads.uploadedByUserId, errors: deliveryUploads.errors, xmin: sql<string>`${deliveryUploads}.xmin::text`,
  storeId: uploadBatches.storeId,
};

type UploadRow = Awaited<ReturnType<typeof selectUploads>>[number];
function selectUploads(db: Database, where: SQL | undefined) {
  return db.select(uploadRow).from(deliveryUploads).innerJoin(uploadBatches, eq(uploadBatches.id, deliveryUploads.uploadBatchId)).where(where);
}

function publicUpload({ storeId: _store, ...row }: UploadRow): DeliveryUpload {
  const status = statusOf(row.uploadStatusId);
  return { ...row, uploadStatusId: status, uploadStatus: UPLOAD_BATCH_STATUS_LABELS[status] };
}

const FIELD_ORDER: readonly string[] = DELIVERY_SHEET_COLUMNS.map((column) => column.field);
const errorText = (errors: DeliveryUploadErrors) => Object.entries(errors)
  .sort(([a], [b]) => FIELD_ORDER.indexOf(a) - FIELD_ORDER.indexOf(b)).flatMap(([, messages]) => messages).join('; ');

/** The rows as a sheet to fix and upload again: the sheet's own columns, then the row, status, price and errors. */
const UPLOAD_EXPORT: ExportColumn<UploadRow>[] = [
  ...DELIVERY_SHEET_COLUMNS.map((column): ExportColumn<UploadRow> => ({
    header: column.header,
    value: (row) => (column.field === 'originAddressText' ? row.originAddress : column.field === 'destinationAddressText' ? row.destinationAddress : row[column.field]),
    width: 16,
  })),
  { header: 'Row', value: (row) => row.rowNumber, width: 8 },
  { header: 'Upload status', value: (row) => UPLOAD_BATCH_STATUS_LABELS[statusOf(row.uploadStatusId)], width: 14 },
  { header: 'Price (excl. VAT)', value: (row) => (row.priceExclCents === null ? null : row.priceExclCents / 100), width: 14 },
  { header: 'Waybill', value: (row) => row.waybill, width: 14 },
  { header: RATE_TEXTS.errorColumn, value: (row) => errorText(row.errors), width: 60 },
];

const hasNoErrors = sql`${deliveryUploads.errors} = '{}'::jsonb`;

export async function listDeliveryUploads(ctx: DeliveryUploadContext, batchId: number, query: QueryOf<'getdeliveryuploads'>) {
  await getDeliveryBatch(ctx, batchId);
  const where = whereAll(
    visibleBatches(ctx), eq(deliveryUploads.uploadBatchId, batchId),
    query.uploadstatus === undefined ? undefined : eq(deliveryUploads.uploadStatusId, query.uploadstatus),
    query.appuserid === undefined ? undefined : eq(deliveryUploads.uploadedByUserId, query.appuserid),
    query.hasErrors === undefined ? undefined : query.hasErrors ? sql`not (${hasNoErrors})` : hasNoErrors,
  );
  const totalOf = async () => (await ctx.db.select({ value: count() }).from(deliveryUploads).innerJoin(uploadBatches, eq(uploadBatches.id, deliveryUploads.uploadBatchId)).where(where))[0]?.value ?? 0;
  if (query.exportExcel) {
    return rowExport<UploadRow>({
      fileName: DELIVERY_UPLOAD_TEXTS.exportName, columns: UPLOAD_EXPORT, total: await totalOf(),
      batch: (last, limit) => selectUploads(ctx.db, whereAll(where, last && sql`${deliveryUploads.id} > ${last.id}`)).orderBy(asc(deliveryUploads.id)).limit(limit),
    });
  }
  const page = query.page ?? 1;
  const pageSize = pageSizeOf(query.pageSize);
  const [items, total] = await Promise.all([
    selectUploads(ctx.db, where).orderBy(asc(deliveryUploads.id)).limit(pageSize).offset((page - 1) * pageSize),
    totalOf(),
  ]);
  return { items: items.map(publicUpload), paging: paging(page, pageSize, total) };
}

async function findUpload(ctx: Pick<DeliveryUploadContext, 'db' | 'portal' | 'permissions'>, id: number) {
  const [row] = await selectUploads(ctx.db, and(visibleBatches(ctx), eq(deliveryUploads.id, id)));
  if (!row) throw notFound(`delivery upload ${id}`);
  return row;
}

export async function getDeliveryUpload(ctx: Pick<DeliveryUploadContext, 'db' | 'portal' | 'permissions'>, id: number): Promise<DeliveryUpload> {
  return publicUpload(await findUpload(ctx, id));
}

/** 002 section 4's rule for rate uploads, read for deliveries: below in progress, not cancelled, no delivery booked. */
export const canChangeDeliveryUpload = (uploadStatusId: number, deliveryId: number | null) =>
  uploadStatusId < UPLOAD_BATCH_STATUS.IN_PROGRESS && uploadStatusId !== UPLOAD_BATCH_STATUS.CANCELLED && deliveryId === null;

type RowValues = Omit<DeliveryUploadValues, 'originAddressText' | 'destinationAddressText'> & { originAddress: string | null; destinationAddress: string | null };
const valuesOf = (row: RowValues): DeliveryUploadValues => ({
  orderReference: row.orderReference, customerIdentifier: row.customerIdentifier, originAddressText: row.originAddress, destinationAddressText: row.destinationAddress,
  originContactName: row.originContactName, originPhoneNumber: row.originPhoneNumber, destinationContactName: row.destinationContactName,
  destinationPhoneNumber: row.destinationPhoneNumber, deliveryDate: row.deliveryDate, deliveryTime: row.deliveryTime, slaType: row.slaType,
  parcelTypeId: row.parcelTypeId, parcelName: row.parcelName, length: row.length, width: row.width, height: row.height, weight: row.weight, parcelCount: row.parcelCount,
});

/** A row corrected: checked and priced again; its errors are replaced. */
export async function updateDeliveryUpload(ctx: DeliveryUploadContext, id: number, input: S['DeliveryUploadUpdate']): Promise<DeliveryUpload> {
  const existing = await findUpload(ctx, id);
  if (!canChangeDeliveryUpload(existing.uploadStatusId, existing.deliveryId)) throw new HttpError(409, DELIVERY_UPLOAD_TEXTS.notEditable);
  const { xmin, originAddress, destinationAddress, ...changes } = input;
  const values: DeliveryUploadValues = {
    ...valuesOf(existing), ...changes,
    ...(originAddress !== undefined && { originAddressText: originAddress }), ...(destinationAddress !== undefined && { destinationAddressText: destinationAddress }),
  };
  const store = await storeInScope(ctx.db, ctx.portal, ctx.permissions, existing.storeId!);
  const prepared = await prepareRow(await rowSetting(ctx, store, id), values, {});
  const changed = await ctx.db.update(deliveryUploads).set(rowColumns(prepared))
    .where(and(eq(deliveryUploads.id, id), sql`${deliveryUploads}.xmin::text = ${xmin}`)).returning({ id: deliveryUploads.id });
  const current = await getDeliveryUpload(ctx, id);
  if (changed.length === 0) throw new ConflictError(conflictMessage('delivery upload'), current);
  return current;
}

export async function cancelDeliveryUpload(ctx: DeliveryUploadContext, id: number): Promise<DeliveryUpload> {
  await findUpload(ctx, id);
  // The rule is checked in the UPDATE itself, so a submit starting meanwhile cannot be overtaken.
  const cancelled = await ctx.db.update(deliveryUploads).set({ uploadStatusId: UPLOAD_BATCH_STATUS.CANCELLED })
    .where(and(eq(deliveryUploads.id, id), sql`${deliveryUploads.uploadStatusId} < ${UPLOAD_BATCH_STATUS.IN_PROGRESS}`,
      ne(deliveryUploads.uploadStatusId, UPLOAD_BATCH_STATUS.CANCELLED), isNull(deliveryUploads.deliveryId)))
    .returning({ id: deliveryUploads.id });
  if (cancelled.length === 0) throw new HttpError(409, DELIVERY_UPLOAD_TEXTS.notCancellable);
  return getDeliveryUpload(ctx, id);
}

// ---- Submit: the wizard's commands, row by row, in the background ----

/** The store's own account (what a store user pays with in the wizard). */
async function storeAccount(db: Database, portal: PortalData, storeId: number) {
  const [account] = await db.select().from(accounts)
    .where(and(eq(accounts.portalId, portal.id), eq(accounts.storeId, storeId), eq(accounts.isActive, true), isNull(accounts.systemCode))).orderBy(asc(accounts.id)).limit(1);
  return account;
}

/** Marks the batch and its rows submitted and enqueues the job that books them (once: a second submit is 409). */
export async function submitDeliveryBatch(ctx: DeliveryUploadContext, jobs: Pick<JobQueue, 'send' | 'nudge'>, id: number) {
  const batch = await getDeliveryBatch(ctx, id);
  if (!await storeAccount(ctx.db, ctx.portal, batch.storeId)) throw new HttpError(422, DELIVERY_UPLOAD_TEXTS.noAccount);
  const submitted = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.update(uploadBatches).set({ uploadStatusId: UPLOAD_BATCH_STATUS.SUBMITTED, submittedAt: new Date(), processedRows: 0 })
      .where(and(batchInPortal(ctx.portal), eq(uploadBatches.id, id), eq(uploadBatches.uploadStatusId, UPLOAD_BATCH_STATUS.UNPROCESSED))).returning({ id: uploadBatches.id });
    if (!row) return false;
    await tx.update(deliveryUploads).set({ uploadStatusId: UPLOAD_BATCH_STATUS.SUBMITTED })
      .where(and(eq(deliveryUploads.uploadBatchId, id), eq(deliveryUploads.uploadStatusId, UPLOAD_BATCH_STATUS.UNPROCESSED)));
    return true;
  });
  if (!submitted) throw new HttpError(409, RATE_TEXTS.notSubmittable);
  const jobId = await jobs.send(DELIVERY_UPLOAD_QUEUE, { batchId: id, portalId: ctx.portal.id, cca2: ctx.portal.cca2 } satisfies DeliveryBatchJob, { singletonKey: `delivery-batch-${id}`, retryLimit: 3 });
  await ctx.db.update(uploadBatches).set({ jobId }).where(eq(uploadBatches.id, id));
  jobs.nudge(DELIVERY_UPLOAD_QUEUE);
  return { message: RATE_TEXTS.batchSubmitted, uploadBatch: await getDeliveryBatch(ctx, id) };
}

/** The uploader acting for the store, as a store operator of it books in the wizard (scope, accounts, prices). */
function storePermissions(user: { id: number; email: string }, store: StoreRow): Permissions {
  return {
    ...roleFlagsOf(user.id, ['StoreOperator']), id: user.id, email: user.email, companyId: store.companyId, storeId: store.id,
    emailConfirmed: true, phoneNumberConfirmed: true, beta: false,
  };
}

export interface DeliveryBatchJob { batchId: number; portalId: number; cca2: string }

export interface Booker { db: Database; settings: QuoteSettings; provider: PaymentProviderClient }

function messagesOf(error: HttpError): DeliveryUploadErrors {
  const fields = error.errors && Object.keys(error.errors).length > 0 ? error.errors : { delivery: [error.message] };
  return Object.fromEntries(Object.entries(fields).map(([field, messages]) => [field, Array.isArray(messages) ? messages.map(String) : [String(messages)]]));
}

/**
 * One row booked through the wizard's commands: checked and priced again (it may have been edited), then create,
 * parcels, the row's service level, contacts and order reference, accept, the store's account, and pay by balance
 * with the row's own Idempotency-Key. The delivery is recorded on the row as soon as it exists, so a retry
 * continues it instead of booking another; a second pay with the same key changes nothing.
 */
async function bookRow(booker: Booker, portal: PortalData, row: typeof deliveryUploads.$inferSelect, batch: typeof uploadBatches.$inferSelect): Promise<void> {
  const { db } = booker;
  const finish = (set: Partial<typeof deliveryUploads.$inferInsert>) => db.update(deliveryUploads).set(set).where(eq(deliveryUploads.id, row.id));
  const [store] = await db.select().from(stores).where(eq(stores.id, batch.storeId!));
  const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, row.uploadedByUserId ?? batch.createdByUserId!));
  const permissions = storePermissions(user!, store!);
  const ctx: BookingContext = { db, portal, permissions, settings: booker.settings };
  const account = await storeAccount(db, portal, store!.id);
  try {
    let deliveryId = row.deliveryId;
    if (deliveryId === null) {
      if (Object.keys(row.errors).length > 0) {
        await finish({ uploadStatusId: UPLOAD_BATCH_STATUS.FAILED });
        return;
      }
      const prepared = await prepareRow(await rowSetting({ ...ctx }, store!, row.id), valuesOf({ ...row, originAddress: row.originAddressText, destinationAddress: row.destinationAddressText }), {});
      if (Object.keys(prepared.errors).length > 0 || !account) {
        await finish({ uploadStatusId: UPLOAD_BATCH_STATUS.FAILED, errors: account ? prepared.errors : { delivery: [DELIVERY_UPLOAD_TEXTS.noAccount] } });
        return;
      }
      const values = prepared.values;
      const fromStore = !values.originAddressText;
      const quote = await createQuote(ctx, {
        originAddress: fromStore ? { ...prepared.originAddress!, storeId: store!.id } : prepared.originAddress!, destinationAddress: prepared.destinationAddress!,
        originStoreId: fromStore ? store!.id : undefined, deliveryDate: values.deliveryDate!, deliveryTime: values.deliveryTime ?? DEFAULT_DELIVERY_TIME, isRoundTrip: false,
      });
      deliveryId = quote.deliveryId;
      await finish({ deliveryId, priceExclCents: prepared.priceExclCents, distanceKm: prepared.distanceKm });
      const parcels = deliveryUploadParcels(values).map((parcel, index) => ({
        name: parcel.name!, parcelType: parcel.parcelType, length: parcel.length!, width: parcel.width!, height: parcel.height!, weight: parcel.weight!,
        isFragile: false, ...(values.parcelCount > 1 && { description: `${index + 1} of ${values.parcelCount}` }),
      }));
      const priced = await updateParcels(ctx, deliveryId, { deliveryItems: parcels });
      const option = priced.deliveryQuotes.find((candidate) => candidate.slaType === values.slaType);
      if (!option) throw new HttpError(422, DELIVERY_UPLOAD_TEXTS.noOption(values.slaType!), { slaType: [DELIVERY_UPLOAD_TEXTS.noOption(values.slaType!)] });
      await selectQuote(ctx, deliveryId, { quoteId: option.id });
      const contact = (name: string | null, phone: string | null) => ({ AddressType: 'business' as 'business' | 'residential', ContactName: name ?? '', ContactCountry: portal.cca2, PhoneNumber: phone ?? '' });
      await updateContacts(ctx, deliveryId, {
        origin: contact(values.originContactName ?? store!.contactName, values.originPhoneNumber ?? store!.phoneNumber),
        destination: { ...contact(values.destinationContactName, values.destinationPhoneNumber), AddressType: 'residential' },
        orderReference: values.orderReference, customerIdentifier: values.customerIdentifier,
      }, 'both');
      await acceptQuote(ctx, deliveryId, {});
      await selectAccount(ctx, deliveryId, { accountId: account.id });
    }
    await payByBalance({ ...ctx, provider: booker.provider }, deliveryId, `delivery-upload-${row.id}`);
    await finish({ uploadStatusId: UPLOAD_BATCH_STATUS.DELIVERY_CREATED, errors: {} });
  } catch (error) {
    // A refusal of the wizard's (a rule, the account's limit) fails the row with its message; anything else fails the job, which retries.
    if (!(error instanceof HttpError)) throw error;
    await finish({ uploadStatusId: UPLOAD_BATCH_STATUS.FAILED, errors: messagesOf(error) });
  }
}

export function runDeliveryBatch(booker: Booker, live: Live, data: DeliveryBatchJob): Promise<{ processedRows: number }> {
  const { db } = booker;
  // Rows a stopped run left in progress are taken up again (their delivery, if made, is continued).
  const todo = [UPLOAD_BATCH_STATUS.SUBMITTED, UPLOAD_BATCH_STATUS.IN_PROGRESS];
  const ofBatch = (batchId: number, statuses: number[]) => and(eq(deliveryUploads.uploadBatchId, batchId), inArray(deliveryUploads.uploadStatusId, statuses));
  return runUploadBatch(db, live, data.batchId, {
    kind: 'deliveryUploadBatch',
    async counts(batchId) {
      const [[done], [pending]] = await Promise.all([
        db.select({ value: count() }).from(deliveryUploads).where(ofBatch(batchId, [UPLOAD_BATCH_STATUS.DELIVERY_CREATED, UPLOAD_BATCH_STATUS.FAILED])),
        db.select({ value: count() }).from(deliveryUploads).where(ofBatch(batchId, todo)),
      ]);
      return { done: done?.value ?? 0, pending: pending?.value ?? 0 };
    },
    next: (batchId, limit) => db.select().from(deliveryUploads).where(ofBatch(batchId, todo)).orderBy(asc(deliveryUploads.id)).limit(limit),
    async claim(row) {
      const [claimed] = await db.update(deliveryUploads).set({ uploadStatusId: UPLOAD_BATCH_STATUS.IN_PROGRESS })
        .where(and(eq(deliveryUploads.id, row.id), inArray(deliveryUploads.uploadStatusId, todo))).returning();
      return claimed;
    },
    async apply(row) {
      const [batch] = await db.select().from(uploadBatches).where(eq(uploadBatches.id, row.uploadBatchId));
      const portal = await findPortal(db, data.cca2);
      if (!batch || !portal) throw new Error(`delivery upload batch ${row.uploadBatchId} has no portal`);
      await bookRow(booker, portal, row, batch);
    },
  });
}

/** Declares the queue and works it in this process (server/plugins/workers.ts). */
export async function startDeliveryUploadWorker(jobs: JobQueue, booker: Booker, live: Live): Promise<void> {
  await jobs.define(DELIVERY_UPLOAD_QUEUE, { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 * 60 });
  await jobs.work<DeliveryBatchJob>(DELIVERY_UPLOAD_QUEUE, (job) => runDeliveryBatch(booker, live, job.data));
}
