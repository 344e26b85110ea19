import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLEET_TEXTS } from '../../src/lib/fleet';
import { conflictMessage } from '../../src/lib/resources/texts';
import { book } from './booking-helpers';
import { caller, expectedStatus, ROLE_USERS } from './fleet-support';
import { startTestServer, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });
const call = caller(() => server);
const ADMIN = 'administrator@demo.test';

type Hub = { id: number; hubName: string; address: { placeId: string; description: string; coordinates: { lat: number; lon: number } }; isActive: boolean; xmin: string };

async function hub(name: string): Promise<Hub> {
  const { body } = await call(ADMIN, 'GET', '/hubs/za?pageSize=100');
  return (body.items as Hub[]).find((row) => row.hubName === name)!;
}

describe('hubs: access by role from the shared table (administrator only)', () => {
  it.each(ROLE_USERS)('%s', async (email) => {
    const capeTown = await hub('Cape Town Hub');
    expect((await call(email, 'GET', '/hubs/za')).status).toBe(await expectedStatus(server, email, 'gethubs'));
    expect((await call(email, 'GET', `/hubs/za/${capeTown.id}`)).status).toBe(await expectedStatus(server, email, 'gethub'));
    const update = await call(email, 'PUT', `/hubs/za/${capeTown.id}`, { hubName: '', contactName: 'x', phoneNumber: 'y', xmin: capeTown.xmin });
    expect(update.status).toBe(await expectedStatus(server, email, 'updatehub', 400));
  });
});

describe('hubs: list and detail', () => {
  it('lists the seeded hubs, searches the address too, and shows a hub with its delivery counts', async () => {
    const list = await call(ADMIN, 'GET', '/hubs/za');
    expect(list.status).toBe(200);
    expect((list.body.items as Hub[]).map((row) => row.hubName)).toEqual(expect.arrayContaining(['Cape Town Hub', 'Durban Hub', 'Johannesburg Hub']));
    const byAddress = await call(ADMIN, 'GET', '/hubs/za?search=Pinetown');
    expect((byAddress.body.items as Hub[]).map((row) => row.hubName)).toEqual(['Durban Hub']);
    const durban = await hub('Durban Hub');
    const detail = await call(ADMIN, 'GET', `/hubs/za/${durban.id}`);
    expect(detail.body).toMatchObject({ hubName: 'Durban Hub', deliveryCount: expect.any(Number), openDeliveryCount: expect.any(Number) });
    expect(detail.body.address.coordinates.lat).toBeLessThan(-29);
  });
  // Unknown filters and sorts: list-validation.test.ts.
});

describe('hubs: add, edit, conflict, scope', () => {
  it('adds a hub whose address is resolved from the chosen place; a taken name and an unknown place are refused', async () => {
    const created = await call(ADMIN, 'POST', '/hubs/za', {
      hubName: 'Claremont Hub', contactName: 'Zanele', phoneNumber: '+27215550999', address: { placeId: 'za-cape-town-cavendish-square-claremont', description: 'ignored' },
    });
    expect(created.status).toBe(201);
    expect(created.body.address).toMatchObject({ placeId: 'za-cape-town-cavendish-square-claremont', description: expect.stringContaining('Claremont') });
    expect(created.body.address.coordinates.lat).toBeCloseTo(-33.98, 1);
    const taken = await call(ADMIN, 'POST', '/hubs/za', { hubName: 'claremont hub', contactName: 'Z', phoneNumber: '1', address: { placeId: 'za-cape-town-sea-point' } });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(FLEET_TEXTS.hubNameTaken);
    const unknown = await call(ADMIN, 'POST', '/hubs/za', { hubName: 'Nowhere Hub', contactName: 'Z', phoneNumber: '1', address: { placeId: 'za-nowhere' } });
    expect(unknown.status).toBe(404);
    const missing = await call(ADMIN, 'POST', '/hubs/za', { hubName: 'No Address Hub', contactName: 'Z', phoneNumber: '1' });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('address');
    expect((await call(ADMIN, 'GET', '/hubs/za?search=Nowhere')).body.items).toEqual([]);
  });

  it('an update keeps the address unless a new place is chosen; an old xmin → 409 with the current version', async () => {
    const johannesburg = await hub('Johannesburg Hub');
    const first = await call(ADMIN, 'PUT', `/hubs/za/${johannesburg.id}`, {
      hubName: 'Johannesburg Hub', contactName: 'Kagiso Molefe', phoneNumber: '+27115550301', xmin: johannesburg.xmin,
    });
    expect(first.status).toBe(200);
    expect(first.body.address.placeId).toBe(johannesburg.address.placeId);
    const second = await call(ADMIN, 'PUT', `/hubs/za/${johannesburg.id}`, {
      hubName: 'Johannesburg Hub', contactName: 'Someone Else', phoneNumber: '+27115550302', xmin: johannesburg.xmin,
    });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ message: conflictMessage('hub'), current: { id: johannesburg.id, phoneNumber: '+27115550301', xmin: first.body.xmin } });
    const moved = await call(ADMIN, 'PUT', `/hubs/za/${johannesburg.id}`, {
      hubName: 'Johannesburg Hub', contactName: 'Kagiso Molefe', phoneNumber: '+27115550301', xmin: first.body.xmin,
      address: { placeId: 'za-johannesburg-sandton-city-sandton' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.address.description).toContain('Sandton');
    const noXmin = await call(ADMIN, 'PUT', `/hubs/za/${johannesburg.id}`, { hubName: 'J', contactName: 'K', phoneNumber: '1' });
    expect(noXmin.status).toBe(400);
    expect(noXmin.body.errors).toHaveProperty('xmin');
  });

  it('another portal\'s hub is 404 from this portal and is not changed', async () => {
    const options = await call(ADMIN, 'GET', '/addresses/na?select=true&search=windhoek');
    const windhoek = await call(ADMIN, 'POST', '/hubs/na', { hubName: 'Windhoek Hub', contactName: 'N', phoneNumber: '+264615550100', address: { placeId: options.body[0].placeId } });
    expect(windhoek.status).toBe(201);
    const id = windhoek.body.id as number;
    expect((await call(ADMIN, 'GET', `/hubs/za/${id}`)).status).toBe(404);
    const update = await call(ADMIN, 'PUT', `/hubs/za/${id}`, { hubName: 'Changed', contactName: 'N', phoneNumber: '1', xmin: windhoek.body.xmin });
    expect(update.status).toBe(404);
    expect((await call(ADMIN, 'GET', `/hubs/na/${id}`)).body.hubName).toBe('Windhoek Hub');
  });
});

describe('hubs: booking uses what is administered here', () => {
  it('a new active hub nearer the pick-up takes Standard deliveries; deactivated, it takes none', async () => {
    // Cape Town Hub, or the Claremont hub added above (also nearer than Epping).
    const before = await book(server, ADMIN, { until: 'select', sla: 'Standard' });
    expect(['Nomvula Khumalo', 'Zanele']).toContain(before.hub.contactName);
    const created = await call(ADMIN, 'POST', '/hubs/za', {
      hubName: 'City Bowl Hub', contactName: 'Lwazi Ndlovu', phoneNumber: '+27215550777', address: { placeId: 'za-cape-town-long-street-cape-town-city-centre' },
    });
    expect(created.status).toBe(201);
    const nearer = await book(server, ADMIN, { until: 'select', sla: 'Standard' });
    expect(nearer.hub).toEqual({ contactName: 'Lwazi Ndlovu', phoneNumber: '+27215550777', email: null });
    expect(nearer.hubAddress.placeId).toBe('za-cape-town-long-street-cape-town-city-centre');
    const deactivated = await call(ADMIN, 'PUT', `/hubs/za/${created.body.id}`, {
      hubName: 'City Bowl Hub', contactName: 'Lwazi Ndlovu', phoneNumber: '+27215550777', isActive: false, xmin: created.body.xmin,
    });
    expect(deactivated.body.isActive).toBe(false);
    const after = await book(server, ADMIN, { until: 'select', sla: 'Standard' });
    expect(after.hub).toEqual(before.hub);
    // The delivery routed while it was active counts on the hub's page once it is placed (Ready or later); a quote is not.
    const detail = await call(ADMIN, 'GET', `/hubs/za/${created.body.id}`);
    expect(detail.body).toMatchObject({ deliveryCount: 0, openDeliveryCount: 0 });
  });
});
