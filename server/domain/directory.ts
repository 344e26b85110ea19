import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../src/api/generated/connect';
import { EXTENDED_PAGE_SIZE_OPTIONS, MAX_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../../src/lib/constants';
import { conflictMessage, inUseMessage } from '../../src/lib/resource-texts';
import type { Database } from '../db/database';
import { companies, stores, users } from '../db/schema';
import { ConflictError, HttpError, notFound } from '../http/errors';
import { rowExport, type ExportColumn } from './export';
import { after, type ListDefinition, pageOf, type ParsedList, parseListQuery, type QueryOf, whereAll } from './list-query';
import type { PortalData } from './portals';
import type { Scope } from './scope';

/** Companies and stores: the directory that scoping is tested on, and the first lists of the back office. */

export type CompanyQuery = QueryOf<'getcompanies'>;

export type StoreQuery = QueryOf<'getstores'>;

const companyList: ListDefinition = {
  sortable: {
    id: companies.id, companyName: companies.companyName, isActive: companies.isActive, createdAt: companies.createdAt,
  },
  defaultSort: companies.companyName,
  id: companies.id,
  searchable: [companies.companyName, companies.contactName, companies.email],
  filters: { isActive: { kind: 'equals', column: companies.isActive }, companyType: { kind: 'equals', column: companies.companyType } },
  maxPageSize: PAGE_SIZE_OPTIONS.at(-1),
};

const storeList: ListDefinition = {
  sortable: {
    id: stores.id, storeName: stores.storeName, companyId: stores.companyId, isActive: stores.isActive, createdAt: stores.createdAt,
  },
  defaultSort: stores.storeName,
  id: stores.id,
  searchable: [stores.storeName, stores.contactName],
  filters: {
    isActive: { kind: 'equals', column: stores.isActive },
    qsrMode: { kind: 'equals', column: stores.qsrMode },
    // A filter can only narrow the scope, never widen it.
    companyid: { kind: 'equals', column: stores.companyId },
  },
  maxPageSize: EXTENDED_PAGE_SIZE_OPTIONS.at(-1) ?? MAX_PAGE_SIZE,
};

function companyScope(scope: Scope): SQL | undefined {
  switch (scope.kind) {
    case 'portal': return undefined;
    case 'company': return eq(companies.id, scope.companyId);
    case 'store': return scope.companyId ? eq(companies.id, scope.companyId) : sql`false`;
    case 'none': return sql`false`;
  }
}

function storeScope(scope: Scope): SQL | undefined {
  switch (scope.kind) {
    case 'portal': return undefined;
    case 'company': return eq(stores.companyId, scope.companyId);
    case 'store': return eq(stores.id, scope.storeId);
    case 'none': return sql`false`;
  }
}

const companyRow = {
  id: companies.id, companyName: companies.companyName, contactName: companies.contactName,
  phoneNumber: companies.phoneNumber, email: companies.email, isActive: companies.isActive,
  companyType: companies.companyType, registrationNumber: companies.registrationNumber, vatNumber: companies.vatNumber,
  createdAt: companies.createdAt, xmin: sql<string>`${companies}.xmin::text`,
};

const storeRow = {
  id: stores.id, storeName: stores.storeName, companyId: stores.companyId, contactName: stores.contactName,
  phoneNumber: stores.phoneNumber, email: stores.email, address: stores.address, unitName: stores.unitName,
  unitNumber: stores.unitNumber, isActive: stores.isActive, qsrMode: stores.qsrMode, createdAt: stores.createdAt,
  xmin: sql<string>`${stores}.xmin::text`,
};

type CompanyRow = Awaited<ReturnType<typeof selectCompanies>>[number];
type StoreRow = Awaited<ReturnType<typeof selectStores>>[number];

function selectCompanies(db: Database, where: SQL | undefined) {
  return db.select(companyRow).from(companies).where(where);
}
function selectStores(db: Database, where: SQL | undefined) {
  return db.select(storeRow).from(stores).where(where);
}

const sortValueOf = <Row extends Record<string, unknown>>(parsed: ParsedList, definition: ListDefinition, row: Row) => {
  const name = Object.entries(definition.sortable).find(([, column]) => column === parsed.sortColumn)?.[0] ?? 'id';
  return row[name];
};

/** The JSON shape of a row (createdAt is internal: it only orders and pages exports). */
function publicCompany({ createdAt: _createdAt, ...row }: CompanyRow) {
  return row;
}
function publicStore({ createdAt: _createdAt, ...row }: StoreRow) {
  return row;
}

const COMPANY_EXPORT: ExportColumn<CompanyRow>[] = [
  { header: 'Id', value: (row) => row.id, width: 8 },
  { header: 'Company name', value: (row) => row.companyName, width: 30 },
  { header: 'Company type', value: (row) => row.companyType },
  { header: 'Contact name', value: (row) => row.contactName },
  { header: 'Phone number', value: (row) => row.phoneNumber },
  { header: 'Email', value: (row) => row.email, width: 30 },
  { header: 'Registration number', value: (row) => row.registrationNumber },
  { header: 'VAT number', value: (row) => row.vatNumber },
  { header: 'Active', value: (row) => row.isActive, width: 8 },
];

const STORE_EXPORT: ExportColumn<StoreRow>[] = [
  { header: 'Id', value: (row) => row.id, width: 8 },
  { header: 'Store name', value: (row) => row.storeName, width: 30 },
  { header: 'Company id', value: (row) => row.companyId, width: 10 },
  { header: 'Contact name', value: (row) => row.contactName },
  { header: 'Phone number', value: (row) => row.phoneNumber },
  { header: 'Email', value: (row) => row.email, width: 30 },
  { header: 'Address', value: (row) => row.address, width: 40 },
  { header: 'Unit name', value: (row) => row.unitName },
  { header: 'Unit number', value: (row) => row.unitNumber },
  { header: 'Active', value: (row) => row.isActive, width: 8 },
  { header: 'QSR mode', value: (row) => row.qsrMode, width: 8 },
];

export async function listCompanies(db: Database, portal: PortalData, scope: Scope, query: CompanyQuery) {
  const parsed = parseListQuery(query as CompanyQuery & Record<string, unknown>, companyList);
  const where = whereAll(eq(companies.portalId, portal.id), companyScope(scope), parsed.search, parsed.filters);
  if (query.exportExcel) {
    const [total] = await db.select({ value: count() }).from(companies).where(where);
    return rowExport<CompanyRow>({
      fileName: 'Companies',
      columns: COMPANY_EXPORT,
      total: total?.value ?? 0,
      batch: (last, limit) => selectCompanies(db, whereAll(where, after(parsed, last && { id: last.id, sortValue: sortValueOf(parsed, companyList, last) })))
        .orderBy(...parsed.orderBy).limit(limit),
    });
  }
  if (query.select) {
    const rows = await db.select({ id: companies.id, name: companies.companyName }).from(companies)
      .where(where).orderBy(...parsed.orderBy).limit(parsed.pageSize).offset(parsed.offset);
    return rows.map((row) => ({ key: String(row.id), value: row.name }));
  }
  const [items, [total]] = await Promise.all([
    selectCompanies(db, where).orderBy(...parsed.orderBy).limit(parsed.pageSize).offset(parsed.offset),
    db.select({ value: count() }).from(companies).where(where),
  ]);
  return pageOf(items.map(publicCompany), total?.value ?? 0, parsed);
}

export async function listStores(db: Database, portal: PortalData, scope: Scope, query: StoreQuery) {
  const parsed = parseListQuery(query as StoreQuery & Record<string, unknown>, storeList);
  const where = whereAll(eq(stores.portalId, portal.id), storeScope(scope), parsed.search, parsed.filters);
  if (query.exportExcel) {
    const [total] = await db.select({ value: count() }).from(stores).where(where);
    return rowExport<StoreRow>({
      fileName: 'Stores',
      columns: STORE_EXPORT,
      total: total?.value ?? 0,
      batch: (last, limit) => selectStores(db, whereAll(where, after(parsed, last && { id: last.id, sortValue: sortValueOf(parsed, storeList, last) })))
        .orderBy(...parsed.orderBy).limit(limit),
    });
  }
  if (query.select) {
    const rows = await db.select({ id: stores.id, name: stores.storeName }).from(stores)
      .where(where).orderBy(...parsed.orderBy).limit(parsed.pageSize).offset(parsed.offset);
    return rows.map((row) => ({ key: String(row.id), value: row.name }));
  }
  const [items, [total]] = await Promise.all([
    selectStores(db, where).orderBy(...parsed.orderBy).limit(parsed.pageSize).offset(parsed.offset),
    db.select({ value: count() }).from(stores).where(where),
  ]);
  return pageOf(items.map(publicStore), total?.value ?? 0, parsed);
}

// ---- One company ------------------------------------------------------------------------------------------

export interface CompanyInput {
  companyName: string;
  contactName?: string | null;
  phoneNumber?: string | null;
  email?: string | null;
  companyType?: string | null;
  registrationNumber?: string | null;
  vatNumber?: string | null;
  isActive?: boolean;
}

async function findCompany(db: Database, portal: PortalData, scope: Scope, id: number) {
  const [row] = await selectCompanies(db, whereAll(eq(companies.portalId, portal.id), companyScope(scope), eq(companies.id, id)));
  return row;
}

export async function getCompany(db: Database, portal: PortalData, scope: Scope, id: number) {
  const row = await findCompany(db, portal, scope, id);
  if (!row) throw notFound(`company ${id}`);
  return publicCompany(row);
}

export async function createCompany(db: Database, portal: PortalData, input: CompanyInput) {
  const [row] = await db.insert(companies).values({ ...input, portalId: portal.id }).returning({ id: companies.id });
  const [created] = await selectCompanies(db, eq(companies.id, row!.id));
  return publicCompany(created!);
}

/** UPDATE ... WHERE id AND xmin: a row changed since `xmin` answers 409 with its current version. */
export async function updateCompany(db: Database, portal: PortalData, scope: Scope, id: number, input: CompanyInput & { xmin: string }) {
  const { xmin, ...values } = input;
  const inScope = whereAll(eq(companies.portalId, portal.id), companyScope(scope), eq(companies.id, id));
  const updated = await db.update(companies).set(values).where(and(inScope, sql`${companies}.xmin::text = ${xmin}`)).returning({ id: companies.id });
  const current = await findCompany(db, portal, scope, id);
  if (!current) throw notFound(`company ${id}`);
  if (updated.length === 0) throw new ConflictError(conflictMessage('company'), publicCompany(current));
  return publicCompany(current);
}

// ---- One store --------------------------------------------------------------------------------------------

/** The store bodies are the contract's (openapi/connect.yaml), so the two never drift. */
type StoreCreate = components['schemas']['DirStoreInput'];
type StoreUpdate = components['schemas']['DirStoreUpdate'];

async function findStore(db: Database, portal: PortalData, scope: Scope, id: number) {
  const [row] = await selectStores(db, whereAll(eq(stores.portalId, portal.id), storeScope(scope), eq(stores.id, id)));
  return row;
}

export async function getStore(db: Database, portal: PortalData, scope: Scope, id: number) {
  const row = await findStore(db, portal, scope, id);
  if (!row) throw notFound(`store ${id}`);
  return publicStore(row);
}

export async function createStore(db: Database, portal: PortalData, scope: Scope, input: StoreCreate) {
  // The company must be one the caller may see in this portal: a foreign id is 404, as for reads.
  const company = await findCompany(db, portal, scope, input.companyId);
  if (!company) throw notFound(`company ${input.companyId}`);
  const [row] = await db.insert(stores).values({ ...input, portalId: portal.id }).returning({ id: stores.id });
  const [created] = await selectStores(db, eq(stores.id, row!.id));
  return publicStore(created!);
}

export async function updateStore(db: Database, portal: PortalData, scope: Scope, id: number, input: StoreUpdate) {
  const { xmin, ...values } = input;
  const inScope = whereAll(eq(stores.portalId, portal.id), storeScope(scope), eq(stores.id, id));
  const updated = await db.update(stores).set(values).where(and(inScope, sql`${stores}.xmin::text = ${xmin}`)).returning({ id: stores.id });
  const current = await findStore(db, portal, scope, id);
  if (!current) throw notFound(`store ${id}`);
  if (updated.length === 0) throw new ConflictError(conflictMessage('store'), publicStore(current));
  return publicStore(current);
}

/** Deletes all of `ids` or none: an id outside the caller's scope is 404; a store still referred to is 409. */
export async function deleteStores(db: Database, portal: PortalData, scope: Scope, ids: number[]) {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const visible = await tx.select({ id: stores.id }).from(stores)
      .where(whereAll(eq(stores.portalId, portal.id), storeScope(scope), inArray(stores.id, unique)));
    if (visible.length !== unique.length) {
      const missing = unique.filter((id) => !visible.some((row) => row.id === id));
      throw notFound(`store ${missing.join(', ')}`);
    }
    const [used] = await tx.select({ value: count() }).from(users).where(inArray(users.storeId, unique));
    if ((used?.value ?? 0) > 0) throw new HttpError(409, inUseMessage('store'));
    const deleted = await tx.delete(stores).where(inArray(stores.id, unique)).returning({ id: stores.id });
    return { deleted: deleted.length };
  });
}
