import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_STATUS, LOGISTIC_STATUS, TASK_STATUS } from '../../src/lib/statuses';
import { deliveryIdOf, seededJobId } from './operations-support';
import { dataOf, inZa, pageOf, startTestServer, ZA, type TestServer } from './support';

// reverseJobStatus of a completed job (issue 5): the job goes back to in progress AND the task that finished
// last opens again with its delivery one logistic status back, so the job can complete again (charts consistent).

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const admin = () => server.as('administrator');

const job = (jobId: number) => dataOf(admin().connect.GET('/jobs/{cca2}/{id}', { params: inZa(jobId) }));
const deliveryRow = async (deliveryId: number) =>
  pageOf(await dataOf(admin().connect.GET('/deliveries/{cca2}', { params: { path: ZA, query: { deliveryId } } }))).items[0]!;

describe('reversing a completed job rolls back its last task', () => {
  it('opens the last completed drop-off again (arrived), the delivery pending drop-off; the driver completes it again', async () => {
    const jobId = await seededJobId(server, 'ops-completed');
    const before = await job(jobId);
    const pickUp = before.tasks.find((task) => task.taskJobOrder === 1)!;
    const dropOff = before.tasks.find((task) => task.taskJobOrder === 2)!;
    expect(dropOff.taskStatusId).toBe(TASK_STATUS.COMPLETED);
    const deliveryId = before.deliveries[0]!.id;
    // The list row says when it was delivered (the drop-off's completion) and when its drop-off window closed.
    expect(await deliveryRow(deliveryId)).toMatchObject({ deliveredDate: dropOff.completedDate, dropoffWindowEnd: expect.any(String) });
    // The delivery's page lists its stops in job order, as the job has them.
    const detail = await dataOf(admin().connect.GET('/deliveries/{cca2}/{id}', { params: inZa(deliveryId) }));
    expect(detail.tasks.map((task) => [task.id, task.jobId, task.taskStatusId])).toEqual([[pickUp.id, jobId, TASK_STATUS.COMPLETED], [dropOff.id, jobId, TASK_STATUS.COMPLETED]]);

    const reversed = await admin().connect.PUT('/jobs/reverseJobStatus/{cca2}/{id}', { params: inZa(jobId) });
    expect(reversed.response.status).toBe(200);
    expect(reversed.data!.job).toMatchObject({ jobStatusId: JOB_STATUS.IN_PROGRESS, completedAt: null });
    const reopened = reversed.data!.tasks.find((task) => task.id === dropOff.id)!;
    expect(reopened).toMatchObject({ taskStatusId: TASK_STATUS.IN_PROGRESS, completedDate: null, arrivedDate: dropOff.arrivedDate });
    expect(reversed.data!.tasks.find((task) => task.id === pickUp.id)!.taskStatusId).toBe(TASK_STATUS.COMPLETED);
    expect(reversed.data!.deliveries[0]!.logisticStatusId).toBe(LOGISTIC_STATUS.PENDING_DROP_OFF);
    expect(Number(reopened.xmin)).toBeGreaterThan(Number(dropOff.xmin));
    expect((await deliveryRow(deliveryId)).deliveredDate).toBeNull();

    // The charts agree with the rows: the driver may complete the drop-off again, and the job completes again.
    const driver = server.as('driver');
    const state = await dataOf(driver.connect.GET('/tasks/gettaskstate/{cca2}/{id}', { params: inZa(dropOff.id) }));
    expect(state.allowedActions).toEqual(['completedropoff', 'exceptiondropoff']);
    const completed = await driver.connect.PUT('/tasks/completedropoff/{cca2}/{id}', { params: inZa(dropOff.id) });
    expect(completed.response.status).toBe(200);
    const after = await job(jobId);
    expect(after.job.jobStatusId).toBe(JOB_STATUS.COMPLETED);
    expect(after.deliveries[0]!.logisticStatusId).toBe(LOGISTIC_STATUS.DELIVERED);
    const completedDate = after.tasks.find((task) => task.id === dropOff.id)!.completedDate!;
    expect((await deliveryRow(deliveryId)).deliveredDate).toBe(completedDate);
  });

  it('reopens a pick-up exception and the drop-off it cancelled; the delivery is pending pick-up again', async () => {
    const driverId = (await dataOf(admin().connect.GET('/drivers/{cca2}', { params: { path: ZA, query: { search: 'driver4' } } }))).items[0]!.id;
    const created = await admin().connect.POST('/jobs/createjob/{cca2}', { params: { path: ZA }, body: { deliveryIds: [await deliveryIdOf(server, 'WBJ0010')], driverId } });
    expect(created.response.status).toBe(201);
    const jobId = created.data!.job.id;
    const [pickUp, dropOff] = [...created.data!.tasks].sort((a, b) => a.taskJobOrder - b.taskJobOrder);
    const driver = server.as('driver4');
    expect((await driver.connect.PUT('/tasks/start/{cca2}/{id}', { params: inZa(pickUp!.id) })).response.status).toBe(200);
    expect((await driver.connect.PUT('/tasks/arrived/{cca2}/{id}', { params: inZa(pickUp!.id), body: { arrivedLocation: pickUp!.address.coordinates } })).response.status).toBe(200);
    expect((await driver.connect.PUT('/tasks/exceptionpickup/{cca2}/{id}', { params: inZa(pickUp!.id), body: { reason: 'Store closed' } })).response.status).toBe(200);
    const failed = await job(jobId);
    expect(failed.job.jobStatusId).toBe(JOB_STATUS.COMPLETED);
    expect(failed.tasks.map((task) => task.taskStatusId)).toEqual([TASK_STATUS.EXCEPTION, TASK_STATUS.CANCELLED]);
    expect(failed.deliveries[0]!.logisticStatusId).toBe(LOGISTIC_STATUS.PICK_UP_EXCEPTION);

    const reversed = await admin().connect.PUT('/jobs/reverseJobStatus/{cca2}/{id}', { params: inZa(jobId) });
    expect(reversed.response.status).toBe(200);
    expect(reversed.data!.job.jobStatusId).toBe(JOB_STATUS.IN_PROGRESS);
    const tasks = [...reversed.data!.tasks].sort((a, b) => a.taskJobOrder - b.taskJobOrder);
    expect(tasks[0]).toMatchObject({ id: pickUp!.id, taskStatusId: TASK_STATUS.IN_PROGRESS, exceptionReason: null, completedDate: null });
    expect(tasks[1]).toMatchObject({ id: dropOff!.id, taskStatusId: TASK_STATUS.NOT_STARTED });
    expect(reversed.data!.deliveries[0]!.logisticStatusId).toBe(LOGISTIC_STATUS.PENDING_PICK_UP);
    // The reopened pick-up is where it was (arrived): it can be completed now.
    const state = await dataOf(driver.connect.GET('/tasks/gettaskstate/{cca2}/{id}', { params: inZa(pickUp!.id) }));
    expect(state.allowedActions).toContain('completepickup');
  });
});
