import { and, count, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../src/api/generated/connect';
import { PAGE_SIZE_OPTIONS } from '../../src/lib/constants';
import { closedRingProblem, pointInPolygon, boundsOf, type Position } from '../../src/lib/polygon';
import { conflictMessage } from '../../src/lib/resource-texts';
import { isStoredRole } from '../../src/lib/roles';
import { TERRITORY_TEXTS } from '../../src/lib/territory-texts';
import type { Database } from '../db/database';
import { gazetteerPlaces, territories, territoryAreas, territoryPermissions, users } from '../db/schema';
import { badRequest, ConflictError, HttpError, notFound } from '../http/errors';
import { rowExport, type ExportColumn } from './export';
import { after, type ListDefinition, type ListQuery, pageOf, parseListQuery, type QueryOf, whereAll } from './list-query';
import type { PortalData } from './portals';

/**
 * Territories (000 sections 2 and 6; 002 sections 3 and 7): a territory is a named set of areas (polygons
 * where the platform serves) with exceptions (polygons cut out of them), and permissions saying which users
 * or roles work in it. Administrators only (the access table); rows belong to one portal.
 */

type Territory = components['schemas']['Territory'];
type TerritoryArea = components['schemas']['TerritoryArea'];
type AreaKind = components['schemas']['TerritoryAreaKind'];
type AreaInput = components['schemas']['TerritoryAreaInput'];
type AreaUpdate = components['schemas']['TerritoryAreaUpdate'];

/** Ours: the spec names no limit; a few thousand places would drown the map. */
export const MAX_MAP_PLACES = 300;

export const TERRITORY_ERRORS = {
  nameTaken: 'Name: a territory with this name exists already.',
  areaNameTaken: 'Area name: this territory has an area with this name already.',
  permissionTarget: 'Give either userId or role, not both and not neither.',
  unknownRole: (role: string): string => `role '${role}' is not a role of the platform.`,
  unknownUser: (id: number): string => `userId ${id} is not a user.`,
  permissionExists: 'This permission exists already.',
  pointOrAddress: 'Give lat and lon, or addressId.',
} as const;

// ---- Territories ---------------------------------------------------------------------------------------------

const areaCount = (kind: AreaKind) =>
  // Qualified by hand: inside the subquery an unqualified "id" would be the area's own.
  sql<number>`(select count(*)::int from territory_areas ta where ta.territory_id = ${territories}.id and ta.kind = ${kind})`;

const territoryRow = {
  id: territories.id, name: territories.name, isActive: territories.isActive,
  areaCount: areaCount('area'), exceptionCount: areaCount('exception'), xmin: sql<string>`${territories}.xmin::text`,
};

const territoryList: ListDefinition = {
  sortable: { id: territories.id, name: territories.name, isActive: territories.isActive },
  defaultSort: territories.name,
  searchable: [territories.name],
  filters: { isActive: { kind: 'equals', column: territories.isActive } },
  maxPageSize: PAGE_SIZE_OPTIONS.at(-1),
};

const inPortal = (portal: PortalData) => eq(territories.portalId, portal.id);

export async function listTerritories(db: Database, portal: PortalData, query: ListQuery & { select?: boolean; isActive?: boolean }) {
  const parsed = parseListQuery(query as ListQuery & Record<string, unknown>, territoryList);
  const where = whereAll(inPortal(portal), parsed.search, parsed.filters);
  if (query.select) {
    const rows = await db.select({ id: territories.id, name: territories.name }).from(territories)
      .where(where).orderBy(...parsed.orderBy).limit(parsed.pageSize).offset(parsed.offset);
    return rows.map((row) => ({ key: String(row.id), value: row.name }));
  }
  const [items, [total]] = await Promise.all([
    db.select(territoryRow).from(territories).where(where).orderBy(...parsed.orderBy).limit(parsed.pageSize).offset(parsed.offset),
    db.select({ value: count() }).from(territories).where(where),
  ]);
  return pageOf(items, total?.value ?? 0, parsed);
}

async function findTerritory(db: Database, portal: PortalData, id: number): Promise<Territory | undefined> {
  const [row] = await db.select(territoryRow).from(territories).where(and(inPortal(portal), eq(territories.id, id)));
  return row;
}

export async function getTerritory(db: Database, portal: PortalData, id: number): Promise<Territory> {
  const row = await findTerritory(db, portal, id);
  if (!row) throw notFound(`territory ${id}`);
  return row;
}

async function assertNameFree(db: Database, portal: PortalData, name: string, except?: number) {
  const [taken] = await db.select({ id: territories.id }).from(territories)
    .where(whereAll(inPortal(portal), eq(territories.name, name), except === undefined ? undefined : sql`${territories.id} <> ${except}`));
  if (taken) throw badRequest('name', TERRITORY_ERRORS.nameTaken);
}

export async function createTerritory(db: Database, portal: PortalData, input: components['schemas']['TerritoryInput']): Promise<Territory> {
  const name = input.name.trim();
  if (!name) throw badRequest('name', 'name is required');
  await assertNameFree(db, portal, name);
  const [row] = await db.insert(territories).values({ portalId: portal.id, name, isActive: input.isActive ?? true }).returning({ id: territories.id });
  return getTerritory(db, portal, row!.id);
}

/** UPDATE ... WHERE id AND xmin: a row changed since `xmin` answers 409 with its current version. */
export async function updateTerritory(db: Database, portal: PortalData, id: number, input: components['schemas']['TerritoryUpdate']): Promise<Territory> {
  const { xmin, ...values } = input;
  const name = values.name.trim();
  if (!name) throw badRequest('name', 'name is required');
  if (!(await findTerritory(db, portal, id))) throw notFound(`territory ${id}`);
  await assertNameFree(db, portal, name, id);
  const updated = await db.update(territories).set({ ...values, name })
    .where(and(inPortal(portal), eq(territories.id, id), sql`${territories}.xmin::text = ${xmin}`)).returning({ id: territories.id });
  const current = await getTerritory(db, portal, id);
  if (updated.length === 0) throw new ConflictError(conflictMessage(TERRITORY_TEXTS.territory), current);
  return current;
}

/** All or nothing: an id of another portal (or none) is 404 and nothing is deleted; areas and permissions go with it. */
export async function deleteTerritories(db: Database, portal: PortalData, ids: number[]) {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const visible = await tx.select({ id: territories.id }).from(territories).where(and(inPortal(portal), inArray(territories.id, unique)));
    if (visible.length !== unique.length) throw notFound(`territory ${unique.filter((id) => !visible.some((row) => row.id === id)).join(', ')}`);
    const deleted = await tx.delete(territories).where(inArray(territories.id, unique)).returning({ id: territories.id });
    return { deleted: deleted.length };
  });
}

// ---- Areas and exceptions ----------------------------------------------------------------------------------

const areaRow = {
  id: territoryAreas.id, territoryId: territoryAreas.territoryId, territoryName: territories.name, areaName: territoryAreas.areaName,
  kind: sql<AreaKind>`${territoryAreas.kind}`, polygon: territoryAreas.polygon, xmin: sql<string>`${territoryAreas}.xmin::text`,
};

const areaList: ListDefinition = {
  sortable: { id: territoryAreas.id, areaName: territoryAreas.areaName, territoryName: territories.name, kind: territoryAreas.kind },
  defaultSort: territoryAreas.areaName,
  id: territoryAreas.id,
  searchable: [territoryAreas.areaName, territories.name],
  filters: {
    territoryid: { kind: 'equals', column: territoryAreas.territoryId },
    areaid: { kind: 'equals', column: territoryAreas.id },
    kind: { kind: 'equals', column: territoryAreas.kind },
  },
  maxPageSize: PAGE_SIZE_OPTIONS.at(-1),
};

function selectAreas(db: Database, where: SQL | undefined) {
  return db.select(areaRow).from(territoryAreas).innerJoin(territories, eq(territories.id, territoryAreas.territoryId)).where(where);
}

type AreaRow = Awaited<ReturnType<typeof selectAreas>>[number];

const AREA_EXPORT: ExportColumn<AreaRow>[] = [
  { header: 'Id', value: (row) => row.id, width: 8 },
  { header: 'Territory', value: (row) => row.territoryName, width: 30 },
  { header: 'Area name', value: (row) => row.areaName, width: 30 },
  { header: 'Kind', value: (row) => row.kind, width: 10 },
  { header: 'Vertices', value: (row) => Math.max(row.polygon.length - 1, 0), width: 10 },
  { header: 'Polygon', value: (row) => JSON.stringify(row.polygon), width: 60 },
];

export type AreaQuery = QueryOf<'getterritoryareas'>;

export async function listAreas(db: Database, portal: PortalData, query: AreaQuery) {
  const parsed = parseListQuery(query as AreaQuery & Record<string, unknown>, areaList);
  const where = whereAll(inPortal(portal), parsed.search, parsed.filters);
  if (query.exportExcel) {
    const [total] = await db.select({ value: count() }).from(territoryAreas).innerJoin(territories, eq(territories.id, territoryAreas.territoryId)).where(where);
    const sortName = Object.entries(areaList.sortable).find(([, column]) => column === parsed.sortColumn)?.[0] ?? 'id';
    return rowExport<AreaRow>({
      fileName: TERRITORY_TEXTS.exportName,
      columns: AREA_EXPORT,
      total: total?.value ?? 0,
      batch: (last, limit) => selectAreas(db, whereAll(where, after(parsed, last && { id: last.id, sortValue: (last as Record<string, unknown>)[sortName] })))
        .orderBy(...parsed.orderBy).limit(limit),
    });
  }
  const [items, [total]] = await Promise.all([
    selectAreas(db, where).orderBy(...parsed.orderBy).limit(parsed.pageSize).offset(parsed.offset),
    db.select({ value: count() }).from(territoryAreas).innerJoin(territories, eq(territories.id, territoryAreas.territoryId)).where(where),
  ]);
  return pageOf(items, total?.value ?? 0, parsed);
}

export async function getArea(db: Database, portal: PortalData, id: number): Promise<TerritoryArea> {
  const [row] = await selectAreas(db, and(inPortal(portal), eq(territoryAreas.id, id)));
  if (!row) throw notFound(`territory area ${id}`);
  return row;
}

/** The stored ring, checked: 400 naming `polygon` with the first problem found. */
function checkedPolygon(polygon: readonly (readonly number[])[]) {
  const ring = polygon.map((position) => [position[0], position[1]] as [number, number]);
  const problem = closedRingProblem(ring);
  if (problem) throw badRequest('polygon', problem);
  const bounds = boundsOf([ring])!;
  return { polygon: ring, minLat: bounds.minLat, maxLat: bounds.maxLat, minLon: bounds.minLon, maxLon: bounds.maxLon };
}

async function assertAreaNameFree(db: Database, territoryId: number, kind: string, areaName: string, except?: number) {
  const [taken] = await db.select({ id: territoryAreas.id }).from(territoryAreas).where(whereAll(
    eq(territoryAreas.territoryId, territoryId), eq(territoryAreas.kind, kind), eq(territoryAreas.areaName, areaName),
    except === undefined ? undefined : sql`${territoryAreas.id} <> ${except}`,
  ));
  if (taken) throw badRequest('areaName', TERRITORY_ERRORS.areaNameTaken);
}

export async function createArea(db: Database, portal: PortalData, input: AreaInput): Promise<TerritoryArea> {
  const areaName = input.areaName.trim();
  if (!areaName) throw badRequest('areaName', 'areaName is required');
  if (!(await findTerritory(db, portal, input.territoryId))) throw notFound(`territory ${input.territoryId}`);
  const shape = checkedPolygon(input.polygon);
  await assertAreaNameFree(db, input.territoryId, input.kind, areaName);
  const [row] = await db.insert(territoryAreas).values({ territoryId: input.territoryId, areaName, kind: input.kind, ...shape }).returning({ id: territoryAreas.id });
  return getArea(db, portal, row!.id);
}

export async function updateArea(db: Database, portal: PortalData, id: number, input: AreaUpdate): Promise<TerritoryArea> {
  const areaName = input.areaName.trim();
  if (!areaName) throw badRequest('areaName', 'areaName is required');
  const existing = await getArea(db, portal, id);
  const shape = checkedPolygon(input.polygon);
  await assertAreaNameFree(db, existing.territoryId, existing.kind, areaName, id);
  const updated = await db.update(territoryAreas).set({ areaName, ...shape })
    .where(and(eq(territoryAreas.id, id), sql`${territoryAreas}.xmin::text = ${input.xmin}`)).returning({ id: territoryAreas.id });
  const current = await getArea(db, portal, id);
  if (updated.length === 0) throw new ConflictError(conflictMessage(existing.kind === 'exception' ? TERRITORY_TEXTS.exception : TERRITORY_TEXTS.area), current);
  return current;
}

export async function deleteAreas(db: Database, portal: PortalData, ids: number[]) {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const visible = await tx.select({ id: territoryAreas.id }).from(territoryAreas)
      .innerJoin(territories, eq(territories.id, territoryAreas.territoryId)).where(and(inPortal(portal), inArray(territoryAreas.id, unique)));
    if (visible.length !== unique.length) throw notFound(`territory area ${unique.filter((id) => !visible.some((row) => row.id === id)).join(', ')}`);
    const deleted = await tx.delete(territoryAreas).where(inArray(territoryAreas.id, unique)).returning({ id: territoryAreas.id });
    return { deleted: deleted.length };
  });
}

// ---- Point in polygon ----------------------------------------------------------------------------------------

/**
 * Which areas and exceptions of the portal's active territories contain a point (or a gazetteer address):
 * the bounding boxes narrow it in SQL, then the exact ring test. `covered` is what serves the point: an
 * area of a territory none of whose exceptions contains it.
 */
export async function searchPolygon(db: Database, portal: PortalData, query: { lat?: number; lon?: number; addressId?: string }) {
  let { lat, lon } = query;
  if (query.addressId !== undefined) {
    const [place] = await db.select({ lat: gazetteerPlaces.lat, lon: gazetteerPlaces.lon }).from(gazetteerPlaces)
      .where(and(eq(gazetteerPlaces.placeId, query.addressId), eq(sql`lower(${gazetteerPlaces.cca2})`, portal.cca2.toLowerCase())));
    if (!place) throw notFound(`address ${query.addressId}`);
    ({ lat, lon } = place);
  } else if (lat === undefined || lon === undefined) {
    throw badRequest(lat === undefined ? 'lat' : 'lon', TERRITORY_ERRORS.pointOrAddress);
  }
  const point: Position = [lon!, lat!];
  const candidates = await db.select({
    territoryId: territoryAreas.territoryId, territoryName: territories.name, areaId: territoryAreas.id, areaName: territoryAreas.areaName,
    kind: sql<AreaKind>`${territoryAreas.kind}`, polygon: territoryAreas.polygon,
  }).from(territoryAreas).innerJoin(territories, eq(territories.id, territoryAreas.territoryId)).where(and(
    inPortal(portal), eq(territories.isActive, true),
    lte(territoryAreas.minLat, lat!), gte(territoryAreas.maxLat, lat!), lte(territoryAreas.minLon, lon!), gte(territoryAreas.maxLon, lon!),
  )).orderBy(territories.name, territoryAreas.kind, territoryAreas.areaName);
  const matches = candidates.filter((row) => pointInPolygon(point, row.polygon)).map(({ polygon: _polygon, ...match }) => match);
  const excluded = new Set(matches.filter((match) => match.kind === 'exception').map((match) => match.territoryId));
  const covered = matches.filter((match) => match.kind === 'area' && !excluded.has(match.territoryId));
  return { lat: lat!, lon: lon!, ...(query.addressId !== undefined && { addressId: query.addressId }), matches, covered };
}

/** Gazetteer places inside a map view, for context on the polygon editor. */
export async function placesInView(db: Database, portal: PortalData, box: { minLat: number; maxLat: number; minLon: number; maxLon: number }) {
  if (box.minLat > box.maxLat) throw badRequest('minLat', 'minLat must not be above maxLat');
  if (box.minLon > box.maxLon) throw badRequest('minLon', 'minLon must not be above maxLon');
  return db.select({ placeId: gazetteerPlaces.placeId, name: gazetteerPlaces.name, lat: gazetteerPlaces.lat, lon: gazetteerPlaces.lon })
    .from(gazetteerPlaces).where(and(
      eq(sql`lower(${gazetteerPlaces.cca2})`, portal.cca2.toLowerCase()),
      gte(gazetteerPlaces.lat, box.minLat), lte(gazetteerPlaces.lat, box.maxLat), gte(gazetteerPlaces.lon, box.minLon), lte(gazetteerPlaces.lon, box.maxLon),
      // Places, not streets: a street's point is only near its middle.
      sql`${gazetteerPlaces.kind} <> 'street'`,
    )).orderBy(gazetteerPlaces.name, gazetteerPlaces.id).limit(MAX_MAP_PLACES);
}

// ---- Permissions -----------------------------------------------------------------------------------------------

const permissionRow = {
  id: territoryPermissions.id, territoryId: territoryPermissions.territoryId, territoryName: territories.name,
  userId: territoryPermissions.userId, email: users.email, role: territoryPermissions.role,
};

export async function listPermissions(db: Database, territoryId?: number) {
  return db.select(permissionRow).from(territoryPermissions)
    .innerJoin(territories, eq(territories.id, territoryPermissions.territoryId))
    .leftJoin(users, eq(users.id, territoryPermissions.userId))
    .where(territoryId === undefined ? undefined : eq(territoryPermissions.territoryId, territoryId))
    .orderBy(territories.name, territoryPermissions.id);
}

export async function createPermission(db: Database, input: components['schemas']['TerritoryPermissionInput']) {
  if ((input.userId === undefined) === (input.role === undefined)) throw badRequest(input.userId === undefined ? 'userId' : 'role', TERRITORY_ERRORS.permissionTarget);
  if (input.role !== undefined && !isStoredRole(input.role)) throw badRequest('role', TERRITORY_ERRORS.unknownRole(input.role));
  const [territory] = await db.select({ id: territories.id }).from(territories).where(eq(territories.id, input.territoryId));
  if (!territory) throw notFound(`territory ${input.territoryId}`);
  if (input.userId !== undefined) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
    if (!user) throw badRequest('userId', TERRITORY_ERRORS.unknownUser(input.userId));
  }
  const [existing] = await db.select({ id: territoryPermissions.id }).from(territoryPermissions).where(and(
    eq(territoryPermissions.territoryId, input.territoryId),
    input.userId !== undefined ? eq(territoryPermissions.userId, input.userId) : eq(territoryPermissions.role, input.role!),
  ));
  if (existing) throw new HttpError(409, TERRITORY_ERRORS.permissionExists);
  const [row] = await db.insert(territoryPermissions)
    .values({ territoryId: input.territoryId, userId: input.userId ?? null, role: input.role ?? null }).returning({ id: territoryPermissions.id });
  const [created] = await db.select(permissionRow).from(territoryPermissions)
    .innerJoin(territories, eq(territories.id, territoryPermissions.territoryId))
    .leftJoin(users, eq(users.id, territoryPermissions.userId)).where(eq(territoryPermissions.id, row!.id));
  return created!;
}

export async function deletePermission(db: Database, id: number) {
  const deleted = await db.delete(territoryPermissions).where(eq(territoryPermissions.id, id)).returning({ id: territoryPermissions.id });
  if (deleted.length === 0) throw notFound(`territory permission ${id}`);
}
