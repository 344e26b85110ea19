import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGISTIC_STATUS } from '../../src/lib/statuses';
import { deliveryIdOf, seededJobId } from './operations-support';
import { hubClient, sleep } from './realtime-support';
import { dataOf, inZa, pageOf, startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
const open: HubConnection[] = [];
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => {
  await Promise.all(open.map((connection) => connection.stop()));
  await server?.close();
});

interface Received { event: string; payload: { id?: number; driverId?: number; jobId?: number; xmin?: string; logisticStatusId?: number } }

/** Signs in to the dashboard hub as a seeded user with the real SignalR client and subscribes to `topics`. */
async function subscriber(email: string, topics: string[]) {
  const connection = hubClient(server, 'dashboard', () => server.tokenFor(email));
  const received: Received[] = [];
  for (const event of ['delivery', 'job', 'jobTask', 'coordinate', 'user']) {
    connection.on(event, (payload: Received['payload']) => received.push({ event, payload }));
  }
  await connection.start();
  open.push(connection);
  for (const topic of topics) await connection.invoke(`subscribeTo${topic}`);
  return { received, of: (event: string) => received.filter((item) => item.event === event).map((item) => item.payload) };
}

async function until(check: () => boolean) {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('expected messages did not arrive');
    await sleep(20);
  }
  await sleep(100);
}

describe('live updates from job and task calls, scoped', () => {
  it('a store user subscribed to deliveries gets its own store\'s and none of another store\'s; drivers and companies get their own jobs', async () => {
    const store = await subscriber('store.user@demo.test', ['Deliveries']);
    const admin = await subscriber('administrator@demo.test', ['Deliveries', 'Jobs', 'JobTaskUpdates', 'CoordinateUpdates']);
    const company = await subscriber('company.admin@demo.test', ['Deliveries', 'Jobs', 'JobTaskUpdates', 'CoordinateUpdates']);
    const driver2 = await subscriber('driver2@demo.test', ['Jobs', 'JobTaskUpdates']);

    // Blue Crane Rosebank (another company's store): driver2 completes the pick-up of WBJ0005.
    const foreignJob = await seededJobId(server, 'ops-in-progress');
    const foreignDelivery = await deliveryIdOf(server, 'WBJ0005');
    const asAdmin = server.as('administrator').connect;
    const asDriver2 = server.as('driver2').connect;
    const details = await dataOf(asAdmin.GET('/jobs/{cca2}/{id}', { params: inZa(foreignJob) }));
    expect((await asDriver2.PUT('/tasks/completepickup/{cca2}/{id}', { params: inZa(details.tasks[1]!.id) })).response.status).toBe(200);
    expect((await asDriver2.PUT('/drivers/location/{cca2}', { params: { path: ZA }, body: { lat: -26.15, lon: 28.04 } })).response.status).toBe(200);

    // Acme Sea Point (the store user's own store): a new job with WBJ0008 for driver4.
    const ownDelivery = await deliveryIdOf(server, 'WBJ0008');
    const driver4 = (await dataOf(asAdmin.GET('/drivers/{cca2}', { params: { path: ZA, query: { search: 'driver4' } } }))).items[0]!;
    const created = await asAdmin.POST('/jobs/createjob/{cca2}', { params: { path: ZA }, body: { deliveryIds: [ownDelivery], driverId: driver4.id } });
    expect(created.response.status).toBe(201);
    const ownJob = created.data!.job.id;

    await until(() => admin.of('delivery').some((item) => item.id === ownDelivery) && admin.of('coordinate').length >= 1
      && admin.of('job').some((item) => item.id === ownJob));

    expect(admin.of('delivery').map((item) => item.id)).toEqual(expect.arrayContaining([foreignDelivery, ownDelivery]));
    expect(store.of('delivery').map((item) => item.id)).toEqual([ownDelivery]);
    expect(store.of('delivery')[0]!.logisticStatusId).toBe(LOGISTIC_STATUS.PENDING_PICK_UP);
    // The payload carries the version the REST API answers.
    const rest = created.data!.deliveries[0]!;
    expect(store.of('delivery')[0]!.xmin).toBe(rest.xmin);
    // Both list shapes in one: the back office's row (getdeliveries) and the job's (JobDelivery).
    const listed = pageOf(await dataOf(server.as('store.user').connect.GET('/deliveries/{cca2}', { params: { path: ZA, query: { deliveryId: ownDelivery } } })));
    expect(store.of('delivery')[0]).toMatchObject({ ...listed.items[0]!, jobId: ownJob, destinationAddress: rest.destinationAddress });

    expect(new Set(company.of('job').map((item) => item.id))).toEqual(new Set([ownJob]));
    expect(company.of('jobTask').every((item) => item.jobId === ownJob)).toBe(true);
    expect(company.of('delivery').map((item) => item.id)).toEqual([ownDelivery]);
    expect(company.of('coordinate')).toEqual([]);

    expect(new Set(driver2.of('job').map((item) => item.id))).toEqual(new Set([foreignJob]));
    expect(driver2.of('jobTask').every((item) => item.jobId === foreignJob)).toBe(true);
    expect(admin.of('coordinate')[0]).toMatchObject({ driverId: details.job.driverId, lat: -26.15, lon: 28.04, jobId: foreignJob });
    // Job versions only grow.
    const versions = admin.of('job').filter((item) => item.id === foreignJob).map((item) => Number(item.xmin));
    expect([...versions].sort((a, b) => a - b)).toEqual(versions);
  });

  it('a partner hears the jobs of its drivers (issue 20), never another driver\'s', async () => {
    const { db } = server.database;
    const { eq } = await import('drizzle-orm');
    const { drivers, users } = await import('../../server/db/schema');
    // The demo partner's company (server/db/seed-partners.ts) takes driver2 on; driver@demo.test stays nobody's.
    const [partner] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.email, 'partner@demo.test'));
    const [driver2] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'driver2@demo.test'));
    await db.update(drivers).set({ partnerCompanyId: partner!.companyId }).where(eq(drivers.userId, driver2!.id));
    const subscribed = await subscriber('partner@demo.test', ['Jobs', 'JobTaskUpdates']);
    const admin = await subscriber('administrator@demo.test', ['Jobs']);

    const partnersJob = await seededJobId(server, 'ops-in-progress');
    const othersJob = await seededJobId(server, 'ops-not-started');
    const asAdmin = server.as('administrator').connect;
    for (const id of [othersJob, partnersJob]) {
      const delay = await asAdmin.PUT('/jobs/notifyJobDelay/{cca2}/{id}', { params: inZa(id), body: { delayMinutes: 15 } });
      expect(delay.response.status).toBe(200);
    }
    await until(() => admin.of('job').some((item) => item.id === partnersJob) && subscribed.of('job').some((item) => item.id === partnersJob));
    expect(admin.of('job').some((item) => item.id === othersJob)).toBe(true);
    expect(new Set(subscribed.of('job').map((item) => item.id))).toEqual(new Set([partnersJob]));
  });
});
