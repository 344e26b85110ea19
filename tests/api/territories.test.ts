import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessTokenClaims } from '../../server/auth/tokens';
import { seedTerritories } from '../../server/db/seed-territories';
import { TERRITORY_ERRORS } from '../../server/domain/territories';
import { decideOperationAccess, OPERATION_ACCESS } from '../../src/lib/access';
import { conflictMessage } from '../../src/lib/resource-texts';
import { POLYGON_ERRORS } from '../../src/lib/territory-texts';
import type { SeededLogin } from '../support/seeded-users';
import { bearer, dataOf, fieldErrors, inZa, pageOf, startTestServer, ZA, type ListQuery, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const ADMIN = 'administrator';
const ROLE_USERS: SeededLogin[] = [ADMIN, 'management', 'staff', 'company.admin', 'store.admin', 'driver', 'customer'];

const admin = () => server.as(ADMIN).connect;

async function territory(name: string) {
  const page = pageOf(await dataOf(admin().GET('/territories/{cca2}', { params: { path: ZA, query: { search: name } } })));
  return page.items.find((row) => row.name === name)!;
}
const areas = async (query: ListQuery<'/territoryareas/{cca2}'>) =>
  pageOf(await dataOf(admin().GET('/territoryareas/{cca2}', { params: { path: ZA, query } }))).items;
const searchPolygon = (query: ListQuery<'/territoryareas/{cca2}/searchpolygon'>) =>
  admin().GET('/territoryareas/{cca2}/searchpolygon', { params: { path: ZA, query } });

const square = (lon: number, lat: number, size = 0.01): [number, number][] => [[lon, lat], [lon + size, lat], [lon + size, lat + size], [lon, lat + size], [lon, lat]];

describe('territories: access by role from the shared table', () => {
  it.each(ROLE_USERS)('%s', async (login) => {
    const user = server.as(login).connect;
    const { permissions } = await verifyAccessTokenClaims(server.keys, await server.as(login).token());
    const expected = (operation: keyof typeof OPERATION_ACCESS) => (decideOperationAccess(OPERATION_ACCESS[operation], permissions) === 'allowed' ? 200 : 403);
    expect((await user.GET('/territories/{cca2}', { params: { path: ZA } })).response.status).toBe(expected('getterritories'));
    expect((await user.GET('/territoryareas/{cca2}', { params: { path: ZA } })).response.status).toBe(expected('getterritoryareas'));
    const search = await user.GET('/territoryareas/{cca2}/searchpolygon', { params: { path: ZA, query: { lat: -33.98, lon: 18.465 } } });
    expect(search.response.status).toBe(expected('searchpolygon'));
    expect((await user.GET('/territories/TerritoryPermissions')).response.status).toBe(expected('getTerritoryPermissions'));
    expect(expected('getterritories')).toBe(login === ADMIN ? 200 : 403);
  });
});

describe('territories: seed and lists', () => {
  it('seeds Cape Town and Johannesburg with their areas and exceptions, and a second run adds nothing', async () => {
    const capeTown = await territory('Cape Town');
    expect(capeTown).toMatchObject({ areaCount: 2, exceptionCount: 1 });
    expect(await territory('Johannesburg')).toMatchObject({ areaCount: 2, exceptionCount: 0 });
    await seedTerritories(server.database.db);
    expect(await territory('Cape Town')).toMatchObject({ areaCount: 2, exceptionCount: 1 });
    const exceptions = await areas({ territoryid: capeTown.id, kind: 'exception' });
    expect(exceptions.map((row) => row.areaName)).toEqual(['Kirstenbosch Gardens']);
    expect(exceptions[0]!.polygon.at(0)).toEqual(exceptions[0]!.polygon.at(-1));
    const permissions = await admin().GET('/territories/TerritoryPermissions', { params: { query: { territoryid: capeTown.id } } });
    expect(permissions.data).toEqual([expect.objectContaining({ territoryName: 'Cape Town', role: 'Driver', userId: null })]);
  });

  // Unknown filters and sorts: list-validation.test.ts.
  it('filters by areaid and exports Territory Areas.xlsx', async () => {
    const all = await areas({ sortby: 'areaName' });
    const inner = all.find((row) => row.areaName === 'Inner City')!;
    expect(await areas({ areaid: inner.id })).toHaveLength(1);

    const token = await server.as(ADMIN).token();
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
    const claremont = await dataOf(searchPolygon({ lat: -33.9806, lon: 18.4653 }));
    expect(claremont.covered.map((match) => match.areaName)).toEqual(['Southern Suburbs']);
    const kirstenbosch = await dataOf(searchPolygon({ lat: -33.9875, lon: 18.4327 }));
    expect(kirstenbosch.matches.map((match) => `${match.kind}:${match.areaName}`))
      .toEqual(['area:Southern Suburbs', 'exception:Kirstenbosch Gardens']);
    expect(kirstenbosch.covered).toEqual([]);
    const soweto = await searchPolygon({ lat: -26.2485, lon: 27.854 });
    expect(soweto.data).toMatchObject({ matches: [], covered: [] });
  });

  it('answers for an address id of the gazetteer, 404 for an unknown one, 400 naming lat without a point', async () => {
    const sandton = await searchPolygon({ addressId: 'za-johannesburg-sandton' });
    expect(sandton.response.status).toBe(200);
    expect(sandton.data).toMatchObject({ lat: -26.1076, lon: 28.0567, covered: [expect.objectContaining({ territoryName: 'Johannesburg', areaName: 'Sandton and Rosebank' })] });
    expect((await searchPolygon({ addressId: 'za-nowhere' })).response.status).toBe(404);
    const missing = await searchPolygon({ lon: 18.4 });
    expect(missing.response.status).toBe(400);
    expect(fieldErrors(missing.error)).toHaveProperty('lat');
  });

  it('lists the gazetteer places inside a map view', async () => {
    const { data, response } = await admin().GET('/territoryareas/{cca2}/places', { params: { path: ZA, query: { minLat: -33.93, maxLat: -33.9, minLon: 18.38, maxLon: 18.40 } } });
    expect(response.status).toBe(200);
    expect(data!.map((place) => place.name)).toContain('Sea Point');
    expect(data!.every((place) => place.lat >= -33.93 && place.lat <= -33.9 && place.lon >= 18.38 && place.lon <= 18.4)).toBe(true);
  });
});

describe('territories: add, edit, validation, conflicts', () => {
  it('creates a territory with an area, then refuses bad polygons naming the field', async () => {
    const created = await admin().POST('/territories/{cca2}', { params: { path: ZA }, body: { name: 'Durban' } });
    expect(created.response.status).toBe(201);
    expect(created.data).toMatchObject({ name: 'Durban', isActive: true, areaCount: 0 });
    const duplicate = await admin().POST('/territories/{cca2}', { params: { path: ZA }, body: { name: 'Durban' } });
    expect(duplicate.response.status).toBe(400);
    expect(fieldErrors(duplicate.error)).toHaveProperty('name');
    const territoryId = created.data!.id;

    const createArea = (cca2: string, body: { areaName: string; polygon: [number, number][] }) =>
      admin().POST('/territoryareas/{cca2}', { params: { path: { cca2 } }, body: { territoryId, kind: 'area', ...body } });
    const area = await createArea('za', { areaName: 'Umhlanga', polygon: square(31.07, -29.73, 0.03) });
    expect(area.response.status).toBe(201);
    expect(area.data).toMatchObject({ territoryName: 'Durban', areaName: 'Umhlanga', kind: 'area' });
    const areaId = area.data!.id;

    // Malformed polygons, sent as written.
    const bad = async (polygon: unknown, message?: string) => {
      const response = await server.raw(ADMIN, 'POST', '/territoryareas/za', { territoryId, areaName: 'Bad', kind: 'area', polygon });
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
    const noName = await createArea('za', { areaName: '', polygon: square(31, -29) });
    expect(fieldErrors(noName.error)).toHaveProperty('areaName');
    const extra = await server.raw(ADMIN, 'POST', '/territoryareas/za', { territoryId, areaName: 'X', kind: 'area', polygon: square(31, -29), colour: 'red' });
    expect(extra.status).toBe(400);
    expect(extra.body.errors).toHaveProperty('colour');
    const foreign = await createArea('na', { areaName: 'X', polygon: square(31, -29) });
    expect(foreign.response.status).toBe(404);
    expect((await admin().GET('/territoryareas/{cca2}/{id}', { params: { path: { cca2: 'na', id: areaId } } })).response.status).toBe(404);
    expect((await admin().GET('/territories/{cca2}/{id}', { params: { path: { cca2: 'na', id: territoryId } } })).response.status).toBe(404);

    const deleted = await admin().DELETE('/territories/{cca2}', { params: { path: ZA, query: { ids: [territoryId] } } });
    expect(deleted.data).toEqual({ deleted: 1 });
    expect((await admin().GET('/territoryareas/{cca2}/{id}', { params: inZa(areaId) })).response.status).toBe(404);
  });

  it('an area update from an old xmin → 409 with the current version; a redrawn polygon moves the search', async () => {
    const johannesburg = await territory('Johannesburg');
    const inner = (await areas({ territoryid: johannesburg.id, search: 'Inner' }))[0]!;
    const update = (body: { areaName: string; polygon: [number, number][]; xmin: string }) =>
      admin().PUT('/territoryareas/{cca2}/{id}', { params: inZa(inner.id), body });
    // Redraw Inner City to take in Soweto.
    const redrawn: [number, number][] = [[27.8, -26.165], [28.07, -26.165], [28.07, -26.28], [27.8, -26.28], [27.8, -26.165]];
    const first = await update({ areaName: 'Inner City and Soweto', polygon: redrawn, xmin: inner.xmin });
    expect(first.response.status).toBe(200);
    const second = await update({ areaName: 'Inner City', polygon: inner.polygon as [number, number][], xmin: inner.xmin });
    expect(second.response.status).toBe(409);
    expect(second.error).toMatchObject({ message: conflictMessage('area'), current: { id: inner.id, areaName: 'Inner City and Soweto', xmin: first.data!.xmin } });
    const soweto = await dataOf(searchPolygon({ lat: -26.2485, lon: 27.854 }));
    expect(soweto.covered.map((match) => match.areaName)).toEqual(['Inner City and Soweto']);
    const crossing = await update({ areaName: 'X', polygon: [[28, -26], [28.1, -26.1], [28.1, -26], [28, -26.1], [28, -26]], xmin: first.data!.xmin });
    expect(crossing.response.status).toBe(400);
    expect(fieldErrors(crossing.error)?.polygon).toEqual([POLYGON_ERRORS.selfIntersecting(1, 3)]);
  });

  it('a territory update from an old xmin → 409 with the current version; without xmin → 400 naming it', async () => {
    const capeTown = await territory('Cape Town');
    const first = await admin().PUT('/territories/{cca2}/{id}', { params: inZa(capeTown.id), body: { name: 'Cape Town', isActive: true, xmin: capeTown.xmin } });
    expect(first.response.status).toBe(200);
    const second = await admin().PUT('/territories/{cca2}/{id}', { params: inZa(capeTown.id), body: { name: 'Cape Town Metro', xmin: capeTown.xmin } });
    expect(second.response.status).toBe(409);
    expect(second.error).toMatchObject({ message: conflictMessage('territory'), current: { id: capeTown.id, name: 'Cape Town', xmin: first.data!.xmin } });
    // Without the required xmin: sent as written.
    const noXmin = await server.raw(ADMIN, 'PUT', `/territories/za/${capeTown.id}`, { name: 'X' });
    expect(noXmin.status).toBe(400);
    expect(noXmin.body.errors).toHaveProperty('xmin');
  });

  it('grants and removes permissions by user or role; both, neither, an unknown role or a repeat are refused', async () => {
    const capeTown = await territory('Cape Town');
    const grant = (body: { territoryId: number; userId?: number; role?: 'Driver' | 'Partner' }) => admin().POST('/territories/TerritoryPermissions', { body });
    const both = await grant({ territoryId: capeTown.id, userId: 1, role: 'Driver' });
    expect(both.response.status).toBe(400);
    expect(both.error?.message).toBe(TERRITORY_ERRORS.permissionTarget);
    // Not a role of the contract: sent as written.
    const unknownRole = await server.raw(ADMIN, 'POST', '/territories/TerritoryPermissions', { territoryId: capeTown.id, role: 'Pirate' });
    expect(unknownRole.body.errors).toHaveProperty('role');
    const repeat = await grant({ territoryId: capeTown.id, role: 'Driver' });
    expect(repeat.response.status).toBe(409);
    const granted = await grant({ territoryId: capeTown.id, role: 'Partner' });
    expect(granted.response.status).toBe(201);
    const revoke = () => admin().DELETE('/territories/TerritoryPermissions/{id}', { params: { path: { id: granted.data!.id } } });
    expect((await revoke()).response.status).toBe(204);
    expect((await revoke()).response.status).toBe(404);
  });
});
