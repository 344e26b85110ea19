import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { companies, stores } from '../db/schema';
import { pageOf, parseListQuery, whereAll, type ListDefinition, type ListQuery } from './list-query';
import type { PortalData } from './portals';
import type { Scope } from './scope';

/** Companies and stores: the directory that scoping is tested on, and the first lists of the back office. */

export interface DirectoryQuery extends ListQuery {
  select?: boolean;
  isActive?: boolean;
}

const companyList: ListDefinition = {
  sortable: { id: companies.id, companyName: companies.companyName, isActive: companies.isActive, createdAt: companies.createdAt },
  defaultSort: companies.companyName,
  searchable: [companies.companyName, companies.contactName, companies.email],
};

const storeList: ListDefinition = {
  sortable: { id: stores.id, storeName: stores.storeName, companyId: stores.companyId, isActive: stores.isActive, createdAt: stores.createdAt },
  defaultSort: stores.storeName,
  searchable: [stores.storeName, stores.contactName],
};

function companyScope(scope: Scope) {
  switch (scope.kind) {
    case 'portal': return undefined;
    case 'company': return eq(companies.id, scope.companyId);
    case 'store': return scope.companyId ? eq(companies.id, scope.companyId) : sql`false`;
    case 'none': return sql`false`;
  }
}

function storeScope(scope: Scope) {
  switch (scope.kind) {
    case 'portal': return undefined;
    case 'company': return eq(stores.companyId, scope.companyId);
    case 'store': return eq(stores.id, scope.storeId);
    case 'none': return sql`false`;
  }
}

const xmin = (table: typeof companies | typeof stores) => sql<string>`${table}.xmin::text`;

export async function listCompanies(db: Database, portal: PortalData, scope: Scope, query: DirectoryQuery) {
  const parsed = parseListQuery(query, companyList);
  const where = whereAll(
    eq(companies.portalId, portal.id),
    companyScope(scope),
    parsed.search,
    query.isActive === undefined ? undefined : eq(companies.isActive, query.isActive),
  );
  if (query.select) {
    const rows = await db.select({ id: companies.id, name: companies.companyName }).from(companies)
      .where(where).orderBy(...parsed.orderBy).limit(parsed.pageSize).offset(parsed.offset);
    return rows.map((row) => ({ key: String(row.id), value: row.name }));
  }
  const [items, [total]] = await Promise.all([
    db.select({
      id: companies.id, companyName: companies.companyName, contactName: companies.contactName,
      phoneNumber: companies.phoneNumber, email: companies.email, isActive: companies.isActive, xmin: xmin(companies),
    }).from(companies).where(where).orderBy(...parsed.orderBy).limit(parsed.pageSize).offset(parsed.offset),
    db.select({ value: count() }).from(companies).where(where),
  ]);
  return pageOf(items, total?.value ?? 0, parsed);
}

export async function listStores(db: Database, portal: PortalData, scope: Scope, query: DirectoryQuery & { companyid?: number }) {
  const parsed = parseListQuery(query, storeList);
  const where = whereAll(
    eq(stores.portalId, portal.id),
    storeScope(scope),
    parsed.search,
    query.isActive === undefined ? undefined : eq(stores.isActive, query.isActive),
    // A filter can only narrow the scope above, never widen it.
    query.companyid === undefined ? undefined : eq(stores.companyId, query.companyid),
  );
  if (query.select) {
    const rows = await db.select({ id: stores.id, name: stores.storeName }).from(stores)
      .where(where).orderBy(...parsed.orderBy).limit(parsed.pageSize).offset(parsed.offset);
    return rows.map((row) => ({ key: String(row.id), value: row.name }));
  }
  const [items, [total]] = await Promise.all([
    db.select({
      id: stores.id, storeName: stores.storeName, companyId: stores.companyId, contactName: stores.contactName,
      phoneNumber: stores.phoneNumber, unitName: stores.unitName, unitNumber: stores.unitNumber,
      isActive: stores.isActive, qsrMode: stores.qsrMode, xmin: xmin(stores),
    }).from(stores).where(where).orderBy(...parsed.orderBy).limit(parsed.pageSize).offset(parsed.offset),
    db.select({ value: count() }).from(stores).where(where),
  ]);
  return pageOf(items, total?.value ?? 0, parsed);
}
