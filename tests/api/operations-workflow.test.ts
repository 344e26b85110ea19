import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_ACCESS, decideOperationAccess } from '../../src/lib/access';
import { TASK_ACTIONS, type TaskAction } from '../../src/lib/operations-catalogue';
import { DRIVER_AVAILABILITY, JOB_STATUS, LOGISTIC_STATUS, TASK_STATUS, TASK_TYPE } from '../../src/lib/statuses';
import { verifyAccessTokenClaims } from '../../server/auth/tokens';
import { call, deliveryIdOf, jobSnapshot, seededJobId, type S } from './operations-support';
import { startTestServer, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const ADMIN = 'administrator@demo.test';
const TASK_PATH: Record<TaskAction, string> = {
  start: 'start', arrived: 'arrived', completepickup: 'completepickup', completedropoff: 'completedropoff',
  exceptionpickup: 'exceptionpickup', exceptiondropoff: 'exceptiondropoff',
};
const taskBody = (action: TaskAction) => (action === 'arrived' ? { arrivedLocation: { lat: -26.1, lon: 28.05 } } : undefined);

async function details(jobId: number, email = ADMIN) {
  return (await call<S['JobDetails']>(server, email, 'GET', `/jobs/za/${jobId}`)).body;
}

/**
 * What the charts allow for every seeded task (written out from 002 section 4, not computed): a task moves only
 * in a job in progress (starting one of a job not started starts it), completes only after arrival, pick-up calls
 * only on pick-ups, and a drop-off starts only once its delivery is collected.
 */
const EXPECTED_ALLOWED: Record<string, TaskAction[][]> = {
  'ops-unassigned': [[], [], [], []],
  'ops-not-started': [['start'], []],
  'ops-in-progress': [[], ['completepickup', 'exceptionpickup'], ['start'], []],
  'ops-completed': [[], []],
  'ops-drop-off': [[], ['arrived', 'exceptiondropoff']],
};

describe('task calls the charts refuse', () => {
  it.each(Object.keys(EXPECTED_ALLOWED))('%s: allowed actions as the spec says; every other call is 409 and changes nothing', async (seedKey) => {
    const jobId = await seededJobId(server, seedKey);
    const { tasks } = await details(jobId);
    for (const [index, task] of tasks.entries()) {
      const state = await call<S['TaskState']>(server, ADMIN, 'GET', `/tasks/gettaskstate/za/${task.id}`);
      expect(state.status).toBe(200);
      expect(state.body.allowedActions, `${seedKey} task ${index + 1}`).toEqual(EXPECTED_ALLOWED[seedKey]![index]);
      for (const action of TASK_ACTIONS.filter((name) => !state.body.allowedActions.includes(name))) {
        const before = await jobSnapshot(server, jobId);
        const response = await call<{ message: string; current: S['TaskState'] }>(server, ADMIN, 'PUT', `/tasks/${TASK_PATH[action]}/za/${task.id}`, taskBody(action));
        expect(response.status, `${seedKey} task ${index + 1} ${action}`).toBe(409);
        expect(response.body.message).toMatch(/is not allowed for task/);
        expect(response.body.current.task.id).toBe(task.id);
        expect(await jobSnapshot(server, jobId)).toBe(before);
      }
    }
  });

  it('says why: not arrived yet, wrong task type, delivery not collected, job not started', async () => {
    const dropOff = (await details(await seededJobId(server, 'ops-drop-off'))).tasks[1]!;
    expect((await call(server, ADMIN, 'PUT', `/tasks/completedropoff/za/${dropOff.id}`)).body.message)
      .toBe(`'Complete drop-off' is not allowed for task ${dropOff.id}: the driver has not arrived yet.`);
    expect((await call(server, ADMIN, 'PUT', `/tasks/completepickup/za/${dropOff.id}`)).body.message)
      .toBe(`'Complete pick-up' is not allowed for task ${dropOff.id}: it is a drop-off task.`);
    const waiting = (await details(await seededJobId(server, 'ops-in-progress'))).tasks[3]!;
    expect((await call(server, ADMIN, 'PUT', `/tasks/start/za/${waiting.id}`)).body.message)
      .toBe(`'Start' is not allowed for task ${waiting.id}: delivery WBJ0005 is Pending pick-up.`);
    const unassigned = (await details(await seededJobId(server, 'ops-unassigned'))).tasks[0]!;
    expect((await call(server, ADMIN, 'PUT', `/tasks/start/za/${unassigned.id}`)).body.message)
      .toBe(`'Start' is not allowed for task ${unassigned.id}: its job is Unassigned.`);
  });
});

describe('job calls the charts refuse: 409 and nothing changes', () => {
  const cases: [seedKey: string, label: string, method: string, path: (id: number) => string, body?: () => Promise<unknown>][] = [
    ['ops-unassigned', 'unassign', 'PUT', (id) => `/jobs/unassigndriverfromjob/za/${id}`],
    ['ops-unassigned', 'start', 'PUT', (id) => `/jobs/start/za/${id}`],
    ['ops-unassigned', 'notifyJobDelay', 'PUT', (id) => `/jobs/notifyJobDelay/za/${id}`, async () => ({})],
    ['ops-unassigned', 'reverse', 'PUT', (id) => `/jobs/reverseJobStatus/za/${id}`],
    ['ops-in-progress', 'assign', 'PUT', () => '/jobs/assignjobstodriver/za', async () => ({ jobIds: [await seededJobId(server, 'ops-in-progress')], driverId: (await call<S['DriverPage']>(server, ADMIN, 'GET', '/drivers/za?search=driver4')).body.items[0]!.id })],
    ['ops-in-progress', 'unassign', 'PUT', (id) => `/jobs/unassigndriverfromjob/za/${id}`],
    ['ops-in-progress', 'start', 'PUT', (id) => `/jobs/start/za/${id}`],
    ['ops-in-progress', 'remove a delivery', 'PUT', (id) => `/jobs/removedeliveryfromjob/za/${id}`, async () => ({ deliveryId: await deliveryIdOf(server, 'WBJ0005') })],
    ['ops-in-progress', 'reverse (a task started)', 'PUT', (id) => `/jobs/reverseJobStatus/za/${id}`],
    ['ops-completed', 'assign', 'PUT', () => '/jobs/assignjobstodriver/za', async () => ({ jobIds: [await seededJobId(server, 'ops-completed')], driverId: (await call<S['DriverPage']>(server, ADMIN, 'GET', '/drivers/za?search=driver4')).body.items[0]!.id })],
    ['ops-completed', 'unassign', 'PUT', (id) => `/jobs/unassigndriverfromjob/za/${id}`],
    ['ops-completed', 'start', 'PUT', (id) => `/jobs/start/za/${id}`],
    ['ops-completed', 'add deliveries', 'PUT', (id) => `/jobs/adddeliveriestojob/za/${id}`, async () => ({ deliveryIds: [await deliveryIdOf(server, 'WBJ0008')] })],
    ['ops-completed', 'remove a delivery', 'PUT', (id) => `/jobs/removedeliveryfromjob/za/${id}`, async () => ({ deliveryId: await deliveryIdOf(server, 'WBJ0006') })],
    ['ops-completed', 'notifyJobDelay', 'PUT', (id) => `/jobs/notifyJobDelay/za/${id}`, async () => ({})],
  ];
  it.each(cases)('%s: %s', async (seedKey, _label, method, path, body) => {
    const jobId = await seededJobId(server, seedKey);
    const before = await jobSnapshot(server, jobId);
    const response = await call<{ message: string; current: S['JobDetails'] }>(server, ADMIN, method, path(jobId), body ? await body() : undefined);
    expect(response.status).toBe(409);
    expect(response.body.message).toMatch(new RegExp(`job ${jobId}`));
    expect(response.body.current.job.id).toBe(jobId);
    expect(await jobSnapshot(server, jobId)).toBe(before);
  });

  it('a delivery that is not ready cannot join a job', async () => {
    const jobId = await seededJobId(server, 'ops-unassigned');
    const before = await jobSnapshot(server, jobId);
    const response = await call(server, ADMIN, 'PUT', `/jobs/adddeliveriestojob/za/${jobId}`, { deliveryIds: [await deliveryIdOf(server, 'WBJ0006')] });
    expect(response.status).toBe(409);
    expect(await jobSnapshot(server, jobId)).toBe(before);
  });
});

describe('access by role and scope', () => {
  const ROLE_USERS = [
    'administrator@demo.test', 'management@demo.test', 'staff@demo.test', 'company.admin@demo.test', 'company.operator@demo.test',
    'company.user@demo.test', 'store.admin@demo.test', 'store.user@demo.test', 'partner@demo.test', 'driver@demo.test',
    'assistant@demo.test', 'customer@demo.test',
  ];
  it.each(ROLE_USERS)('%s: jobs list as the access table says', async (email) => {
    const { permissions } = await verifyAccessTokenClaims(server.keys, await server.tokenFor(email));
    const { status } = await call(server, email, 'GET', '/jobs/za');
    expect(status).toBe(decideOperationAccess(OPERATION_ACCESS.getjobs, permissions) === 'allowed' ? 200 : 403);
  });

  it('a company administrator sees its company\'s jobs only; another company\'s job is 404', async () => {
    const { body } = await call<S['JobPage']>(server, 'company.admin@demo.test', 'GET', '/jobs/za?pageSize=200');
    const acme = (await call<S['JobDetails']>(server, ADMIN, 'GET', `/jobs/za/${await seededJobId(server, 'ops-unassigned')}`)).body.job.companyId;
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items.every((job) => job.companyId === acme)).toBe(true);
    const foreign = await call(server, 'company.admin@demo.test', 'GET', `/jobs/za/${await seededJobId(server, 'ops-in-progress')}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).not.toHaveProperty('job');
  });

  it('a driver sees and works only the jobs assigned to them', async () => {
    const { body } = await call<S['JobPage']>(server, 'driver@demo.test', 'GET', '/jobs/za?pageSize=200');
    const mine = (await call<S['DriverPage']>(server, ADMIN, 'GET', '/drivers/za?search=Dumisani')).body.items[0]!.id;
    expect(body.items.length).toBe(2);
    expect(body.items.every((job) => job.driverId === mine)).toBe(true);
    const other = await details(await seededJobId(server, 'ops-in-progress'));
    const before = await jobSnapshot(server, other.job.id);
    expect((await call(server, 'driver@demo.test', 'PUT', `/tasks/completepickup/za/${other.tasks[1]!.id}`)).status).toBe(404);
    expect((await call(server, 'driver@demo.test', 'GET', `/tasks/gettaskstate/za/${other.tasks[1]!.id}`)).status).toBe(404);
    expect((await call(server, 'driver@demo.test', 'PUT', `/jobs/reject/za/${other.job.id}`)).status).toBe(404);
    expect(await jobSnapshot(server, other.job.id)).toBe(before);
    // Dispatch is for administrators and management operators.
    expect((await call(server, 'driver@demo.test', 'POST', '/jobs/createjob/za', { deliveryIds: [1] })).status).toBe(403);
    expect((await call(server, 'staff@demo.test', 'POST', '/jobs/createjob/za', { deliveryIds: [1] })).status).toBe(403);
  });
});

describe('the allowed path: pick-up, drop-off, delivered', () => {
  it('creates a job, the driver works it through, the delivery is delivered and the job completed', async () => {
    const driver4 = (await call<S['DriverPage']>(server, ADMIN, 'GET', '/drivers/za?search=driver4')).body.items[0]!;
    expect(driver4.driverAvailabilityId).toBe(DRIVER_AVAILABILITY.AVAILABLE_QSR_ONLY);
    const deliveryId = await deliveryIdOf(server, 'WBJ0007');
    const storeUnread = async () => (await call<S['WebNotificationPage']>(server, 'store.user@demo.test', 'GET', '/WebNotifications/za?read=false&countOnly=true')).body.paging.totalItems;
    const unreadBefore = await storeUnread();

    const created = await call<S['JobDetails']>(server, ADMIN, 'POST', '/jobs/createjob/za', { deliveryIds: [deliveryId], driverId: driver4.id });
    expect(created.status).toBe(201);
    const job = created.body;
    expect(job.job).toMatchObject({ jobStatusId: JOB_STATUS.NOT_STARTED, driverId: driver4.id, deliveryCount: 1, taskCount: 2 });
    expect(job.deliveries[0]!.logisticStatusId).toBe(LOGISTIC_STATUS.PENDING_PICK_UP);
    expect(job.tasks.map((task) => task.taskTypeId)).toEqual([TASK_TYPE.STORE_PICK_UP, TASK_TYPE.DROP_OFF]);
    // Distances from the driver's last known position are there from the assignment on.
    expect(job.tasks.every((task) => typeof task.distanceFromDriver === 'number')).toBe(true);
    const [pickUp, dropOff] = job.tasks;
    const versions = [Number(job.job.xmin)];
    const act = async (action: TaskAction, taskId: number) => {
      const response = await call<S['TaskState']>(server, 'driver4@demo.test', 'PUT', `/tasks/${TASK_PATH[action]}/za/${taskId}`, taskBody(action));
      expect(response.status, action).toBe(200);
      const now = await details(job.job.id);
      versions.push(Number(now.job.xmin));
      return { state: response.body, now };
    };

    let step = await act('start', pickUp!.id);
    expect(step.now.job.jobStatusId).toBe(JOB_STATUS.IN_PROGRESS);
    expect(step.now.driver?.driverAvailabilityId).toBe(DRIVER_AVAILABILITY.BUSY);
    expect(step.state.allowedActions).toEqual(['arrived', 'exceptionpickup']);
    step = await act('arrived', pickUp!.id);
    expect(step.state.task.arrivedLocation).toEqual({ lat: -26.1, lon: 28.05 });
    expect(step.state.task.arrivedDate).not.toBeNull();
    step = await act('completepickup', pickUp!.id);
    expect(step.now.deliveries[0]!.logisticStatusId).toBe(LOGISTIC_STATUS.COLLECTED);
    step = await act('start', dropOff!.id);
    expect(step.now.deliveries[0]!.logisticStatusId).toBe(LOGISTIC_STATUS.PENDING_DROP_OFF);
    await act('arrived', dropOff!.id);
    step = await act('completedropoff', dropOff!.id);
    expect(step.now.deliveries[0]!.logisticStatusId).toBe(LOGISTIC_STATUS.DELIVERED);
    expect(step.now.tasks.map((task) => task.taskStatusId)).toEqual([TASK_STATUS.COMPLETED, TASK_STATUS.COMPLETED]);
    expect(step.now.job.jobStatusId).toBe(JOB_STATUS.COMPLETED);
    expect(step.now.job.completedAt).not.toBeNull();
    expect(step.now.driver?.driverAvailabilityId).toBe(DRIVER_AVAILABILITY.AVAILABLE);
    // Every change bumped the job's version.
    for (let index = 1; index < versions.length; index += 1) expect(versions[index]).toBeGreaterThan(versions[index - 1]!);
    // The customer who placed it is told.
    expect(await storeUnread()).toBe(unreadBefore + 1);
    // Nothing more can happen to a completed task.
    expect((await call(server, 'driver4@demo.test', 'PUT', `/tasks/completedropoff/za/${dropOff!.id}`)).status).toBe(409);
  });

  it('a driver rejects a job not started: it is unassigned again and its delivery ready', async () => {
    const jobId = await seededJobId(server, 'ops-not-started');
    const response = await call<S['JobDetails']>(server, 'driver@demo.test', 'PUT', `/jobs/reject/za/${jobId}`);
    expect(response.status).toBe(200);
    const now = await details(jobId);
    expect(now.job).toMatchObject({ jobStatusId: JOB_STATUS.UNASSIGNED, driverId: null, isRejected: true });
    expect(now.deliveries[0]!.logisticStatusId).toBe(LOGISTIC_STATUS.READY);
    expect((await call(server, 'driver@demo.test', 'GET', `/jobs/za/${jobId}`)).status).toBe(404);
  });

  it('notifications: unread count, mark as read, types', async () => {
    const list = await call<S['WebNotificationPage']>(server, 'driver@demo.test', 'GET', '/WebNotifications/za?page=1');
    expect(list.status).toBe(200);
    const unread = list.body.items.find((item) => !item.read)!;
    expect(unread).toBeDefined();
    const count = async () => (await call<S['WebNotificationPage']>(server, 'driver@demo.test', 'GET', '/WebNotifications/za?read=false&countOnly=true')).body;
    const before = await count();
    expect(before.items).toEqual([]);
    const marked = await call<S['WebNotification']>(server, 'driver@demo.test', 'GET', `/WebNotifications/markread/za/${unread.id}`);
    expect(marked.body.read).toBe(true);
    expect((await count()).paging.totalItems).toBe(before.paging.totalItems - 1);
    expect((await call(server, 'customer@demo.test', 'GET', `/WebNotifications/markread/za/${unread.id}`)).status).toBe(404);
    const types = await call<S['WebNotificationType'][]>(server, 'driver@demo.test', 'GET', '/WebNotifications/webnotificationtypes');
    expect(types.body.length).toBeGreaterThan(3);
  });
});

describe('exceptions and cancellation', () => {
  it('a pick-up exception ends the delivery, cancels its drop-off and tells the dispatchers', async () => {
    const jobId = await seededJobId(server, 'ops-in-progress');
    const before = await details(jobId);
    const adminUnread = async () => (await call<S['WebNotificationPage']>(server, ADMIN, 'GET', `/WebNotifications/za?read=false&countOnly=true&webNotificationTypeIds=4`)).body.paging.totalItems;
    const unread = await adminUnread();
    const response = await call<S['TaskState']>(server, 'driver2@demo.test', 'PUT', `/tasks/exceptionpickup/za/${before.tasks[1]!.id}`, { reason: 'Store closed' });
    expect(response.status).toBe(200);
    expect(response.body.task).toMatchObject({ taskStatusId: TASK_STATUS.EXCEPTION, exceptionReason: 'Store closed' });
    const now = await details(jobId);
    expect(now.tasks.map((task) => task.taskStatusId)).toEqual([TASK_STATUS.COMPLETED, TASK_STATUS.EXCEPTION, TASK_STATUS.NOT_STARTED, TASK_STATUS.CANCELLED]);
    expect(now.deliveries.find((delivery) => delivery.waybill === 'WBJ0005')!.logisticStatusId).toBe(LOGISTIC_STATUS.PICK_UP_EXCEPTION);
    expect(now.job.jobStatusId).toBe(JOB_STATUS.IN_PROGRESS);
    expect(await adminUnread()).toBe(unread + 1);
  });

  it('removing the last delivery cancels the job; a cancelled job refuses every call and nothing changes', async () => {
    const jobId = await seededJobId(server, 'ops-unassigned');
    const [first, second] = [await deliveryIdOf(server, 'WBJ0001'), await deliveryIdOf(server, 'WBJ0002')];
    const once = await call<S['JobDetails']>(server, ADMIN, 'PUT', `/jobs/removedeliveryfromjob/za/${jobId}`, { deliveryId: first });
    expect(once.status).toBe(200);
    expect(once.body.job).toMatchObject({ jobStatusId: JOB_STATUS.UNASSIGNED, deliveryCount: 1, taskCount: 2 });
    const last = await call<S['JobDetails']>(server, ADMIN, 'PUT', `/jobs/removedeliveryfromjob/za/${jobId}`, { deliveryId: second });
    expect(last.body.job).toMatchObject({ jobStatusId: JOB_STATUS.CANCELLED, deliveryCount: 0, taskCount: 0 });
    expect(last.body.tasks.every((task) => task.taskStatusId === TASK_STATUS.CANCELLED)).toBe(true);
    const driverId = (await call<S['DriverPage']>(server, ADMIN, 'GET', '/drivers/za?search=driver4')).body.items[0]!.id;
    const calls: [string, string, unknown?][] = [
      ['PUT', '/jobs/assignjobstodriver/za', { jobIds: [jobId], driverId }],
      ['PUT', `/jobs/adddeliveriestojob/za/${jobId}`, { deliveryIds: [first] }],
      ['PUT', `/jobs/start/za/${jobId}`],
      ['PUT', `/jobs/unassigndriverfromjob/za/${jobId}`],
      ['PUT', `/jobs/reverseJobStatus/za/${jobId}`],
      ['PUT', `/jobs/notifyJobDelay/za/${jobId}`, {}],
    ];
    for (const [method, path, body] of calls) {
      const before = await jobSnapshot(server, jobId);
      const response = await call<{ message: string }>(server, ADMIN, method, path, body);
      expect(response.status, path).toBe(409);
      expect(response.body.message).toContain('it is Cancelled');
      expect(await jobSnapshot(server, jobId)).toBe(before);
    }
  });
});
