import { and, count, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../src/api/generated/connect';
import { PAGE_SIZE_OPTIONS } from '../../src/lib/constants';
import { AUTH_TEXTS, ERROR_TEXTS } from '../../src/lib/error-catalogue';
import { conflictMessage } from '../../src/lib/resource-texts';
import { COMPANY_ROLES, STORE_ROLES, type Permissions, userExportName } from '../../src/lib/roles';
import { USERS_ADMIN_TEXTS } from '../../src/lib/users-admin-texts';
import { privilegeRank, rankOfPermissions, rankOfRole } from '../auth/impersonation';
import { normalisedPhoneNumber, requiredText } from '../auth/profiles';
import { revokeUserFamilies } from '../auth/sessions';
import type { Database } from '../db/database';
import { apiKeys, companies, stores, userAdminDetails, users } from '../db/schema';
import { badRequest, ConflictError, HttpError, notFound } from '../http/errors';
import { rowExport, type ExportColumn } from './export';
import { after, type ListDefinition, pageOf, type ParsedList, parseListQuery, type QueryOf, whereAll } from './list-query';
import type { PortalData } from './portals';
import type { Scope } from './scope';

/**
 * The back office's users (000 section 2: /users, /users/add, /users/edit/:id; export "Users") over the identity
 * table. New users are made only by identity's createProfile (invitation code, no password); this module lists,
 * reads and edits them. Password hashes, codes and tokens never leave it.
 */

export type UserAdmin = components['schemas']['UserAdmin'];
type UserUpdate = components['schemas']['UsrUpdate'];
type RoleName = components['schemas']['UsrRoleName'];

export type UserQuery = QueryOf<'getusers'>;

const isActiveColumn = sql<boolean>`coalesce(${userAdminDetails.isActive}, true)`;

const userList: ListDefinition = {
  sortable: {
    id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, createdAt: users.createdAt,
  },
  defaultSort: users.lastName,
  id: users.id,
  searchable: [users.email, users.firstName, users.lastName, users.phoneNumber],
  fullNames: [[users.firstName, users.lastName]],
  filters: {
    companyid: { kind: 'equals', column: users.companyId },
    storeid: { kind: 'equals', column: users.storeId },
    verified: { kind: 'equals', column: users.emailConfirmed },
  },
  maxPageSize: PAGE_SIZE_OPTIONS.at(-1),
};

/** Users of the portal: those of its companies, and those of no company (customers, drivers, staff). */
function portalCondition(portal: PortalData): SQL {
  return or(isNull(users.companyId), eq(companies.portalId, portal.id))!;
}

function userScope(scope: Scope): SQL | undefined {
  switch (scope.kind) {
    case 'portal': return undefined;
    case 'company': return eq(users.companyId, scope.companyId);
    case 'store': return eq(users.storeId, scope.storeId);
    case 'none': return sql`false`;
  }
}

const userRow = {
  id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, phoneNumber: users.phoneNumber,
  contactCountryCode: users.contactCountryCode, roles: users.roles, companyId: users.companyId, companyName: companies.companyName,
  storeId: users.storeId, storeName: stores.storeName, emailConfirmed: users.emailConfirmed,
  phoneNumberConfirmed: users.phoneNumberConfirmed, isActive: isActiveColumn, beta: users.beta,
  twoFactorEnabled: users.twoFactorEnabled, lockedUntil: users.lockedUntil, createdAt: users.createdAt,
  publicApiKeyPrefix: sql<string | null>`(select ${apiKeys.prefix} from ${apiKeys} where ${apiKeys.userId} = ${users.id} and ${apiKeys.revokedAt} is null order by ${apiKeys.id} desc limit 1)`,
  xmin: sql<string>`${users}.xmin::text`,
};

function selectUsers(db: Pick<Database, 'select'>, where: SQL | undefined) {
  return db.select(userRow).from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(stores, eq(stores.id, users.storeId))
    .leftJoin(userAdminDetails, eq(userAdminDetails.userId, users.id))
    .where(where);
}

type UserRow = Awaited<ReturnType<typeof selectUsers>>[number];

/** The JSON shape: only what the back office shows (no hash, no codes, no tokens). */
function publicUser({ lockedUntil, createdAt, ...row }: UserRow): UserAdmin {
  return {
    ...row,
    roles: row.roles as RoleName[],
    fullName: `${row.firstName} ${row.lastName}`.trim(),
    isActive: Boolean(row.isActive),
    lockedOut: lockedUntil !== null && lockedUntil.getTime() > Date.now(),
    createdAt: createdAt.toISOString(),
  };
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

const USER_EXPORT: ExportColumn<UserRow>[] = [
  { header: 'Id', value: (row) => row.id, width: 8 },
  { header: 'Email', value: (row) => row.email, width: 30 },
  { header: 'First name', value: (row) => row.firstName },
  { header: 'Last name', value: (row) => row.lastName },
  { header: 'Phone number', value: (row) => row.phoneNumber },
  { header: 'Roles', value: (row) => row.roles.join(', '), width: 30 },
  { header: 'Company', value: (row) => row.companyName, width: 30 },
  { header: 'Store', value: (row) => row.storeName, width: 30 },
  { header: 'Verified', value: (row) => yesNo(row.emailConfirmed), width: 10 },
  { header: 'Active', value: (row) => yesNo(Boolean(row.isActive)), width: 8 },
  { header: 'Created', value: (row) => row.createdAt },
];

function sortValueOf(parsed: ParsedList, row: UserRow): unknown {
  const name = Object.entries(userList.sortable).find(([, column]) => column === parsed.sortColumn)?.[0] ?? 'id';
  return row[name as keyof UserRow];
}

export async function listUsers(db: Database, portal: PortalData, scope: Scope, query: UserQuery) {
  const parsed = parseListQuery(query as UserQuery & Record<string, unknown>, userList);
  const where = whereAll(
    portalCondition(portal), userScope(scope), parsed.search, parsed.filters,
    query.isActive === undefined ? undefined : sql`${isActiveColumn} = ${query.isActive}`,
    query.roles ? sql`${query.roles} = any(${users.roles})` : undefined,
  );
  const total = async () => {
    const [row] = await db.select({ value: count() }).from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .leftJoin(userAdminDetails, eq(userAdminDetails.userId, users.id))
      .where(where);
    return row?.value ?? 0;
  };
  if (query.exportExcel) {
    return rowExport<UserRow>({
      fileName: userExportName(query.roles),
      columns: USER_EXPORT,
      total: await total(),
      batch: (last, limit) => selectUsers(db, whereAll(where, after(parsed, last && { id: last.id, sortValue: sortValueOf(parsed, last) })))
        .orderBy(...parsed.orderBy).limit(limit),
    });
  }
  if (query.select) {
    const rows = await selectUsers(db, where).orderBy(...parsed.orderBy).limit(parsed.pageSize).offset(parsed.offset);
    return rows.map((row) => ({ key: String(row.id), value: `${row.firstName} ${row.lastName} (${row.email})` }));
  }
  const [items, totalItems] = await Promise.all([
    selectUsers(db, where).orderBy(...parsed.orderBy).limit(parsed.pageSize).offset(parsed.offset),
    total(),
  ]);
  return pageOf(items.map(publicUser), totalItems, parsed);
}

async function findUser(db: Pick<Database, 'select'>, portal: PortalData, scope: Scope, id: number) {
  const [row] = await selectUsers(db, whereAll(portalCondition(portal), userScope(scope), eq(users.id, id)));
  return row;
}

export async function getUser(db: Database, portal: PortalData, scope: Scope, id: number): Promise<UserAdmin> {
  const row = await findUser(db, portal, scope, id);
  if (!row) throw notFound(`user ${id}`);
  return publicUser(row);
}

const isCompanyRole = (role: string) => (COMPANY_ROLES as readonly string[]).includes(role);
const isStoreRole = (role: string) => (STORE_ROLES as readonly string[]).includes(role);

/**
 * Updates a user: UPDATE ... WHERE id AND xmin (409 with the current version otherwise). The caller edits only
 * users of at most its own rank and grants only roles of at most its own rank (as createProfile does); company
 * and store roles need their company or store, a store fixes its company. Deactivating ends the user's sessions.
 */
export async function updateUser(
  db: Database, portal: PortalData, scope: Scope, caller: Permissions, id: number, input: UserUpdate,
): Promise<UserAdmin> {
  const callerRank = rankOfPermissions(caller);
  const firstName = requiredText('firstName', input.firstName);
  const lastName = requiredText('lastName', input.lastName);
  return db.transaction(async (tx) => {
    const before = await findUser(tx, portal, scope, id);
    if (!before) throw notFound(`user ${id}`);
    if (privilegeRank(before.roles) > callerRank) throw new HttpError(403, ERROR_TEXTS.forbidden);
    const roles = input.roles ?? (before.roles as RoleName[]);
    const refused = roles.find((role) => rankOfRole(role) > callerRank && !before.roles.includes(role));
    if (refused) throw new HttpError(403, AUTH_TEXTS.roleNotGrantable(refused), { roles: [AUTH_TEXTS.roleNotGrantable(refused)] });
    const phoneNumber = input.phoneNumber === undefined
      ? before.phoneNumber
      : normalisedPhoneNumber('phoneNumber', input.phoneNumber, before.contactCountryCode);
    const storeId = input.storeId === undefined ? before.storeId : input.storeId;
    let companyId = input.companyId === undefined ? before.companyId : input.companyId;
    if (storeId !== null) {
      const [store] = await tx.select({ companyId: stores.companyId }).from(stores)
        .where(and(eq(stores.id, storeId), eq(stores.portalId, portal.id))).limit(1);
      if (!store) throw badRequest('storeId', USERS_ADMIN_TEXTS.storeMissing(storeId));
      if (input.companyId !== undefined && companyId !== null && companyId !== store.companyId) {
        throw badRequest('storeId', USERS_ADMIN_TEXTS.storeNotOfCompany(storeId, companyId));
      }
      companyId = store.companyId;
    }
    if (companyId !== null) {
      const [company] = await tx.select({ id: companies.id }).from(companies)
        .where(and(eq(companies.id, companyId), eq(companies.portalId, portal.id))).limit(1);
      if (!company) throw badRequest('companyId', USERS_ADMIN_TEXTS.companyMissing(companyId));
    }
    if (roles.some(isStoreRole) && storeId === null) throw badRequest('storeId', AUTH_TEXTS.storeRequired);
    if (roles.some(isCompanyRole) && companyId === null) throw badRequest('companyId', AUTH_TEXTS.companyRequired);

    const updated = await tx.update(users).set({
      firstName, lastName, phoneNumber, roles, companyId, storeId,
      ...(phoneNumber !== before.phoneNumber && { phoneNumberConfirmed: false }),
      ...(input.beta !== undefined && { beta: input.beta }),
    }).where(and(eq(users.id, id), sql`${users}.xmin::text = ${input.xmin}`)).returning({ id: users.id });
    if (updated.length === 0) {
      const current = await findUser(tx, portal, scope, id);
      throw new ConflictError(conflictMessage('user'), publicUser(current ?? before));
    }
    if (input.isActive !== undefined) {
      await tx.insert(userAdminDetails).values({ userId: id, isActive: input.isActive })
        .onConflictDoUpdate({ target: userAdminDetails.userId, set: { isActive: input.isActive } });
      if (!input.isActive && before.isActive) await revokeUserFamilies(tx, id, 'deactivated');
    }
    return publicUser((await findUser(tx, portal, scope, id))!);
  });
}
