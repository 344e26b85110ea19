import type { HubConnection } from '@microsoft/signalr';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../../src/lib/error-catalogue';
import { stores, users } from '../../server/db/schema';
import { hubClient, sleep } from './realtime-support';
import { startTestServer, type TestServer } from './support';

let server: TestServer;
const open: HubConnection[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await Promise.all(open.map((connection) => connection.stop()));
  await server?.close();
});

async function userRow(email: string) {
  const [row] = await server.database.db.select().from(users).where(eq(users.email, email));
  return row!;
}

/** Signs in to a hub as a seeded user and records every call of the given client methods. */
async function connectAs(email: string, hub = 'dashboard', events: string[] = ['delivery', 'job', 'webNotification', 'userId', 'trackingUpdate']) {
  const token = email ? await server.tokenFor(email) : undefined;
  const connection = hubClient(server, hub, () => token);
  const received: { event: string; payload: { id: number } }[] = [];
  for (const event of events) connection.on(event, (payload: { id: number }) => received.push({ event, payload }));
  await connection.start();
  open.push(connection);
  return { connection, received, ids: (event: string) => received.filter((item) => item.event === event).map((item) => item.payload.id) };
}

/** Waits until a marker message every subscriber may see has arrived, so anything published before it has too. */
async function settle(check: () => boolean) {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('expected messages did not arrive');
    await sleep(20);
  }
  await sleep(50);
}

describe('scope filtering', () => {
  it('a store user subscribed to deliveries gets its own store\'s and none of another store\'s', async () => {
    const storeUser = await userRow('store.user@demo.test');
    const ownStore = storeUser.storeId!;
    const [otherStore] = (await server.database.db.select().from(stores)).filter((store) => store.id !== ownStore);
    expect(otherStore).toBeDefined();
    const store = await connectAs('store.user@demo.test');
    const company = await connectAs('company.admin@demo.test');
    const admin = await connectAs('administrator@demo.test');
    await Promise.all([store, company, admin].map(({ connection }) => connection.invoke('subscribeToDeliveries')));

    server.live.publish({ topic: 'Deliveries', payload: { id: 1 }, scope: { companyId: otherStore!.companyId, storeId: otherStore!.id } });
    server.live.publish({ topic: 'Deliveries', payload: { id: 2 }, scope: { companyId: 999_999, storeId: 999_999 } });
    server.live.publish({ topic: 'Deliveries', payload: { id: 3 }, scope: { companyId: storeUser.companyId, storeId: ownStore } });
    // Other topics are not delivered to a deliveries subscriber.
    server.live.publish({ topic: 'Jobs', payload: { id: 4 }, scope: { companyId: storeUser.companyId, storeId: ownStore } });
    await settle(() => admin.ids('delivery').length === 3 && store.ids('delivery').length === 1);

    expect(store.ids('delivery')).toEqual([3]);
    expect(store.ids('job')).toEqual([]);
    expect(admin.ids('delivery')).toEqual([1, 2, 3]);
    // The company administrator sees every store of its company, no other company's.
    const ownCompany = storeUser.companyId;
    expect(company.ids('delivery')).toEqual(otherStore!.companyId === ownCompany ? [1, 3] : [3]);
  });

  it('stops delivering after unsubscribe', async () => {
    const admin = await connectAs('administrator@demo.test');
    await admin.connection.invoke('subscribeToJobs');
    server.live.publish({ topic: 'Jobs', payload: { id: 10 }, scope: {} });
    await settle(() => admin.ids('job').length === 1);
    await admin.connection.invoke('unsubscribeFromJobs');
    await admin.connection.invoke('subscribeToDeliveries');
    server.live.publish({ topic: 'Jobs', payload: { id: 11 }, scope: {} });
    server.live.publish({ topic: 'Deliveries', payload: { id: 12 }, scope: {} });
    await settle(() => admin.ids('delivery').length === 1);
    expect(admin.ids('job')).toEqual([10]);
  });

  it('refuses roles that may not subscribe, with a completion error', async () => {
    const driver = await connectAs('driver@demo.test');
    await expect(driver.connection.invoke('subscribeToDeliveries')).rejects.toThrow(ERROR_TEXTS.forbidden);
    await expect(driver.connection.invoke('subscribeToUsers')).rejects.toThrow(ERROR_TEXTS.forbidden);
    const store = await connectAs('store.user@demo.test');
    await expect(store.connection.invoke('subscribeToJobs')).rejects.toThrow(ERROR_TEXTS.forbidden);
    await expect(store.connection.invoke('subscribeToBulkIndexer')).rejects.toThrow(ERROR_TEXTS.forbidden);
    const customer = await connectAs('customer@demo.test');
    await expect(customer.connection.invoke('subscribeToCoordinateUpdates')).rejects.toThrow(ERROR_TEXTS.forbidden);
  });

  it("a store's administrator hears its own batches' progress only; index maintenance is staff's", async () => {
    const storeAdmin = await userRow('store.admin@demo.test');
    const hearing = await connectAs('store.admin@demo.test', 'dashboard', ['bulkIndexer']);
    await hearing.connection.invoke('subscribeToBulkIndexer');
    server.live.publish({ topic: 'BulkIndexer', payload: { id: 30 }, scope: {} });
    server.live.publish({ topic: 'BulkIndexer', payload: { id: 31 }, scope: { companyId: storeAdmin.companyId, storeId: storeAdmin.storeId! + 1000 } });
    server.live.publish({ topic: 'BulkIndexer', payload: { id: 32 }, scope: { companyId: storeAdmin.companyId, storeId: storeAdmin.storeId } });
    await settle(() => hearing.ids('bulkIndexer').length >= 1);
    await sleep(100);
    expect(hearing.ids('bulkIndexer')).toEqual([32]);
  });

  it('a driver gets the jobs assigned to them only', async () => {
    const driverRow = await userRow('driver@demo.test');
    const driver = await connectAs('driver@demo.test');
    await driver.connection.invoke('subscribeToJobs');
    server.live.publish({ topic: 'Jobs', payload: { id: 20 }, scope: { driverId: driverRow.id + 1000 } });
    server.live.publish({ topic: 'Jobs', payload: { id: 21 }, scope: { driverId: driverRow.id } });
    await settle(() => driver.ids('job').length >= 1);
    expect(driver.ids('job')).toEqual([21]);
  });

  it('notifications and identity go to their user only, even past staff; notification types filter', async () => {
    const customerRow = await userRow('customer@demo.test');
    const customer = await connectAs('customer@demo.test');
    const admin = await connectAs('administrator@demo.test');
    await customer.connection.invoke('subscribeToWebNotifications', [2]);
    await admin.connection.invoke('subscribeToWebNotifications');
    server.live.publish({ topic: 'WebNotifications', payload: { id: 30 }, typeId: 1, scope: { userId: customerRow.id } });
    server.live.publish({ topic: 'WebNotifications', payload: { id: 31 }, typeId: 2, scope: { userId: customerRow.id } });
    await settle(() => customer.ids('webNotification').length === 1);
    expect(customer.ids('webNotification')).toEqual([31]);
    expect(admin.ids('webNotification')).toEqual([]);

    const identity = await connectAs('customer@demo.test', 'identity');
    const adminIdentity = await connectAs('administrator@demo.test', 'identity');
    await identity.connection.invoke('subscribeToMyIdentity');
    await adminIdentity.connection.invoke('subscribeToMyIdentity');
    server.live.publish({ topic: 'MyIdentity', event: 'userId', payload: { id: customerRow.id }, scope: { userId: customerRow.id } });
    await settle(() => identity.ids('userId').length === 1);
    expect(adminIdentity.ids('userId')).toEqual([]);
  });

  it('tracking needs no sign-in and delivers only the subscribed hash (and driver)', async () => {
    const anonymous = await connectAs('', 'tracking');
    await anonymous.connection.invoke('subscribeToTrackingUpdates', 'hash-a', 5);
    server.live.publish({ topic: 'TrackingUpdates', payload: { id: 40 }, scope: { trackingHashId: 'hash-b', driverId: 5 } });
    server.live.publish({ topic: 'TrackingUpdates', payload: { id: 41 }, scope: { trackingHashId: 'hash-a', driverId: 6 } });
    server.live.publish({ topic: 'TrackingUpdates', payload: { id: 42 }, scope: { trackingHashId: 'hash-a', driverId: 5 } });
    await settle(() => anonymous.ids('trackingUpdate').length >= 1);
    expect(anonymous.ids('trackingUpdate')).toEqual([42]);
    // The dashboard and identity hubs still need a token.
    const response = await fetch(`${server.url}/hubs/identity/negotiate?negotiateVersion=1`, { method: 'POST' });
    expect(response.status).toBe(401);
  });
});
