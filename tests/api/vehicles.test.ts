import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { verifyAccessTokenClaims } from '../../server/auth/tokens';
import { mobileDevices, vehicles } from '../../server/db/schema';
import { seedFleet } from '../../server/db/seed-fleet';
import { FLEET_TEXTS } from '../../src/lib/fleet';
import { conflictMessage } from '../../src/lib/resource-texts';
import { expectedStatus, ROLE_LOGINS } from './fleet-support';
import { bearer, dataOf, fieldErrors, inZa, pageOf, startTestServer, ZA, type ListQuery, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });
const staff = () => server.as('staff').connect;

const vehiclePage = async (query: ListQuery<'/vehicles/{cca2}'>) => pageOf(await dataOf(staff().GET('/vehicles/{cca2}', { params: { path: ZA, query } })));

async function vehicle(registration: string) {
  return (await vehiclePage({ search: registration })).items.find((row) => row.registration === registration)!;
}

describe('vehicles: access by role from the shared table', () => {
  it.each(ROLE_LOGINS)('%s', async (login) => {
    const user = server.as(login).connect;
    const seeded = await vehicle('CA 123-456');
    expect((await user.GET('/vehicles/{cca2}', { params: { path: ZA } })).response.status).toBe(await expectedStatus(server, login, 'getvehicles'));
    expect((await user.GET('/vehicles/{cca2}/{id}', { params: inZa(seeded.id) })).response.status).toBe(await expectedStatus(server, login, 'getvehicle'));
    const refused = await user.POST('/vehicles/{cca2}', { params: { path: ZA }, body: { registration: '', make: 'x', model: 'y', vehicleTypeId: 10 } });
    // Allowed callers get the validation error; others are refused before it.
    expect(refused.response.status).toBe(await expectedStatus(server, login, 'createvehicle', 400));
  });
});

describe('vehicles: list, filters and export', () => {
  it('lists the seeded vehicles with their type names and drivers, filtered by vehicleTypes, driver and isActive', async () => {
    const all = await staff().GET('/vehicles/{cca2}', { params: { path: ZA, query: { pageSize: 100 } } });
    expect(all.response.status).toBe(200);
    const motorcycle = pageOf(all.data).items.find((row) => row.registration === 'CA 123-456')!;
    expect(motorcycle).toMatchObject({ vehicleTypeId: 10, vehicleType: 'Motorcycle', driverName: 'Dumisani Driver' });
    const bakkies = await vehiclePage({ vehicleTypes: [31, 41] });
    expect(bakkies.items.map((row) => row.vehicleTypeId).sort()).toEqual([31, 41]);
    const inactive = await vehiclePage({ isActive: false });
    expect(inactive.items.map((row) => row.registration)).toContain('GP 567-890');
    expect(inactive.items.every((row) => !row.isActive)).toBe(true);
  });

  // Unknown filters and sorts and short searches: list-validation.test.ts.
  it('refuses an unknown vehicle type, naming it; clamps the page size', async () => {
    // Not a vehicle type of the contract: sent as written.
    const badType = await server.raw('staff', 'GET', '/vehicles/za?vehicleTypes=33');
    expect(badType.status).toBe(400);
    expect(JSON.stringify(badType.body)).toContain('vehicleTypes');
    const clamped = await vehiclePage({ pageSize: 2000 });
    expect(clamped.paging.pageSize).toBe(500);
  });

  it('exports Vehicles.xlsx with the current filter', async () => {
    const response = await fetch(`${server.url}/connect/vehicles/za?exportExcel=true&vehicleTypes=20`, { headers: bearer(await server.as('staff').token()) });
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
    const created = await server.as('management').connect.POST('/vehicles/{cca2}', { params: { path: ZA }, body: { registration: 'wc 99-88', make: 'Suzuki', model: 'Swift', vehicleTypeId: 20 } });
    expect(created.response.status).toBe(201);
    expect(created.data).toMatchObject({ registration: 'WC 99-88', vehicleType: 'Sedan', isActive: true, driverId: null });
    const duplicate = await staff().POST('/vehicles/{cca2}', { params: { path: ZA }, body: { registration: 'WC 99-88', make: 'Suzuki', model: 'Swift', vehicleTypeId: 20 } });
    expect(duplicate.response.status).toBe(409);
    expect(duplicate.error?.message).toBe(FLEET_TEXTS.registrationTaken);
    expect((await dataOf(server.as('administrator').connect.GET('/vehicles/{cca2}/{id}', { params: inZa(created.data!.id) }))).registration).toBe('WC 99-88');
    const { permissions: customer } = await verifyAccessTokenClaims(server.keys, await server.as('customer').token());
    const notDriver = await staff().POST('/vehicles/{cca2}', { params: { path: ZA }, body: { registration: 'WC 77-66', make: 'VW', model: 'Polo', vehicleTypeId: 20, driverId: customer.id } });
    expect(notDriver.response.status).toBe(400);
    expect(fieldErrors(notDriver.error)).toHaveProperty('driverId');
    // A field the contract does not have: sent as written.
    const badBody = await server.raw('staff', 'POST', '/vehicles/za', { registration: 'WC 77-66', make: 'VW', model: 'Polo', vehicleTypeId: 20, colourCode: 'x' });
    expect(badBody.status).toBe(400);
    expect(JSON.stringify(badBody.body)).toContain('colourCode');
  });

  it('an update from an old xmin → 409 with the current version; without xmin → 400 naming it', async () => {
    const sedan = await vehicle('CA 234-567');
    const body = { registration: sedan.registration, make: 'Toyota', model: 'Corolla', vehicleTypeId: 20 as const, colour: 'Grey' };
    const first = await staff().PUT('/vehicles/{cca2}/{id}', { params: inZa(sedan.id), body: { ...body, xmin: sedan.xmin } });
    expect(first.response.status).toBe(200);
    expect(first.data!.colour).toBe('Grey');
    const second = await server.as('administrator').connect.PUT('/vehicles/{cca2}/{id}', { params: inZa(sedan.id), body: { ...body, colour: 'Black', xmin: sedan.xmin } });
    expect(second.response.status).toBe(409);
    expect(second.error).toMatchObject({ message: conflictMessage('vehicle'), current: { id: sedan.id, colour: 'Grey', xmin: first.data!.xmin } });
    // Without the required xmin: sent as written.
    const noXmin = await server.raw('staff', 'PUT', `/vehicles/za/${sedan.id}`, body);
    expect(noXmin.status).toBe(400);
    expect(noXmin.body.errors).toHaveProperty('xmin');
  });

  it('another portal\'s vehicle is 404 from this portal, and an update there changes nothing', async () => {
    const namibian = await staff().POST('/vehicles/{cca2}', { params: { path: { cca2: 'na' } }, body: { registration: 'N 1234 W', make: 'Ford', model: 'Ranger', vehicleTypeId: 41 } });
    expect(namibian.response.status).toBe(201);
    const { id, xmin } = namibian.data!;
    expect((await staff().GET('/vehicles/{cca2}/{id}', { params: inZa(id) })).response.status).toBe(404);
    const update = await staff().PUT('/vehicles/{cca2}/{id}', { params: inZa(id), body: {
      registration: 'N 1234 W', make: 'Ford', model: 'Changed', vehicleTypeId: 41, xmin,
    } });
    expect(update.response.status).toBe(404);
    expect((await dataOf(staff().GET('/vehicles/{cca2}/{id}', { params: { path: { cca2: 'na', id } } }))).model).toBe('Ranger');
    const list = await vehiclePage({ search: '1234' });
    expect(list.items).toEqual([]);
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
