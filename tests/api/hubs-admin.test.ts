import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLEET_TEXTS } from '../../src/lib/fleet';
import { conflictMessage } from '../../src/lib/resource-texts';
import { book } from './booking-helpers';
import { expectedStatus, ROLE_LOGINS } from './fleet-support';
import { dataOf, inZa, pageOf, startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });
const ADMIN = 'administrator';
const admin = () => server.as(ADMIN).connect;

async function hub(name: string) {
  const page = pageOf(await dataOf(admin().GET('/hubs/{cca2}', { params: { path: ZA, query: { pageSize: 100 } } })));
  return page.items.find((row) => row.hubName === name)!;
}

describe('hubs: access by role from the shared table (administrator only)', () => {
  it.each(ROLE_LOGINS)('%s', async (login) => {
    const user = server.as(login).connect;
    const capeTown = await hub('Cape Town Hub');
    expect((await user.GET('/hubs/{cca2}', { params: { path: ZA } })).response.status).toBe(await expectedStatus(server, login, 'gethubs'));
    expect((await user.GET('/hubs/{cca2}/{id}', { params: inZa(capeTown.id) })).response.status).toBe(await expectedStatus(server, login, 'gethub'));
    const update = await user.PUT('/hubs/{cca2}/{id}', { params: inZa(capeTown.id), body: { hubName: '', contactName: 'x', phoneNumber: 'y', xmin: capeTown.xmin } });
    expect(update.response.status).toBe(await expectedStatus(server, login, 'updatehub', 400));
  });
});

describe('hubs: list and detail', () => {
  it('lists the seeded hubs, searches the address too, and shows a hub with its delivery counts', async () => {
    const list = await admin().GET('/hubs/{cca2}', { params: { path: ZA } });
    expect(list.response.status).toBe(200);
    expect(pageOf(list.data).items.map((row) => row.hubName)).toEqual(expect.arrayContaining(['Cape Town Hub', 'Durban Hub', 'Johannesburg Hub']));
    const byAddress = await admin().GET('/hubs/{cca2}', { params: { path: ZA, query: { search: 'Pinetown' } } });
    expect(pageOf(byAddress.data).items.map((row) => row.hubName)).toEqual(['Durban Hub']);
    const durban = await hub('Durban Hub');
    const detail = await dataOf(admin().GET('/hubs/{cca2}/{id}', { params: inZa(durban.id) }));
    expect(detail).toMatchObject({ hubName: 'Durban Hub', deliveryCount: expect.any(Number), openDeliveryCount: expect.any(Number) });
    expect(detail.address.coordinates.lat).toBeLessThan(-29);
  });
  // Unknown filters and sorts: list-validation.test.ts.
});

describe('hubs: add, edit, conflict, scope', () => {
  it('adds a hub whose address is resolved from the chosen place; a taken name and an unknown place are refused', async () => {
    const created = await admin().POST('/hubs/{cca2}', { params: { path: ZA }, body: {
      hubName: 'Claremont Hub', contactName: 'Zanele', phoneNumber: '+27215550999', address: { placeId: 'za-cape-town-cavendish-square-claremont', description: 'ignored' },
    } });
    expect(created.response.status).toBe(201);
    expect(created.data!.address).toMatchObject({ placeId: 'za-cape-town-cavendish-square-claremont', description: expect.stringContaining('Claremont') });
    expect(created.data!.address.coordinates.lat).toBeCloseTo(-33.98, 1);
    const taken = await admin().POST('/hubs/{cca2}', { params: { path: ZA }, body: { hubName: 'claremont hub', contactName: 'Z', phoneNumber: '1', address: { placeId: 'za-cape-town-sea-point' } } });
    expect(taken.response.status).toBe(409);
    expect(taken.error?.message).toBe(FLEET_TEXTS.hubNameTaken);
    const unknown = await admin().POST('/hubs/{cca2}', { params: { path: ZA }, body: { hubName: 'Nowhere Hub', contactName: 'Z', phoneNumber: '1', address: { placeId: 'za-nowhere' } } });
    expect(unknown.response.status).toBe(404);
    // Without the required address: sent as written.
    const missing = await server.raw(ADMIN, 'POST', '/hubs/za', { hubName: 'No Address Hub', contactName: 'Z', phoneNumber: '1' });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('address');
    expect(pageOf((await admin().GET('/hubs/{cca2}', { params: { path: ZA, query: { search: 'Nowhere' } } })).data).items).toEqual([]);
  });

  it('an update keeps the address unless a new place is chosen; an old xmin → 409 with the current version', async () => {
    const johannesburg = await hub('Johannesburg Hub');
    const first = await admin().PUT('/hubs/{cca2}/{id}', { params: inZa(johannesburg.id), body: {
      hubName: 'Johannesburg Hub', contactName: 'Kagiso Molefe', phoneNumber: '+27115550301', xmin: johannesburg.xmin,
    } });
    expect(first.response.status).toBe(200);
    expect(first.data!.address.placeId).toBe(johannesburg.address.placeId);
    const second = await admin().PUT('/hubs/{cca2}/{id}', { params: inZa(johannesburg.id), body: {
      hubName: 'Johannesburg Hub', contactName: 'Someone Else', phoneNumber: '+27115550302', xmin: johannesburg.xmin,
    } });
    expect(second.response.status).toBe(409);
    expect(second.error).toMatchObject({ message: conflictMessage('hub'), current: { id: johannesburg.id, phoneNumber: '+27115550301', xmin: first.data!.xmin } });
    const moved = await admin().PUT('/hubs/{cca2}/{id}', { params: inZa(johannesburg.id), body: {
      hubName: 'Johannesburg Hub', contactName: 'Kagiso Molefe', phoneNumber: '+27115550301', xmin: first.data!.xmin,
      address: { placeId: 'za-johannesburg-sandton-city-sandton' },
    } });
    expect(moved.response.status).toBe(200);
    expect(moved.data!.address.description).toContain('Sandton');
    // Without the required xmin: sent as written.
    const noXmin = await server.raw(ADMIN, 'PUT', `/hubs/za/${johannesburg.id}`, { hubName: 'J', contactName: 'K', phoneNumber: '1' });
    expect(noXmin.status).toBe(400);
    expect(noXmin.body.errors).toHaveProperty('xmin');
  });

  it('another portal\'s hub is 404 from this portal and is not changed', async () => {
    const na = { cca2: 'na' };
    const options = await dataOf(admin().GET('/addresses/{cca2}', { params: { path: na, query: { select: true, search: 'windhoek' } } }));
    const placeId = (options as { placeId: string }[])[0]!.placeId;
    const windhoek = await admin().POST('/hubs/{cca2}', { params: { path: na }, body: { hubName: 'Windhoek Hub', contactName: 'N', phoneNumber: '+264615550100', address: { placeId } } });
    expect(windhoek.response.status).toBe(201);
    const id = windhoek.data!.id;
    expect((await admin().GET('/hubs/{cca2}/{id}', { params: inZa(id) })).response.status).toBe(404);
    const update = await admin().PUT('/hubs/{cca2}/{id}', { params: inZa(id), body: { hubName: 'Changed', contactName: 'N', phoneNumber: '1', xmin: windhoek.data!.xmin } });
    expect(update.response.status).toBe(404);
    expect((await dataOf(admin().GET('/hubs/{cca2}/{id}', { params: { path: { ...na, id } } }))).hubName).toBe('Windhoek Hub');
  });
});

describe('hubs: booking uses what is administered here', () => {
  it('a new active hub nearer the pick-up takes Standard deliveries; deactivated, it takes none', async () => {
    // Cape Town Hub, or the Claremont hub added above (also nearer than Epping).
    const before = await book(admin(), { until: 'select', sla: 'Standard' });
    expect(['Nomvula Khumalo', 'Zanele']).toContain(before.hub!.contactName);
    const created = await admin().POST('/hubs/{cca2}', { params: { path: ZA }, body: {
      hubName: 'City Bowl Hub', contactName: 'Lwazi Ndlovu', phoneNumber: '+27215550777', address: { placeId: 'za-cape-town-long-street-cape-town-city-centre' },
    } });
    expect(created.response.status).toBe(201);
    const { id, xmin } = created.data!;
    const nearer = await book(admin(), { until: 'select', sla: 'Standard' });
    expect(nearer.hub).toEqual({ contactName: 'Lwazi Ndlovu', phoneNumber: '+27215550777', email: null });
    expect(nearer.hubAddress!.placeId).toBe('za-cape-town-long-street-cape-town-city-centre');
    const deactivated = await dataOf(admin().PUT('/hubs/{cca2}/{id}', { params: inZa(id), body: {
      hubName: 'City Bowl Hub', contactName: 'Lwazi Ndlovu', phoneNumber: '+27215550777', isActive: false, xmin,
    } }));
    expect(deactivated.isActive).toBe(false);
    const after = await book(admin(), { until: 'select', sla: 'Standard' });
    expect(after.hub).toEqual(before.hub);
    // The delivery routed while it was active counts on the hub's page once it is placed (Ready or later); a quote is not.
    const detail = await admin().GET('/hubs/{cca2}/{id}', { params: inZa(id) });
    expect(detail.data).toMatchObject({ deliveryCount: 0, openDeliveryCount: 0 });
  });
});
