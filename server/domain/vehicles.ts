import { and, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../src/api/generated/connect';
import { PAGE_SIZE_OPTIONS } from '../../src/lib/constants';
import { FLEET_TEXTS, vehicleTypeLabel } from '../../src/lib/fleet';
import { conflictMessage } from '../../src/lib/resource-texts';
import type { Database } from '../db/database';
import { companies, users, vehicles } from '../db/schema';
import { badRequest, ConflictError, HttpError, notFound } from '../http/errors';
import { rowExport, type ExportColumn } from './export';
import { after, type ListDefinition, pageOf, parseListQuery, type QueryOf, whereAll } from './list-query';
import type { PortalData } from './portals';

/**
 * Vehicles (000 section 2 /vehicles; 002 sections 3 and 9): list with the catalogue's vehicleTypes, driverid,
 * partnercompanyid and isActive filters, export "Vehicles", add and edit. Only staff reach these calls (the
 * access table), so the scope is the portal: another portal's vehicle is 404.
 */

type S = components['schemas'];
export type FleetVehicle = S['FleetVehicle'];

export type VehicleQuery = QueryOf<'getvehicles'>;

const vehicleList: ListDefinition = {
  sortable: {
    id: vehicles.id, registration: vehicles.registration, make: vehicles.make, vehicleTypeId: vehicles.vehicleTypeId,
    isActive: vehicles.isActive, createdAt: vehicles.createdAt,
  },
  defaultSort: vehicles.registration,
  id: vehicles.id,
  searchable: [vehicles.registration, vehicles.make, vehicles.model],
  filters: {
    isActive: { kind: 'equals', column: vehicles.isActive },
    driverid: { kind: 'equals', column: vehicles.driverId },
    partnercompanyid: { kind: 'equals', column: vehicles.partnerCompanyId },
  },
  maxPageSize: PAGE_SIZE_OPTIONS.at(-1),
};

const vehicleRow = {
  id: vehicles.id, registration: vehicles.registration, make: vehicles.make, model: vehicles.model, colour: vehicles.colour,
  vehicleTypeId: vehicles.vehicleTypeId, driverId: vehicles.driverId,
  driverName: sql<string | null>`(select u.first_name || ' ' || u.last_name from users u where u.id = ${vehicles.driverId})`,
  partnerCompanyId: vehicles.partnerCompanyId,
  partnerCompanyName: sql<string | null>`(select c.company_name from companies c where c.id = ${vehicles.partnerCompanyId})`,
  isActive: vehicles.isActive, createdAt: vehicles.createdAt, xmin: sql<string>`${vehicles}.xmin::text`,
};

type VehicleRow = Awaited<ReturnType<typeof selectVehicles>>[number];

function selectVehicles(db: Database, where: SQL | undefined) {
  return db.select(vehicleRow).from(vehicles).where(where);
}

function publicVehicle({ createdAt: _createdAt, ...row }: VehicleRow): FleetVehicle {
  return { ...row, vehicleTypeId: row.vehicleTypeId as FleetVehicle['vehicleTypeId'], vehicleType: vehicleTypeLabel(row.vehicleTypeId) };
}

const VEHICLE_EXPORT: ExportColumn<VehicleRow>[] = [
  { header: 'Id', value: (row) => row.id, width: 8 },
  { header: 'Registration', value: (row) => row.registration, width: 16 },
  { header: 'Make', value: (row) => row.make },
  { header: 'Model', value: (row) => row.model },
  { header: 'Colour', value: (row) => row.colour, width: 12 },
  { header: 'Vehicle type', value: (row) => vehicleTypeLabel(row.vehicleTypeId) },
  { header: 'Driver', value: (row) => row.driverName, width: 24 },
  { header: 'Partner company', value: (row) => row.partnerCompanyName, width: 24 },
  { header: 'Active', value: (row) => row.isActive, width: 8 },
];

const inPortal = (portal: PortalData) => eq(vehicles.portalId, portal.id);

export async function listVehicles(db: Database, portal: PortalData, query: VehicleQuery) {
  const parsed = parseListQuery(query as VehicleQuery & Record<string, unknown>, vehicleList);
  const types = query.vehicleTypes && query.vehicleTypes.length > 0 ? inArray(vehicles.vehicleTypeId, query.vehicleTypes) : undefined;
  const where = whereAll(inPortal(portal), parsed.search, parsed.filters, types);
  if (query.exportExcel) {
    const [total] = await db.select({ value: count() }).from(vehicles).where(where);
    const sortName = Object.entries(vehicleList.sortable).find(([, column]) => column === parsed.sortColumn)?.[0] ?? 'id';
    return rowExport<VehicleRow>({
      fileName: FLEET_TEXTS.vehiclesExport,
      columns: VEHICLE_EXPORT,
      total: total?.value ?? 0,
      batch: (last, limit) => selectVehicles(db, whereAll(where, after(parsed, last && { id: last.id, sortValue: last[sortName as keyof VehicleRow] })))
        .orderBy(...parsed.orderBy).limit(limit),
    });
  }
  if (query.select) {
    const rows = await db.select({ id: vehicles.id, registration: vehicles.registration, make: vehicles.make, model: vehicles.model })
      .from(vehicles).where(where).orderBy(...parsed.orderBy).limit(parsed.pageSize).offset(parsed.offset);
    return rows.map((row) => ({ key: String(row.id), value: `${row.registration} (${row.make} ${row.model})` }));
  }
  const [items, [total]] = await Promise.all([
    selectVehicles(db, where).orderBy(...parsed.orderBy).limit(parsed.pageSize).offset(parsed.offset),
    db.select({ value: count() }).from(vehicles).where(where),
  ]);
  return pageOf(items.map(publicVehicle), total?.value ?? 0, parsed);
}

async function findVehicle(db: Database, portal: PortalData, id: number) {
  const [row] = await selectVehicles(db, and(inPortal(portal), eq(vehicles.id, id)));
  return row;
}

export async function getVehicle(db: Database, portal: PortalData, id: number): Promise<FleetVehicle> {
  const row = await findVehicle(db, portal, id);
  if (!row) throw notFound(`vehicle ${id}`);
  return publicVehicle(row);
}

type VehicleInput = S['FleetVehicleInput'];

/** The driver must be a Driver; the partner company one of this portal. A bad id names its field (400). */
async function checkReferences(db: Database, portal: PortalData, input: Pick<VehicleInput, 'driverId' | 'partnerCompanyId'>) {
  if (input.driverId != null) {
    const [driver] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, input.driverId), sql`'Driver' = any(${users.roles})`));
    if (!driver) throw badRequest('driverId', FLEET_TEXTS.notADriver);
  }
  if (input.partnerCompanyId != null) {
    const [company] = await db.select({ id: companies.id }).from(companies)
      .where(and(eq(companies.id, input.partnerCompanyId), eq(companies.portalId, portal.id)));
    if (!company) throw badRequest('partnerCompanyId', FLEET_TEXTS.notAPartner);
  }
}

const normalised = (registration: string) => registration.trim().toUpperCase().replace(/\s+/g, ' ');

async function registrationTaken(db: Database, portal: PortalData, registration: string, except?: number) {
  const [row] = await db.select({ id: vehicles.id }).from(vehicles)
    .where(whereAll(inPortal(portal), sql`upper(${vehicles.registration}) = ${registration}`, except === undefined ? undefined : ne(vehicles.id, except)));
  return row !== undefined;
}

export async function createVehicle(db: Database, portal: PortalData, input: VehicleInput): Promise<FleetVehicle> {
  const registration = normalised(input.registration);
  await checkReferences(db, portal, input);
  if (await registrationTaken(db, portal, registration)) throw new HttpError(409, FLEET_TEXTS.registrationTaken);
  const [row] = await db.insert(vehicles).values({ ...input, registration, portalId: portal.id }).returning({ id: vehicles.id });
  return getVehicle(db, portal, row!.id);
}

/** UPDATE ... WHERE id AND xmin: a vehicle changed since `xmin` answers 409 with its current version. */
export async function updateVehicle(db: Database, portal: PortalData, id: number, input: S['FleetVehicleUpdate']): Promise<FleetVehicle> {
  const { xmin, ...values } = input;
  const existing = await findVehicle(db, portal, id);
  if (!existing) throw notFound(`vehicle ${id}`);
  const registration = normalised(values.registration);
  await checkReferences(db, portal, values);
  if (await registrationTaken(db, portal, registration, id)) throw new HttpError(409, FLEET_TEXTS.registrationTaken);
  const updated = await db.update(vehicles).set({ ...values, registration })
    .where(and(inPortal(portal), eq(vehicles.id, id), sql`${vehicles}.xmin::text = ${xmin}`)).returning({ id: vehicles.id });
  const current = await getVehicle(db, portal, id);
  if (updated.length === 0) throw new ConflictError(conflictMessage('vehicle'), current);
  return current;
}
