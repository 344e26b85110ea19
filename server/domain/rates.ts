import { and, count, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../src/api/generated/connect';
import { PAGE_SIZE_OPTIONS } from '../../src/lib/constants';
import { RATE_PARCEL_TYPE_LABELS, RATE_TEXTS } from '../../src/lib/rate-texts';
import { conflictMessage } from '../../src/lib/resource-texts';
import type { Database } from '../db/database';
import { companies, parcelTypes, rates } from '../db/schema';
import { badRequest, ConflictError, HttpError, notFound } from '../http/errors';
import { rowExport, type ExportColumn } from './export';
import { after, type ListDefinition, pageOf, parseListQuery, type QueryOf, whereAll } from './list-query';
import type { PortalData } from './portals';

/**
 * Rates (issue 16; 000 section 2 /rates, add, edit; 002 sections 3 and 9): the rows server/domain/pricing.ts
 * prices every quote from, so a saved change prices the next quote. Only staff reach these calls (the access
 * table): the scope is the portal, another portal's rate is 404.
 */

type S = components['schemas'];
export type Rate = S['Rate'];
export type RateQuery = QueryOf<'getrates'>;
type RateInput = S['RateInput'];

const rateList: ListDefinition = {
  sortable: {
    id: rates.id, name: rates.name, slaType: rates.slaType, parcelTypeId: rates.parcelTypeId, rateType: rates.rateType,
    dayOfWeekType: rates.dayOfWeekType, pricingTier: rates.pricingTier, startKmRange: rates.startKmRange,
    endKmRange: rates.endKmRange, priceCents: rates.priceCents, isActive: rates.isActive,
  },
  // A rate card reads by distance band; by name "100-1000 km" would come before "25-50 km".
  defaultSort: rates.startKmRange,
  id: rates.id,
  searchable: [rates.name, rates.slaType, rates.pricingTier],
  filters: {
    isActive: { kind: 'equals', column: rates.isActive },
    isHighRisk: { kind: 'equals', column: rates.isHighRisk },
    companyid: { kind: 'equals', column: rates.companyId },
    rateType: { kind: 'equals', column: rates.rateType },
    slaType: { kind: 'equals', column: rates.slaType },
    parcelType: { kind: 'equals', column: rates.parcelTypeId },
    pricingTier: { kind: 'equals', column: rates.pricingTier },
  },
  maxPageSize: PAGE_SIZE_OPTIONS.at(-1),
};

const rateRow = {
  id: rates.id, name: rates.name, companyId: rates.companyId,
  companyName: sql<string | null>`(select c.company_name from companies c where c.id = ${rates.companyId})`,
  slaType: rates.slaType, parcelTypeId: rates.parcelTypeId, rateType: rates.rateType, dayOfWeekType: rates.dayOfWeekType,
  pricingTier: rates.pricingTier, startKmRange: rates.startKmRange, endKmRange: rates.endKmRange, priceCents: rates.priceCents,
  isReturnToSenderRate: rates.isReturnToSenderRate, isHighRisk: rates.isHighRisk, isActive: rates.isActive,
  xmin: sql<string>`${rates}.xmin::text`,
};

type RateRow = Awaited<ReturnType<typeof selectRates>>[number];

function selectRates(db: Database, where: SQL | undefined) {
  return db.select(rateRow).from(rates).where(where);
}

const SLA = new Set<string>(['Priority', 'Standard', 'Hyperlocal', 'Emergency Relief']);
const isSla = (value: string): value is Rate['slaType'] => SLA.has(value);
const isRateType = (value: string): value is Rate['rateType'] => value === 'Base' || value === 'Surcharge';
const isDayType = (value: string): value is Rate['dayOfWeekType'] => value === 'Weekday' || value === 'Weekend' || value === 'Any';

/** The columns are text in the database; the contract's enums are what the writes allow (rows of other values are not written here). */
function publicRate(row: RateRow): Rate {
  const { slaType, rateType, dayOfWeekType } = row;
  if (!isSla(slaType) || !isRateType(rateType) || !isDayType(dayOfWeekType)) throw new Error(`rate ${row.id} has a value outside the catalogue`);
  return { ...row, slaType, rateType, dayOfWeekType };
}

const money = (cents: number) => cents / 100;

const RATE_EXPORT: ExportColumn<RateRow>[] = [
  { header: 'Id', value: (row) => row.id, width: 8 },
  { header: 'Name', value: (row) => row.name, width: 40 },
  { header: 'Company', value: (row) => row.companyName ?? 'Portal default', width: 24 },
  { header: 'Rate type', value: (row) => row.rateType, width: 12 },
  { header: 'SLA type', value: (row) => row.slaType, width: 16 },
  { header: 'Parcel type', value: (row) => RATE_PARCEL_TYPE_LABELS[row.parcelTypeId] ?? row.parcelTypeId, width: 14 },
  { header: 'Pricing tier', value: (row) => row.pricingTier, width: 14 },
  { header: 'Day of the week', value: (row) => row.dayOfWeekType, width: 14 },
  { header: 'Start km', value: (row) => row.startKmRange, width: 10 },
  { header: 'End km', value: (row) => row.endKmRange, width: 10 },
  { header: 'Price', value: (row) => money(row.priceCents), width: 10 },
  { header: 'Return to sender', value: (row) => row.isReturnToSenderRate, width: 10 },
  { header: 'High risk', value: (row) => row.isHighRisk, width: 10 },
  { header: 'Active', value: (row) => row.isActive, width: 8 },
];

const inPortal = (portal: PortalData) => eq(rates.portalId, portal.id);

/** Filters beyond the equals pairs: the portal default, several SLA types, price (currency units) and distance (km) ranges. */
function extraFilters(query: RateQuery): (SQL | undefined)[] {
  const toCents = (value: number) => Math.round(value * 100);
  return [
    query.isDefault === undefined ? undefined : query.isDefault ? isNull(rates.companyId) : sql`${rates.companyId} is not null`,
    query.slaTypes && query.slaTypes.length > 0 ? inArray(rates.slaType, query.slaTypes) : undefined,
    query.minPrice === undefined ? undefined : sql`${rates.priceCents} >= ${toCents(query.minPrice)}`,
    query.maxPrice === undefined ? undefined : sql`${rates.priceCents} <= ${toCents(query.maxPrice)}`,
    // A rate's range is [start, end): it reaches a distance d when end > d, and starts by it when start <= d.
    query.minDistance === undefined ? undefined : sql`${rates.endKmRange} > ${query.minDistance}::float8`,
    query.maxDistance === undefined ? undefined : sql`${rates.startKmRange} <= ${query.maxDistance}::float8`,
  ];
}

export async function listRates(db: Database, portal: PortalData, query: RateQuery) {
  const parsed = parseListQuery(query as RateQuery & Record<string, unknown>, rateList);
  const where = whereAll(inPortal(portal), parsed.search, parsed.filters, ...extraFilters(query));
  if (query.exportExcel) {
    const [total] = await db.select({ value: count() }).from(rates).where(where);
    const sortName = Object.entries(rateList.sortable).find(([, column]) => column === parsed.sortColumn)?.[0] ?? 'id';
    return rowExport<RateRow>({
      fileName: RATE_TEXTS.exportName,
      columns: RATE_EXPORT,
      total: total?.value ?? 0,
      batch: (last, limit) => selectRates(db, whereAll(where, after(parsed, last && { id: last.id, sortValue: last[sortName as keyof RateRow] })))
        .orderBy(...parsed.orderBy).limit(limit),
    });
  }
  if (query.select) {
    const rows = await db.select({ id: rates.id, name: rates.name }).from(rates).where(where).orderBy(...parsed.orderBy).limit(parsed.pageSize).offset(parsed.offset);
    return rows.map((row) => ({ key: String(row.id), value: row.name }));
  }
  const [items, [total]] = await Promise.all([
    selectRates(db, where).orderBy(...parsed.orderBy).limit(parsed.pageSize).offset(parsed.offset),
    db.select({ value: count() }).from(rates).where(where),
  ]);
  return pageOf(items.map(publicRate), total?.value ?? 0, parsed);
}

export async function getRate(db: Database, portal: PortalData, id: number): Promise<Rate> {
  const [row] = await selectRates(db, and(inPortal(portal), eq(rates.id, id)));
  if (!row) throw notFound(`rate ${id}`);
  return publicRate(row);
}

/**
 * The active rates that price a company's quotes: its own, then the portal's list prices (pricing prefers the
 * company's own rate of a key and falls back to the list price; server/domain/pricing.ts).
 */
export async function companyActiveRates(db: Database, portal: PortalData, companyId: number): Promise<Rate[]> {
  const [company] = await db.select({ id: companies.id }).from(companies).where(and(eq(companies.id, companyId), eq(companies.portalId, portal.id)));
  if (!company) throw notFound(`company ${companyId}`);
  const rows = await selectRates(db, and(inPortal(portal), eq(rates.isActive, true), or(eq(rates.companyId, companyId), isNull(rates.companyId))))
    .orderBy(sql`${rates.companyId} is null`, rates.slaType, rates.parcelTypeId, rates.dayOfWeekType, rates.startKmRange, rates.id);
  return rows.map(publicRate);
}

export type RateValues = Omit<RateInput, 'companyId'> & { companyId?: number | null };

/** The references and the range: a bad one names its field (400). */
async function checkRate(db: Database, portal: PortalData, input: RateValues) {
  if (input.endKmRange <= input.startKmRange) throw badRequest('endKmRange', RATE_TEXTS.endBeforeStart);
  if (input.companyId != null) {
    const [company] = await db.select({ id: companies.id }).from(companies).where(and(eq(companies.id, input.companyId), eq(companies.portalId, portal.id)));
    if (!company) throw badRequest('companyId', RATE_TEXTS.unknownCompany);
  }
  if (input.parcelTypeId !== 0) {
    const [type] = await db.select({ id: parcelTypes.id }).from(parcelTypes).where(eq(parcelTypes.id, input.parcelTypeId));
    if (!type) throw badRequest('parcelTypeId', RATE_TEXTS.unknownParcelType);
  }
}

/**
 * An active rate whose km range overlaps another active rate of the same key would make the price depend on
 * which row the database returns first: refused (422) naming both. Ranges are [start, end).
 */
export async function findOverlap(db: Database, portalId: number, input: RateValues, except?: number) {
  if (input.isActive === false) return undefined;
  const [other] = await db.select({ id: rates.id, name: rates.name, startKmRange: rates.startKmRange, endKmRange: rates.endKmRange }).from(rates).where(whereAll(
    eq(rates.portalId, portalId), eq(rates.isActive, true),
    input.companyId == null ? isNull(rates.companyId) : eq(rates.companyId, input.companyId),
    eq(rates.slaType, input.slaType), eq(rates.parcelTypeId, input.parcelTypeId), eq(rates.rateType, input.rateType),
    eq(rates.dayOfWeekType, input.dayOfWeekType), eq(rates.pricingTier, input.pricingTier),
    eq(rates.isReturnToSenderRate, input.isReturnToSenderRate ?? false), eq(rates.isHighRisk, input.isHighRisk ?? false),
    sql`${rates.startKmRange} < ${input.endKmRange}`, sql`${input.startKmRange} < ${rates.endKmRange}`,
    except === undefined ? undefined : ne(rates.id, except),
  )).orderBy(rates.startKmRange).limit(1);
  return other;
}

/** One writer of a portal's rates at a time, so two overlapping saves cannot both pass the check. */
export async function lockRates(db: Database, portalId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(${RATES_LOCK}, ${portalId})`);
}
const RATES_LOCK = 16_001;

/** Inserts a rate in the caller's transaction (also the upload batch's submit). */
export async function insertRate(tx: Database, portalId: number, input: RateValues): Promise<number> {
  await lockRates(tx, portalId);
  const other = await findOverlap(tx, portalId, input);
  if (other) throw new HttpError(422, RATE_TEXTS.overlap(input, other));
  const [row] = await tx.insert(rates).values({ ...input, name: input.name.trim(), portalId }).returning({ id: rates.id });
  return row!.id;
}

export async function createRate(db: Database, portal: PortalData, input: RateInput): Promise<Rate> {
  await checkRate(db, portal, input);
  const id = await db.transaction((tx) => insertRate(tx, portal.id, input));
  return getRate(db, portal, id);
}

/** UPDATE ... WHERE id AND xmin: a rate changed since `xmin` answers 409 with its current version. */
export async function updateRate(db: Database, portal: PortalData, id: number, input: S['RateUpdate']): Promise<Rate> {
  const { xmin, ...values } = input;
  const existing = await getRate(db, portal, id);
  await checkRate(db, portal, values);
  const changed = await db.transaction(async (tx) => {
    await lockRates(tx, portal.id);
    const other = await findOverlap(tx, portal.id, values, id);
    if (other) throw new HttpError(422, RATE_TEXTS.overlap({ ...values, id: existing.id }, other));
    return tx.update(rates).set({ companyId: null, ...values, name: values.name.trim() })
      .where(and(inPortal(portal), eq(rates.id, id), sql`${rates}.xmin::text = ${xmin}`)).returning({ id: rates.id });
  });
  const current = await getRate(db, portal, id);
  if (changed.length === 0) throw new ConflictError(conflictMessage('rate'), current);
  return current;
}
