import { and, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../src/api/generated/connect';
import { MIN_SEARCH_LENGTH, PAGE_SIZE_OPTIONS } from '../../src/lib/constants';
import { ERROR_TEXTS, SEARCH_TEXTS } from '../../src/lib/error-catalogue';
import { FLEET_TEXTS } from '../../src/lib/fleet';
import { WEB_NOTIFICATION_TYPE } from '../../src/lib/operations-catalogue';
import { conflictMessage } from '../../src/lib/resource-texts';
import type { Permissions } from '../../src/lib/roles';
import type { Database } from '../db/database';
import { mobileDevices, users, webNotifications } from '../db/schema';
import { badRequest, ConflictError, HttpError, notFound } from '../http/errors';
import type { Live } from '../realtime/publish';
import { rowExport, type ExportColumn } from './export';
import { after, containsPattern, type ListDefinition, pageOf, parseListQuery, type QueryOf, whereAll } from './list-query';
import { notificationOf } from './operations/rows';
import type { PortalData } from './portals';

/**
 * Mobile devices (002 section 2 "Mobile devices", section 7): a read-only table with search, Owner, Trusted,
 * Active and Created filters and the export "MobileDevices"; per row Delink (isActive false) and Notify (a
 * test notification to the owner: a web notification of type "Mobile device", published live on the
 * WebNotifications topic the apps listen to; there is no push provider here, so that is the channel); delete
 * for administrators. Staff only (the access table): the scope is the portal.
 */

type S = components['schemas'];
export type FleetMobileDevice = S['FleetMobileDevice'];

export type MobileDeviceQuery = QueryOf<'getmobiledevices'>;

const deviceList: ListDefinition = {
  sortable: {
    id: mobileDevices.id, created: mobileDevices.created, deviceBrand: mobileDevices.deviceBrand, deviceModel: mobileDevices.deviceModel,
    trusted: mobileDevices.trusted, isActive: mobileDevices.isActive,
  },
  defaultSort: mobileDevices.created,
  id: mobileDevices.id,
  searchable: [mobileDevices.deviceBrand, mobileDevices.deviceModel],
  filters: {
    isActive: { kind: 'equals', column: mobileDevices.isActive },
    appuserid: { kind: 'equals', column: mobileDevices.appUserId },
    trusted: { kind: 'equals', column: mobileDevices.trusted },
  },
  maxPageSize: PAGE_SIZE_OPTIONS.at(-1),
};

const deviceRow = {
  id: mobileDevices.id, appUserId: mobileDevices.appUserId,
  userFullName: sql<string>`(select u.first_name || ' ' || u.last_name from users u where u.id = ${mobileDevices.appUserId})`,
  deviceBrand: mobileDevices.deviceBrand, deviceModel: mobileDevices.deviceModel, trusted: mobileDevices.trusted,
  isActive: mobileDevices.isActive, created: mobileDevices.created, lastNotifiedAt: mobileDevices.lastNotifiedAt,
  xmin: sql<string>`${mobileDevices}.xmin::text`,
};

type DeviceRow = Awaited<ReturnType<typeof selectDevices>>[number];

function selectDevices(db: Database, where: SQL | undefined) {
  return db.select(deviceRow).from(mobileDevices).where(where);
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function publicDevice(row: DeviceRow): FleetMobileDevice {
  return { ...row, created: iso(row.created)!, lastNotifiedAt: iso(row.lastNotifiedAt) };
}

const DEVICE_EXPORT: ExportColumn<DeviceRow>[] = [
  { header: 'Id', value: (row) => row.id, width: 8 },
  { header: 'Owner', value: (row) => row.userFullName, width: 24 },
  { header: 'Owner id', value: (row) => row.appUserId, width: 10 },
  { header: 'Brand', value: (row) => row.deviceBrand },
  { header: 'Model', value: (row) => row.deviceModel },
  { header: 'Trusted', value: (row) => row.trusted, width: 8 },
  { header: 'Active', value: (row) => row.isActive, width: 8 },
  { header: 'Created', value: (row) => new Date(row.created), width: 20 },
];

const inPortal = (portal: PortalData) => eq(mobileDevices.portalId, portal.id);


/** Search: brand, model, and the owner's name or email. */
function searchOf(term: string | undefined, columns: SQL | undefined): SQL | undefined {
  const text = term?.trim();
  if (!text) return undefined;
  const pattern = containsPattern(text);
  const owner = sql`exists (select 1 from users u where u.id = ${mobileDevices.appUserId}
    and ((u.first_name || ' ' || u.last_name) ilike ${pattern} or u.email ilike ${pattern}))`;
  return or(columns, owner);
}

/** Created on or after startDate / on or before endDate, as days of the portal's time zone. */
function createdRange(portal: PortalData, query: MobileDeviceQuery): SQL | undefined {
  return whereAll(
    query.startDate ? sql`${mobileDevices.created} >= (${query.startDate}::date::timestamp at time zone ${portal.timeZone})` : undefined,
    query.endDate ? sql`${mobileDevices.created} < ((${query.endDate}::date + 1)::timestamp at time zone ${portal.timeZone})` : undefined,
  );
}

export async function listMobileDevices(db: Database, portal: PortalData, query: MobileDeviceQuery) {
  const parsed = parseListQuery(query as MobileDeviceQuery & Record<string, unknown>, deviceList);
  const where = whereAll(inPortal(portal), searchOf(query.search, parsed.search), parsed.filters, createdRange(portal, query));
  if (query.exportExcel) {
    const [total] = await db.select({ value: count() }).from(mobileDevices).where(where);
    const sortName = Object.entries(deviceList.sortable).find(([, column]) => column === parsed.sortColumn)?.[0] ?? 'id';
    return rowExport<DeviceRow>({
      fileName: FLEET_TEXTS.mobileDevicesExport,
      columns: DEVICE_EXPORT,
      total: total?.value ?? 0,
      batch: (last, limit) => selectDevices(db, whereAll(where, after(parsed, last && { id: last.id, sortValue: last[sortName as keyof DeviceRow] })))
        .orderBy(...parsed.orderBy).limit(limit),
    });
  }
  const [items, [total]] = await Promise.all([
    selectDevices(db, where).orderBy(...parsed.orderBy).limit(parsed.pageSize).offset(parsed.offset),
    db.select({ value: count() }).from(mobileDevices).where(where),
  ]);
  return pageOf(items.map(publicDevice), total?.value ?? 0, parsed);
}

async function requireDevice(db: Database, portal: PortalData, id: number): Promise<DeviceRow> {
  const [row] = await selectDevices(db, and(inPortal(portal), eq(mobileDevices.id, id)));
  if (!row) throw notFound(`mobile device ${id}`);
  return row;
}

/** Delink: isActive false, WHERE id AND xmin; every 409 (stale, or inactive already) carries the current version. */
export async function delinkMobileDevice(db: Database, portal: PortalData, id: number, input: S['FleetMobileDeviceUpdate']): Promise<FleetMobileDevice> {
  const device = await requireDevice(db, portal, id);
  if (!device.isActive) throw new ConflictError(FLEET_TEXTS.deviceInactive, publicDevice(device));
  const updated = await db.update(mobileDevices).set({ isActive: false })
    .where(and(inPortal(portal), eq(mobileDevices.id, id), sql`${mobileDevices}.xmin::text = ${input.xmin}`)).returning({ id: mobileDevices.id });
  const current = publicDevice(await requireDevice(db, portal, id));
  if (updated.length === 0) throw new ConflictError(conflictMessage('mobile device'), current);
  return current;
}

/**
 * Notify (beta only): one web notification to the owner and the device's lastNotifiedAt, in one transaction;
 * the notification goes out live after the commit.
 */
export async function notifyMobileDevice(db: Database, live: Live, portal: PortalData, permissions: Permissions, id: number): Promise<FleetMobileDevice> {
  if (!permissions.beta) throw new HttpError(403, ERROR_TEXTS.forbidden);
  const device = await requireDevice(db, portal, id);
  if (!device.isActive) throw new HttpError(409, FLEET_TEXTS.deviceInactive);
  const name = `${device.deviceBrand} ${device.deviceModel}`;
  const notification = await db.transaction(async (tx) => {
    await tx.update(mobileDevices).set({ lastNotifiedAt: new Date() }).where(eq(mobileDevices.id, id));
    const [row] = await tx.insert(webNotifications).values({
      portalId: portal.id, userId: device.appUserId, webNotificationTypeId: WEB_NOTIFICATION_TYPE.MOBILE_DEVICE,
      title: FLEET_TEXTS.notificationTitle, message: FLEET_TEXTS.notificationMessage(name),
    }).returning();
    return row!;
  });
  live.publish({ topic: 'WebNotifications', payload: notificationOf(notification), typeId: notification.webNotificationTypeId, scope: { userId: notification.userId } });
  return publicDevice(await requireDevice(db, portal, id));
}

/** Deletes all of `ids` or none: an id not of this portal is 404. */
export async function deleteMobileDevices(db: Database, portal: PortalData, ids: number[]) {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const visible = await tx.select({ id: mobileDevices.id }).from(mobileDevices).where(and(inPortal(portal), inArray(mobileDevices.id, unique)));
    if (visible.length !== unique.length) {
      const missing = unique.filter((id) => !visible.some((row) => row.id === id));
      throw notFound(`mobile device ${missing.join(', ')}`);
    }
    const deleted = await tx.delete(mobileDevices).where(inArray(mobileDevices.id, unique)).returning({ id: mobileDevices.id });
    return { deleted: deleted.length };
  });
}

/** The Owner filter's user search: users owning a device of this portal, by name or email (3 characters at least). */
export async function searchDeviceOwners(db: Database, portal: PortalData, search: string, pageSize = 20) {
  const text = search.trim();
  if (text.length < MIN_SEARCH_LENGTH) throw badRequest('search', SEARCH_TEXTS.minimum(MIN_SEARCH_LENGTH));
  const pattern = containsPattern(text);
  const name = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;
  const rows = await db.select({ id: users.id, name, email: users.email }).from(users)
    .where(and(
      sql`exists (select 1 from mobile_devices d where d.app_user_id = ${users.id} and d.portal_id = ${portal.id})`,
      or(sql`${name} ilike ${pattern}`, sql`${users.email} ilike ${pattern}`),
    ))
    .orderBy(users.firstName, users.lastName, users.id).limit(pageSize);
  return rows.map((row) => ({ key: String(row.id), value: `${row.name} (${row.email})` }));
}
