import { randomUUID } from 'node:crypto';
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
import { LOGISTIC_STATUS, PAYMENT_STATUS, UPLOAD_BATCH_STATUS, UPLOAD_BATCH_STATUS_LABELS } from '../../src/lib/statuses';
import type { Database } from '../db/database';
import { insertColumns, reserveIds } from '../db/ids';
import { SYSTEM_ACCOUNTS } from '../db/seed-booking';
import { accounts, deliveries, deliveryItems, deliveryQuotes, deliveryUploads, deliveryWindows, hubs, parcelTypes, stores, uploadBatches, users } from '../db/schema';
import { gazetteerGeocoder } from '../geo/gazetteer-geocoder';
import type { Geocoder } from '../geo/types';
import { ConflictError, HttpError, notFound } from '../http/errors';
import type { JobQueue } from '../jobs/queue';
import type { PaymentProviderClient } from '../payments/provider-client';
import type { Live } from '../realtime/publish';
import { BOOKING_RULE_TEXTS, canPostPay, hasErrors, validateContact, validateParcels, type FieldErrors } from '../../src/lib/booking-rules';
import { acceptQuote, availableDates, createQuote, newTrackingHash, payableAccounts, selectAccount, selectQuote, updateContacts, updateParcels, type BookingContext } from './booking';
import { accountBalance, postTransactions, systemAccountId } from './ledger';
import { limitRefusal, lockAccountForDebit } from './money-rules';
import { rowExport, type ExportColumn } from './export';
import { whereAll, type QueryOf } from './list-query';
import { payByBalance, waybillOf } from './payments';
import { findPortal, type PortalData } from './portals';
import { isHighRiskIn, priceFromTables, pricingTables, type PricedOption, type PricingTables } from './pricing';
import { hubOf, quoteValues, routeDistanceKm, slotOf, totalsOf, type BookingAddress, type PaymentTotals, type QuoteSettings } from './quotes';
import { scopeOf } from './scope';
import { mapInOrder } from '../db/in-order';
import { pageSizeOf, paging, readSheet, runUploadBatch, statusOf, type SheetKind } from './upload-batches';

/**
 * Delivery upload batches (issue 16): a store's deliveries from a sheet. Each row is checked with the booking
 * wizard's rules and texts, its addresses found by the configured geocoder and priced by the wizard's pricing
 * (server/domain/pricing.ts) at upload; bad rows keep their errors. Submitting books the good rows in the
 * background a chunk per database transaction (bookChunk) with the wizard's checks, pricing, payment and ledger
 * posting; each row pays with its own Idempotency-Key, so a retried job never charges twice. The batch machinery (sheet reading, job, progress) is
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
  references: { has(key: string): boolean; add(key: string): void };
  /** How many deliveries and live uploads of the store hold each reference (lower case). */
  holders: Map<string, number>;
  /** The catalogue, rates and high-risk areas, read once for all the rows (pricing.ts priceFromTables: the wizard's pricing). */
  pricing: PricingTables;
  /** Addresses found and distances routed so far: a sheet names the same few places many times. */
  places: Map<string, Promise<BookingAddress | null>>;
  routes: Map<string, Promise<number>>;
}

async function rowSetting(ctx: DeliveryUploadContext, store: StoreRow, exceptUploadId?: number): Promise<RowSetting> {
  const [dates, pricing, used, uploaded] = await Promise.all([
    availableDates(ctx.db, ctx.portal, store.id, store.companyId),
    pricingTables(ctx.db, ctx.portal.id),
    ctx.db.select({ reference: deliveries.orderReference }).from(deliveries)
      .where(and(eq(deliveries.storeId, store.id), sql`${deliveries.orderReference} is not null`, ne(deliveries.paymentStatusId, PAYMENT_STATUS.QUOTE_CANCELLED))),
    ctx.db.select({ reference: deliveryUploads.orderReference }).from(deliveryUploads).innerJoin(uploadBatches, eq(uploadBatches.id, deliveryUploads.uploadBatchId))
      // Only rows that can book use their reference: a row flagged (say, as the repeat of another) must not fail the
      // row it repeats when the batch is submitted.
      .where(and(eq(uploadBatches.storeId, store.id), isNull(deliveryUploads.deliveryId), sql`${deliveryUploads.orderReference} is not null`, sql`${deliveryUploads.errors} = '{}'::jsonb`,
        inArray(deliveryUploads.uploadStatusId, [UPLOAD_BATCH_STATUS.UNPROCESSED, UPLOAD_BATCH_STATUS.SUBMITTED, UPLOAD_BATCH_STATUS.IN_PROGRESS]),
        exceptUploadId === undefined ? undefined : ne(deliveryUploads.id, exceptUploadId))),
  ]);
  const holders = new Map<string, number>();
  for (const row of [...used, ...uploaded]) {
    const key = row.reference!.toLowerCase();
    holders.set(key, (holders.get(key) ?? 0) + 1);
  }
  return {
    ctx, store, geocoder: ctx.settings.geocoder ?? gazetteerGeocoder(ctx.db), dates: new Set(dates),
    catalogue: new Map(pricing.catalogue.map((row) => [row.id, row])),
    references: new Set(holders.keys()), holders, pricing, places: new Map(), routes: new Map(),
  };
}

function found(setting: RowSetting, text: string): Promise<BookingAddress | null> {
  let place = setting.places.get(text);
  if (!place) {
    const { geocoder, ctx } = setting;
    place = (async () => {
      const [match] = await geocoder.search(ctx.portal.cca2, text, 1);
      const resolved = match && await geocoder.resolve(ctx.portal.cca2, match.placeId);
      return resolved ? { placeId: resolved.placeId, description: resolved.description, coordinates: resolved.coordinates } : null;
    })();
    setting.places.set(text, place);
  }
  // A copy: the caller may extend it (a store's address gets its storeId).
  return place.then((address) => address && { ...address, coordinates: { ...address.coordinates } });
}

function routed(setting: RowSetting, origin: BookingAddress, destination: BookingAddress): Promise<number> {
  const key = `${origin.coordinates.lat},${origin.coordinates.lon}|${destination.coordinates.lat},${destination.coordinates.lon}`;
  let route = setting.routes.get(key);
  if (!route) {
    route = routeDistanceKm(setting.ctx.settings, origin, destination);
    setting.routes.set(key, route);
  }
  return route;
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
    distanceKm = await routed(setting, originAddress, destinationAddress);
    const isHighRisk = isHighRiskIn(setting.pricing.highRiskAreas, [originAddress.coordinates, destinationAddress.coordinates]);
    const { options } = priceFromTables(setting.pricing, {
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

export interface Booker {
  db: Database; settings: QuoteSettings; provider: PaymentProviderClient;
  /** Rows per transaction; DELIVERY_BOOK_CHUNK when absent (tests book small batches in several chunks). */
  chunkRows?: number;
}

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

// ---- Submit: a chunk of rows in one transaction ----

/** Rows booked per database transaction (and per progress event). */
export const DELIVERY_BOOK_CHUNK = 500;

type UploadRowRecord = typeof deliveryUploads.$inferSelect;
const fieldMessages = (errors: FieldErrors): DeliveryUploadErrors => Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]]));
const contactOf = (portal: PortalData, name: string | null, phone: string | null, type: 'business' | 'residential') =>
  ({ AddressType: type, ContactName: name ?? '', ContactCountry: portal.cca2, PhoneNumber: phone ?? '' });

/** A row ready to book: everything the wizard's commands would have written, computed in memory. */
interface Booking {
  row: UploadRowRecord;
  prepared: Prepared;
  delivery: Omit<typeof deliveries.$inferInsert, 'id' | 'waybill' | 'trackingHash' | 'selectedQuoteId' | 'accountId'>;
  parcels: Omit<typeof deliveryItems.$inferInsert, 'deliveryId'>[];
  options: PricedOption[];
  chosen: number;
}

/**
 * A chunk of rows booked as the wizard's commands would book them one by one (create, parcels, service level,
 * contacts, accept, account, pay by balance), in one database transaction: the same checks and texts, the same
 * pricing (priceFromTables over rates read once per chunk), the same delivery, parcels, options, payment and ledger
 * posting per row, written with one INSERT per table. Addresses are found and rows priced before the transaction;
 * inside it the rows are claimed (a row cancelled or taken meanwhile is left alone), the store's account is locked
 * and each row's charge checked against the balance the rows before it left. A crash before the commit leaves
 * nothing: a retried job books the chunk again from the start; after it, the rows are done and never picked again
 * (and each payment's Idempotency-Key, `delivery-upload-{row}`, is unique in the database besides). Answers how many
 * rows were claimed.
 */
async function bookChunk(booker: Booker, portal: PortalData, batch: typeof uploadBatches.$inferSelect, rows: UploadRowRecord[]): Promise<number> {
  const { db } = booker;
  const now = new Date();
  const [[store], account, windowRows, hubRows] = await Promise.all([
    db.select().from(stores).where(eq(stores.id, batch.storeId!)),
    storeAccount(db, portal, batch.storeId!),
    db.select().from(deliveryWindows).where(eq(deliveryWindows.portalId, portal.id)),
    db.select({ id: hubs.id, address: hubs.address }).from(hubs).where(and(eq(hubs.portalId, portal.id), eq(hubs.isActive, true))),
  ]);
  const userIds = [...new Set(rows.map((row) => row.uploadedByUserId ?? batch.createdByUserId!))];
  const uploaders = new Map((await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds))).map((user) => [user.id, user]));
  const ctxOf = (userId: number): DeliveryUploadContext => ({ db, portal, permissions: storePermissions(uploaders.get(userId)!, store!), settings: booker.settings });
  const setting = await rowSetting(ctxOf(userIds[0]!), store!);
  const payable = new Map<number, boolean>();
  for (const userId of userIds) {
    const accounts = account ? await payableAccounts(db, portal, ctxOf(userId).permissions, { placedByUserId: userId, companyId: store!.companyId, storeId: store!.id }) : [];
    payable.set(userId, !!account && accounts.some((candidate) => candidate.id === account.id));
  }
  const failed = new Map<number, DeliveryUploadErrors | null>();
  const fail = (row: UploadRowRecord, errors: DeliveryUploadErrors | null) => {
    failed.set(row.id, errors);
    // A failed row no longer holds its order reference (as rowSetting counts them).
    const key = row.orderReference?.toLowerCase();
    if (key && Object.keys(row.errors).length === 0) setting.holders.set(key, (setting.holders.get(key) ?? 1) - 1);
  };

  // Checked, found and priced before the transaction, row by row in order (an earlier row's failure frees its reference).
  const bookings: Booking[] = [];
  for (const row of rows) {
    if (Object.keys(row.errors).length > 0) {
      fail(row, null);
      continue;
    }
    const own = row.orderReference?.toLowerCase();
    setting.references = { has: (key) => (setting.holders.get(key) ?? 0) - (key === own ? 1 : 0) > 0, add: () => undefined };
    const userId = row.uploadedByUserId ?? batch.createdByUserId!;
    const prepared = await prepareRow(setting, valuesOf({ ...row, originAddress: row.originAddressText, destinationAddress: row.destinationAddressText }), {});
    if (Object.keys(prepared.errors).length > 0 || !account) {
      fail(row, account ? prepared.errors : { delivery: [DELIVERY_UPLOAD_TEXTS.noAccount] });
      continue;
    }
    const { values } = prepared;
    const fromStore = !values.originAddressText;
    const parcels = deliveryUploadParcels(values).map((parcel, index) => ({
      name: parcel.name!, parcelType: parcel.parcelType, length: parcel.length!, width: parcel.width!, height: parcel.height!, weight: parcel.weight!,
      isFragile: false, ...(values.parcelCount > 1 && { description: `${index + 1} of ${values.parcelCount}` }),
    }));
    const parcelErrors = validateParcels(parcels);
    if (hasErrors(parcelErrors)) {
      fail(row, fieldMessages(parcelErrors));
      continue;
    }
    const origin = { ...prepared.originAddress!, storeId: fromStore ? store!.id : null };
    const destination = { ...prepared.destinationAddress!, storeId: null };
    const isHighRisk = isHighRiskIn(setting.pricing.highRiskAreas, [origin.coordinates, destination.coordinates]);
    const requested = values.deliveryTime ?? DEFAULT_DELIVERY_TIME;
    const owner = { storeId: store!.id, companyId: store!.companyId };
    const slot = slotOf(windowRows, portal, owner, values.deliveryDate!, requested, now);
    const { options } = priceFromTables(setting.pricing, {
      portalId: portal.id, timeZone: portal.timeZone, companyId: store!.companyId, distanceKm: prepared.distanceKm!, date: values.deliveryDate!,
      time: slot?.time ?? requested, slotEnd: slot?.end ?? null, isRoundTrip: false, isHighRisk,
      parcels: parcels.map((parcel) => ({ parcelTypeId: parcel.parcelType, length: parcel.length, width: parcel.width, height: parcel.height, weight: parcel.weight })),
    });
    const chosen = options.findIndex((option) => option.slaType === values.slaType);
    if (chosen < 0) {
      fail(row, { slaType: [DELIVERY_UPLOAD_TEXTS.noOption(values.slaType!)] });
      continue;
    }
    const originContact = contactOf(portal, values.originContactName ?? store!.contactName, values.originPhoneNumber ?? store!.phoneNumber, 'business');
    const destinationContact = contactOf(portal, values.destinationContactName, values.destinationPhoneNumber, 'residential');
    const contactErrors = { ...validateContact(originContact, 'origin.'), ...validateContact(destinationContact, 'destination.') };
    if (hasErrors(contactErrors)) {
      fail(row, fieldMessages(contactErrors));
      continue;
    }
    if (!payable.get(userId)) {
      fail(row, { accountId: [`Not found: account ${account.id}`] });
      continue;
    }
    bookings.push({
      row, prepared, options, chosen,
      parcels: parcels.map((parcel) => ({ name: parcel.name, parcelTypeId: parcel.parcelType ?? null, length: parcel.length, width: parcel.width, height: parcel.height, weight: parcel.weight, description: parcel.description ?? null, isFragile: false })),
      delivery: {
        portalId: portal.id, placedByUserId: userId, companyId: store!.companyId, storeId: store!.id, originAddress: origin, destinationAddress: destination,
        originStoreId: fromStore ? store!.id : null, destinationStoreId: null, readyForCollectionDate: values.deliveryDate!, readyForCollectionTimeSlotLocal: requested,
        deliverByDate: values.deliveryDate!, isRoundTrip: false, isHighRisk, distanceKm: prepared.distanceKm!,
        hubId: hubOf(hubRows, options[chosen]!.slaType, origin), originContact, destinationContact,
        orderReference: values.orderReference, customerIdentifier: values.customerIdentifier,
        logisticStatusId: LOGISTIC_STATUS.READY, paymentStatusId: PAYMENT_STATUS.PAID, paymentFailureDescription: null, updatedAt: now,
      },
    });
  }

  return db.transaction(async (tx) => {
    // Claimed in the transaction: a row cancelled meanwhile is skipped; another process's claim waits for this commit.
    const claimed = new Set((await tx.update(deliveryUploads).set({ uploadStatusId: UPLOAD_BATCH_STATUS.IN_PROGRESS })
      .where(and(inArray(deliveryUploads.id, rows.map((row) => row.id)), inArray(deliveryUploads.uploadStatusId, [UPLOAD_BATCH_STATUS.SUBMITTED, UPLOAD_BATCH_STATUS.IN_PROGRESS]), isNull(deliveryUploads.deliveryId)))
      .returning({ id: deliveryUploads.id })).map((row) => row.id));
    const toBook = bookings.filter((booking) => claimed.has(booking.row.id));
    // The store's account locked, then each row charged against what the rows before it left (payByBalance's checks).
    const locked = account && toBook.length > 0 ? await lockAccountForDebit(tx, account.id) : undefined;
    let balance = locked ? await accountBalance(tx, account!.id) : 0;
    const vatBasisPoints = Math.round(portal.vatRate * 10_000);
    const paying: (Booking & { totals: PaymentTotals })[] = [];
    for (const booking of toBook) {
      const option = booking.options[booking.chosen]!;
      const totals = totalsOf({ isRoundTrip: false, tipCents: 0 }, { priceExclCents: option.priceExclCents, vatRateBasisPoints: vatBasisPoints }, { accountType: account!.accountType, balance });
      const refusal = !canPostPay(account!.accountType, totals.totalDue) ? BOOKING_RULE_TEXTS.prepayCannotPostPay : limitRefusal(locked!, balance - totals.total);
      if (refusal) {
        fail(booking.row, { delivery: [refusal] });
        continue;
      }
      balance -= totals.total;
      paying.push({ ...booking, totals });
    }
    const deliveryIds = await reserveIds(tx, 'deliveries', paying.length);
    const quoteIds = await reserveIds(tx, 'delivery_quotes', paying.reduce((total, booking) => total + booking.options.length, 0));
    const paymentIds = await reserveIds(tx, 'payments', paying.length);
    const expiresAt = new Date(now.getTime() + booker.settings.quoteValiditySeconds * 1000);
    let nextQuote = 0;
    const quoteRows: (typeof deliveryQuotes.$inferInsert)[] = [];
    const deliveryRows = paying.map((booking, index) => {
      const id = deliveryIds[index]!;
      const quotes = quoteValues(portal, id, booking.options, expiresAt).map((quote) => ({ ...quote, id: quoteIds[nextQuote++]! }));
      quoteRows.push(...quotes);
      return { ...booking.delivery, id, selectedQuoteId: quotes[booking.chosen]!.id, accountId: account!.id, waybill: waybillOf(id), trackingHash: newTrackingHash() };
    });
    const [clearing, revenue, vat] = paying.length > 0 ? await mapInOrder([SYSTEM_ACCOUNTS.cardClearing, SYSTEM_ACCOUNTS.revenue, SYSTEM_ACCOUNTS.vat], (code) => systemAccountId(tx, portal.id, code)) : [];
    await insertColumns(tx, 'deliveries', [['id', 'int'], ['portal_id', 'int'], ['placed_by_user_id', 'int'], ['company_id', 'int'], ['store_id', 'int'], ['waybill', 'text'],
      ['tracking_hash', 'text'], ['logistic_status_id', 'int'], ['payment_status_id', 'int'], ['origin_address', 'jsonb'], ['destination_address', 'jsonb'],
      ['origin_store_id', 'int'], ['destination_store_id', 'int'], ['origin_contact', 'jsonb'], ['destination_contact', 'jsonb'], ['ready_for_collection_date', 'text'],
      ['ready_for_collection_time_slot_local', 'text'], ['deliver_by_date', 'text'], ['is_round_trip', 'bool'], ['is_high_risk', 'bool'], ['distance_km', 'float8'],
      ['selected_quote_id', 'int'], ['account_id', 'int'], ['order_reference', 'text'], ['customer_identifier', 'text'], ['hub_id', 'int'],
      ['payment_failure_description', 'text'], ['updated_at', 'timestamptz']],
    deliveryRows.map((row) => [row.id, row.portalId, row.placedByUserId, row.companyId, row.storeId, row.waybill, row.trackingHash, row.logisticStatusId, row.paymentStatusId,
      row.originAddress, row.destinationAddress, row.originStoreId, row.destinationStoreId, row.originContact, row.destinationContact, row.readyForCollectionDate,
      row.readyForCollectionTimeSlotLocal, row.deliverByDate, row.isRoundTrip, row.isHighRisk, row.distanceKm, row.selectedQuoteId, row.accountId, row.orderReference,
      row.customerIdentifier, row.hubId, row.paymentFailureDescription, row.updatedAt]));
    await insertColumns(tx, 'delivery_items', [['delivery_id', 'int'], ['name', 'text'], ['parcel_type_id', 'int'], ['length', 'float8'], ['width', 'float8'], ['height', 'float8'],
      ['weight', 'float8'], ['description', 'text'], ['is_fragile', 'bool']],
    paying.flatMap((booking, index) => booking.parcels.map((parcel) => [deliveryIds[index]!, parcel.name, parcel.parcelTypeId, parcel.length, parcel.width, parcel.height,
      parcel.weight, parcel.description, parcel.isFragile])));
    await insertColumns(tx, 'delivery_quotes', [['id', 'int'], ['delivery_id', 'int'], ['sla_type', 'text'], ['pricing_tier', 'text'], ['price_excl_cents', 'int'],
      ['vat_rate_basis_points', 'int'], ['items', 'jsonb'], ['pickup_window_start', 'timestamptz'], ['pickup_window_end', 'timestamptz'],
      ['drop_off_window_start', 'timestamptz'], ['drop_off_window_end', 'timestamptz'], ['expires_at', 'timestamptz']],
    quoteRows.map((quote) => [quote.id, quote.deliveryId, quote.slaType, quote.pricingTier, quote.priceExclCents, quote.vatRateBasisPoints, quote.items,
      quote.pickupWindowStart, quote.pickupWindowEnd, quote.dropOffWindowStart, quote.dropOffWindowEnd, quote.expiresAt]));
    await insertColumns(tx, 'payments', [['id', 'int'], ['portal_id', 'int'], ['delivery_id', 'int'], ['user_id', 'int'], ['currency', 'text'], ['merchant_transaction_id', 'text'],
      ['account_id', 'int'], ['method', 'text'], ['operation', 'text'], ['idempotency_key', 'text'], ['amount_cents', 'int'], ['status', 'text'], ['settled_at', 'timestamptz']],
    paying.map((booking, index) => [paymentIds[index]!, portal.id, deliveryIds[index]!, booking.delivery.placedByUserId, portal.currency,
      `D${deliveryIds[index]}-${randomUUID()}`, account!.id, 'balance', 'payByBalance', `delivery-upload-${booking.row.id}`, booking.totals.total, 'succeeded', now]));
    // postSale's posting for a balance payment, per row.
    await postTransactions(tx, paying.map((booking, index) => ({
      portalId: portal.id, transactionType: 'Invoice', description: `Delivery ${deliveryIds[index]} (${waybillOf(deliveryIds[index]!)})`,
      deliveryId: deliveryIds[index]!, paymentId: paymentIds[index]!,
      entries: [
        { accountId: clearing!, amountCents: 0 }, { accountId: account!.id, amountCents: booking.totals.total },
        { accountId: revenue!, amountCents: -(booking.totals.total - booking.totals.vat) }, { accountId: vat!, amountCents: -booking.totals.vat },
      ],
    })));
    if (paying.length > 0) {
      await tx.execute(sql`update ${deliveryUploads} u set upload_status_id = ${UPLOAD_BATCH_STATUS.DELIVERY_CREATED}, errors = '{}'::jsonb,
        delivery_id = v.delivery_id, price_excl_cents = v.price, distance_km = v.distance
        from (values ${sql.join(paying.map((booking, index) => sql`(${booking.row.id}::int, ${deliveryIds[index]}::int, ${booking.prepared.priceExclCents}::int, ${booking.prepared.distanceKm}::float8)`), sql`, `)})
          as v(id, delivery_id, price, distance)
        where u.id = v.id`);
    }
    const failures = [...failed].filter(([id]) => claimed.has(id));
    if (failures.length > 0) {
      await tx.execute(sql`update ${deliveryUploads} u set upload_status_id = ${UPLOAD_BATCH_STATUS.FAILED}, errors = coalesce(v.errors, u.errors)
        from (values ${sql.join(failures.map(([id, errors]) => sql`(${id}::int, ${errors === null ? null : JSON.stringify(errors)}::jsonb)`), sql`, `)}) as v(id, errors)
        where u.id = v.id`);
    }
    return claimed.size;
  });
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
    chunkSize: booker.chunkRows ?? DELIVERY_BOOK_CHUNK,
    async applyChunk(rows) {
      const [batch] = await db.select().from(uploadBatches).where(eq(uploadBatches.id, data.batchId));
      const portal = await findPortal(db, data.cca2);
      if (!batch || !portal) throw new Error(`delivery upload batch ${data.batchId} has no portal`);
      // A row whose delivery exists but is not marked done (left by a run of the row-by-row submit) is continued
      // through the wizard's commands, as before: its payment's Idempotency-Key makes a second charge impossible.
      let taken = 0;
      for (const row of rows.filter((candidate) => candidate.deliveryId !== null)) {
        const [claimed] = await db.update(deliveryUploads).set({ uploadStatusId: UPLOAD_BATCH_STATUS.IN_PROGRESS })
          .where(and(eq(deliveryUploads.id, row.id), inArray(deliveryUploads.uploadStatusId, todo))).returning();
        if (!claimed) continue;
        await bookRow(booker, portal, claimed, batch);
        taken += 1;
      }
      const fresh = rows.filter((row) => row.deliveryId === null);
      return taken + (fresh.length > 0 ? await bookChunk(booker, portal, batch, fresh) : 0);
    },
  });
}

/** Declares the queue and works it in this process (server/plugins/workers.ts). */
export async function startDeliveryUploadWorker(jobs: JobQueue, booker: Booker, live: Live): Promise<void> {
  await jobs.define(DELIVERY_UPLOAD_QUEUE, { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 * 60 });
  await jobs.work<DeliveryBatchJob>(DELIVERY_UPLOAD_QUEUE, (job) => runDeliveryBatch(booker, live, job.data));
}
