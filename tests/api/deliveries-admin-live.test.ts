import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGISTIC_STATUS } from '../../src/lib/statuses';
import { hubClient, sleep } from './realtime-support';
import type { SeededLogin } from '../support/seeded-users';
import { deliveriesAs, seededDeliveries, storesOf, type DeliveriesQuery } from './deliveries-support';
import { dataOf, fieldErrors, inZa, pageOf, startTestServer, ZA, type TestServer } from './support';

// Live updates from the deliveries back office's actions (issue 6): each committed action publishes the delivery
// on the dashboard hub's Deliveries topic, scoped like operations' events (real SignalR clients, real server).

let server: TestServer;
const open: HubConnection[] = [];
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => {
  await Promise.all(open.map((connection) => connection.stop()));
  await server?.close();
});

interface Live { id: number; xmin: string; logisticStatusId?: number; readyForCollectionDate?: string; isDeleted?: boolean; waybill?: string; storeId?: number | null }

const deliveries = (login: SeededLogin, query: DeliveriesQuery) => deliveriesAs(server, login, query);
const rowsOf = (query: DeliveriesQuery) => seededDeliveries(server, query);

async function subscriber(login: SeededLogin) {
  const connection = hubClient(server, 'dashboard', () => server.as(login).token());
  const received: Live[] = [];
  connection.on('delivery', (payload: Live) => received.push(payload));
  await connection.start();
  open.push(connection);
  await connection.invoke('subscribeToDeliveries');
  return { received, of: (id: number) => received.filter((item) => item.id === id) };
}

async function until(check: () => boolean) {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('expected messages did not arrive');
    await sleep(20);
  }
  await sleep(100);
}

describe('live updates from the deliveries back office', () => {
  it('an operator receives every action\'s delivery; a store user only its own store\'s, never a foreign one', async () => {
    const stores = await storesOf(server);
    const own = stores.find((store) => store.storeName === 'Acme Sea Point')!.id;
    const operator = await subscriber('management');
    const storeUser = await subscriber('store.user');
    const management = server.as('management').connect;

    // A foreign delivery (another store): cancelled and dated by the operator.
    const foreign = (await rowsOf({ logisticstatuses: String(LOGISTIC_STATUS.READY) })).filter((row) => row.storeId !== own && row.storeId !== null);
    const cancelled = await management.PUT('/deliveries/canceldelivery/{cca2}/{id}', { params: inZa(foreign[0]!.id) });
    expect(cancelled.response.status).toBe(200);
    const dated = await management.PUT('/deliveries/bulkUpdateDeliveryDate/{cca2}', { params: { path: ZA }, body: { deliveryIds: [foreign[1]!.id], deliveryDate: '2027-03-01' } });
    expect(dated.response.status).toBe(200);
    // The store user's own delivery: its proof of delivery recorded.
    const [delivered] = await rowsOf({ storeid: own, logisticstatuses: String(LOGISTIC_STATUS.DELIVERED) });
    const proof = await management.PUT('/deliveries/updatedeliveryproof/{cca2}/{id}', { params: inZa(delivered!.id), body: { recipientName: 'Front desk' } });
    expect(proof.response.status).toBe(200);

    await until(() => operator.of(delivered!.id).length > 0 && storeUser.of(delivered!.id).length > 0
      && operator.of(foreign[0]!.id).length > 0 && operator.of(foreign[1]!.id).length > 0);

    // The operator's events are the REST shapes with the versions REST answers.
    expect(operator.of(foreign[0]!.id).at(-1)).toMatchObject({ logisticStatusId: LOGISTIC_STATUS.REFUNDED, xmin: cancelled.data!.xmin });
    expect(operator.of(foreign[1]!.id).at(-1)).toMatchObject({ readyForCollectionDate: '2027-03-01' });
    const listed = pageOf(await dataOf(deliveries('store.user', { deliveryId: delivered!.id }))).items[0];
    expect(storeUser.of(delivered!.id).at(-1)).toMatchObject({ ...listed, xmin: proof.data!.xmin });
    // Scope: nothing of the other store reached the store user.
    expect(storeUser.received.every((item) => item.storeId === own)).toBe(true);
    expect(storeUser.of(foreign[0]!.id)).toEqual([]);
    expect(storeUser.of(foreign[1]!.id)).toEqual([]);
  });

  it('a delete publishes the last row with isDeleted and a newer version; a refused action publishes nothing', async () => {
    const operator = await subscriber('staff');
    const staff = server.as('staff').connect;
    const [quote] = await rowsOf({ logisticstatuses: String(LOGISTIC_STATUS.PENDING) });
    const [ready] = await rowsOf({ logisticstatuses: String(LOGISTIC_STATUS.READY) });
    // Refused (409: a ready delivery cannot be reversed): no event.
    expect((await staff.PUT('/deliveries/reverseLogisticStatus/{cca2}/{id}', { params: inZa(ready!.id) })).response.status).toBe(409);
    const deleted = await staff.DELETE('/deliveries/{cca2}', { params: { path: ZA, query: { ids: [quote!.id] } } });
    expect(deleted.response.status).toBe(200);
    expect(deleted.data).toMatchObject({ deleted: 1 });
    await until(() => operator.of(quote!.id).length > 0);
    const [event] = operator.of(quote!.id);
    expect(event).toMatchObject({ id: quote!.id, waybill: quote!.waybill, isDeleted: true });
    expect(BigInt(event!.xmin) > BigInt(quote!.xmin)).toBe(true);
    expect(operator.of(ready!.id)).toEqual([]);
  });
});

describe('parcel editing from the edit screen (booking\'s updateparceldetails, the delivery\'s xmin)', () => {
  it('a ready delivery\'s parcels change with getdelivery\'s version; an old version → 409; a delivered one is refused', async () => {
    const staff = server.as('staff').connect;
    const detailOf = (id: number) => dataOf(staff.GET('/deliveries/{cca2}/{id}', { params: inZa(id) }));
    const [ready] = await rowsOf({ logisticstatuses: String(LOGISTIC_STATUS.PENDING_DROP_OFF) });
    const detail = await detailOf(ready!.id);
    expect(detail.allowed.edit).toBe(true);
    const items = detail.deliveryItems.map((item, index) => ({
      id: item.id, name: item.name, parcelType: item.parcelTypeId ?? null, deliveryItemName: index === 0 ? 'Edited parcel' : item.deliveryItemName,
      length: item.length, width: item.width, height: item.height, weight: index === 0 ? 7.25 : item.weight,
      description: item.description ?? null, barCode: item.barCode ?? null, isFragile: index === 0 ? true : item.isFragile,
    }));
    const save = (id: number, xmin: string, deliveryItems: typeof items) =>
      staff.PUT('/deliveries/updateparceldetails/{cca2}/{id}', { params: inZa(id), body: { deliveryId: id, xmin, deliveryItems } });
    const saved = await save(ready!.id, detail.xmin, items);
    expect(saved.response.status).toBe(200);
    const after = await detailOf(ready!.id);
    expect(after.deliveryItems.find((item) => item.deliveryItemName === 'Edited parcel')).toMatchObject({ weight: 7.25, isFragile: true });
    const stale = await save(ready!.id, detail.xmin, items);
    expect(stale.response.status).toBe(409);
    const bad = await save(ready!.id, after.xmin, [{ ...items[0]!, length: 0 }]);
    expect(bad.response.status).toBe(400);
    expect(JSON.stringify(fieldErrors(bad.error))).toContain('Length must be at least 0.01');

    const [delivered] = await rowsOf({ logisticstatuses: String(LOGISTIC_STATUS.DELIVERED) });
    const deliveredDetail = await detailOf(delivered!.id);
    expect(deliveredDetail.allowed.edit).toBe(false);
    const refused = await save(delivered!.id, deliveredDetail.xmin, items);
    expect(refused.response.status).toBeGreaterThanOrEqual(409);
  });
});

describe('company and store filters: include or exclude', () => {
  it('excludecompanyid and excludestoreid leave that company\'s / store\'s rows out; a company user cannot widen its scope with them', async () => {
    const stores = await storesOf(server);
    const acme = stores.find((store) => store.storeName === 'Acme Sea Point')!;
    const all = await rowsOf({});
    const withoutAcme = await rowsOf({ excludecompanyid: acme.companyId });
    expect(withoutAcme.length).toBe(all.filter((row) => row.companyId !== acme.companyId).length);
    expect(withoutAcme.some((row) => row.companyId === null)).toBe(true);
    const withoutStore = await rowsOf({ excludestoreid: acme.id });
    expect(withoutStore.length).toBe(all.filter((row) => row.storeId !== acme.id).length);
    // Scope first: a company user excluding its own company sees nothing, never another company's rows.
    const company = await deliveries('company.user', { pageSize: 500, excludecompanyid: acme.companyId });
    expect(company.response.status).toBe(200);
    expect(company.data).toMatchObject({ items: [] });
    // Not a number: sent as written.
    expect((await server.raw('administrator', 'GET', '/deliveries/za?excludecompanyid=abc')).status).toBe(400);
  });
});
