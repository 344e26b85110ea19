import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGISTIC_STATUS } from '../../src/lib/statuses';
import { hubClient, sleep } from './realtime-support';
import { callAs, startTestServer, type TestServer } from './support';

// Live updates from the deliveries back office's actions (issue 6): each committed action publishes the delivery
// on the dashboard hub's Deliveries topic, scoped like operations' events (real SignalR clients, real server).

let server: TestServer;
const open: HubConnection[] = [];
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => {
  await Promise.all(open.map((connection) => connection.stop()));
  await server?.close();
});

interface Row { id: number; waybill: string; companyId: number | null; storeId: number | null; logisticStatusId: number; xmin: string }
interface Live { id: number; xmin: string; logisticStatusId?: number; readyForCollectionDate?: string; isDeleted?: boolean; waybill?: string; storeId?: number | null }

const call = (email: string, method: string, path: string, body?: unknown) => callAs(server, email, method, path, body);

const rowsOf = async (query: string): Promise<Row[]> =>
  (await call('administrator@demo.test', 'GET', `/deliveries/za?pageSize=500&sortby=id&search=WBL${query}`)).body.items;

async function subscriber(email: string) {
  const connection = hubClient(server, 'dashboard', () => server.tokenFor(email));
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
    const stores = (await call('administrator@demo.test', 'GET', '/stores/za?sortby=id')).body.items as { id: number; storeName: string }[];
    const own = stores.find((store) => store.storeName === 'Acme Sea Point')!.id;
    const operator = await subscriber('management@demo.test');
    const storeUser = await subscriber('store.user@demo.test');

    // A foreign delivery (another store): cancelled and dated by the operator.
    const foreign = (await rowsOf(`&logisticstatuses=${LOGISTIC_STATUS.READY}`)).filter((row) => row.storeId !== own && row.storeId !== null);
    const cancelled = await call('management@demo.test', 'PUT', `/deliveries/canceldelivery/za/${foreign[0]!.id}`);
    expect(cancelled.status).toBe(200);
    const dated = await call('management@demo.test', 'PUT', '/deliveries/bulkUpdateDeliveryDate/za', { deliveryIds: [foreign[1]!.id], deliveryDate: '2027-03-01' });
    expect(dated.status).toBe(200);
    // The store user's own delivery: its proof of delivery recorded.
    const [delivered] = await rowsOf(`&storeid=${own}&logisticstatuses=${LOGISTIC_STATUS.DELIVERED}`);
    const proof = await call('management@demo.test', 'PUT', `/deliveries/updatedeliveryproof/za/${delivered!.id}`, { recipientName: 'Front desk' });
    expect(proof.status).toBe(200);

    await until(() => operator.of(delivered!.id).length > 0 && storeUser.of(delivered!.id).length > 0
      && operator.of(foreign[0]!.id).length > 0 && operator.of(foreign[1]!.id).length > 0);

    // The operator's events are the REST shapes with the versions REST answers.
    expect(operator.of(foreign[0]!.id).at(-1)).toMatchObject({ logisticStatusId: LOGISTIC_STATUS.REFUNDED, xmin: cancelled.body.xmin });
    expect(operator.of(foreign[1]!.id).at(-1)).toMatchObject({ readyForCollectionDate: '2027-03-01' });
    const listed = (await call('store.user@demo.test', 'GET', `/deliveries/za?deliveryId=${delivered!.id}`)).body.items[0];
    expect(storeUser.of(delivered!.id).at(-1)).toMatchObject({ ...listed, xmin: proof.body.xmin });
    // Scope: nothing of the other store reached the store user.
    expect(storeUser.received.every((item) => item.storeId === own)).toBe(true);
    expect(storeUser.of(foreign[0]!.id)).toEqual([]);
    expect(storeUser.of(foreign[1]!.id)).toEqual([]);
  });

  it('a delete publishes the last row with isDeleted and a newer version; a refused action publishes nothing', async () => {
    const operator = await subscriber('staff@demo.test');
    const [quote] = await rowsOf(`&logisticstatuses=${LOGISTIC_STATUS.PENDING}`);
    const [ready] = await rowsOf(`&logisticstatuses=${LOGISTIC_STATUS.READY}`);
    // Refused (409: a ready delivery cannot be reversed): no event.
    expect((await call('staff@demo.test', 'PUT', `/deliveries/reverseLogisticStatus/za/${ready!.id}`)).status).toBe(409);
    expect((await call('staff@demo.test', 'DELETE', `/deliveries/za?ids=${quote!.id}`))).toMatchObject({ status: 200, body: { deleted: 1 } });
    await until(() => operator.of(quote!.id).length > 0);
    const [event] = operator.of(quote!.id);
    expect(event).toMatchObject({ id: quote!.id, waybill: quote!.waybill, isDeleted: true });
    expect(BigInt(event!.xmin) > BigInt(quote!.xmin)).toBe(true);
    expect(operator.of(ready!.id)).toEqual([]);
  });
});

describe('parcel editing from the edit screen (booking\'s updateparceldetails, the delivery\'s xmin)', () => {
  it('a ready delivery\'s parcels change with getdelivery\'s version; an old version → 409; a delivered one is refused', async () => {
    const [ready] = await rowsOf(`&logisticstatuses=${LOGISTIC_STATUS.PENDING_DROP_OFF}`);
    const detail = (await call('staff@demo.test', 'GET', `/deliveries/za/${ready!.id}`)).body;
    expect(detail.allowed.edit).toBe(true);
    const items = detail.deliveryItems.map((item: Record<string, unknown>, index: number) => ({
      id: item.id, name: item.name, parcelType: item.parcelTypeId ?? null, deliveryItemName: index === 0 ? 'Edited parcel' : item.deliveryItemName,
      length: item.length, width: item.width, height: item.height, weight: index === 0 ? 7.25 : item.weight,
      description: item.description ?? null, barCode: item.barCode ?? null, isFragile: index === 0 ? true : item.isFragile,
    }));
    const saved = await call('staff@demo.test', 'PUT', `/deliveries/updateparceldetails/za/${ready!.id}`, { deliveryId: ready!.id, xmin: detail.xmin, deliveryItems: items });
    expect(saved.status).toBe(200);
    const after = (await call('staff@demo.test', 'GET', `/deliveries/za/${ready!.id}`)).body;
    expect(after.deliveryItems.find((item: { deliveryItemName: string }) => item.deliveryItemName === 'Edited parcel')).toMatchObject({ weight: 7.25, isFragile: true });
    const stale = await call('staff@demo.test', 'PUT', `/deliveries/updateparceldetails/za/${ready!.id}`, { deliveryId: ready!.id, xmin: detail.xmin, deliveryItems: items });
    expect(stale.status).toBe(409);
    const bad = await call('staff@demo.test', 'PUT', `/deliveries/updateparceldetails/za/${ready!.id}`, {
      deliveryId: ready!.id, xmin: after.xmin, deliveryItems: [{ ...items[0], length: 0 }],
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.errors)).toContain('Length must be at least 0.01');

    const [delivered] = await rowsOf(`&logisticstatuses=${LOGISTIC_STATUS.DELIVERED}`);
    const deliveredDetail = (await call('staff@demo.test', 'GET', `/deliveries/za/${delivered!.id}`)).body;
    expect(deliveredDetail.allowed.edit).toBe(false);
    const refused = await call('staff@demo.test', 'PUT', `/deliveries/updateparceldetails/za/${delivered!.id}`, {
      deliveryId: delivered!.id, xmin: deliveredDetail.xmin, deliveryItems: items,
    });
    expect(refused.status).toBeGreaterThanOrEqual(409);
  });
});

describe('company and store filters: include or exclude', () => {
  it('excludecompanyid and excludestoreid leave that company\'s / store\'s rows out; a company user cannot widen its scope with them', async () => {
    const stores = (await call('administrator@demo.test', 'GET', '/stores/za?sortby=id')).body.items as { id: number; storeName: string; companyId: number }[];
    const acme = stores.find((store) => store.storeName === 'Acme Sea Point')!;
    const all = await rowsOf('');
    const withoutAcme = await rowsOf(`&excludecompanyid=${acme.companyId}`);
    expect(withoutAcme.length).toBe(all.filter((row) => row.companyId !== acme.companyId).length);
    expect(withoutAcme.some((row) => row.companyId === null)).toBe(true);
    const withoutStore = await rowsOf(`&excludestoreid=${acme.id}`);
    expect(withoutStore.length).toBe(all.filter((row) => row.storeId !== acme.id).length);
    // Scope first: a company user excluding its own company sees nothing, never another company's rows.
    const company = await call('company.user@demo.test', 'GET', `/deliveries/za?pageSize=500&excludecompanyid=${acme.companyId}`);
    expect(company).toMatchObject({ status: 200, body: { items: [] } });
    expect((await call('administrator@demo.test', 'GET', '/deliveries/za?excludecompanyid=abc')).status).toBe(400);
  });
});
