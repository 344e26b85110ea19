import { and, eq } from 'drizzle-orm';
import { VEHICLE_TYPE } from '../../src/lib/fleet';
import type { Database } from './database';
import { companies, mobileDevices, portals, users, vehicles } from './schema';

/**
 * Fleet demo data (issue 6): a few vehicles of the ZA portal, some with the demo drivers, and the drivers'
 * phones. Deterministic (fixed values and dates) and idempotent (keyed by registration / device identifier).
 */
const SEED_VEHICLES = [
  { registration: 'CA 123-456', make: 'Honda', model: 'CB125F', colour: 'Red', vehicleTypeId: VEHICLE_TYPE.MOTORCYCLE, driver: 'driver@demo.test' },
  { registration: 'CA 234-567', make: 'Toyota', model: 'Corolla', colour: 'White', vehicleTypeId: VEHICLE_TYPE.SEDAN, driver: 'driver2@demo.test' },
  { registration: 'GP 345-678', make: 'Toyota', model: 'Hilux 2.4', colour: 'Silver', vehicleTypeId: VEHICLE_TYPE.HALF_TON_BAKKIE, driver: 'driver3@demo.test' },
  { registration: 'ND 456-789', make: 'Isuzu', model: 'D-Max 1-ton', colour: 'Blue', vehicleTypeId: VEHICLE_TYPE.ONE_TON_BAKKIE, partner: 'Blue Crane Foods' },
  { registration: 'GP 567-890', make: 'Hino', model: '300 Flatbed', colour: 'White', vehicleTypeId: VEHICLE_TYPE.FLATBED, partner: 'Acme Retail', isActive: false },
] as const;

const SEED_DEVICES = [
  { deviceIdentifier: 'seed-device-driver-1', email: 'driver@demo.test', deviceBrand: 'Samsung', deviceModel: 'Galaxy A54', trusted: true, isActive: true, created: '2026-01-12T08:30:00Z' },
  { deviceIdentifier: 'seed-device-driver-2', email: 'driver@demo.test', deviceBrand: 'Samsung', deviceModel: 'Galaxy A14', trusted: false, isActive: false, created: '2025-09-03T10:00:00Z' },
  { deviceIdentifier: 'seed-device-driver2-1', email: 'driver2@demo.test', deviceBrand: 'Apple', deviceModel: 'iPhone 13', trusted: true, isActive: true, created: '2026-02-20T06:45:00Z' },
  { deviceIdentifier: 'seed-device-driver3-1', email: 'driver3@demo.test', deviceBrand: 'Huawei', deviceModel: 'P30 Lite', trusted: false, isActive: true, created: '2026-03-05T14:15:00Z' },
  { deviceIdentifier: 'seed-device-driver4-1', email: 'driver4@demo.test', deviceBrand: 'Xiaomi', deviceModel: 'Redmi Note 12', trusted: true, isActive: true, created: '2026-04-18T09:00:00Z' },
  { deviceIdentifier: 'seed-device-partner-1', email: 'partner@demo.test', deviceBrand: 'Nokia', deviceModel: 'G21', trusted: false, isActive: true, created: '2026-05-02T12:00:00Z' },
] as const;

export async function seedFleet(db: Database): Promise<void> {
  const [za] = await db.select({ id: portals.id }).from(portals).where(eq(portals.cca2, 'ZA'));
  if (!za) return;
  const people = await db.select({ id: users.id, email: users.email }).from(users);
  const userId = (email: string) => people.find((person) => person.email === email)?.id ?? null;
  const companyRows = await db.select({ id: companies.id, name: companies.companyName }).from(companies).where(eq(companies.portalId, za.id));
  const companyId = (name: string) => companyRows.find((company) => company.name === name)?.id ?? null;

  for (const vehicle of SEED_VEHICLES) {
    const [existing] = await db.select({ id: vehicles.id }).from(vehicles)
      .where(and(eq(vehicles.portalId, za.id), eq(vehicles.registration, vehicle.registration)));
    if (existing) continue;
    await db.insert(vehicles).values({
      portalId: za.id, registration: vehicle.registration, make: vehicle.make, model: vehicle.model, colour: vehicle.colour,
      vehicleTypeId: vehicle.vehicleTypeId,
      driverId: 'driver' in vehicle ? userId(vehicle.driver) : null,
      partnerCompanyId: 'partner' in vehicle ? companyId(vehicle.partner) : null,
      isActive: 'isActive' in vehicle ? vehicle.isActive : true,
    });
  }
  for (const device of SEED_DEVICES) {
    const owner = userId(device.email);
    if (owner === null) continue;
    await db.insert(mobileDevices).values({
      portalId: za.id, appUserId: owner, deviceIdentifier: device.deviceIdentifier, deviceBrand: device.deviceBrand,
      deviceModel: device.deviceModel, trusted: device.trusted, isActive: device.isActive, created: new Date(device.created),
    }).onConflictDoNothing({ target: mobileDevices.deviceIdentifier });
  }
}
