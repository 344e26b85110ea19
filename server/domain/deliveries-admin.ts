import { and, count, eq, gt, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { DateTime } from 'luxon';
import type { components } from '../../src/api/generated/connect';
import { DELIVERY_ARCHIVE_AFTER_DAYS } from '../../src/lib/constants';
import { DELIVERY_ADMIN_LIMITS, DELIVERY_ADMIN_TEXTS } from '../../src/lib/deliveries-admin';
import { haversineKm } from '../../src/lib/distance';
import { cancelTarget, isBeforeCollection, mayRecordProof } from '../../src/machines/operations/delivery-logistics.selectors';
import { step } from '../../src/machines/operations/transitions';
import { deliveryLogisticsMachine, deliveryLogisticsSnapshotOf, logisticStatusOf } from '../../src/machines/operations/delivery-logistics.machine';
import type { DeliveryLogisticsEvent } from '../../src/machines/operations/delivery-logistics.types';
import {
  canEditParcels, canRate, LOGISTIC_STATUS, LOGISTIC_STATUS_LABELS, PAYMENT_STATUS_LABELS, TERMINAL_LOGISTIC_STATUSES,
  type LogisticStatus, type PaymentStatus,
} from '../../src/lib/statuses';
import { conflictMessage } from '../../src/lib/resource-texts';
import type { Database } from '../db/database';
import {
  companies, deliveries, deliveryAdminDetails, deliveryItems, deliveryQuotes, jobTasks, parcelTypes, stores, users,
} from '../db/schema';
import { badRequest, ConflictError, HttpError, notFound } from '../http/errors';
import { cursorExport, exportSelection, rowExport, type ExportColumn, type ExportField } from './export';
import {
  cachedEstimate, cappedCount, listTotal, type ListDefinition, pageOf, type ParsedList, parseListQuery, type QueryOf, estimateKey, prepareNamed, StatementCache, whereAll,
} from './list-query';
import type { PortalData } from './portals';
import { logisticStatusValues } from './delivery-status';
import { loadTasks } from './operations/rows';
import { refundCancelledDelivery } from './refunds';
import { chargeReturnToSender } from './return-to-sender';
import type { Scope } from './scope';

/**
 * The deliveries of the back office (002 sections 2, 3 and 7): the filtered list with its aggregations and
 * export, one delivery for the edit screen, and the operator's actions. Rows are scoped to the caller's token
 * (server/domain/scope.ts); a row outside the scope is 404 like a row that does not exist.
 */

export type DeliveryAdminQuery = QueryOf<'getdeliveries'>;

/** Sortable fields: each is NOT NULL, and the row carries it under the same name (exports page by keyset). */
const deliveryList: ListDefinition = {
  sortable: {
    id: deliveries.id,
    createdAt: deliveries.createdAt,
    readyForCollectionDate: deliveries.readyForCollectionDate,
    logisticStatusId: deliveries.logisticStatusId,
    paymentStatusId: deliveries.paymentStatusId,
    distanceKm: deliveries.distanceKm,
  },
  defaultSort: deliveries.createdAt,
  id: deliveries.id,
  searchable: [deliveries.waybill, deliveries.orderReference, deliveries.customerIdentifier],
  maxPageSize: DELIVERY_ADMIN_LIMITS.maxPageSize,
};

export function deliveryScope(scope: Scope): SQL | undefined {
  switch (scope.kind) {
    case 'portal': return undefined;
    case 'company': return eq(deliveries.companyId, scope.companyId);
    case 'store': return eq(deliveries.storeId, scope.storeId);
    case 'none': return sql`false`;
  }
}

/** "2501,10001" → [2501, 10001], every code one of the catalogue's, else 400 naming the parameter. */
function codesOf(name: string, value: string | undefined, known: Record<number, string>): number[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const codes = value.split(',').map((part) => Number(part.trim()));
  const unknown = codes.filter((code) => !Number.isInteger(code) || !(code in known));
  if (unknown.length > 0) throw badRequest(name, DELIVERY_ADMIN_TEXTS.unknownStatus(name, value));
  return codes;
}

// Filters on the selected quote and the back-office details are sub-queries on their own names, so the list's
// joins of the same tables never clash with them.
const selectedQuoteWhere = (condition: SQL) =>
  sql`exists (select 1 from delivery_quotes fq where fq.id = ${deliveries.selectedQuoteId} and ${condition})`;
const returnToSender = sql`exists (select 1 from delivery_admin_details fd where fd.delivery_id = ${deliveries.id} and fd.is_return_to_sender)`;

/** The catalogue's delivery filter pairs (002 section 3) as conditions on deliveries. */
export function deliveryFilters(query: DeliveryAdminQuery): SQL | undefined {
  if (query.startDate && query.endDate && query.startDate > query.endDate) {
    throw badRequest('endDate', DELIVERY_ADMIN_TEXTS.endBeforeStart);
  }
  if (query.minDistance !== undefined && query.maxDistance !== undefined && query.minDistance > query.maxDistance) {
    throw badRequest('maxDistance', DELIVERY_ADMIN_TEXTS.maxBelowMin('distance'));
  }
  if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
    throw badRequest('maxPrice', DELIVERY_ADMIN_TEXTS.maxBelowMin('price'));
  }
  const logistic = codesOf('logisticstatuses', query.logisticstatuses, LOGISTIC_STATUS_LABELS);
  const payment = codesOf('paymentStatuses', query.paymentStatuses, PAYMENT_STATUS_LABELS);
  const cents = (amount: number) => Math.round(amount * 100);
  return whereAll(
    query.companyid !== undefined ? eq(deliveries.companyId, query.companyid) : undefined,
    query.storeid !== undefined ? eq(deliveries.storeId, query.storeid) : undefined,
    // Exclude (the search select's option): rows without a company/store stay in.
    query.excludecompanyid !== undefined ? sql`${deliveries.companyId} is distinct from ${query.excludecompanyid}` : undefined,
    query.excludestoreid !== undefined ? sql`${deliveries.storeId} is distinct from ${query.excludestoreid}` : undefined,
    query.deliveryId !== undefined ? eq(deliveries.id, query.deliveryId) : undefined,
    logistic ? inArray(deliveries.logisticStatusId, logistic) : undefined,
    payment ? inArray(deliveries.paymentStatusId, payment) : undefined,
    query.isRoundTrip !== undefined ? eq(deliveries.isRoundTrip, query.isRoundTrip) : undefined,
    query.isHighRisk !== undefined ? eq(deliveries.isHighRisk, query.isHighRisk) : undefined,
    query.isReturnToSender === undefined
      ? undefined
      : query.isReturnToSender ? returnToSender : sql`not ${returnToSender}`,
    query.startDate ? gte(deliveries.readyForCollectionDate, query.startDate) : undefined,
    query.endDate ? lte(deliveries.readyForCollectionDate, query.endDate) : undefined,
    query.minDistance !== undefined ? gte(deliveries.distanceKm, query.minDistance) : undefined,
    query.maxDistance !== undefined ? lte(deliveries.distanceKm, query.maxDistance) : undefined,
    query.slaType ? selectedQuoteWhere(sql`fq.sla_type = ${query.slaType}`) : undefined,
    query.pricingTier ? selectedQuoteWhere(sql`fq.pricing_tier = ${query.pricingTier}`) : undefined,
    query.minPrice !== undefined ? selectedQuoteWhere(sql`fq.price_excl_cents >= ${cents(query.minPrice)}`) : undefined,
    query.maxPrice !== undefined ? selectedQuoteWhere(sql`fq.price_excl_cents <= ${cents(query.maxPrice)}`) : undefined,
  );
}

const originStores = alias(stores, 'origin_stores');
const destinationStores = alias(stores, 'destination_stores');

const rowColumns = {
  id: deliveries.id,
  waybill: deliveries.waybill,
  orderReference: deliveries.orderReference,
  customerIdentifier: deliveries.customerIdentifier,
  logisticStatusId: deliveries.logisticStatusId,
  paymentStatusId: deliveries.paymentStatusId,
  companyId: deliveries.companyId,
  companyName: companies.companyName,
  storeId: deliveries.storeId,
  storeName: stores.storeName,
  placedByEmail: users.email,
  readyForCollectionDate: deliveries.readyForCollectionDate,
  deliverByDate: deliveries.deliverByDate,
  distanceKm: deliveries.distanceKm,
  isRoundTrip: deliveries.isRoundTrip,
  isHighRisk: deliveries.isHighRisk,
  isReturnToSender: sql<boolean>`coalesce(${deliveryAdminDetails.isReturnToSender}, false)`,
  lotNumber: sql<number>`coalesce(${deliveryAdminDetails.lotNumber}, 0)`,
  slaType: deliveryQuotes.slaType,
  pricingTier: deliveryQuotes.pricingTier,
  priceExclCents: deliveryQuotes.priceExclCents,
  trackingHash: deliveries.trackingHash,
  deliveredAt: deliveries.deliveredAt,
  dropoffWindowEnd: deliveryQuotes.dropOffWindowEnd,
  createdAt: deliveries.createdAt,
  xmin: sql<string>`${deliveries}.xmin::text`,
};

/** Every table the list's columns, filters and exports read, joined to deliveries: one place for the joins. */
function withListTables<T extends PgSelect>(query: T) {
  return query
    .leftJoin(companies, eq(companies.id, deliveries.companyId))
    .leftJoin(stores, eq(stores.id, deliveries.storeId))
    .leftJoin(users, eq(users.id, deliveries.placedByUserId))
    .leftJoin(deliveryQuotes, eq(deliveryQuotes.id, deliveries.selectedQuoteId))
    .leftJoin(deliveryAdminDetails, eq(deliveryAdminDetails.deliveryId, deliveries.id));
}

function selectRows(db: Database, where: SQL | undefined) {
  return withListTables(db.select(rowColumns).from(deliveries).$dynamic()).where(where);
}

/**
 * One page of the list as a deferred join (docs/benchmarks.md): the page's ids first, from deliveries
 * alone (filters, sort, offset and limit: one index range, an index-only scan where the index holds the filtered
 * columns), then only those rows joined for their display columns. Joining first would join every row the offset
 * skips (400 for page 20) and give the planner a six-table join to plan on every request.
 */
function selectPage(db: Database, where: SQL | undefined, parsed: ParsedList) {
  const page = db.select({ id: deliveries.id }).from(deliveries).where(where)
    .orderBy(...parsed.orderBy).limit(parsed.pageSize).offset(parsed.offset).as('page');
  return db.select(pageColumns).from(page)
    .innerJoin(deliveries, eq(deliveries.id, page.id))
    .leftJoin(deliveryQuotes, eq(deliveryQuotes.id, deliveries.selectedQuoteId))
    .leftJoin(deliveryAdminDetails, eq(deliveryAdminDetails.deliveryId, deliveries.id))
    .orderBy(...parsed.orderBy);
}

/**
 * The list row's columns for a page: the company's and store's names and the placer's e-mail as one-row look-ups by
 * primary key instead of joins. The same rows, but a three-table join instead of a six-table one for the planner:
 * PostgreSQL re-plans the page on every request (a custom plan beats the generic one's estimate), and planning the
 * six-way join cost 1.8 ms against 0.4-0.6 ms (docs/benchmarks.md) for a page that runs in under 1 ms.
 */
const pageColumns = {
  ...rowColumns,
  companyName: sql<string | null>`(select ${companies.companyName} from ${companies} where ${companies.id} = ${deliveries.companyId})`,
  storeName: sql<string | null>`(select ${stores.storeName} from ${stores} where ${stores.id} = ${deliveries.storeId})`,
  placedByEmail: sql<string | null>`(select ${users.email} from ${users} where ${users.id} = ${deliveries.placedByUserId})`,
};

type Row = Awaited<ReturnType<typeof selectRows>>[number];

const labelOf = (labels: Record<number, string>, code: number) => labels[code] ?? String(code);

/** The list row as the client sees it (the spec's names: logisticStatus, lotNumber, trackingUrl, ratingUrl ...). */
function publicRow(row: Row) {
  const { trackingHash, createdAt, deliveredAt, dropoffWindowEnd, ...rest } = row;
  return {
    ...rest,
    deliveredDate: deliveredAt?.toISOString() ?? null,
    dropoffWindowEnd: dropoffWindowEnd?.toISOString() ?? null,
    logisticStatus: labelOf(LOGISTIC_STATUS_LABELS, row.logisticStatusId),
    paymentStatus: labelOf(PAYMENT_STATUS_LABELS, row.paymentStatusId),
    lotNumber: Number(row.lotNumber),
    createdAt: createdAt.toISOString(),
    trackingUrl: trackingHash ? `/track/${trackingHash}` : null,
    ratingUrl: trackingHash && canRate(row.logisticStatusId) ? `/rate/${trackingHash}` : null,
  };
}

const money = (cents: number | null) => (cents === null ? null : cents / 100);

/** The Deliveries export (and the archives'), read through a cursor as arrays in this order (server/domain/export.ts). */
export const DELIVERY_EXPORT: ExportField[] = [
  { header: 'Id', field: deliveries.id, width: 8 },
  { header: 'Waybill', field: deliveries.waybill, width: 16 },
  { header: 'Order reference', field: deliveries.orderReference },
  { header: 'Customer identifier', field: deliveries.customerIdentifier },
  { header: 'Company', field: companies.companyName, width: 24 },
  { header: 'Store', field: stores.storeName, width: 24 },
  { header: 'Placed by', field: users.email, width: 28 },
  { header: 'Logistic status', field: deliveries.logisticStatusId, cell: (value) => labelOf(LOGISTIC_STATUS_LABELS, value as number) },
  { header: 'Payment status', field: deliveries.paymentStatusId, cell: (value) => labelOf(PAYMENT_STATUS_LABELS, value as number) },
  { header: 'Delivery date', field: deliveries.readyForCollectionDate, width: 12 },
  { header: 'Deliver by', field: deliveries.deliverByDate, width: 12 },
  { header: 'Distance (km)', field: deliveries.distanceKm, width: 12 },
  { header: 'SLA type', field: deliveryQuotes.slaType },
  { header: 'Pricing tier', field: deliveryQuotes.pricingTier },
  { header: 'Price excl', field: deliveryQuotes.priceExclCents, cell: (value) => money(value as number | null), width: 12 },
  { header: 'Return to sender', field: sql<boolean>`coalesce(${deliveryAdminDetails.isReturnToSender}, false)`, width: 10 },
  { header: 'Round trip', field: deliveries.isRoundTrip, width: 10 },
  { header: 'High risk', field: deliveries.isHighRisk, width: 10 },
  { header: 'Lot number', field: sql<number>`coalesce(${deliveryAdminDetails.lotNumber}, 0)`, cell: (value) => (Number(value) > 0 ? Number(value) : DELIVERY_ADMIN_TEXTS.notApplicable), width: 10 },
  // Timestamps arrive as the database's text (server/db/cursor.ts); the file has a date, as the ORM's Date gave.
  { header: 'Created', field: deliveries.createdAt, cell: (value) => new Date(String(value)), width: 22 },
];

/** The parsed list: newest first unless the caller sorts. */
function parse(query: DeliveryAdminQuery): ParsedList {
  const sorted = query.sortby ? query : { ...query, sortby: 'createdAt', sortdirection: 'desc' as const };
  return parseListQuery(sorted as DeliveryAdminQuery & Record<string, unknown>, deliveryList);
}

/**
 * The two statements of a list page (the rows and the count), unexecuted: the list runs them, and
 * bench/deliveries-list.ts runs the very same SQL through `pg` as its baseline.
 */
export function deliveryListQueries(db: Database, portalId: number, scope: Scope, query: DeliveryAdminQuery, archive: false | { timeZone: string; within?: SQL } = false) {
  const parsed = parse(query);
  const where = whereAll(
    eq(deliveries.portalId, portalId), deliveryScope(scope), parsed.search, deliveryFilters(query),
    archive ? archivedCondition(archive.timeZone) : undefined, archive ? archive.within : undefined,
  );
  return {
    parsed,
    where,
    rows: () => selectPage(db, where, parsed),
    count: () => cappedCount(db, deliveries, where),
  };
}

/**
 * The archive (ours, where the spec names it only): a final logistic status and a delivery date older than
 * DELIVERY_ARCHIVE_AFTER_DAYS. Computed, not moved: the rows stay where every other screen finds them.
 */
export function archivedCondition(timeZone: string, now: Date = new Date()): SQL {
  return and(inArray(deliveries.logisticStatusId, [...TERMINAL_LOGISTIC_STATUSES]), lt(deliveries.readyForCollectionDate, archiveCutoffDate(timeZone, now)))!;
}

/**
 * The first delivery date not archived: today in the portal's time zone (delivery dates are portal-local)
 * less DELIVERY_ARCHIVE_AFTER_DAYS — not the UTC date, which is a day behind from midnight to 02:00 in ZA.
 */
export function archiveCutoffDate(timeZone: string, now: Date = new Date()): string {
  return DateTime.fromJSDate(now).setZone(timeZone).minus({ days: DELIVERY_ARCHIVE_AFTER_DAYS }).toISODate()!;
}

/** An archive narrowed further (the partners' archive, issue 17): its rows' condition and its export's name. */
export interface ArchiveWithin { within: SQL; fileName: string }

/** One parcel of a listed delivery, as the Items export writes it. */
function selectItems(db: Database, where: SQL | undefined) {
  return withListTables(db.select({
    id: deliveryItems.id, waybill: deliveries.waybill, orderReference: deliveries.orderReference, companyName: companies.companyName,
    storeName: stores.storeName, logisticStatusId: deliveries.logisticStatusId, readyForCollectionDate: deliveries.readyForCollectionDate,
    name: deliveryItems.name, deliveryItemName: deliveryItems.deliveryItemName, description: deliveryItems.description,
    length: deliveryItems.length, width: deliveryItems.width, height: deliveryItems.height, weight: deliveryItems.weight,
    isFragile: deliveryItems.isFragile, barCode: deliveryItems.barCode,
  }).from(deliveries).$dynamic())
    .innerJoin(deliveryItems, eq(deliveryItems.deliveryId, deliveries.id))
    .where(where);
}
type ItemRow = Awaited<ReturnType<typeof selectItems>>[number];

/** The Items export (000 section 9; docs/decisions.md "The Items export"): the parcels of the listed deliveries. */
export const ITEM_EXPORT: ExportColumn<ItemRow>[] = [
  { header: 'Waybill', value: (row) => row.waybill, width: 16 },
  { header: 'Order reference', value: (row) => row.orderReference },
  { header: 'Company', value: (row) => row.companyName, width: 24 },
  { header: 'Store', value: (row) => row.storeName, width: 24 },
  { header: 'Logistic status', value: (row) => labelOf(LOGISTIC_STATUS_LABELS, row.logisticStatusId) },
  { header: 'Delivery date', value: (row) => row.readyForCollectionDate, width: 12 },
  { header: 'Parcel', value: (row) => row.name, width: 20 },
  { header: 'Item', value: (row) => row.deliveryItemName, width: 20 },
  { header: 'Description', value: (row) => row.description, width: 28 },
  { header: 'Length (cm)', value: (row) => row.length, width: 10 },
  { header: 'Width (cm)', value: (row) => row.width, width: 10 },
  { header: 'Height (cm)', value: (row) => row.height, width: 10 },
  { header: 'Weight (kg)', value: (row) => row.weight, width: 10 },
  { header: 'Fragile', value: (row) => row.isFragile, width: 8 },
  { header: 'Barcode', value: (row) => row.barCode, width: 16 },
];

export async function listDeliveries(db: Database, portal: PortalData, scope: Scope, query: DeliveryAdminQuery, archive: boolean | ArchiveWithin = false) {
  const within = typeof archive === 'object' ? archive.within : undefined;
  const archived = archive !== false && { timeZone: portal.timeZone, within };
  if (!(query.exportItems && archive === false) && !query.exportExcel && !query.aggregationsOnly) {
    return listPage(db, portal.id, scope, query, archived);
  }
  const { parsed, where } = deliveryListQueries(db, portal.id, scope, query, archived);
  if (query.exportItems && archive === false) {
    // The same deliveries as the list (scope, search, filters); their parcels in the order they were entered.
    const [total] = await withListTables(db.select({ value: count() }).from(deliveries).$dynamic())
      .innerJoin(deliveryItems, eq(deliveryItems.deliveryId, deliveries.id))
      .where(where);
    return rowExport<ItemRow>({
      fileName: DELIVERY_ADMIN_TEXTS.itemsExportName,
      columns: ITEM_EXPORT,
      total: total?.value ?? 0,
      batch: (last, limit) => selectItems(db, whereAll(where, last && gt(deliveryItems.id, last.id))).orderBy(deliveryItems.id).limit(limit),
    });
  }
  if (query.exportExcel) {
    const [total] = await db.select({ value: count() }).from(deliveries).where(where);
    const statement = withListTables(db.select(exportSelection(DELIVERY_EXPORT)).from(deliveries).$dynamic()).where(where).orderBy(...parsed.orderBy).getSQL();
    const fileName = typeof archive === 'object' ? archive.fileName : archive ? DELIVERY_ADMIN_TEXTS.archiveExportName : DELIVERY_ADMIN_TEXTS.exportName;
    return cursorExport(db, fileName, DELIVERY_EXPORT, statement, total?.value ?? 0);
  }
  // aggregationsOnly: the counts by status, no rows.
  const [byLogistic, byPayment] = await Promise.all([
    db.select({ code: deliveries.logisticStatusId, value: count() }).from(deliveries).where(where).groupBy(deliveries.logisticStatusId),
    db.select({ code: deliveries.paymentStatusId, value: count() }).from(deliveries).where(where).groupBy(deliveries.paymentStatusId),
  ]);
  const totalItems = byLogistic.reduce((sum, row) => sum + row.value, 0);
  return {
    ...pageOf([], totalItems, parsed),
    aggregationDictionary: {
      logisticStatus: Object.fromEntries(byLogistic.map((row) => [String(row.code), row.value])),
      paymentStatus: Object.fromEntries(byPayment.map((row) => [String(row.code), row.value])),
    },
  };
}

/**
 * A page of the list. Its statements are built once per request (scope, filters, sort, page) and run as named
 * prepared statements; the archive's are built every time (its condition holds today's date).
 */
async function listPage(db: Database, portalId: number, scope: Scope, query: DeliveryAdminQuery, archived: false | { timeZone: string; within?: SQL }) {
  const build = () => {
    const { parsed, where, rows, count } = deliveryListQueries(db, portalId, scope, query, archived);
    return { parsed, where, estimateKey: estimateKey(db, deliveries, where), rows: prepareNamed(rows()), count: prepareNamed(count()) };
  };
  const page = archived === false ? pageStatements.get(db, JSON.stringify([portalId, scope, query]), build) : build();
  // A big list's estimated total is reused while fresh: its page requests then run only the rows query.
  const known = cachedEstimate(db, deliveries, page.where, Date.now(), page.estimateKey);
  if (known) return pageOf((await page.rows.execute()).map(publicRow), known.total, page.parsed, true);
  const [items, [capped]] = await Promise.all([page.rows.execute(), page.count.execute()]);
  const { total, estimated } = await listTotal(db, deliveries, page.where, capped?.value ?? 0);
  return pageOf(items.map(publicRow), total, page.parsed, estimated);
}

/** The built page statements of recent list requests (docs/benchmarks.md). */
const pageStatements = new StatementCache<{
  parsed: ParsedList; where: SQL | undefined; estimateKey: string;
  rows: ReturnType<ReturnType<ReturnType<typeof deliveryListQueries>['rows']>['prepare']>;
  count: ReturnType<ReturnType<ReturnType<typeof deliveryListQueries>['count']>['prepare']>;
}>(500);

// ---- One delivery -----------------------------------------------------------------------------------------

/** Exported for the proof pack (issue 20): the same scope as the edit screen. */
export { findRow as findDeliveryInScope };

async function findRow(db: Database, portal: PortalData, scope: Scope, id: number) {
  const [row] = await selectRows(db, whereAll(eq(deliveries.portalId, portal.id), deliveryScope(scope), eq(deliveries.id, id)));
  return row;
}

/** One delivery for the edit screen: the list row plus addresses, contacts, parcels and proof of delivery. */
export async function getDelivery(db: Database, portal: PortalData, scope: Scope, id: number, mayEdit: boolean) {
  const row = await findRow(db, portal, scope, id);
  if (!row) throw notFound(`delivery ${id}`);
  const [[extra], items, [details], tasks] = await Promise.all([
    db.select({
      originAddress: deliveries.originAddress, destinationAddress: deliveries.destinationAddress,
      originContact: deliveries.originContact, destinationContact: deliveries.destinationContact,
      originStoreName: originStores.storeName, destinationStoreName: destinationStores.storeName,
    }).from(deliveries)
      .leftJoin(originStores, eq(originStores.id, deliveries.originStoreId))
      .leftJoin(destinationStores, eq(destinationStores.id, deliveries.destinationStoreId))
      .where(eq(deliveries.id, id)),
    db.select({
      id: deliveryItems.id, name: deliveryItems.name, deliveryItemName: deliveryItems.deliveryItemName,
      parcelTypeId: deliveryItems.parcelTypeId, length: deliveryItems.length, width: deliveryItems.width,
      height: deliveryItems.height, weight: deliveryItems.weight, description: deliveryItems.description,
      barCode: deliveryItems.barCode, isFragile: deliveryItems.isFragile,
    }).from(deliveryItems).where(eq(deliveryItems.deliveryId, id)),
    db.select().from(deliveryAdminDetails).where(eq(deliveryAdminDetails.deliveryId, id)),
    loadTasks(db, eq(jobTasks.deliveryId, id)),
  ]);
  const snapshot = deliveryLogisticsSnapshotOf(row.logisticStatusId);
  const origin = (extra!.originContact ?? null) as ContactValue | null;
  const destination = (extra!.destinationContact ?? null) as ContactValue | null;
  return {
    ...publicRow(row),
    // The edit form's flat fields (updatedelivery takes the same names).
    originContactName: origin?.ContactName ?? null,
    originPhoneNumber: origin?.PhoneNumber ?? null,
    originEmail: origin?.Email ?? null,
    destinationContactName: destination?.ContactName ?? null,
    destinationPhoneNumber: destination?.PhoneNumber ?? null,
    destinationEmail: destination?.Email ?? null,
    originAddress: extra!.originAddress as Record<string, unknown>,
    destinationAddress: extra!.destinationAddress as Record<string, unknown>,
    originContact: (extra!.originContact ?? null) as Record<string, unknown> | null,
    destinationContact: (extra!.destinationContact ?? null) as Record<string, unknown> | null,
    originStoreName: extra!.originStoreName,
    destinationStoreName: extra!.destinationStoreName,
    // The spec: "deliveryItems (sorted by name)".
    deliveryItems: items.sort((a, b) => (a.deliveryItemName ?? a.name).localeCompare(b.deliveryItemName ?? b.name)),
    tasks,
    proof: details?.proofUpdatedAt
      ? { recipientName: details.proofRecipientName, note: details.proofNote, updatedAt: details.proofUpdatedAt.toISOString() }
      : null,
    /** What the edit screen may offer this caller now (the server checks the same rules on every call). */
    allowed: {
      edit: canEditParcels(row.logisticStatusId, mayEdit),
      canceldelivery: mayEdit && cancelTarget(row.logisticStatusId) !== undefined,
      cancelandreturntosender: mayEdit && !!snapshot && snapshot.can({ type: 'delivery.returnToSender' }),
      reverseLogisticStatus: mayEdit && !!snapshot && snapshot.can({ type: 'delivery.reverse' }),
      recalculateparcels: canEditParcels(row.logisticStatusId, mayEdit),
      recalculatelogistics: mayEdit && isBeforeCollection(row.logisticStatusId),
      updatedeliveryproof: mayEdit && mayRecordProof(row.logisticStatusId),
    },
  };
}

export type DeliveryAdminDetail = Awaited<ReturnType<typeof getDelivery>>;

/** A contact as booking stores it (the contact form's own field names). */
interface ContactValue { ContactName?: string | null; PhoneNumber?: string | null; Email?: string | null; [key: string]: unknown }

/** The update body is the contract's (openapi/connect.yaml), so the two never drift. */
export type DeliveryUpdateInput = components['schemas']['DeliveryAdminUpdate'];

const mergeContact = (contact: ContactValue | null, name?: string | null, phone?: string | null, email?: string | null): ContactValue => ({
  ...(contact ?? {}),
  ...(name !== undefined && { ContactName: name }),
  ...(phone !== undefined && { PhoneNumber: phone }),
  ...(email !== undefined && { Email: email }),
});

/**
 * The edit screen's save: references and contacts, only while the delivery may be edited (status at or above
 * Ready, not Delivered, and the caller permitted); UPDATE ... WHERE xmin, so a stale edit is 409 with the current.
 */
export async function updateDelivery(ctx: ActionContext, id: number, input: DeliveryUpdateInput) {
  const { xmin, ...values } = input;
  const inScope = whereAll(eq(deliveries.portalId, ctx.portal.id), deliveryScope(ctx.scope), eq(deliveries.id, id));
  const [row] = await ctx.db.select({ status: deliveries.logisticStatusId, origin: deliveries.originContact, destination: deliveries.destinationContact })
    .from(deliveries).where(inScope);
  if (!row) throw notFound(`delivery ${id}`);
  if (!canEditParcels(row.status, ctx.mayEdit)) {
    throw new HttpError(409, DELIVERY_ADMIN_TEXTS.notAllowed(labelOf(LOGISTIC_STATUS_LABELS, row.status)));
  }
  const updated = await ctx.db.update(deliveries).set({
    ...(values.orderReference !== undefined && { orderReference: values.orderReference }),
    ...(values.customerIdentifier !== undefined && { customerIdentifier: values.customerIdentifier }),
    originContact: mergeContact(row.origin as ContactValue | null, values.originContactName, values.originPhoneNumber, values.originEmail),
    destinationContact: mergeContact(row.destination as ContactValue | null, values.destinationContactName, values.destinationPhoneNumber, values.destinationEmail),
    updatedAt: new Date(),
  }).where(and(inScope, sql`${deliveries}.xmin::text = ${xmin}`)).returning({ id: deliveries.id });
  const current = await getDelivery(ctx.db, ctx.portal, ctx.scope, id, ctx.mayEdit);
  if (updated.length === 0) throw new ConflictError(conflictMessage('delivery'), current);
  return current;
}

// ---- Actions ----------------------------------------------------------------------------------------------

/** The chart's next status for an event, or 409 with nothing changed. */
function chartStep(status: number, event: DeliveryLogisticsEvent): LogisticStatus {
  const from = deliveryLogisticsSnapshotOf(status);
  const next = from && step(deliveryLogisticsMachine, from, event);
  if (!next) throw new HttpError(409, DELIVERY_ADMIN_TEXTS.notAllowed(labelOf(LOGISTIC_STATUS_LABELS, status)));
  return logisticStatusOf(next);
}

interface ActionContext {
  db: Database;
  portal: PortalData;
  scope: Scope;
  mayEdit: boolean;
  /** Who acts (a charge's item names them). */
  userId: number;
}

/**
 * Runs one action on a delivery in the caller's scope inside a transaction with the row locked, so two
 * operators acting at once see each other's result (the second one is judged on the new status).
 */
async function act(ctx: ActionContext, id: number, work: (tx: Database, status: number) => Promise<void>) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select({ status: deliveries.logisticStatusId }).from(deliveries)
      .where(whereAll(eq(deliveries.portalId, ctx.portal.id), deliveryScope(ctx.scope), eq(deliveries.id, id)))
      .for('update');
    if (!row) throw notFound(`delivery ${id}`);
    await work(tx as unknown as Database, row.status);
  });
  return getDelivery(ctx.db, ctx.portal, ctx.scope, id, ctx.mayEdit);
}

const setStatus = (tx: Database, id: number, status: number) =>
  tx.update(deliveries).set(logisticStatusValues(status)).where(eq(deliveries.id, id));

const upsertDetails = (tx: Database, id: number, values: Partial<typeof deliveryAdminDetails.$inferInsert>) =>
  tx.insert(deliveryAdminDetails).values({ deliveryId: id, ...values })
    .onConflictDoUpdate({ target: deliveryAdminDetails.deliveryId, set: values });

export function cancelDelivery(ctx: ActionContext, id: number) {
  return act(ctx, id, async (tx, status) => {
    const target = cancelTarget(status);
    if (target === undefined) throw new HttpError(409, DELIVERY_ADMIN_TEXTS.notAllowed(labelOf(LOGISTIC_STATUS_LABELS, status)));
    await setStatus(tx, id, target);
    if (target !== LOGISTIC_STATUS.CANCELLED_QUOTE) await refundCancelledDelivery(tx, ctx.portal.id, id, target === LOGISTIC_STATUS.CANCELLED_WITH_FEE);
  });
}

export function cancelAndReturnToSender(ctx: ActionContext, id: number) {
  return act(ctx, id, async (tx, status) => {
    await setStatus(tx, id, chartStep(status, { type: 'delivery.returnToSender' }));
    await upsertDetails(tx, id, { isReturnToSender: true });
    // The return leg is charged with the status change (docs/finance.md, "Return to sender").
    await chargeReturnToSender(tx, ctx.portal, id, ctx.userId);
  });
}

export function reverseLogisticStatus(ctx: ActionContext, id: number) {
  return act(ctx, id, async (tx, status) => {
    await setStatus(tx, id, chartStep(status, { type: 'delivery.reverse' }));
  });
}

/** Parcels of a catalogue type take the catalogue's current dimensions again (ours: what "recalculate" means). */
export function recalculateParcels(ctx: ActionContext, id: number) {
  return act(ctx, id, async (tx, status) => {
    if (!canEditParcels(status, true)) throw new HttpError(409, DELIVERY_ADMIN_TEXTS.notAllowed(labelOf(LOGISTIC_STATUS_LABELS, status)));
    await tx.execute(sql`update ${deliveryItems} set length = ${parcelTypes.length}, width = ${parcelTypes.width},
      height = ${parcelTypes.height}, weight = ${parcelTypes.weight}
      from ${parcelTypes} where ${deliveryItems.deliveryId} = ${id} and ${parcelTypes.id} = ${deliveryItems.parcelTypeId}`);
    await tx.update(deliveries).set({ updatedAt: new Date() }).where(eq(deliveries.id, id));
  });
}

interface Coordinates { lat: number; lon: number }

function coordinatesOf(address: unknown): Coordinates | undefined {
  const value = (address as { coordinates?: Partial<Coordinates> } | null)?.coordinates;
  return typeof value?.lat === 'number' && typeof value.lon === 'number' ? { lat: value.lat, lon: value.lon } : undefined;
}

/** Great-circle distance in km, one decimal. */
export function distanceKmBetween(a: Coordinates, b: Coordinates): number {
  return Math.round(haversineKm(a, b) * 10) / 10;
}

/** The distance estimate again from the addresses' coordinates; only before collection. */
export function recalculateLogistics(ctx: ActionContext, id: number) {
  return act(ctx, id, async (tx, status) => {
    if (!isBeforeCollection(status)) throw new HttpError(409, DELIVERY_ADMIN_TEXTS.notAllowed(labelOf(LOGISTIC_STATUS_LABELS, status)));
    const [row] = await tx.select({ origin: deliveries.originAddress, destination: deliveries.destinationAddress })
      .from(deliveries).where(eq(deliveries.id, id));
    const origin = coordinatesOf(row?.origin);
    const destination = coordinatesOf(row?.destination);
    if (!origin || !destination) throw new HttpError(409, DELIVERY_ADMIN_TEXTS.noCoordinates);
    await tx.update(deliveries).set({ distanceKm: distanceKmBetween(origin, destination), updatedAt: new Date() }).where(eq(deliveries.id, id));
  });
}

export interface DeliveryProofInput { recipientName: string; note?: string | null }

export function updateDeliveryProof(ctx: ActionContext, id: number, input: DeliveryProofInput) {
  return act(ctx, id, async (tx, status) => {
    if (!mayRecordProof(status)) throw new HttpError(409, DELIVERY_ADMIN_TEXTS.notAllowed(labelOf(LOGISTIC_STATUS_LABELS, status)));
    await upsertDetails(tx, id, { proofRecipientName: input.recipientName.trim(), proofNote: input.note?.trim() || null, proofUpdatedAt: new Date() });
  });
}

/**
 * Moves the delivery date of every delivery of `deliveryIds` (all or none): an id outside the scope is 404;
 * one already collected or finished is 409 naming it.
 */
export async function bulkUpdateDeliveryDate(db: Database, portal: PortalData, scope: Scope, deliveryIds: number[], deliveryDate: string) {
  const unique = [...new Set(deliveryIds)];
  return db.transaction(async (tx) => {
    const rows = await tx.select({ id: deliveries.id, status: deliveries.logisticStatusId }).from(deliveries)
      .where(whereAll(eq(deliveries.portalId, portal.id), deliveryScope(scope), inArray(deliveries.id, unique))).for('update');
    if (rows.length !== unique.length) {
      throw notFound(`delivery ${unique.filter((id) => !rows.some((row) => row.id === id)).join(', ')}`);
    }
    const fixed = rows.filter((row) => !isBeforeCollection(row.status));
    if (fixed.length > 0) throw new HttpError(409, DELIVERY_ADMIN_TEXTS.dateFixed(fixed.map((row) => row.id)));
    const updated = await tx.update(deliveries).set({ readyForCollectionDate: deliveryDate, updatedAt: new Date() })
      .where(inArray(deliveries.id, unique)).returning({ id: deliveries.id });
    return { updated: updated.length };
  });
}

/**
 * Deletes deliveries still at the quote stage (pending, staging, cancelled quote) with their quotes and parcels;
 * all or none. Anything booked and paid stays: it has ledger history (cancel it instead).
 */
export async function deleteDeliveries(db: Database, portal: PortalData, scope: Scope, ids: number[]) {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const rows = await tx.select({ id: deliveries.id, status: deliveries.logisticStatusId }).from(deliveries)
      .where(whereAll(eq(deliveries.portalId, portal.id), deliveryScope(scope), inArray(deliveries.id, unique))).for('update');
    if (rows.length !== unique.length) {
      throw notFound(`delivery ${unique.filter((id) => !rows.some((row) => row.id === id)).join(', ')}`);
    }
    const booked = rows.filter((row) => !DELETABLE_STATUSES.has(row.status));
    if (booked.length > 0) throw new HttpError(409, DELIVERY_ADMIN_TEXTS.notDeletable(booked.map((row) => row.id)));
    // The rows as the lists show them, for the live `delivery` events with isDeleted (published after the commit);
    // their version is this transaction's id, newer than any version a list holds.
    const last = await selectRows(tx as unknown as Database, inArray(deliveries.id, unique));
    const [version] = await tx.select({ xid: sql<string>`txid_current()::text` }).from(deliveries).where(inArray(deliveries.id, unique)).limit(1);
    try {
      await tx.delete(deliveryItems).where(inArray(deliveryItems.deliveryId, unique));
      await tx.delete(deliveryQuotes).where(inArray(deliveryQuotes.deliveryId, unique));
      const deleted = await tx.delete(deliveries).where(inArray(deliveries.id, unique)).returning({ id: deliveries.id });
      const removed = last.map((row) => ({ ...publicRow(row), xmin: version?.xid ?? row.xmin, isDeleted: true as const }));
      return { deleted: deleted.length, removed };
    } catch (error) {
      // Payments or ledger rows still refer to it (foreign key): refuse rather than lose history.
      if ((error as { code?: string }).code === '23503' || /foreign key/i.test(String((error as Error).message))) {
        throw new HttpError(409, DELIVERY_ADMIN_TEXTS.notDeletable(unique));
      }
      throw error;
    }
  });
}

const DELETABLE_STATUSES: ReadonlySet<number> = new Set<number>([LOGISTIC_STATUS.PENDING, LOGISTIC_STATUS.STAGING, LOGISTIC_STATUS.CANCELLED_QUOTE]);

export type { PaymentStatus };
