// Issue 20: the task wizard adds a stop (pick-up, drop-off, store pick-up, store drop-off, QSR store pick-up) to a
// job for one of its deliveries, with its address, window and contact; only while the job chart takes more work.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobTaskStops, stores } from '../../server/db/schema';
import { TASK_STATUS, TASK_TYPE } from '../../src/lib/statuses';
import type { SeededLogin } from '../support/seeded-users';
import { seededJobId, type S } from './operations-support';
import { dataOf, inZa, startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const as = (login: SeededLogin) => server.as(login).connect;
const addTask = (login: SeededLogin, jobId: number, body: S['JobTaskForm']) =>
  as(login).POST('/jobs/addtasktojob/{cca2}/{id}', { params: { path: { ...ZA, id: jobId } }, body });
const job = (jobId: number) => dataOf(as('administrator').GET('/jobs/{cca2}/{id}', { params: inZa(jobId) }));

const stop = (deliveryId: number, extra: Partial<S['JobTaskForm']> = {}): S['JobTaskForm'] => ({
  deliveryId, taskTypeId: TASK_TYPE.DROP_OFF,
  address: { description: '12 Kloof Street, Gardens, Cape Town', coordinates: { lat: -33.9321, lon: 18.4113 } },
  windowStartUtc: '2026-11-27T08:00:00Z', windowEndUtc: '2026-11-27T10:00:00Z', contactName: 'Naledi Khumalo', contactPhone: '+27 82 555 0101',
  ...extra,
});

describe('addtasktojob: the task wizard', () => {
  it('adds a drop-off after the job\'s stops with its window and contact; a store stop names its store', async () => {
    const jobId = await seededJobId(server, 'ops-unassigned');
    const before = await job(jobId);
    const deliveryId = before.deliveries[0]!.deliveryId;
    const answer = await addTask('management', jobId, stop(deliveryId));
    expect(answer.response.status).toBe(200);
    const added = answer.data!.tasks.find((task) => !before.tasks.some((old) => old.id === task.id))!;
    expect(added).toMatchObject({
      deliveryId, taskTypeId: TASK_TYPE.DROP_OFF, taskStatusId: TASK_STATUS.NOT_STARTED, windowStartUtc: '2026-11-27T08:00:00.000Z',
      taskJobOrder: Math.max(...before.tasks.map((task) => task.taskJobOrder)) + 1,
      address: { description: '12 Kloof Street, Gardens, Cape Town', coordinates: { lat: -33.9321, lon: 18.4113 } },
    });
    const [kept] = await server.database.db.select().from(jobTaskStops).where(eq(jobTaskStops.taskId, added.id));
    expect(kept).toMatchObject({ contactName: 'Naledi Khumalo', contactPhone: '+27 82 555 0101', windowEndUtc: new Date('2026-11-27T10:00:00Z') });

    const [store] = await server.database.db.select({ id: stores.id }).from(stores).limit(1);
    const storeStop = await addTask('administrator', jobId, stop(deliveryId, {
      taskTypeId: TASK_TYPE.QSR_STORE_PICK_UP, address: { description: 'The store', coordinates: { lat: -33.93, lon: 18.42 }, storeId: store!.id },
      windowStartUtc: null, windowEndUtc: null, contactName: null, contactPhone: null,
    }));
    expect(storeStop.response.status).toBe(200);
    expect(storeStop.data!.tasks.some((task) => task.taskTypeId === TASK_TYPE.QSR_STORE_PICK_UP && task.address.storeId === store!.id)).toBe(true);
  });

  it('bad input: an unknown task type, a window ending before it starts, a store stop without its store, an unknown store, a delivery not in the job', async () => {
    const jobId = await seededJobId(server, 'ops-unassigned');
    const deliveryId = (await job(jobId)).deliveries[0]!.deliveryId;
    // Sent raw: the typed client cannot send a task type outside the contract's enum.
    expect((await server.raw('administrator', 'POST', `/jobs/addtasktojob/ZA/${jobId}`, { ...stop(deliveryId), taskTypeId: 9 })).status).toBe(400);
    const backwards = await addTask('administrator', jobId, stop(deliveryId, { windowEndUtc: '2026-11-27T07:00:00Z' }));
    expect(backwards.response.status).toBe(400);
    expect(JSON.stringify(backwards.error)).toContain('The window must end after it starts.');
    expect((await addTask('administrator', jobId, stop(deliveryId, { taskTypeId: TASK_TYPE.STORE_DROP_OFF }))).response.status).toBe(400);
    const unknownStore = stop(deliveryId, { taskTypeId: TASK_TYPE.STORE_PICK_UP, address: { description: 'x', coordinates: { lat: 0, lon: 0 }, storeId: 999_999 } });
    expect((await addTask('administrator', jobId, unknownStore)).response.status).toBe(400);
    expect((await addTask('administrator', jobId, stop(deliveryId, { address: { description: '', coordinates: { lat: 95, lon: 0 } } }))).response.status).toBe(400);
    expect((await addTask('administrator', jobId, stop(999_999))).response.status).toBe(404);
    expect((await addTask('administrator', 999_999, stop(deliveryId))).response.status).toBe(404);
  });

  it('only while the job chart takes more work: a completed job answers 409 and keeps its tasks', async () => {
    const jobId = await seededJobId(server, 'ops-completed');
    const before = await job(jobId);
    const refused = await addTask('administrator', jobId, stop(before.deliveries[0]!.deliveryId));
    expect(refused.response.status).toBe(409);
    expect(JSON.stringify(refused.error)).toContain(`Cannot add a stop to job ${jobId}`);
    expect((await job(jobId)).tasks).toHaveLength(before.tasks.length);
  });

  it('by role: partner, driver, staff operator, company administrator and customer are refused; anonymous 401', async () => {
    const jobId = await seededJobId(server, 'ops-in-progress');
    const deliveryId = (await job(jobId)).deliveries[0]!.deliveryId;
    for (const login of ['partner', 'driver', 'staff', 'company.admin', 'customer'] as const) {
      expect((await addTask(login, jobId, stop(deliveryId))).response.status, login).toBe(403);
    }
    expect((await server.raw(undefined, 'POST', `/jobs/addtasktojob/za/${jobId}`)).status).toBe(401);
  });
});
