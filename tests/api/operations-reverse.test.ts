import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_STATUS, LOGISTIC_STATUS, TASK_STATUS } from '../../src/lib/statuses';
import { call, deliveryIdOf, seededJobId, type S } from './operations-support';
import { startTestServer, type TestServer } from './support';

// reverseJobStatus of a completed job (issue 5): the job goes back to in progress AND the task that finished
// last opens again with its delivery one logistic status back, so the job can complete again (charts consistent).

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const ADMIN = 'administrator@demo.test';

const job = (jobId: number) => call<S['JobDetails']>(server, ADMIN, 'GET', `/jobs/za/${jobId}`);

describe('reversing a completed job rolls back its last task', () => {
  it('opens the last completed drop-off again (arrived), the delivery pending drop-off; the driver completes it again', async () => {
    const jobId = await seededJobId(server, 'ops-completed');
    const before = (await job(jobId)).body;
    const dropOff = before.tasks.find((task) => task.taskJobOrder === 2)!;
    const pickUp = before.tasks.find((task) => task.taskJobOrder === 1)!;
    expect(dropOff.taskStatusId).toBe(TASK_STATUS.COMPLETED);

    const reversed = await call<S['JobDetails']>(server, ADMIN, 'PUT', `/jobs/reverseJobStatus/za/${jobId}`);
    expect(reversed.status).toBe(200);
    expect(reversed.body.job).toMatchObject({ jobStatusId: JOB_STATUS.IN_PROGRESS, completedAt: null });
    const reopened = reversed.body.tasks.find((task) => task.id === dropOff.id)!;
    expect(reopened).toMatchObject({ taskStatusId: TASK_STATUS.IN_PROGRESS, completedDate: null, arrivedDate: dropOff.arrivedDate });
    expect(reversed.body.tasks.find((task) => task.id === pickUp.id)!.taskStatusId).toBe(TASK_STATUS.COMPLETED);
    expect(reversed.body.deliveries[0]!.logisticStatusId).toBe(LOGISTIC_STATUS.PENDING_DROP_OFF);
    expect(Number(reopened.xmin)).toBeGreaterThan(Number(dropOff.xmin));

    // The charts agree with the rows: the driver may complete the drop-off again, and the job completes again.
    const state = await call<S['TaskState']>(server, 'driver@demo.test', 'GET', `/tasks/gettaskstate/za/${dropOff.id}`);
    expect(state.body.allowedActions).toEqual(['completedropoff', 'exceptiondropoff']);
    const completed = await call<S['TaskState']>(server, 'driver@demo.test', 'PUT', `/tasks/completedropoff/za/${dropOff.id}`);
    expect(completed.status).toBe(200);
    const after = (await job(jobId)).body;
    expect(after.job.jobStatusId).toBe(JOB_STATUS.COMPLETED);
    expect(after.deliveries[0]!.logisticStatusId).toBe(LOGISTIC_STATUS.DELIVERED);
  });

  it('reopens a pick-up exception and the drop-off it cancelled; the delivery is pending pick-up again', async () => {
    const driverId = (await call<S['DriverPage']>(server, ADMIN, 'GET', '/drivers/za?search=driver4')).body.items[0]!.id;
    const created = await call<S['JobDetails']>(server, ADMIN, 'POST', '/jobs/createjob/za', { deliveryIds: [await deliveryIdOf(server, 'WBJ0010')], driverId });
    expect(created.status).toBe(201);
    const jobId = created.body.job.id;
    const [pickUp, dropOff] = [...created.body.tasks].sort((a, b) => a.taskJobOrder - b.taskJobOrder);
    const driver = 'driver4@demo.test';
    expect((await call(server, driver, 'PUT', `/tasks/start/za/${pickUp!.id}`)).status).toBe(200);
    expect((await call(server, driver, 'PUT', `/tasks/arrived/za/${pickUp!.id}`, { arrivedLocation: pickUp!.address.coordinates })).status).toBe(200);
    expect((await call(server, driver, 'PUT', `/tasks/exceptionpickup/za/${pickUp!.id}`, { reason: 'Store closed' })).status).toBe(200);
    const failed = (await job(jobId)).body;
    expect(failed.job.jobStatusId).toBe(JOB_STATUS.COMPLETED);
    expect(failed.tasks.map((task) => task.taskStatusId)).toEqual([TASK_STATUS.EXCEPTION, TASK_STATUS.CANCELLED]);
    expect(failed.deliveries[0]!.logisticStatusId).toBe(LOGISTIC_STATUS.PICK_UP_EXCEPTION);

    const reversed = await call<S['JobDetails']>(server, ADMIN, 'PUT', `/jobs/reverseJobStatus/za/${jobId}`);
    expect(reversed.status).toBe(200);
    expect(reversed.body.job.jobStatusId).toBe(JOB_STATUS.IN_PROGRESS);
    const tasks = [...reversed.body.tasks].sort((a, b) => a.taskJobOrder - b.taskJobOrder);
    expect(tasks[0]).toMatchObject({ id: pickUp!.id, taskStatusId: TASK_STATUS.IN_PROGRESS, exceptionReason: null, completedDate: null });
    expect(tasks[1]).toMatchObject({ id: dropOff!.id, taskStatusId: TASK_STATUS.NOT_STARTED });
    expect(reversed.body.deliveries[0]!.logisticStatusId).toBe(LOGISTIC_STATUS.PENDING_PICK_UP);
    // The reopened pick-up is where it was (arrived): it can be completed now.
    const state = await call<S['TaskState']>(server, driver, 'GET', `/tasks/gettaskstate/za/${pickUp!.id}`);
    expect(state.body.allowedActions).toContain('completepickup');
  });
});
