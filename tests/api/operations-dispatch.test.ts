import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_NOTIFICATION_TYPE } from '../../src/lib/operations-catalogue';
import { DRIVER_AVAILABILITY, JOB_STATUS, LOGISTIC_STATUS, TASK_STATUS, TASK_TYPE } from '../../src/lib/statuses';
import type { SeededLogin } from '../support/seeded-users';
import { deliveryIdOf, seededJobId } from './operations-support';
import { dataOf, fieldErrors, inZa, startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const admin = () => server.as('administrator').connect;

async function driverId(search: string) {
  return (await dataOf(admin().GET('/drivers/{cca2}', { params: { path: ZA, query: { search } } }))).items[0]!.id;
}
async function unread(login: SeededLogin, typeId: number) {
  const query = { read: false, countOnly: true, webNotificationTypeIds: [typeId] };
  return (await dataOf(server.as(login).connect.GET('/WebNotifications/{cca2}', { params: { path: ZA, query } }))).paging.totalItems;
}

describe('dispatching a job: compose, assign, reassign, delay, start, reverse, remove', () => {
  it('moves the job and its deliveries as the charts say at every call', async () => {
    const [wbj7, wbj8] = [await deliveryIdOf(server, 'WBJ0007'), await deliveryIdOf(server, 'WBJ0008')];
    const created = await admin().POST('/jobs/createjob/{cca2}', { params: { path: ZA }, body: { deliveryIds: [wbj7] } });
    expect(created.response.status).toBe(201);
    const jobId = created.data!.job.id;
    expect(created.data!.job).toMatchObject({ jobStatusId: JOB_STATUS.UNASSIGNED, driverId: null, deliveryCount: 1 });
    expect(created.data!.deliveries[0]!.logisticStatusId).toBe(LOGISTIC_STATUS.READY);

    const added = await admin().PUT('/jobs/adddeliveriestojob/{cca2}/{id}', { params: inZa(jobId), body: { deliveryIds: [wbj8] } });
    expect(added.response.status).toBe(200);
    expect(added.data!.tasks.map((task) => [task.waybill, task.taskTypeId, task.taskJobOrder])).toEqual([
      ['WBJ0007', TASK_TYPE.STORE_PICK_UP, 1], ['WBJ0007', TASK_TYPE.DROP_OFF, 2], ['WBJ0008', TASK_TYPE.STORE_PICK_UP, 3], ['WBJ0008', TASK_TYPE.DROP_OFF, 4],
    ]);
    expect(added.data!.job.companyId).not.toBeNull();

    const driver4 = await driverId('driver4');
    const assignedBefore = await unread('driver4', WEB_NOTIFICATION_TYPE.JOB_ASSIGNED);
    const assigned = await admin().PUT('/jobs/assignjobstodriver/{cca2}', { params: { path: ZA }, body: { jobIds: [jobId], driverId: driver4 } });
    expect(assigned.response.status).toBe(200);
    expect(assigned.data![0]).toMatchObject({ jobStatusId: JOB_STATUS.NOT_STARTED, driverId: driver4 });
    expect(await unread('driver4', WEB_NOTIFICATION_TYPE.JOB_ASSIGNED)).toBe(assignedBefore + 1);
    let details = await dataOf(admin().GET('/jobs/{cca2}/{id}', { params: inZa(jobId) }));
    expect(details.deliveries.map((delivery) => delivery.logisticStatusId)).toEqual([LOGISTIC_STATUS.PENDING_PICK_UP, LOGISTIC_STATUS.PENDING_PICK_UP]);

    // Reassigned: the first driver no longer sees it.
    const driver1 = await driverId('Dumisani');
    expect((await admin().PUT('/jobs/assignjobstodriver/{cca2}', { params: { path: ZA }, body: { jobIds: [jobId], driverId: driver1 } })).response.status).toBe(200);
    expect((await server.as('driver4').connect.GET('/jobs/{cca2}/{id}', { params: inZa(jobId) })).response.status).toBe(404);
    // Only drivers can be assigned.
    expect((await server.as('customer').connect.GET('/drivers/{cca2}', { params: { path: ZA } })).response.status).toBe(403);
    const notADriver = await admin().PUT('/jobs/assignjobstodriver/{cca2}', { params: { path: ZA }, body: { jobIds: [jobId], driverId: 1 } });
    expect(notADriver.response.status).toBe(400);
    expect(fieldErrors(notADriver.error)?.driverId).toBeDefined();

    const driver = server.as('driver').connect;
    const delayedBefore = await unread('store.user', WEB_NOTIFICATION_TYPE.JOB_DELAYED);
    const delayed = await driver.PUT('/jobs/notifyJobDelay/{cca2}/{id}', { params: inZa(jobId), body: { delayMinutes: 20, message: 'Traffic on the M3.' } });
    expect(delayed.response.status).toBe(200);
    expect(delayed.data!.job.delayNotifiedAt).not.toBeNull();
    expect(await unread('store.user', WEB_NOTIFICATION_TYPE.JOB_DELAYED)).toBe(delayedBefore + 2);

    const started = await driver.PUT('/jobs/start/{cca2}/{id}', { params: inZa(jobId) });
    expect(started.data!.job.jobStatusId).toBe(JOB_STATUS.IN_PROGRESS);
    expect(started.data!.driver?.driverAvailabilityId).toBe(DRIVER_AVAILABILITY.BUSY);

    // Reverse: in progress (no task started) → not started → unassigned.
    let reversed = await admin().PUT('/jobs/reverseJobStatus/{cca2}/{id}', { params: inZa(jobId) });
    expect(reversed.data!.job.jobStatusId).toBe(JOB_STATUS.NOT_STARTED);
    expect(reversed.data!.driver?.driverAvailabilityId).toBe(DRIVER_AVAILABILITY.AVAILABLE);
    reversed = await admin().PUT('/jobs/reverseJobStatus/{cca2}/{id}', { params: inZa(jobId) });
    expect(reversed.data!.job).toMatchObject({ jobStatusId: JOB_STATUS.UNASSIGNED, driverId: null });
    expect(reversed.data!.deliveries.map((delivery) => delivery.logisticStatusId)).toEqual([LOGISTIC_STATUS.READY, LOGISTIC_STATUS.READY]);

    const removed = await admin().PUT('/jobs/removedeliveryfromjob/{cca2}/{id}', { params: inZa(jobId), body: { deliveryId: wbj8 } });
    expect(removed.data!.job).toMatchObject({ jobStatusId: JOB_STATUS.UNASSIGNED, deliveryCount: 1, taskCount: 2 });
    expect(removed.data!.tasks.filter((task) => task.waybill === 'WBJ0008').map((task) => task.taskStatusId)).toEqual([TASK_STATUS.CANCELLED, TASK_STATUS.CANCELLED]);
    details = removed.data!;
    expect(details.deliveries.map((delivery) => delivery.waybill)).toEqual(['WBJ0007']);
    expect((await admin().PUT('/jobs/removedeliveryfromjob/{cca2}/{id}', { params: inZa(jobId), body: { deliveryId: wbj8 } })).response.status).toBe(404);

    // A delivery already in a job cannot join another.
    const other = await admin().POST('/jobs/createjob/{cca2}', { params: { path: ZA }, body: { deliveryIds: [wbj7] } });
    expect(other.response.status).toBe(409);
    expect(other.error?.message).toBe(`Delivery WBJ0007 is already in job ${jobId}.`);
  });

  it('reverses a completed job to in progress', async () => {
    const jobId = await seededJobId(server, 'ops-completed');
    const { data, response } = await admin().PUT('/jobs/reverseJobStatus/{cca2}/{id}', { params: inZa(jobId) });
    expect(response.status).toBe(200);
    expect(data!.job).toMatchObject({ jobStatusId: JOB_STATUS.IN_PROGRESS, completedAt: null });
  });

  it('a driver sets their own availability; busy is the server\'s', async () => {
    const driver4 = server.as('driver4').connect;
    const ok = await driver4.PUT('/drivers/availability/{cca2}', { params: { path: ZA }, body: { driverAvailabilityId: DRIVER_AVAILABILITY.ONLINE } });
    expect(ok.response.status).toBe(200);
    expect(ok.data).toMatchObject({ driverAvailabilityId: DRIVER_AVAILABILITY.ONLINE, driverAvailability: 'Online' });
    // Busy is not in the contract's choices: sent as written.
    expect((await server.raw('driver4', 'PUT', '/drivers/availability/za', { driverAvailabilityId: DRIVER_AVAILABILITY.BUSY })).status).toBe(400);
    expect((await admin().PUT('/drivers/availability/{cca2}', { params: { path: ZA }, body: { driverAvailabilityId: DRIVER_AVAILABILITY.ONLINE } })).response.status).toBe(403);
  });
});
