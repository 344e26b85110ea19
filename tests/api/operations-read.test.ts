import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { DRIVER_AVAILABILITY, JOB_STATUS, TASK_STATUS } from '../../src/lib/statuses';
import { call, seededJobId, type S } from './operations-support';
import { startTestServer, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

describe('jobs read side', () => {
  it('lists the seeded jobs for an administrator and one job by id (page 1, size 200)', async () => {
    const { status, body } = await call<S['JobPage']>(server, 'administrator@demo.test', 'GET', '/jobs/za?pageSize=200');
    expect(status).toBe(200);
    expect(body.items.length).toBeGreaterThanOrEqual(5);
    const id = await seededJobId(server, 'ops-in-progress');
    const one = await call<S['JobPage']>(server, 'administrator@demo.test', 'GET', `/jobs/za?jobid=${id}&deliveryStatus=All&page=1&pageSize=200`);
    expect(one.body.items.map((job) => job.id)).toEqual([id]);
    expect(one.body.items[0]).toMatchObject({ jobStatusId: JOB_STATUS.IN_PROGRESS, deliveryCount: 2, taskCount: 4, tasksFinished: 1 });
    expect(Number(one.body.items[0]!.xmin)).toBeGreaterThan(0);
  });

  it('answers job details with tasks in job order', async () => {
    const id = await seededJobId(server, 'ops-in-progress');
    const { status, body } = await call<S['JobDetails']>(server, 'administrator@demo.test', 'GET', `/jobs/za/${id}`);
    expect(status).toBe(200);
    expect(body.tasks.map((task) => task.taskJobOrder)).toEqual([1, 2, 3, 4]);
    expect(body.tasks.map((task) => task.taskStatusId)).toEqual([TASK_STATUS.COMPLETED, TASK_STATUS.IN_PROGRESS, TASK_STATUS.NOT_STARTED, TASK_STATUS.NOT_STARTED]);
    expect(body.driver?.email).toBe('driver2@demo.test');
    expect(body.deliveries.map((delivery) => delivery.waybill)).toEqual(['WBJ0004', 'WBJ0005']);
    expect(body.transactionItems.length).toBe(3);
  });

  it('filters by status, delivery status, driver, delivery and search', async () => {
    const admin = 'administrator@demo.test';
    const ids = async (query: string) => (await call<S['JobPage']>(server, admin, 'GET', `/jobs/za?pageSize=200&${query}`)).body.items.map((job) => job.id).sort();
    const inProgress = [await seededJobId(server, 'ops-in-progress'), await seededJobId(server, 'ops-drop-off')].sort();
    expect(await ids(`jobStatuses=${JOB_STATUS.IN_PROGRESS}`)).toEqual(inProgress);
    expect(await ids('deliveryStatus=Completed')).toEqual([await seededJobId(server, 'ops-completed')]);
    expect(await ids('search=WBJ0009')).toEqual([await seededJobId(server, 'ops-drop-off')]);
    expect(await ids('search=Thabo')).toEqual([await seededJobId(server, 'ops-in-progress')]);
    const one = (await call<S['JobDetails']>(server, admin, 'GET', `/jobs/za/${await seededJobId(server, 'ops-completed')}`)).body;
    expect(await ids(`deliveryId=${one.deliveries[0]!.id}`)).toEqual([one.job.id]);
    expect(await ids(`driverid=${one.job.driverId}`)).toContain(one.job.id);
  });

  it('answers open and finished tasks, route, summary, cost and the route export', async () => {
    const admin = 'administrator@demo.test';
    const id = await seededJobId(server, 'ops-in-progress');
    const open = await call<S['Task'][]>(server, admin, 'GET', `/tasks/za?jobid=${id}&completed=false`);
    expect(open.body.map((task) => task.taskStatusId)).toEqual([TASK_STATUS.IN_PROGRESS, TASK_STATUS.NOT_STARTED, TASK_STATUS.NOT_STARTED]);
    const route = await call<S['JobRoute']>(server, admin, 'GET', `/jobs/jobRoute/za/${id}`);
    expect(route.body.stops.map((stop) => stop.label)).toEqual(['A', 'B', 'C', 'D']);
    expect(route.body.stops.map((stop) => stop.mapTaskTypeId)).toEqual([10000, 10000, 40000, 40000]);
    expect(route.body.distanceKm).toBeGreaterThan(0);
    const summary = await call<S['JobSummary']>(server, admin, 'GET', `/jobs/jobSummary/za/${id}`);
    expect(summary.body.tasksByStatus).toEqual({ notStarted: 2, inProgress: 1, completed: 1, exception: 0, cancelled: 0 });
    const cost = await call<S['JobCost']>(server, admin, 'GET', `/jobs/jobcost/za/${id}`);
    expect(cost.body.totalExcl).toBe(cost.body.items.reduce((sum, item) => sum + item.amountExcl, 0));
    const response = await fetch(`${server.url}/connect/jobs/exportjobroutes/za?jobid=${id}`, { headers: { Authorization: `Bearer ${await server.tokenFor(admin)}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('JobRoutes.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
    expect(workbook.worksheets[0]!.rowCount).toBe(5);
  });

  it('lists drivers with availability; a company administrator sees the drivers of its company\'s jobs only', async () => {
    const all = await call<S['DriverPage']>(server, 'administrator@demo.test', 'GET', '/drivers/za?pageSize=50');
    expect(all.body.items.map((driver) => driver.email).sort()).toEqual(['driver2@demo.test', 'driver3@demo.test', 'driver4@demo.test', 'driver@demo.test']);
    const qsr = await call<S['DriverPage']>(server, 'administrator@demo.test', 'GET', `/drivers/za?driverAvailabilityIds=${DRIVER_AVAILABILITY.AVAILABLE_QSR_ONLY}`);
    expect(qsr.body.items.map((driver) => driver.email)).toEqual(['driver4@demo.test']);
    const company = await call<S['DriverPage']>(server, 'company.admin@demo.test', 'GET', '/drivers/za');
    expect(company.body.items.map((driver) => driver.email)).toEqual(['driver@demo.test']);
    const driver2 = all.body.items.find((driver) => driver.email === 'driver2@demo.test')!;
    expect((await call(server, 'company.admin@demo.test', 'GET', `/drivers/za/${driver2.id}`)).status).toBe(404);
    const own = await call<S['DriverDetails']>(server, 'driver2@demo.test', 'GET', `/drivers/za/${driver2.id}`);
    expect(own.body.jobs.map((job) => job.jobStatusId)).toEqual([JOB_STATUS.IN_PROGRESS]);
    expect((await call(server, 'driver2@demo.test', 'GET', `/drivers/za/${all.body.items[0]!.id === driver2.id ? all.body.items[1]!.id : all.body.items[0]!.id}`)).status).toBe(404);
  });
});
