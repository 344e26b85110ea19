import ExcelJS from 'exceljs';
import { eq, inArray } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_ACCESS, decideOperationAccess } from '../../src/lib/access';
import { DEFAULT_TIME_ZONE, DELIVERY_ARCHIVE_AFTER_DAYS } from '../../src/lib/constants';
import { DELIVERY_ADMIN_TEXTS } from '../../src/lib/deliveries-admin';
import { JOB_STATUS, LOGISTIC_STATUS } from '../../src/lib/statuses';
import { companies, deliveries, drivers, jobDeliveries, jobs, portals, users } from '../../server/db/schema';
import type { SeededLogin } from '../support/seeded-users';
import { deliveryIdOf, seededJobId, userIdOf } from './operations-support';
import { bearer, dataOf, pageOf, startTestServer, ZA, type TestServer } from './support';

// Issue 20: a partner reads its drivers' jobs (works only its own); issue 17: the partners' archives of deliveries
// and jobs, staff every partner's, a partner its own drivers'. Two partner companies of our own: driver3 works for
// the demo partner's, driver2 for another; driver@demo.test for nobody.

let server: TestServer;
const ids = { own: 0, other: 0, unrelated: 0, ownPartner: 0, otherPartner: 0 };

/** A day (portal-local, ZA) so many days before today there. */
const daysAgo = (days: number) => DateTime.now().setZone(DEFAULT_TIME_ZONE).minus({ days }).toISODate()!;

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.database;
  const [za] = await db.select({ id: portals.id }).from(portals).where(eq(portals.cca2, 'ZA'));
  const partnerCompany = async (companyName: string) =>
    (await db.insert(companies).values({ portalId: za!.id, companyName }).returning({ id: companies.id }))[0]!.id;
  ids.ownPartner = await partnerCompany('Test Partner Own');
  ids.otherPartner = await partnerCompany('Test Partner Other');
  await db.update(users).set({ companyId: ids.ownPartner }).where(eq(users.email, 'partner@demo.test'));
  await db.update(drivers).set({ partnerCompanyId: ids.ownPartner }).where(eq(drivers.userId, await userIdOf(server, 'driver3@demo.test')));
  await db.update(drivers).set({ partnerCompanyId: ids.otherPartner }).where(eq(drivers.userId, await userIdOf(server, 'driver2@demo.test')));
  ids.own = await seededJobId(server, 'ops-drop-off');
  ids.other = await seededJobId(server, 'ops-in-progress');
  ids.unrelated = await seededJobId(server, 'ops-not-started');
});
afterAll(async () => { await server.close(); });

const jobIdsOf = async (login: SeededLogin) =>
  pageOf(await dataOf(server.as(login).connect.GET('/jobs/{cca2}', { params: { path: ZA, query: { pageSize: 200 } } }))).items.map((job) => job.id);

describe('a partner and its drivers\' jobs', () => {
  it('reads its drivers\' jobs, never another partner\'s or unrelated ones; works none of them', async () => {
    const seen = await jobIdsOf('partner');
    expect(seen).toContain(ids.own);
    expect(seen).not.toContain(ids.other);
    expect(seen).not.toContain(ids.unrelated);
    const one = (id: number) => server.as('partner').connect.GET('/jobs/{cca2}/{id}', { params: { path: { ...ZA, id } } });
    expect((await one(ids.own)).response.status).toBe(200);
    expect((await one(ids.other)).response.status).toBe(404);
    expect((await one(ids.unrelated)).response.status).toBe(404);
    // Its driver's tasks are listed; working the job stays the driver's (404, as for any job not theirs).
    const tasks = await server.as('partner').connect.GET('/tasks/{cca2}', { params: { path: ZA, query: { jobid: ids.own } } });
    expect(tasks.response.status).toBe(200);
    const start = await server.as('partner').connect.PUT('/jobs/start/{cca2}/{id}', { params: { path: { ...ZA, id: ids.own } } });
    expect(start.response.status).toBe(404);
  });
});

describe('archives of partner deliveries and partner jobs', () => {
  const partnerJobs = (login: SeededLogin, query: { partnercompanyid?: number } = {}) =>
    server.as(login).connect.GET('/jobs/partner-archive/{cca2}', { params: { path: ZA, query: { pageSize: 200, ...query } } });
  const partnerDeliveries = (login: SeededLogin, query: { partnercompanyid?: number } = {}) =>
    server.as(login).connect.GET('/deliveries/partner-archive/{cca2}', { params: { path: ZA, query: { pageSize: 200, ...query } } });

  it('lists final work of partners\' drivers older than the cutoff, in scope, with the named exports', async () => {
    const { db } = server.database;
    const completed = await seededJobId(server, 'ops-completed'); // driver@demo.test: no partner's
    const aged = [ids.own, ids.other, completed];
    const old = new Date(DateTime.now().minus({ days: DELIVERY_ARCHIVE_AFTER_DAYS + 30 }).toMillis());
    await db.update(jobs).set({ jobStatusId: JOB_STATUS.COMPLETED, completedAt: old }).where(inArray(jobs.id, aged));
    const agedDeliveries = (await db.select({ id: jobDeliveries.deliveryId }).from(jobDeliveries).where(inArray(jobDeliveries.jobId, aged))).map((row) => row.id);
    await db.update(deliveries).set({ logisticStatusId: LOGISTIC_STATUS.DELIVERED, readyForCollectionDate: daysAgo(DELIVERY_ARCHIVE_AFTER_DAYS + 30) })
      .where(inArray(deliveries.id, agedDeliveries));
    // A partner's job still recent is not archived yet: the unrelated job moves to driver3, completed yesterday.
    await db.update(jobs).set({ driverId: await userIdOf(server, 'driver3@demo.test'), jobStatusId: JOB_STATUS.COMPLETED, completedAt: new Date(Date.now() - 86_400_000) })
      .where(eq(jobs.id, ids.unrelated));

    const ownDelivery = await deliveryIdOf(server, 'WBJ0009');
    const otherDeliveries = [await deliveryIdOf(server, 'WBJ0004'), await deliveryIdOf(server, 'WBJ0005')];

    const staffJobs = await partnerJobs('administrator');
    expect(staffJobs.response.status).toBe(200);
    expect(pageOf(staffJobs.data).items.map((job) => job.id).sort()).toEqual([ids.own, ids.other].sort());
    expect(pageOf(await dataOf(partnerJobs('staff', { partnercompanyid: ids.otherPartner }))).items.map((job) => job.id)).toEqual([ids.other]);
    expect(pageOf(await dataOf(partnerJobs('partner'))).items.map((job) => job.id)).toEqual([ids.own]);
    // A partner asking for another partner's rows gets none.
    expect(pageOf(await dataOf(partnerJobs('partner', { partnercompanyid: ids.otherPartner }))).paging.totalItems).toBe(0);

    const staffDeliveries = pageOf(await dataOf(partnerDeliveries('management'))).items.map((row) => row.id);
    expect(staffDeliveries.sort()).toEqual([ownDelivery, ...otherDeliveries].sort());
    expect(pageOf(await dataOf(partnerDeliveries('partner'))).items.map((row) => row.id)).toEqual([ownDelivery]);

    const file = async (path: string) => {
      const answer = await fetch(`${server.url}/connect/${path}/za?exportExcel=true`, { headers: bearer(await server.as('administrator').token()) });
      expect(answer.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await answer.arrayBuffer());
      return { name: decodeURIComponent(answer.headers.get('content-disposition') ?? ''), rows: workbook.worksheets[0]!.rowCount - 1 };
    };
    const jobsFile = await file('jobs/partner-archive');
    expect(jobsFile.name).toContain(`${DELIVERY_ADMIN_TEXTS.partnerJobsArchiveExportName}.xlsx`);
    expect(jobsFile.rows).toBe(2);
    const deliveriesFile = await file('deliveries/partner-archive');
    expect(deliveriesFile.name).toContain(`${DELIVERY_ADMIN_TEXTS.partnerArchiveExportName}.xlsx`);
    expect(deliveriesFile.rows).toBe(3);
  });

  it.each<SeededLogin>(['administrator', 'staff', 'partner', 'company.admin', 'store.operator', 'driver', 'customer'])(
    '%s: as the access table says', async (login) => {
      const { verifyAccessTokenClaims } = await import('../../server/auth/tokens');
      const { permissions } = await verifyAccessTokenClaims(server.keys, await server.as(login).token());
      for (const [operation, call] of [['getarchivedpartnerjobs', partnerJobs], ['getarchivedpartnerdeliveries', partnerDeliveries]] as const) {
        const allowed = decideOperationAccess(OPERATION_ACCESS[operation], permissions) === 'allowed';
        expect(allowed).toBe(['administrator', 'staff', 'partner'].includes(login));
        expect((await call(login)).response.status).toBe(allowed ? 200 : 403);
      }
    },
  );
});
