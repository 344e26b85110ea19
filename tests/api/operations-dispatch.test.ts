import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_NOTIFICATION_TYPE } from '../../src/lib/operations-catalogue';
import { DRIVER_AVAILABILITY, JOB_STATUS, LOGISTIC_STATUS, TASK_STATUS, TASK_TYPE } from '../../src/lib/statuses';
import { call, deliveryIdOf, seededJobId, type S } from './operations-support';
import { startTestServer, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const ADMIN = 'administrator@demo.test';

async function driverId(search: string) {
  return (await call<S['DriverPage']>(server, ADMIN, 'GET', `/drivers/za?search=${search}`)).body.items[0]!.id;
}
async function unread(email: string, typeId: number) {
  return (await call<S['WebNotificationPage']>(server, email, 'GET', `/WebNotifications/za?read=false&countOnly=true&webNotificationTypeIds=${typeId}`)).body.paging.totalItems;
}

describe('dispatching a job: compose, assign, reassign, delay, start, reverse, remove', () => {
  it('moves the job and its deliveries as the charts say at every call', async () => {
    const [wbj7, wbj8] = [await deliveryIdOf(server, 'WBJ0007'), await deliveryIdOf(server, 'WBJ0008')];
    const created = await call<S['JobDetails']>(server, ADMIN, 'POST', '/jobs/createjob/za', { deliveryIds: [wbj7] });
    expect(created.status).toBe(201);
    const jobId = created.body.job.id;
    expect(created.body.job).toMatchObject({ jobStatusId: JOB_STATUS.UNASSIGNED, driverId: null, deliveryCount: 1 });
    expect(created.body.deliveries[0]!.logisticStatusId).toBe(LOGISTIC_STATUS.READY);

    const added = await call<S['JobDetails']>(server, ADMIN, 'PUT', `/jobs/adddeliveriestojob/za/${jobId}`, { deliveryIds: [wbj8] });
    expect(added.status).toBe(200);
    expect(added.body.tasks.map((task) => [task.waybill, task.taskTypeId, task.taskJobOrder])).toEqual([
      ['WBJ0007', TASK_TYPE.STORE_PICK_UP, 1], ['WBJ0007', TASK_TYPE.DROP_OFF, 2], ['WBJ0008', TASK_TYPE.STORE_PICK_UP, 3], ['WBJ0008', TASK_TYPE.DROP_OFF, 4],
    ]);
    expect(added.body.job.companyId).not.toBeNull();

    const driver4 = await driverId('driver4');
    const assignedBefore = await unread('driver4@demo.test', WEB_NOTIFICATION_TYPE.JOB_ASSIGNED);
    const assigned = await call<S['Job'][]>(server, ADMIN, 'PUT', '/jobs/assignjobstodriver/za', { jobIds: [jobId], driverId: driver4 });
    expect(assigned.status).toBe(200);
    expect(assigned.body[0]).toMatchObject({ jobStatusId: JOB_STATUS.NOT_STARTED, driverId: driver4 });
    expect(await unread('driver4@demo.test', WEB_NOTIFICATION_TYPE.JOB_ASSIGNED)).toBe(assignedBefore + 1);
    let details = (await call<S['JobDetails']>(server, ADMIN, 'GET', `/jobs/za/${jobId}`)).body;
    expect(details.deliveries.map((delivery) => delivery.logisticStatusId)).toEqual([LOGISTIC_STATUS.PENDING_PICK_UP, LOGISTIC_STATUS.PENDING_PICK_UP]);

    // Reassigned: the first driver no longer sees it.
    const driver1 = await driverId('Dumisani');
    expect((await call(server, ADMIN, 'PUT', '/jobs/assignjobstodriver/za', { jobIds: [jobId], driverId: driver1 })).status).toBe(200);
    expect((await call(server, 'driver4@demo.test', 'GET', `/jobs/za/${jobId}`)).status).toBe(404);
    // Only drivers can be assigned.
    expect((await call(server, 'customer@demo.test', 'GET', '/drivers/za')).status).toBe(403);
    const notADriver = await call<{ errors: Record<string, string[]> }>(server, ADMIN, 'PUT', '/jobs/assignjobstodriver/za', { jobIds: [jobId], driverId: 1 });
    expect(notADriver.status).toBe(400);
    expect(notADriver.body.errors.driverId).toBeDefined();

    const delayedBefore = await unread('store.user@demo.test', WEB_NOTIFICATION_TYPE.JOB_DELAYED);
    const delayed = await call<S['JobDetails']>(server, 'driver@demo.test', 'PUT', `/jobs/notifyJobDelay/za/${jobId}`, { delayMinutes: 20, message: 'Traffic on the M3.' });
    expect(delayed.status).toBe(200);
    expect(delayed.body.job.delayNotifiedAt).not.toBeNull();
    expect(await unread('store.user@demo.test', WEB_NOTIFICATION_TYPE.JOB_DELAYED)).toBe(delayedBefore + 2);

    const started = await call<S['JobDetails']>(server, 'driver@demo.test', 'PUT', `/jobs/start/za/${jobId}`);
    expect(started.body.job.jobStatusId).toBe(JOB_STATUS.IN_PROGRESS);
    expect(started.body.driver?.driverAvailabilityId).toBe(DRIVER_AVAILABILITY.BUSY);

    // Reverse: in progress (no task started) → not started → unassigned.
    let reversed = await call<S['JobDetails']>(server, ADMIN, 'PUT', `/jobs/reverseJobStatus/za/${jobId}`);
    expect(reversed.body.job.jobStatusId).toBe(JOB_STATUS.NOT_STARTED);
    expect(reversed.body.driver?.driverAvailabilityId).toBe(DRIVER_AVAILABILITY.AVAILABLE);
    reversed = await call<S['JobDetails']>(server, ADMIN, 'PUT', `/jobs/reverseJobStatus/za/${jobId}`);
    expect(reversed.body.job).toMatchObject({ jobStatusId: JOB_STATUS.UNASSIGNED, driverId: null });
    expect(reversed.body.deliveries.map((delivery) => delivery.logisticStatusId)).toEqual([LOGISTIC_STATUS.READY, LOGISTIC_STATUS.READY]);

    const removed = await call<S['JobDetails']>(server, ADMIN, 'PUT', `/jobs/removedeliveryfromjob/za/${jobId}`, { deliveryId: wbj8 });
    expect(removed.body.job).toMatchObject({ jobStatusId: JOB_STATUS.UNASSIGNED, deliveryCount: 1, taskCount: 2 });
    expect(removed.body.tasks.filter((task) => task.waybill === 'WBJ0008').map((task) => task.taskStatusId)).toEqual([TASK_STATUS.CANCELLED, TASK_STATUS.CANCELLED]);
    details = removed.body;
    expect(details.deliveries.map((delivery) => delivery.waybill)).toEqual(['WBJ0007']);
    expect((await call(server, ADMIN, 'PUT', `/jobs/removedeliveryfromjob/za/${jobId}`, { deliveryId: wbj8 })).status).toBe(404);

    // A delivery already in a job cannot join another.
    const other = await call<{ message: string }>(server, ADMIN, 'POST', '/jobs/createjob/za', { deliveryIds: [wbj7] });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(`Delivery WBJ0007 is already in job ${jobId}.`);
  });

  it('reverses a completed job to in progress', async () => {
    const jobId = await seededJobId(server, 'ops-completed');
    const response = await call<S['JobDetails']>(server, ADMIN, 'PUT', `/jobs/reverseJobStatus/za/${jobId}`);
    expect(response.status).toBe(200);
    expect(response.body.job).toMatchObject({ jobStatusId: JOB_STATUS.IN_PROGRESS, completedAt: null });
  });

  it('a driver sets their own availability; busy is the server\'s', async () => {
    const ok = await call<S['Driver']>(server, 'driver4@demo.test', 'PUT', '/drivers/availability/za', { driverAvailabilityId: DRIVER_AVAILABILITY.ONLINE });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ driverAvailabilityId: DRIVER_AVAILABILITY.ONLINE, driverAvailability: 'Online' });
    expect((await call(server, 'driver4@demo.test', 'PUT', '/drivers/availability/za', { driverAvailabilityId: DRIVER_AVAILABILITY.BUSY })).status).toBe(400);
    expect((await call(server, ADMIN, 'PUT', '/drivers/availability/za', { driverAvailabilityId: DRIVER_AVAILABILITY.ONLINE })).status).toBe(403);
  });
});
