// Issue 20: assigning a job means picking a driver from a list ordered by availability and distance from the
// first stop (getjobdrivercandidates), with each driver's distance and a warning when far; and the job reads of
// the dispatch screens (cost, summary, route) stay within the caller's scope (a partner sees only the jobs
// assigned to them).
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVAILABILITY_RANK, ASSIGN_DRIVER_FAR_KM } from '../../src/lib/driver-distance';
import { LOGISTIC_STATUS } from '../../src/lib/statuses';
import type { SeededLogin } from '../support/seeded-users';
import { seededJobId, userIdOf } from './operations-support';
import { dataOf, inZa, startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const as = (login: SeededLogin) => server.as(login).connect;
const userId = (email: string) => userIdOf(server, email);
const candidates = (login: SeededLogin, jobId: number) =>
  as(login).GET('/jobs/drivercandidates/{cca2}/{id}', { params: { path: { ...ZA, id: jobId } } });

describe('getjobdrivercandidates: the drivers to pick from, nearest available first', () => {
  it('lists every driver with a distance from the Sea Point pick-up, by availability then distance, far ones flagged', async () => {
    const jobId = await seededJobId(server, 'ops-unassigned');
    const answer = await candidates('administrator', jobId);
    expect(answer.response.status).toBe(200);
    const body = answer.data!;
    expect(body).toMatchObject({ jobId, thresholdKm: ASSIGN_DRIVER_FAR_KM, pickUpDescription: expect.stringContaining('Sea Point') });
    expect(body.items.length).toBeGreaterThan(1);
    // Ordered: availability rank, then distance (unknown last).
    for (let index = 1; index < body.items.length; index += 1) {
      const before = body.items[index - 1]!;
      const after = body.items[index]!;
      const rankBefore = AVAILABILITY_RANK[before.driver.driverAvailabilityId]!;
      const rankAfter = AVAILABILITY_RANK[after.driver.driverAvailabilityId]!;
      expect(rankBefore).toBeLessThanOrEqual(rankAfter);
      if (rankBefore === rankAfter && after.distanceKm !== null) {
        expect(before.distanceKm).not.toBeNull();
        expect(before.distanceKm!).toBeLessThanOrEqual(after.distanceKm);
      }
    }
    // The Johannesburg driver is far, the Cape Town one near (the same figures as getjobdriverdistance).
    const far = body.items.find((item) => item.driver.email === 'driver@demo.test')!;
    const near = body.items.find((item) => item.driver.email === 'driver4@demo.test')!;
    expect(far.isFar).toBe(true);
    expect(far.distanceKm!).toBeGreaterThan(1_000);
    expect(near.isFar).toBe(false);
    expect(near.distanceKm!).toBeLessThan(ASSIGN_DRIVER_FAR_KM);
    const single = await dataOf(as('administrator').GET('/jobs/driverdistance/{cca2}/{id}', { params: { path: { ...ZA, id: jobId }, query: { driverId: far.driver.id } } }));
    expect(single.distanceKm).toBe(far.distanceKm);
    // Only Driver users are offered (not customers or staff).
    expect(body.items.every((item) => item.driver.roles.includes('Driver'))).toBe(true);
  });

  it('bad input: a job id that is not a number, an unknown job', async () => {
    expect((await server.raw('administrator', 'GET', '/jobs/drivercandidates/za/abc')).status).toBe(400);
    expect((await candidates('management', 999_999)).response.status).toBe(404);
  });

  it('only job editors may ask: partner, driver, staff operator, company administrator and customer are refused; anonymous 401', async () => {
    const jobId = await seededJobId(server, 'ops-unassigned');
    expect((await candidates('management', jobId)).response.status).toBe(200);
    for (const login of ['partner', 'driver', 'staff', 'company.admin', 'customer'] as const) {
      expect((await candidates(login, jobId)).response.status, login).toBe(403);
    }
    expect((await server.raw(undefined, 'GET', `/jobs/drivercandidates/za/${jobId}`)).status).toBe(401);
  });
});

describe('the job reads of the dispatch screens by scope', () => {
  it('a partner sees only its own jobs and its drivers\' (issue 20): another driver\'s job is not found for cost, summary and route', async () => {
    const jobId = await seededJobId(server, 'ops-in-progress');
    const partner = as('partner');
    const list = await dataOf(partner.GET('/jobs/{cca2}', { params: { path: ZA, query: { page: 1, pageSize: 200 } } }));
    const partnerId = await userId('partner@demo.test');
    // The demo partner's driver (server/db/seed-partners.ts): driver3, on ops-drop-off.
    const partnersDriver = await userId('driver3@demo.test');
    expect(list.items.map((job) => job.id)).toContain(await seededJobId(server, 'ops-drop-off'));
    expect(list.items.every((job) => job.driverId === partnerId || job.driverId === partnersDriver)).toBe(true);
    expect((await partner.GET('/jobs/jobSummary/{cca2}/{id}', { params: inZa(jobId) })).response.status).toBe(404);
    expect((await partner.GET('/jobs/jobRoute/{cca2}/{id}', { params: inZa(jobId) })).response.status).toBe(404);
    // The job's own driver sees its summary and route.
    expect((await as('driver2').GET('/jobs/jobSummary/{cca2}/{id}', { params: inZa(jobId) })).response.status).toBe(200);
    expect((await as('driver2').GET('/jobs/jobRoute/{cca2}/{id}', { params: inZa(jobId) })).response.status).toBe(200);
  });
});

describe('exportjobs: the Jobs export of /jobs', () => {
  const download = async (login: SeededLogin | undefined, query: string) => {
    const headers: Record<string, string> = login ? { Authorization: `Bearer ${await server.as(login).token()}` } : {};
    return fetch(`${server.url}/connect/jobs/exportjobs/za${query}`, { headers });
  };
  const sheetOf = async (response: Response) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
    return workbook.worksheets[0]!;
  };

  it('answers the filtered jobs as Jobs.xlsx (a header row and one row per job)', async () => {
    const jobId = await seededJobId(server, 'ops-in-progress');
    const response = await download('administrator', `?jobid=${jobId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('Jobs.xlsx');
    const sheet = await sheetOf(response);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(1).getCell(1).value).toBe('Job id');
    expect(sheet.getRow(2).getCell(1).value).toBe(jobId);
  });

  it('bad input: an unknown delivery status is refused', async () => {
    expect((await download('administrator', '?deliveryStatus=Sometimes')).status).toBe(400);
  });

  it('by scope: a partner exports only the jobs assigned to them; a customer is refused; anonymous 401', async () => {
    const jobId = await seededJobId(server, 'ops-in-progress');
    const partner = await download('partner', `?jobid=${jobId}`);
    expect(partner.status).toBe(200);
    expect((await sheetOf(partner)).rowCount).toBe(1);
    expect((await download('customer', '')).status).toBe(403);
    expect((await download(undefined, '')).status).toBe(401);
  });
});

describe('getjobreadydeliveries: what a job can be built from', () => {
  const ready = (login: SeededLogin, search?: string) =>
    as(login).GET('/jobs/readydeliveries/{cca2}', { params: { path: ZA, query: search === undefined ? {} : { search } } });

  it('lists ready deliveries in no job; one built into a job leaves the list', async () => {
    const list = await dataOf(ready('administrator'));
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((delivery) => delivery.logisticStatusId === LOGISTIC_STATUS.READY && delivery.jobId === null)).toBe(true);
    const first = list[0]!;
    const created = await as('management').POST('/jobs/createjob/{cca2}', { params: { path: ZA }, body: { deliveryIds: [first.deliveryId] } });
    expect(created.response.status).toBe(201);
    expect(created.data!.deliveries.map((delivery) => delivery.deliveryId)).toEqual([first.deliveryId]);
    const after = await dataOf(ready('management'));
    expect(after.some((delivery) => delivery.deliveryId === first.deliveryId)).toBe(false);
    // A search by waybill narrows the list.
    const second = after[0]!;
    const found = await dataOf(ready('administrator', second.waybill!));
    expect(found.map((delivery) => delivery.deliveryId)).toContain(second.deliveryId);
    expect(found.every((delivery) => delivery.waybill?.includes(second.waybill!) || delivery.orderReference?.includes(second.waybill!))).toBe(true);
  });

  it('bad input: a search over its maximum length is refused', async () => {
    expect((await server.raw('administrator', 'GET', `/jobs/readydeliveries/za?search=${'x'.repeat(5_000)}`)).status).toBe(400);
  });

  it('only job editors may ask: a partner, a driver, a staff operator and a company administrator are refused', async () => {
    for (const login of ['partner', 'driver', 'staff', 'company.admin'] as const) expect((await ready(login)).response.status, login).toBe(403);
    expect((await server.raw(undefined, 'GET', '/jobs/readydeliveries/za')).status).toBe(401);
  });
});
