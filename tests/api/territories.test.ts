import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessTokenClaims } from '../../server/auth/tokens';
import { seedTerritories } from '../../server/db/seed-territories';
import { TERRITORY_ERRORS } from '../../server/domain/territories';
import { decideOperationAccess, OPERATION_ACCESS } from '../../src/lib/access';
import { conflictMessage } from '../../src/lib/resources/texts';
import { POLYGON_ERRORS } from '../../src/lib/territory-texts';
import { bearer, callAs, startTestServer, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const ADMIN = 'administrator@demo.test';
const ROLE_USERS = [ADMIN, 'management@demo.test', 'staff@demo.test', 'company.admin@demo.test', 'store.admin@demo.test', 'driver@demo.test', 'customer@demo.test'];

const call = (email: string, method: string, path: string, body?: unknown) => callAs(server, email, method, path, body);

async function territory(name: string): Promise<{ id: number; xmin: string; areaCount: number; exceptionCount: number }> {
  const { body } = await call(ADMIN, 'GET', `/territories/za?search=${encodeURIComponent(name)}`);
  return body.items.find((row: { name: string }) => row.name === name);
}

const square = (lon: number, lat: number, size = 0.01) => [[lon, lat], [lon + size, lat], [lon + size, lat + size], [lon, lat + size], [lon, lat]];

describe('territories: access by role from the shared table', () => {
  it.each(ROLE_USERS)('%s', async (email) => {
    const { permissions } = await verifyAccessTokenClaims(server.keys, await server.tokenFor(email));
    const expected = (operation: keyof typeof OPERATION_ACCESS) => (decideOperationAccess(OPERATION_ACCESS[operation], permissions) === 'allowed' ? 200 : 403);
    expect((await call(email, 'GET', '/territories/za')).status).toBe(expected('getterritories'));
    expect((await call(email, 'GET', '/territoryareas/za')).status).toBe(expected('getterritoryareas'));
    expect((await call(email, 'GET', '/territoryareas/za/searchpolygon?lat=-33.98&lon=18.465')).status).toBe(expected('searchpolygon'));
    expect((await call(email, 'GET', '/territories/TerritoryPermissions')).status).toBe(expected('getTerritoryPermissions'));
    expect(expected('getterritories')).toBe(email === ADMIN ? 200 : 403);
  });
});

describe('territories: seed and lists', () => {
  it('seeds Cape Town and Johannesburg with their areas and exceptions, and a second run adds nothing', async () => {
    const capeTown = await territory('Cape Town');
    expect(capeTown).toMatchObject({ areaCount: 2, exceptionCount: 1 });
    expect(await territory('Johannesburg')).toMatchObject({ areaCount: 2, exceptionCount: 0 });
    await seedTerritories(server.database.db);
    expect(await territory('Cape Town')).toMatchObject({ areaCount: 2, exceptionCount: 1 });
    const { body } = await call(ADMIN, 'GET', `/territoryareas/za?territoryid=${capeTown.id}&kind=exception`);
    expect(body.items.map((row: { areaName: string }) => row.areaName)).toEqual(['Kirstenbosch Gardens']);
    expect(body.items[0].polygon.at(0)).toEqual(body.items[0].polygon.at(-1));
    const permissions = await call(ADMIN, 'GET', `/territories/TerritoryPermissions?territoryid=${capeTown.id}`);
    expect(permissions.body).toEqual([expect.objectContaining({ territoryName: 'Cape Town', role: 'Driver', userId: null })]);
  });

  // Unknown filters and sorts: list-validation.test.ts.
  it('filters by areaid and exports Territory Areas.xlsx', async () => {
    const { body: all } = await call(ADMIN, 'GET', '/territoryareas/za?sortby=areaName');
    const inner = all.items.find((row: { areaName: string }) => row.areaName === 'Inner City');
    const one = await call(ADMIN, 'GET', `/territoryareas/za?areaid=${inner.id}`);
    expect(one.body.items).toHaveLength(1);

    const token = await server.tokenFor(ADMIN);
    const johannesburg = await territory('Johannesburg');
    const response = await fetch(`${server.url}/connect/territoryareas/za?exportExcel=true&territoryid=${johannesburg.id}&sortby=areaName`, { headers: bearer(token) });
    expect(response.headers.get('content-disposition')).toContain('filename="Territory Areas.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const values: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    expect(values.map((row) => row[2])).toEqual(['Area name', 'Inner City', 'Sandton and Rosebank']);
  });
});

describe('territories: point in polygon', () => {
  it('finds the area containing a point; an exception cuts it out; outside every area nothing', async () => {
    const claremont = await call(ADMIN, 'GET', '/territoryareas/za/searchpolygon?lat=-33.9806&lon=18.4653');
    expect(claremont.body.covered.map((match: { areaName: string }) => match.areaName)).toEqual(['Southern Suburbs']);
    const kirstenbosch = await call(ADMIN, 'GET', '/territoryareas/za/searchpolygon?lat=-33.9875&lon=18.4327');
    expect(kirstenbosch.body.matches.map((match: { areaName: string; kind: string }) => `${match.kind}:${match.areaName}`))
      .toEqual(['area:Southern Suburbs', 'exception:Kirstenbosch Gardens']);
    expect(kirstenbosch.body.covered).toEqual([]);
    const soweto = await call(ADMIN, 'GET', '/territoryareas/za/searchpolygon?lat=-26.2485&lon=27.854');
    expect(soweto.body).toMatchObject({ matches: [], covered: [] });
  });

  it('answers for an address id of the gazetteer, 404 for an unknown one, 400 naming lat without a point', async () => {
    const sandton = await call(ADMIN, 'GET', '/territoryareas/za/searchpolygon?addressId=za-johannesburg-sandton');
    expect(sandton.status).toBe(200);
    expect(sandton.body).toMatchObject({ lat: -26.1076, lon: 28.0567, covered: [expect.objectContaining({ territoryName: 'Johannesburg', areaName: 'Sandton and Rosebank' })] });
    expect((await call(ADMIN, 'GET', '/territoryareas/za/searchpolygon?addressId=za-nowhere')).status).toBe(404);
    const missing = await call(ADMIN, 'GET', '/territoryareas/za/searchpolygon?lon=18.4');
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toHaveProperty('lat');
  });

  it('lists the gazetteer places inside a map view', async () => {
    const { status, body } = await call(ADMIN, 'GET', '/territoryareas/za/places?minLat=-33.93&maxLat=-33.9&minLon=18.38&maxLon=18.40');
    expect(status).toBe(200);
    expect(body.map((place: { name: string }) => place.name)).toContain('Sea Point');
    expect(body.every((place: { lat: number; lon: number }) => place.lat >= -33.93 && place.lat <= -33.9 && place.lon >= 18.38 && place.lon <= 18.4)).toBe(true);
  });
});

describe('territories: add, edit, validation, conflicts', () => {
  it('creates a territory with an area, then refuses bad polygons naming the field', async () => {
    const created = await call(ADMIN, 'POST', '/territories/za', { name: 'Durban' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Durban', isActive: true, areaCount: 0 });
    const duplicate = await call(ADMIN, 'POST', '/territories/za', { name: 'Durban' });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.errors).toHaveProperty('name');
    const territoryId = created.body.id;

    const area = await call(ADMIN, 'POST', '/territoryareas/za', { territoryId, areaName: 'Umhlanga', kind: 'area', polygon: square(31.07, -29.73, 0.03) });
    expect(area.status).toBe(201);
    expect(area.body).toMatchObject({ territoryName: 'Durban', areaName: 'Umhlanga', kind: 'area' });

    const bad = async (polygon: unknown, message?: string) => {
      const response = await call(ADMIN, 'POST', '/territoryareas/za', { territoryId, areaName: 'Bad', kind: 'area', polygon });
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors).some((field) => field.startsWith('polygon'))).toBe(true);
      if (message) expect(response.body.message).toBe(message);
    };
    await bad([[31, -29], [31.1, -29], [31, -29]], POLYGON_ERRORS.tooFew);
    await bad([[31, -29], [31.1, -29], [31.1, -29.1], [31, -29.1]], POLYGON_ERRORS.notClosed);
    await bad([[31, -29], [31.1, -29.1], [31.1, -29], [31, -29.1], [31, -29]], POLYGON_ERRORS.selfIntersecting(1, 3));
    await bad([[31, -91], [31.1, -29], [31.1, -29.1], [31, -91]]);
    await bad([[31, -29], [31.1, -29], [31.1, -29.1], [31, -29], [31, -29]]);
    await bad([[31, -29], [31.1]]);
    const noName = await call(ADMIN, 'POST', '/territoryareas/za', { territoryId, areaName: '', kind: 'area', polygon: square(31, -29) });
    expect(noName.body.errors).toHaveProperty('areaName');
    const extra = await call(ADMIN, 'POST', '/territoryareas/za', { territoryId, areaName: 'X', kind: 'area', polygon: square(31, -29), colour: 'red' });
    expect(extra.status).toBe(400);
    expect(extra.body.errors).toHaveProperty('colour');
    const foreign = await call(ADMIN, 'POST', '/territoryareas/na', { territoryId, areaName: 'X', kind: 'area', polygon: square(31, -29) });
    expect(foreign.status).toBe(404);
    expect((await call(ADMIN, 'GET', `/territoryareas/na/${area.body.id}`)).status).toBe(404);
    expect((await call(ADMIN, 'GET', `/territories/na/${territoryId}`)).status).toBe(404);

    const deleted = await call(ADMIN, 'DELETE', `/territories/za?ids=${territoryId}`);
    expect(deleted.body).toEqual({ deleted: 1 });
    expect((await call(ADMIN, 'GET', `/territoryareas/za/${area.body.id}`)).status).toBe(404);
  });

  it('an area update from an old xmin → 409 with the current version; a redrawn polygon moves the search', async () => {
    const johannesburg = await territory('Johannesburg');
    const { body } = await call(ADMIN, 'GET', `/territoryareas/za?territoryid=${johannesburg.id}&search=Inner`);
    const inner = body.items[0];
    // Redraw Inner City to take in Soweto.
    const redrawn = [[27.8, -26.165], [28.07, -26.165], [28.07, -26.28], [27.8, -26.28], [27.8, -26.165]];
    const first = await call(ADMIN, 'PUT', `/territoryareas/za/${inner.id}`, { areaName: 'Inner City and Soweto', polygon: redrawn, xmin: inner.xmin });
    expect(first.status).toBe(200);
    const second = await call(ADMIN, 'PUT', `/territoryareas/za/${inner.id}`, { areaName: 'Inner City', polygon: inner.polygon, xmin: inner.xmin });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ message: conflictMessage('area'), current: { id: inner.id, areaName: 'Inner City and Soweto', xmin: first.body.xmin } });
    const soweto = await call(ADMIN, 'GET', '/territoryareas/za/searchpolygon?lat=-26.2485&lon=27.854');
    expect(soweto.body.covered.map((match: { areaName: string }) => match.areaName)).toEqual(['Inner City and Soweto']);
    const crossing = await call(ADMIN, 'PUT', `/territoryareas/za/${inner.id}`, {
      areaName: 'X', polygon: [[28, -26], [28.1, -26.1], [28.1, -26], [28, -26.1], [28, -26]], xmin: first.body.xmin,
    });
    expect(crossing.status).toBe(400);
    expect(crossing.body.errors.polygon).toEqual([POLYGON_ERRORS.selfIntersecting(1, 3)]);
  });

  it('a territory update from an old xmin → 409 with the current version; without xmin → 400 naming it', async () => {
    const capeTown = await territory('Cape Town');
    const first = await call(ADMIN, 'PUT', `/territories/za/${capeTown.id}`, { name: 'Cape Town', isActive: true, xmin: capeTown.xmin });
    expect(first.status).toBe(200);
    const second = await call(ADMIN, 'PUT', `/territories/za/${capeTown.id}`, { name: 'Cape Town Metro', xmin: capeTown.xmin });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ message: conflictMessage('territory'), current: { id: capeTown.id, name: 'Cape Town', xmin: first.body.xmin } });
    const noXmin = await call(ADMIN, 'PUT', `/territories/za/${capeTown.id}`, { name: 'X' });
    expect(noXmin.status).toBe(400);
    expect(noXmin.body.errors).toHaveProperty('xmin');
  });

  it('grants and removes permissions by user or role; both, neither, an unknown role or a repeat are refused', async () => {
    const capeTown = await territory('Cape Town');
    const both = await call(ADMIN, 'POST', '/territories/TerritoryPermissions', { territoryId: capeTown.id, userId: 1, role: 'Driver' });
    expect(both.status).toBe(400);
    expect(both.body.message).toBe(TERRITORY_ERRORS.permissionTarget);
    const unknownRole = await call(ADMIN, 'POST', '/territories/TerritoryPermissions', { territoryId: capeTown.id, role: 'Pirate' });
    expect(unknownRole.body.errors).toHaveProperty('role');
    const repeat = await call(ADMIN, 'POST', '/territories/TerritoryPermissions', { territoryId: capeTown.id, role: 'Driver' });
    expect(repeat.status).toBe(409);
    const granted = await call(ADMIN, 'POST', '/territories/TerritoryPermissions', { territoryId: capeTown.id, role: 'Partner' });
    expect(granted.status).toBe(201);
    expect((await call(ADMIN, 'DELETE', `/territories/TerritoryPermissions/${granted.body.id}`)).status).toBe(204);
    expect((await call(ADMIN, 'DELETE', `/territories/TerritoryPermissions/${granted.body.id}`)).status).toBe(404);
  });
});
