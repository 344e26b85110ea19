// Issue 20, auto-dispatch that explains itself: an operator runs it once for a territory (the territory's
// unassigned jobs go to drivers who can take work there, through the manual assignment's path), each assignment
// is recorded with the candidates and the deciding rule, and a territory left on is dispatched by the job queue.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTO_DISPATCH_JOB } from '../../server/domain/operations/auto-dispatch';
import { drivers, territories } from '../../server/db/schema';
import { AUTO_DISPATCH_TEXTS } from '../../src/lib/auto-dispatch';
import { DRIVER_AVAILABILITY, JOB_STATUS, LOGISTIC_STATUS } from '../../src/lib/statuses';
import type { SeededLogin } from '../support/seeded-users';
import { deliveryIdOf, seededJobId, userIdOf } from './operations-support';
import { dataOf, fieldErrors, inZa, startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
let capeTown = 0;
let johannesburg = 0;
beforeAll(async () => {
  server = await startTestServer();
  const rows = await server.database.db.select({ id: territories.id, name: territories.name }).from(territories);
  capeTown = rows.find((row) => row.name === 'Cape Town')!.id;
  johannesburg = rows.find((row) => row.name === 'Johannesburg')!.id;
});
afterAll(async () => { await server.close(); });

const as = (login: SeededLogin) => server.as(login).connect;
const run = (login: SeededLogin, territoryId: number) => as(login).POST('/jobs/autodispatch/{cca2}', { params: { path: ZA }, body: { territoryId } });
const reasons = (jobId: number) => dataOf(as('administrator').GET('/jobs/autodispatch/reasons/{cca2}/{id}', { params: inZa(jobId) }));
const setAvailability = async (email: string, availability: number) => {
  const id = await userIdOf(server, email);
  await server.database.db.update(drivers).set({ driverAvailabilityId: availability }).where(eq(drivers.userId, id));
};

describe('runautodispatch: once for a territory', () => {
  it('leaves a job no driver can take with the reason: the only Cape Town driver nearby takes QSR pick-ups only', async () => {
    const jobId = await seededJobId(server, 'ops-unassigned');
    const answer = await dataOf(run('administrator', capeTown));
    expect(answer).toMatchObject({ territoryId: capeTown, runId: null, assigned: [] });
    expect(answer.unassigned).toContainEqual({ jobId, reason: AUTO_DISPATCH_TEXTS.unassigned.noDriver });
    expect((await dataOf(as('administrator').GET('/jobs/{cca2}/{id}', { params: inZa(jobId) }))).job.jobStatusId).toBe(JOB_STATUS.UNASSIGNED);
  });

  it('assigns the Sea Point job to the available driver nearby through the assignment path, and records why', async () => {
    const jobId = await seededJobId(server, 'ops-unassigned');
    const driver4 = await userIdOf(server, 'driver4@demo.test');
    await setAvailability('driver4@demo.test', DRIVER_AVAILABILITY.AVAILABLE);
    const answer = await dataOf(run('management', capeTown));
    expect(answer.runId).toEqual(expect.any(String));
    const record = answer.assigned.find((item) => item.jobId === jobId)!;
    expect(record).toMatchObject({ driverId: driver4, driverName: 'Lindiwe Zulu', territoryId: capeTown, rule: 'only candidate', trigger: 'run', considered: 1 });
    expect(record.candidates[0]).toMatchObject({ driverId: driver4, driverName: 'Lindiwe Zulu' });
    expect(record.distanceKm).toBeGreaterThan(0);
    expect(record.distanceKm).toBeLessThan(10);
    expect(record.candidates[0]!.score).toBeGreaterThanOrEqual(record.distanceKm);
    // The same effects as assigning by hand: the job not started with the driver, its deliveries pending pick-up.
    const details = await dataOf(as('administrator').GET('/jobs/{cca2}/{id}', { params: inZa(jobId) }));
    expect(details.job).toMatchObject({ jobStatusId: JOB_STATUS.NOT_STARTED, driverId: driver4 });
    expect(details.deliveries.every((delivery) => delivery.logisticStatusId === LOGISTIC_STATUS.PENDING_PICK_UP)).toBe(true);
    // Why, on the job.
    expect(await reasons(jobId)).toEqual([record]);
  });

  it('nothing to assign: the territory has no unassigned job left; another territory is not touched', async () => {
    const again = await dataOf(run('administrator', capeTown));
    expect(again).toMatchObject({ runId: null, assigned: [], unassigned: [] });
    const elsewhere = await dataOf(run('administrator', johannesburg));
    expect(elsewhere.assigned).toEqual([]);
  });

  it('bad input names the field: no territory, not a number, unknown territory 404', async () => {
    const missing = await server.raw('administrator', 'POST', '/jobs/autodispatch/za', {});
    expect(missing.status).toBe(400);
    expect(fieldErrors(missing.body)).toHaveProperty('territoryId');
    const wrongType = await server.raw('administrator', 'POST', '/jobs/autodispatch/za', { territoryId: 'abc' });
    expect(wrongType.status).toBe(400);
    expect(fieldErrors(wrongType.body)).toHaveProperty('territoryId');
    expect((await run('administrator', 999_999)).response.status).toBe(404);
    expect((await as('administrator').GET('/jobs/autodispatch/reasons/{cca2}/{id}', { params: inZa(999_999) })).response.status).toBe(404);
  });

  it('job editors only: partner, driver, staff operator, company administrator, customer refused; anonymous 401', async () => {
    for (const login of ['partner', 'driver', 'staff', 'company.admin', 'customer'] as const) {
      expect((await run(login, capeTown)).response.status, login).toBe(403);
      expect((await as(login).GET('/jobs/autodispatch/settings/{cca2}', { params: { path: ZA } })).response.status, login).toBe(403);
      expect((await as(login).PUT('/jobs/autodispatch/settings/{cca2}/{territoryId}', { params: { path: { ...ZA, territoryId: capeTown } }, body: { isOn: true } })).response.status, login).toBe(403);
    }
    expect((await server.raw(undefined, 'POST', '/jobs/autodispatch/za', { territoryId: capeTown })).status).toBe(401);
  });
});

describe('leave it on: the job queue dispatches the territories left on', () => {
  it('a territory switched on is listed on, and the queue assigns a new job there with the trigger schedule', async () => {
    const settings = () => dataOf(as('administrator').GET('/jobs/autodispatch/settings/{cca2}', { params: { path: ZA } }));
    expect((await settings()).find((row) => row.territoryId === capeTown)).toMatchObject({ territoryName: 'Cape Town', isOn: false });
    const turned = await dataOf(as('management').PUT('/jobs/autodispatch/settings/{cca2}/{territoryId}', { params: { path: { ...ZA, territoryId: capeTown } }, body: { isOn: true } }));
    expect(turned).toEqual({ territoryId: capeTown, territoryName: 'Cape Town', isOn: true });
    expect((await settings()).find((row) => row.territoryId === capeTown)!.isOn).toBe(true);

    const created = await dataOf(as('administrator').POST('/jobs/createjob/{cca2}', { params: { path: ZA }, body: { deliveryIds: [await deliveryIdOf(server, 'WBJ0007')] } }));
    const jobId = created.job.id;
    await server.jobs.send(AUTO_DISPATCH_JOB, {});
    // The queue's own worker may fetch the job before drain does: wait for the record either way.
    const deadline = Date.now() + 20_000;
    let recorded = await reasons(jobId);
    while (recorded.length === 0 && Date.now() < deadline) {
      await server.jobs.drain([AUTO_DISPATCH_JOB]);
      recorded = await reasons(jobId);
      if (recorded.length === 0) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(recorded[0]).toMatchObject({ jobId, driverId: await userIdOf(server, 'driver4@demo.test'), trigger: 'schedule' });
    expect((await dataOf(as('administrator').GET('/jobs/{cca2}/{id}', { params: inZa(jobId) }))).job.jobStatusId).toBe(JOB_STATUS.NOT_STARTED);
  });

  it('the Auto Assign Efficiency report reads the recorded assignments: auto-assigned, and kept until an operator reassigns', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg' }).format(new Date());
    const efficiency = async () => {
      const { data } = await as('administrator').GET('/reports/{cca2}/{report}', { params: { path: { ...ZA, report: 'autoAssignEfficiency' }, query: { startDate: today, endDate: today } } });
      if (!data || typeof data === 'string') throw new Error('expected a report result');
      return data.items.find((row) => row.day === today)!;
    };
    const before = await efficiency();
    expect(before.autoAssigned).toBeGreaterThanOrEqual(1);
    expect(before.autoKept).toBe(before.autoAssigned);
    expect(before.averageAutoKm).toBeGreaterThan(0);
    const scheduledJob = (await dataOf(as('administrator').GET('/jobs/{cca2}', { params: { path: ZA, query: { page: 1, pageSize: 200, sortby: 'id', sortdirection: 'desc' } } }))).items[0]!;
    expect((await reasons(scheduledJob.id)).length).toBe(1);
    const driver3 = await userIdOf(server, 'driver3@demo.test');
    expect((await as('administrator').PUT('/jobs/assignjobstodriver/{cca2}', { params: { path: ZA }, body: { jobIds: [scheduledJob.id], driverId: driver3 } })).response.status).toBe(200);
    const after = await efficiency();
    expect(after.autoAssigned).toBe(before.autoAssigned);
    expect(after.autoKept).toBe(Number(before.autoKept) - 1);
  });

  it('bad input: isOn missing or not a boolean names the field; an unknown territory is 404', async () => {
    const missing = await server.raw('administrator', 'PUT', `/jobs/autodispatch/settings/za/${capeTown}`, {});
    expect(missing.status).toBe(400);
    expect(fieldErrors(missing.body)).toHaveProperty('isOn');
    const wrong = await server.raw('administrator', 'PUT', `/jobs/autodispatch/settings/za/${capeTown}`, { isOn: 'yes' });
    expect(wrong.status).toBe(400);
    expect(fieldErrors(wrong.body)).toHaveProperty('isOn');
    expect((await as('administrator').PUT('/jobs/autodispatch/settings/{cca2}/{territoryId}', { params: { path: { ...ZA, territoryId: 999_999 } }, body: { isOn: true } })).response.status).toBe(404);
  });
});
