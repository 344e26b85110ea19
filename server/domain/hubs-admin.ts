import { and, count, eq, gte, ilike, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../src/api/generated/connect';
import { PAGE_SIZE_OPTIONS } from '../../src/lib/constants';
import { FLEET_TEXTS } from '../../src/lib/fleet';
import { conflictMessage } from '../../src/lib/resource-texts';
import { LOGISTIC_STATUS, TERMINAL_LOGISTIC_STATUSES } from '../../src/lib/statuses';
import type { Database } from '../db/database';
import { deliveries, hubs } from '../db/schema';
import { ConflictError, HttpError, notFound } from '../http/errors';
import { containsPattern, type ListDefinition, pageOf, parseListQuery, type QueryOf, whereAll } from './list-query';
import type { PortalData } from './portals';

/**
 * Hubs administration (000 section 2 /hubs, /hubs/add, /hubs/edit/:id, /hubs/:id; administrator only). The
 * table is booking's (server/domain/quotes.ts hubFor): a Standard delivery passes through the nearest ACTIVE
 * hub, so deactivating a hub takes it out of new quotes; deliveries already routed keep their hub (and read its
 * current address). No delete: deliveries refer to hubs.
 */

type S = components['schemas'];
export type FleetHub = S['FleetHub'];
type BookingAddress = S['BookingAddress'];

export type HubQuery = QueryOf<'gethubs'>;

/** Resolves a chosen address option (placeId) the way resolveaddress does; undefined when unknown. */
export type ResolveAddress = (cca2: string, placeId: string) => Promise<Omit<BookingAddress, 'storeId'> | undefined>;

const hubList: ListDefinition = {
  sortable: { id: hubs.id, hubName: hubs.hubName, isActive: hubs.isActive },
  defaultSort: hubs.hubName,
  id: hubs.id,
  searchable: [hubs.hubName, hubs.contactName],
  filters: { isActive: { kind: 'equals', column: hubs.isActive } },
  maxPageSize: PAGE_SIZE_OPTIONS.at(-1),
};

const hubRow = {
  id: hubs.id, hubName: hubs.hubName, contactName: hubs.contactName, phoneNumber: hubs.phoneNumber,
  address: hubs.address, isActive: hubs.isActive, xmin: sql<string>`${hubs}.xmin::text`,
};

function selectHubs(db: Database, where: SQL | undefined) {
  return db.select(hubRow).from(hubs).where(where);
}

const publicHub = (row: Awaited<ReturnType<typeof selectHubs>>[number]): FleetHub => ({ ...row, address: row.address as BookingAddress });

const inPortal = (portal: PortalData) => eq(hubs.portalId, portal.id);

export async function listHubs(db: Database, portal: PortalData, query: HubQuery) {
  const parsed = parseListQuery(query as HubQuery & Record<string, unknown>, hubList);
  const term = query.search?.trim();
  // The address's description is searched too (it is inside the jsonb).
  const search = term ? or(parsed.search, ilike(sql`${hubs.address}->>'description'`, containsPattern(term))) : undefined;
  const where = whereAll(inPortal(portal), search, parsed.filters);
  if (query.select) {
    const rows = await db.select({ id: hubs.id, name: hubs.hubName }).from(hubs).where(where)
      .orderBy(...parsed.orderBy).limit(parsed.pageSize).offset(parsed.offset);
    return rows.map((row) => ({ key: String(row.id), value: row.name }));
  }
  const [items, [total]] = await Promise.all([
    selectHubs(db, where).orderBy(...parsed.orderBy).limit(parsed.pageSize).offset(parsed.offset),
    db.select({ value: count() }).from(hubs).where(where),
  ]);
  return pageOf(items.map(publicHub), total?.value ?? 0, parsed);
}

async function findHub(db: Database, portal: PortalData, id: number) {
  const [row] = await selectHubs(db, and(inPortal(portal), eq(hubs.id, id)));
  return row;
}

export async function getHub(db: Database, portal: PortalData, id: number): Promise<FleetHub> {
  const row = await findHub(db, portal, id);
  if (!row) throw notFound(`hub ${id}`);
  return publicHub(row);
}

/** The hub with the deliveries routed through it: placed ones (Ready or later) and those not finished. */
export async function getHubDetail(db: Database, portal: PortalData, id: number): Promise<S['FleetHubDetail']> {
  const hub = await getHub(db, portal, id);
  const placed = and(eq(deliveries.hubId, id), gte(deliveries.logisticStatusId, LOGISTIC_STATUS.READY));
  const [[all], [open]] = await Promise.all([
    db.select({ value: count() }).from(deliveries).where(placed),
    db.select({ value: count() }).from(deliveries).where(and(placed, notInArray(deliveries.logisticStatusId, [...TERMINAL_LOGISTIC_STATUSES]))),
  ]);
  return { ...hub, deliveryCount: all?.value ?? 0, openDeliveryCount: open?.value ?? 0 };
}

async function resolved(resolve: ResolveAddress, portal: PortalData, choice: S['FleetAddressChoice']): Promise<BookingAddress> {
  const address = await resolve(portal.cca2, choice.placeId);
  if (!address) throw notFound(`address ${choice.placeId}`);
  return { placeId: address.placeId, description: address.description, coordinates: address.coordinates, storeId: null };
}

async function nameTaken(db: Database, portal: PortalData, hubName: string, except?: number) {
  const [row] = await db.select({ id: hubs.id }).from(hubs)
    .where(whereAll(inPortal(portal), sql`lower(${hubs.hubName}) = lower(${hubName})`, except === undefined ? undefined : ne(hubs.id, except)));
  return row !== undefined;
}

export async function createHub(db: Database, portal: PortalData, resolve: ResolveAddress, input: S['FleetHubInput']): Promise<FleetHub> {
  const hubName = input.hubName.trim();
  if (await nameTaken(db, portal, hubName)) throw new HttpError(409, FLEET_TEXTS.hubNameTaken);
  const address = await resolved(resolve, portal, input.address);
  const [row] = await db.insert(hubs).values({ ...input, hubName, address, portalId: portal.id }).returning({ id: hubs.id });
  return getHub(db, portal, row!.id);
}

/** UPDATE ... WHERE id AND xmin; the address changes only when a new option is sent. */
export async function updateHub(db: Database, portal: PortalData, resolve: ResolveAddress, id: number, input: S['FleetHubUpdate']): Promise<FleetHub> {
  const { xmin, address: choice, ...values } = input;
  if (!(await findHub(db, portal, id))) throw notFound(`hub ${id}`);
  const hubName = values.hubName.trim();
  if (await nameTaken(db, portal, hubName, id)) throw new HttpError(409, FLEET_TEXTS.hubNameTaken);
  const address = choice ? await resolved(resolve, portal, choice) : undefined;
  const updated = await db.update(hubs).set({ ...values, hubName, ...(address && { address }) })
    .where(and(inPortal(portal), eq(hubs.id, id), sql`${hubs}.xmin::text = ${xmin}`)).returning({ id: hubs.id });
  const current = await getHub(db, portal, id);
  if (updated.length === 0) throw new ConflictError(conflictMessage('hub'), current);
  return current;
}
