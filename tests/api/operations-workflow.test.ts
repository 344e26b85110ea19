import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_ACCESS, decideOperationAccess } from '../../src/lib/access';
import { TASK_ACTIONS, type TaskAction } from '../../src/lib/operations-catalogue';
import { DRIVER_AVAILABILITY, JOB_STATUS, LOGISTIC_STATUS, TASK_STATUS, TASK_TYPE } from '../../src/lib/statuses';
import { eq } from 'drizzle-orm';
import { verifyAccessTokenClaims } from '../../server/auth/tokens';
import { jobs } from '../../server/db/schema';
import type { SeededLogin } from '../support/seeded-users';
import { deliveryIdOf, jobSnapshot, seededJobId, type S } from './operations-support';
import { dataOf, inZa, startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const as = (login: SeededLogin) => server.as(login).connect;
const admin = () => as('administrator');

/** A task action's call as a seeded user (arrived sends where the driver is; the others send no body). */
function taskAction(login: SeededLogin, action: TaskAction, taskId: number) {
  const connect = as(login);
  const params = inZa(taskId);
  switch (action) {
    case 'start': return connect.PUT('/tasks/start/{cca2}/{id}', { params });
    case 'arrived': return connect.PUT('/tasks/arrived/{cca2}/{id}', { params, body: { arrivedLocation: { lat: -26.1, lon: 28.05 } } });
    case 'completepickup': return connect.PUT('/tasks/completepickup/{cca2}/{id}', { params });
    case 'completedropoff': return connect.PUT('/tasks/completedropoff/{cca2}/{id}', { params });
    case 'exceptionpickup': return connect.PUT('/tasks/exceptionpickup/{cca2}/{id}', { params });
    case 'exceptiondropoff': return connect.PUT('/tasks/exceptiondropoff/{cca2}/{id}', { params });
  }
}

/** The message (and the current record) of a refused call's answer. */
const refusal = <Current = unknown>(error: unknown) => error as { message: string; current: Current };

async function details(jobId: number) {
  return dataOf(admin().GET('/jobs/{cca2}/{id}', { params: inZa(jobId) }));
}

/** The seeded driver a search finds first (by name or email). */
async function driverFound(search: string) {
  return (await dataOf(admin().GET('/drivers/{cca2}', { params: { path: ZA, query: { search } } }))).items[0]!;
}

/** A user's unread notifications, counted only (optionally of some types). */
async function unreadCount(login: SeededLogin, query: { webNotificationTypeIds?: number[] } = {}) {
  return dataOf(as(login).GET('/WebNotifications/{cca2}', { params: { path: ZA, query: { read: false, countOnly: true, ...query } } }));
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
      const state = await admin().GET('/tasks/gettaskstate/{cca2}/{id}', { params: inZa(task.id) });
      expect(state.response.status).toBe(200);
      expect(state.data!.allowedActions, `${seedKey} task ${index + 1}`).toEqual(EXPECTED_ALLOWED[seedKey]![index]);
      for (const action of TASK_ACTIONS.filter((name) => !state.data!.allowedActions.includes(name))) {
        const before = await jobSnapshot(server, jobId);
        const response = await taskAction('administrator', action, task.id);
        expect(response.response.status, `${seedKey} task ${index + 1} ${action}`).toBe(409);
        const { message, current } = refusal<S['TaskState']>(response.error);
        expect(message).toMatch(/is not allowed for task/);
        expect(current.task.id).toBe(task.id);
        expect(await jobSnapshot(server, jobId)).toBe(before);
      }
    }
  });

  it('says why: not arrived yet, wrong task type, delivery not collected, job not started', async () => {
    const dropOff = (await details(await seededJobId(server, 'ops-drop-off'))).tasks[1]!;
    expect(refusal((await taskAction('administrator', 'completedropoff', dropOff.id)).error).message)
      .toBe(`'Complete drop-off' is not allowed for task ${dropOff.id}: the driver has not arrived yet.`);
    expect(refusal((await taskAction('administrator', 'completepickup', dropOff.id)).error).message)
      .toBe(`'Complete pick-up' is not allowed for task ${dropOff.id}: it is a drop-off task.`);
    const waiting = (await details(await seededJobId(server, 'ops-in-progress'))).tasks[3]!;
    expect(refusal((await taskAction('administrator', 'start', waiting.id)).error).message)
      .toBe(`'Start' is not allowed for task ${waiting.id}: delivery WBJ0005 is Pending pick-up.`);
    const unassigned = (await details(await seededJobId(server, 'ops-unassigned'))).tasks[0]!;
    expect(refusal((await taskAction('administrator', 'start', unassigned.id)).error).message)
      .toBe(`'Start' is not allowed for task ${unassigned.id}: its job is Unassigned.`);
  });
});

describe('job calls the charts refuse: 409 and nothing changes', () => {
  /** The administrator's job calls, each on a job id. */
  const jobCall = {
    unassign: (id: number) => admin().PUT('/jobs/unassigndriverfromjob/{cca2}/{id}', { params: inZa(id) }),
    start: (id: number) => admin().PUT('/jobs/start/{cca2}/{id}', { params: inZa(id) }),
    notifyJobDelay: (id: number) => admin().PUT('/jobs/notifyJobDelay/{cca2}/{id}', { params: inZa(id), body: {} }),
    reverse: (id: number) => admin().PUT('/jobs/reverseJobStatus/{cca2}/{id}', { params: inZa(id) }),
    assign: async (id: number) => admin().PUT('/jobs/assignjobstodriver/{cca2}', { params: { path: ZA }, body: { jobIds: [id], driverId: (await driverFound('driver4')).id } }),
    addDelivery: async (id: number, waybill: string) => admin().PUT('/jobs/adddeliveriestojob/{cca2}/{id}', { params: inZa(id), body: { deliveryIds: [await deliveryIdOf(server, waybill)] } }),
    removeDelivery: async (id: number, waybill: string) => admin().PUT('/jobs/removedeliveryfromjob/{cca2}/{id}', { params: inZa(id), body: { deliveryId: await deliveryIdOf(server, waybill) } }),
  };
  const cases: [seedKey: string, label: string, send: (id: number) => Promise<{ error?: unknown; response: Response }>][] = [
    ['ops-unassigned', 'unassign', jobCall.unassign],
    ['ops-unassigned', 'start', jobCall.start],
    ['ops-unassigned', 'notifyJobDelay', jobCall.notifyJobDelay],
    ['ops-unassigned', 'reverse', jobCall.reverse],
    ['ops-in-progress', 'assign', jobCall.assign],
    ['ops-in-progress', 'unassign', jobCall.unassign],
    ['ops-in-progress', 'start', jobCall.start],
    ['ops-in-progress', 'remove a delivery', (id) => jobCall.removeDelivery(id, 'WBJ0005')],
    ['ops-in-progress', 'reverse (a task started)', jobCall.reverse],
    ['ops-completed', 'assign', jobCall.assign],
    ['ops-completed', 'unassign', jobCall.unassign],
    ['ops-completed', 'start', jobCall.start],
    ['ops-completed', 'add deliveries', (id) => jobCall.addDelivery(id, 'WBJ0008')],
    ['ops-completed', 'remove a delivery', (id) => jobCall.removeDelivery(id, 'WBJ0006')],
    ['ops-completed', 'notifyJobDelay', jobCall.notifyJobDelay],
  ];
  it.each(cases)('%s: %s', async (seedKey, _label, send) => {
    const jobId = await seededJobId(server, seedKey);
    const before = await jobSnapshot(server, jobId);
    const response = await send(jobId);
    expect(response.response.status).toBe(409);
    const { message, current } = refusal<S['JobDetails']>(response.error);
    expect(message).toMatch(new RegExp(`job ${jobId}`));
    expect(current.job.id).toBe(jobId);
    expect(await jobSnapshot(server, jobId)).toBe(before);
  });

  it('a delivery that is not ready cannot join a job', async () => {
    const jobId = await seededJobId(server, 'ops-unassigned');
    const before = await jobSnapshot(server, jobId);
    const response = await jobCall.addDelivery(jobId, 'WBJ0006');
    expect(response.response.status).toBe(409);
    expect(await jobSnapshot(server, jobId)).toBe(before);
  });
});

describe('access by role and scope', () => {
  const ROLE_USERS = [
    'administrator', 'management', 'staff', 'company.admin', 'company.operator', 'company.user', 'store.admin', 'store.user', 'partner',
    'driver', 'assistant', 'customer',
  ] as const;
  it.each(ROLE_USERS)('%s@demo.test: jobs list as the access table says', async (login) => {
    const { permissions } = await verifyAccessTokenClaims(server.keys, await server.as(login).token());
    const { status } = (await as(login).GET('/jobs/{cca2}', { params: { path: ZA } })).response;
    expect(status).toBe(decideOperationAccess(OPERATION_ACCESS.getjobs, permissions) === 'allowed' ? 200 : 403);
  });

  it('a company administrator sees its company\'s jobs only; another company\'s job is 404', async () => {
    const body = await dataOf(as('company.admin').GET('/jobs/{cca2}', { params: { path: ZA, query: { pageSize: 200 } } }));
    const acme = (await details(await seededJobId(server, 'ops-unassigned'))).job.companyId;
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items.every((job) => job.companyId === acme)).toBe(true);
    const foreign = await as('company.admin').GET('/jobs/{cca2}/{id}', { params: inZa(await seededJobId(server, 'ops-in-progress')) });
    expect(foreign.response.status).toBe(404);
    expect(foreign.error).not.toHaveProperty('job');
  });

  it('a driver sees and works only the jobs assigned to them', async () => {
    const body = await dataOf(as('driver').GET('/jobs/{cca2}', { params: { path: ZA, query: { pageSize: 200 } } }));
    const mine = (await driverFound('Dumisani')).id;
    // Every job assigned to them (the seeded history of completed jobs too) and no other.
    const assigned = await server.database.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.driverId, mine));
    expect(assigned.length).toBeGreaterThan(2);
    expect(body.items.map((job) => job.id).sort((a, b) => a - b)).toEqual(assigned.map((job) => job.id).sort((a, b) => a - b));
    expect(body.items.every((job) => job.driverId === mine)).toBe(true);
    const other = await details(await seededJobId(server, 'ops-in-progress'));
    const before = await jobSnapshot(server, other.job.id);
    expect((await taskAction('driver', 'completepickup', other.tasks[1]!.id)).response.status).toBe(404);
    expect((await as('driver').GET('/tasks/gettaskstate/{cca2}/{id}', { params: inZa(other.tasks[1]!.id) })).response.status).toBe(404);
    expect((await as('driver').PUT('/jobs/reject/{cca2}/{id}', { params: inZa(other.job.id) })).response.status).toBe(404);
    expect(await jobSnapshot(server, other.job.id)).toBe(before);
    // Dispatch is for administrators and management operators.
    for (const login of ['driver', 'staff'] as const) {
      expect((await as(login).POST('/jobs/createjob/{cca2}', { params: { path: ZA }, body: { deliveryIds: [1] } })).response.status).toBe(403);
    }
  });
});

describe('the allowed path: pick-up, drop-off, delivered', () => {
  it('creates a job, the driver works it through, the delivery is delivered and the job completed', async () => {
    const driver4 = await driverFound('driver4');
    expect(driver4.driverAvailabilityId).toBe(DRIVER_AVAILABILITY.AVAILABLE_QSR_ONLY);
    const deliveryId = await deliveryIdOf(server, 'WBJ0007');
    const storeUnread = async () => (await unreadCount('store.user')).paging.totalItems;
    const unreadBefore = await storeUnread();

    const created = await admin().POST('/jobs/createjob/{cca2}', { params: { path: ZA }, body: { deliveryIds: [deliveryId], driverId: driver4.id } });
    expect(created.response.status).toBe(201);
    const job = created.data!;
    expect(job.job).toMatchObject({ jobStatusId: JOB_STATUS.NOT_STARTED, driverId: driver4.id, deliveryCount: 1, taskCount: 2 });
    expect(job.deliveries[0]!.logisticStatusId).toBe(LOGISTIC_STATUS.PENDING_PICK_UP);
    expect(job.tasks.map((task) => task.taskTypeId)).toEqual([TASK_TYPE.STORE_PICK_UP, TASK_TYPE.DROP_OFF]);
    // Distances from the driver's last known position are there from the assignment on.
    expect(job.tasks.every((task) => typeof task.distanceFromDriver === 'number')).toBe(true);
    const [pickUp, dropOff] = job.tasks;
    const versions = [Number(job.job.xmin)];
    const act = async (action: TaskAction, taskId: number) => {
      const response = await taskAction('driver4', action, taskId);
      expect(response.response.status, action).toBe(200);
      const now = await details(job.job.id);
      versions.push(Number(now.job.xmin));
      return { state: response.data!, now };
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
    expect((await taskAction('driver4', 'completedropoff', dropOff!.id)).response.status).toBe(409);
  });

  it('a driver rejects a job not started: it is unassigned again and its delivery ready', async () => {
    const jobId = await seededJobId(server, 'ops-not-started');
    const response = await as('driver').PUT('/jobs/reject/{cca2}/{id}', { params: inZa(jobId) });
    expect(response.response.status).toBe(200);
    const now = await details(jobId);
    expect(now.job).toMatchObject({ jobStatusId: JOB_STATUS.UNASSIGNED, driverId: null, isRejected: true });
    expect(now.deliveries[0]!.logisticStatusId).toBe(LOGISTIC_STATUS.READY);
    expect((await as('driver').GET('/jobs/{cca2}/{id}', { params: inZa(jobId) })).response.status).toBe(404);
  });

  it('notifications: unread count, mark as read, types', async () => {
    const list = await as('driver').GET('/WebNotifications/{cca2}', { params: { path: ZA, query: { page: 1 } } });
    expect(list.response.status).toBe(200);
    const unread = list.data!.items.find((item) => !item.read)!;
    expect(unread).toBeDefined();
    const count = () => unreadCount('driver');
    const before = await count();
    expect(before.items).toEqual([]);
    const markRead = (login: SeededLogin) => as(login).GET('/WebNotifications/markread/{cca2}/{id}', { params: inZa(unread.id) });
    const marked = await markRead('driver');
    expect(marked.data!.read).toBe(true);
    expect((await count()).paging.totalItems).toBe(before.paging.totalItems - 1);
    expect((await markRead('customer')).response.status).toBe(404);
    const types = await as('driver').GET('/WebNotifications/webnotificationtypes');
    expect(types.data!.length).toBeGreaterThan(3);
  });
});

describe('exceptions and cancellation', () => {
  it('a pick-up exception ends the delivery, cancels its drop-off and tells the dispatchers', async () => {
    const jobId = await seededJobId(server, 'ops-in-progress');
    const before = await details(jobId);
    const adminUnread = async () => (await unreadCount('administrator', { webNotificationTypeIds: [4] })).paging.totalItems;
    const unread = await adminUnread();
    const response = await as('driver2').PUT('/tasks/exceptionpickup/{cca2}/{id}', { params: inZa(before.tasks[1]!.id), body: { reason: 'Store closed' } });
    expect(response.response.status).toBe(200);
    expect(response.data!.task).toMatchObject({ taskStatusId: TASK_STATUS.EXCEPTION, exceptionReason: 'Store closed' });
    const now = await details(jobId);
    expect(now.tasks.map((task) => task.taskStatusId)).toEqual([TASK_STATUS.COMPLETED, TASK_STATUS.EXCEPTION, TASK_STATUS.NOT_STARTED, TASK_STATUS.CANCELLED]);
    expect(now.deliveries.find((delivery) => delivery.waybill === 'WBJ0005')!.logisticStatusId).toBe(LOGISTIC_STATUS.PICK_UP_EXCEPTION);
    expect(now.job.jobStatusId).toBe(JOB_STATUS.IN_PROGRESS);
    expect(await adminUnread()).toBe(unread + 1);
  });

  it('removing the last delivery cancels the job; a cancelled job refuses every call and nothing changes', async () => {
    const jobId = await seededJobId(server, 'ops-unassigned');
    const [first, second] = [await deliveryIdOf(server, 'WBJ0001'), await deliveryIdOf(server, 'WBJ0002')];
    const remove = (deliveryId: number) => admin().PUT('/jobs/removedeliveryfromjob/{cca2}/{id}', { params: inZa(jobId), body: { deliveryId } });
    const once = await remove(first);
    expect(once.response.status).toBe(200);
    expect(once.data!.job).toMatchObject({ jobStatusId: JOB_STATUS.UNASSIGNED, deliveryCount: 1, taskCount: 2 });
    const last = await remove(second);
    expect(last.data!.job).toMatchObject({ jobStatusId: JOB_STATUS.CANCELLED, deliveryCount: 0, taskCount: 0 });
    expect(last.data!.tasks.every((task) => task.taskStatusId === TASK_STATUS.CANCELLED)).toBe(true);
    const driverId = (await driverFound('driver4')).id;
    const params = inZa(jobId);
    const calls: [string, () => Promise<{ error?: unknown; response: Response }>][] = [
      ['assignjobstodriver', () => admin().PUT('/jobs/assignjobstodriver/{cca2}', { params: { path: ZA }, body: { jobIds: [jobId], driverId } })],
      ['adddeliveriestojob', () => admin().PUT('/jobs/adddeliveriestojob/{cca2}/{id}', { params, body: { deliveryIds: [first] } })],
      ['start', () => admin().PUT('/jobs/start/{cca2}/{id}', { params })],
      ['unassigndriverfromjob', () => admin().PUT('/jobs/unassigndriverfromjob/{cca2}/{id}', { params })],
      ['reverseJobStatus', () => admin().PUT('/jobs/reverseJobStatus/{cca2}/{id}', { params })],
      ['notifyJobDelay', () => admin().PUT('/jobs/notifyJobDelay/{cca2}/{id}', { params, body: {} })],
    ];
    for (const [name, send] of calls) {
      const before = await jobSnapshot(server, jobId);
      const response = await send();
      expect(response.response.status, name).toBe(409);
      expect(refusal(response.error).message).toContain('it is Cancelled');
      expect(await jobSnapshot(server, jobId)).toBe(before);
    }
  });
});
