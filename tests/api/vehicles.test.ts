import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { verifyAccessTokenClaims } from '../../server/auth/tokens';
import { mobileDevices, vehicles } from '../../server/db/schema';
import { seedFleet } from '../../server/db/seed-fleet';
import { FLEET_TEXTS } from '../../src/lib/fleet';
import { conflictMessage } from '../../src/lib/resources/texts';
import { caller, expectedStatus, ROLE_USERS } from './fleet-support';
import { bearer, startTestServer, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });
const call = caller(() => server);

type Vehicle = { id: number; registration: string; vehicleTypeId: number; vehicleType: string; driverName: string | null; xmin: string; isActive: boolean };

async function vehicle(registration: string): Promise<Vehicle> {
  const { body } = await call('staff@demo.test', 'GET', `/vehicles/za?search=${encodeURIComponent(registration)}`);
  return (body.items as Vehicle[]).find((row) => row.registration === registration)!;
}

describe('vehicles: access by role from the shared table', () => {
  it.each(ROLE_USERS)('%s', async (email) => {
    const seeded = await vehicle('CA 123-456');
    expect((await call(email, 'GET', '/vehicles/za')).status).toBe(await expectedStatus(server, email, 'getvehicles'));
    expect((await call(email, 'GET', `/vehicles/za/${seeded.id}`)).status).toBe(await expectedStatus(server, email, 'getvehicle'));
    const refused = await call(email, 'POST', '/vehicles/za', { registration: '', make: 'x', model: 'y', vehicleTypeId: 10 });
    // Allowed callers get the validation error; others are refused before it.
    expect(refused.status).toBe(await expectedStatus(server, email, 'createvehicle', 400));
  });
});

describe('vehicles: list, filters and export', () => {
  it('lists the seeded vehicles with their type names and drivers, filtered by vehicleTypes, driver and isActive', async () => {
    const all = await call('staff@demo.test', 'GET', '/vehicles/za?pageSize=100');
    expect(all.status).toBe(200);
    const motorcycle = (all.body.items as Vehicle[]).find((row) => row.registration === 'CA 123-456')!;
    expect(motorcycle).toMatchObject({ vehicleTypeId: 10, vehicleType: 'Motorcycle', driverName: 'Dumisani Driver' });
    const bakkies = await call('staff@demo.test', 'GET', '/vehicles/za?vehicleTypes=31&vehicleTypes=41');
    expect((bakkies.body.items as Vehicle[]).map((row) => row.vehicleTypeId).sort()).toEqual([31, 41]);
    const inactive = await call('staff@demo.test', 'GET', '/vehicles/za?isActive=false');
    expect((inactive.body.items as Vehicle[]).map((row) => row.registration)).toContain('GP 567-890');
    expect((inactive.body.items as Vehicle[]).every((row) => !row.isActive)).toBe(true);
  });

  // Unknown filters and sorts and short searches: list-validation.test.ts.
  it('refuses an unknown vehicle type, naming it; clamps the page size', async () => {
    const badType = await call('staff@demo.test', 'GET', '/vehicles/za?vehicleTypes=33');
    expect(badType.status).toBe(400);
    expect(JSON.stringify(badType.body)).toContain('vehicleTypes');
    const clamped = await call('staff@demo.test', 'GET', '/vehicles/za?pageSize=2000');
    expect(clamped.body.paging.pageSize).toBe(500);
  });

  it('exports Vehicles.xlsx with the current filter', async () => {
    const response = await fetch(`${server.url}/connect/vehicles/za?exportExcel=true&vehicleTypes=20`, { headers: bearer(await server.tokenFor('staff@demo.test')) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('filename="Vehicles.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toContain('Registration');
    expect(rows.slice(1).every((row) => row.includes('Sedan'))).toBe(true);
    expect(rows.slice(1).some((row) => row.includes('CA 234-567'))).toBe(true);
  });
});

describe('vehicles: add, edit, conflict, scope', () => {
  it('adds a vehicle (registration normalised), refuses a duplicate and a non-driver as driver', async () => {
    const created = await call('management@demo.test', 'POST', '/vehicles/za', { registration: 'wc 99-88', make: 'Suzuki', model: 'Swift', vehicleTypeId: 20 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ registration: 'WC 99-88', vehicleType: 'Sedan', isActive: true, driverId: null });
    const duplicate = await call('staff@demo.test', 'POST', '/vehicles/za', { registration: 'WC 99-88', make: 'Suzuki', model: 'Swift', vehicleTypeId: 20 });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe(FLEET_TEXTS.registrationTaken);
    expect((await call('administrator@demo.test', 'GET', `/vehicles/za/${created.body.id}`)).body.registration).toBe('WC 99-88');
    const { permissions: customer } = await verifyAccessTokenClaims(server.keys, await server.tokenFor('customer@demo.test'));
    const notDriver = await call('staff@demo.test', 'POST', '/vehicles/za', { registration: 'WC 77-66', make: 'VW', model: 'Polo', vehicleTypeId: 20, driverId: customer.id });
    expect(notDriver.status).toBe(400);
    expect(notDriver.body.errors).toHaveProperty('driverId');
    const badBody = await call('staff@demo.test', 'POST', '/vehicles/za', { registration: 'WC 77-66', make: 'VW', model: 'Polo', vehicleTypeId: 20, colourCode: 'x' });
    expect(badBody.status).toBe(400);
    expect(JSON.stringify(badBody.body)).toContain('colourCode');
  });

  it('an update from an old xmin → 409 with the current version; without xmin → 400 naming it', async () => {
    const sedan = await vehicle('CA 234-567');
    const body = { registration: sedan.registration, make: 'Toyota', model: 'Corolla', vehicleTypeId: 20, colour: 'Grey' };
    const first = await call('staff@demo.test', 'PUT', `/vehicles/za/${sedan.id}`, { ...body, xmin: sedan.xmin });
    expect(first.status).toBe(200);
    expect(first.body.colour).toBe('Grey');
    const second = await call('administrator@demo.test', 'PUT', `/vehicles/za/${sedan.id}`, { ...body, colour: 'Black', xmin: sedan.xmin });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ message: conflictMessage('vehicle'), current: { id: sedan.id, colour: 'Grey', xmin: first.body.xmin } });
    const noXmin = await call('staff@demo.test', 'PUT', `/vehicles/za/${sedan.id}`, body);
    expect(noXmin.status).toBe(400);
    expect(noXmin.body.errors).toHaveProperty('xmin');
  });

  it('another portal\'s vehicle is 404 from this portal, and an update there changes nothing', async () => {
    const namibian = await call('staff@demo.test', 'POST', '/vehicles/na', { registration: 'N 1234 W', make: 'Ford', model: 'Ranger', vehicleTypeId: 41 });
    expect(namibian.status).toBe(201);
    expect((await call('staff@demo.test', 'GET', `/vehicles/za/${namibian.body.id}`)).status).toBe(404);
    const update = await call('staff@demo.test', 'PUT', `/vehicles/za/${namibian.body.id}`, {
      registration: 'N 1234 W', make: 'Ford', model: 'Changed', vehicleTypeId: 41, xmin: namibian.body.xmin,
    });
    expect(update.status).toBe(404);
    expect((await call('staff@demo.test', 'GET', `/vehicles/na/${namibian.body.id}`)).body.model).toBe('Ranger');
    const list = await call('staff@demo.test', 'GET', '/vehicles/za?search=1234');
    expect(list.body.items).toEqual([]);
  });
});

describe('fleet seed', () => {
  it('is idempotent: running it again adds no vehicle and no device', async () => {
    const { db } = server.database;
    const counts = async () => [(await db.select({ n: count() }).from(vehicles))[0]!.n, (await db.select({ n: count() }).from(mobileDevices))[0]!.n];
    const before = await counts();
    await seedFleet(db);
    expect(await counts()).toEqual(before);
  });
});
