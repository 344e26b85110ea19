import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { inArray } from 'drizzle-orm';
import { jobs } from '../../server/db/schema';
import { DRIVER_AVAILABILITY, JOB_STATUS, TASK_STATUS } from '../../src/lib/statuses';
import { seededJobId } from './operations-support';
import { dataOf, inZa, startTestServer, ZA, type ListQuery, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

describe('jobs read side', () => {
  it('lists the seeded jobs for an administrator and one job by id (page 1, size 200)', async () => {
    const admin = server.as('administrator');
    const { data, response } = await admin.connect.GET('/jobs/{cca2}', { params: { path: ZA, query: { pageSize: 200 } } });
    expect(response.status).toBe(200);
    expect(data!.items.length).toBeGreaterThanOrEqual(5);
    const id = await seededJobId(server, 'ops-in-progress');
    const one = await dataOf(admin.connect.GET('/jobs/{cca2}', { params: { path: ZA, query: { jobid: id, deliveryStatus: 'All', page: 1, pageSize: 200 } } }));
    expect(one.items.map((job) => job.id)).toEqual([id]);
    expect(one.items[0]).toMatchObject({ jobStatusId: JOB_STATUS.IN_PROGRESS, deliveryCount: 2, taskCount: 4, tasksFinished: 1 });
    expect(Number(one.items[0]!.xmin)).toBeGreaterThan(0);
  });

  it('answers job details with tasks in job order', async () => {
    const id = await seededJobId(server, 'ops-in-progress');
    const { data: body, response } = await server.as('administrator').connect.GET('/jobs/{cca2}/{id}', { params: inZa(id) });
    expect(response.status).toBe(200);
    if (!body) throw new Error('no job details');
    expect(body.tasks.map((task) => task.taskJobOrder)).toEqual([1, 2, 3, 4]);
    expect(body.tasks.map((task) => task.taskStatusId)).toEqual([TASK_STATUS.COMPLETED, TASK_STATUS.IN_PROGRESS, TASK_STATUS.NOT_STARTED, TASK_STATUS.NOT_STARTED]);
    expect(body.driver?.email).toBe('driver2@demo.test');
    expect(body.deliveries.map((delivery) => delivery.waybill)).toEqual(['WBJ0004', 'WBJ0005']);
    expect(body.transactionItems.length).toBe(3);
  });

  it('filters by status, delivery status, driver, delivery and search', async () => {
    const admin = server.as('administrator');
    const ids = async (query: ListQuery<'/jobs/{cca2}'>) =>
      (await dataOf(admin.connect.GET('/jobs/{cca2}', { params: { path: ZA, query: { pageSize: 200, ...query } } }))).items.map((job) => job.id).sort();
    const inProgress = [await seededJobId(server, 'ops-in-progress'), await seededJobId(server, 'ops-drop-off')].sort();
    expect(await ids({ jobStatuses: [JOB_STATUS.IN_PROGRESS] })).toEqual(inProgress);
    // The operations demo's completed job, and the seeded history's (each delivered delivery was carried in one).
    const completedDeliveries = await ids({ deliveryStatus: 'Completed' });
    expect(completedDeliveries).toContain(await seededJobId(server, 'ops-completed'));
    const keys = await server.database.db.select({ seedKey: jobs.seedKey }).from(jobs).where(inArray(jobs.id, completedDeliveries));
    expect(keys.filter((row) => row.seedKey !== 'ops-completed' && !row.seedKey?.startsWith('history-'))).toEqual([]);
    expect(await ids({ search: 'WBJ0009' })).toEqual([await seededJobId(server, 'ops-drop-off')]);
    expect(await ids({ search: 'Thabo' })).toEqual([await seededJobId(server, 'ops-in-progress')]);
    const one = await dataOf(admin.connect.GET('/jobs/{cca2}/{id}', { params: inZa(await seededJobId(server, 'ops-completed')) }));
    expect(await ids({ deliveryId: one.deliveries[0]!.id })).toEqual([one.job.id]);
    expect(await ids({ driverid: one.job.driverId! })).toContain(one.job.id);
  });

  it('answers open and finished tasks, route, summary, cost and the route export', async () => {
    const admin = server.as('administrator');
    const id = await seededJobId(server, 'ops-in-progress');
    const open = await dataOf(admin.connect.GET('/tasks/{cca2}', { params: { path: ZA, query: { jobid: id, completed: false } } }));
    expect(open.map((task) => task.taskStatusId)).toEqual([TASK_STATUS.IN_PROGRESS, TASK_STATUS.NOT_STARTED, TASK_STATUS.NOT_STARTED]);
    const route = await dataOf(admin.connect.GET('/jobs/jobRoute/{cca2}/{id}', { params: inZa(id) }));
    expect(route.stops.map((stop) => stop.label)).toEqual(['A', 'B', 'C', 'D']);
    expect(route.stops.map((stop) => stop.mapTaskTypeId)).toEqual([10000, 10000, 40000, 40000]);
    expect(route.distanceKm).toBeGreaterThan(0);
    const summary = await dataOf(admin.connect.GET('/jobs/jobSummary/{cca2}/{id}', { params: inZa(id) }));
    expect(summary.tasksByStatus).toEqual({ notStarted: 2, inProgress: 1, completed: 1, exception: 0, cancelled: 0 });
    const cost = await dataOf(admin.connect.GET('/jobs/jobcost/{cca2}/{id}', { params: inZa(id) }));
    expect(cost.totalExcl).toBe(cost.items.reduce((sum, item) => sum + item.amountExcl, 0));
    // A file, not JSON: read as bytes.
    const response = await fetch(`${server.url}/connect/jobs/exportjobroutes/za?jobid=${id}`, { headers: { Authorization: `Bearer ${await admin.token()}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('JobRoutes.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
    expect(workbook.worksheets[0]!.rowCount).toBe(5);
  });

  it('lists drivers with availability; a company administrator sees the drivers of its company\'s jobs only', async () => {
    const admin = server.as('administrator');
    const companyAdmin = server.as('company.admin');
    const driver2Client = server.as('driver2');
    const all = await dataOf(admin.connect.GET('/drivers/{cca2}', { params: { path: ZA, query: { pageSize: 50 } } }));
    expect(all.items.map((driver) => driver.email).sort()).toEqual(['driver2@demo.test', 'driver3@demo.test', 'driver4@demo.test', 'driver@demo.test']);
    const qsr = await dataOf(admin.connect.GET('/drivers/{cca2}', { params: { path: ZA, query: { driverAvailabilityIds: [DRIVER_AVAILABILITY.AVAILABLE_QSR_ONLY] } } }));
    expect(qsr.items.map((driver) => driver.email)).toEqual(['driver4@demo.test']);
    const company = await dataOf(companyAdmin.connect.GET('/drivers/{cca2}', { params: { path: ZA } }));
    expect(company.items.map((driver) => driver.email)).toEqual(['driver@demo.test']);
    // The full name 'First Last' (and its beginning) finds the driver, as one word does.
    for (const search of ['Dumisani Driver', 'Dumisani Dr', 'Dumisani']) {
      const found = await dataOf(admin.connect.GET('/drivers/{cca2}', { params: { path: ZA, query: { search } } }));
      expect(found.items.map((driver) => driver.email), search).toEqual(['driver@demo.test']);
    }
    const driver2 = all.items.find((driver) => driver.email === 'driver2@demo.test')!;
    expect((await companyAdmin.connect.GET('/drivers/{cca2}/{id}', { params: inZa(driver2.id) })).response.status).toBe(404);
    const own = await dataOf(driver2Client.connect.GET('/drivers/{cca2}/{id}', { params: inZa(driver2.id) }));
    expect(own.jobs.map((job) => job.jobStatusId)).toEqual([JOB_STATUS.IN_PROGRESS]);
    const other = all.items[0]!.id === driver2.id ? all.items[1]!.id : all.items[0]!.id;
    expect((await driver2Client.connect.GET('/drivers/{cca2}/{id}', { params: inZa(other) })).response.status).toBe(404);
  });
});
