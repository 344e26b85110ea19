import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryIdOf } from './operations-support';
import { hubClient, sleep } from './realtime-support';
import { dataOf, inZa, startTestServer, ZA, type TestServer } from './support';

// A job's company is the one all its deliveries share (null when they mix companies: staff only). When it changes,
// the former company's subscribers are told once more, so their lists do not keep a stale row (issue 5).

let server: TestServer;
const open: HubConnection[] = [];
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => {
  await Promise.all(open.map((connection) => connection.stop()));
  await server?.close();
});

const admin = () => server.as('administrator');

interface Payload { id: number; jobId?: number; companyId?: number | null; xmin: string }

async function subscriber(login: 'company.admin') {
  const connection = hubClient(server, 'dashboard', () => server.as(login).token());
  const received: { event: string; payload: Payload }[] = [];
  for (const event of ['job', 'jobTask']) connection.on(event, (payload: Payload) => received.push({ event, payload }));
  await connection.start();
  open.push(connection);
  await connection.invoke('subscribeToJobs');
  await connection.invoke('subscribeToJobTaskUpdates');
  return received;
}

async function until(check: () => boolean) {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('expected messages did not arrive');
    await sleep(20);
  }
  await sleep(100);
}

describe('a job changing company', () => {
  it('tells the former company\'s subscribers (job and tasks as they are now), then nothing more', async () => {
    const company = await subscriber('company.admin');
    const companyAdmin = server.as('company.admin');
    const created = await admin().connect.POST('/jobs/createjob/{cca2}', { params: { path: ZA }, body: { deliveryIds: [await deliveryIdOf(server, 'WBJ0007')] } });
    expect(created.response.status).toBe(201);
    const jobId = created.data!.job.id;
    const acme = created.data!.job.companyId;
    expect(acme).not.toBeNull();
    await until(() => company.some((item) => item.event === 'job' && item.payload.id === jobId));
    expect((await companyAdmin.connect.GET('/jobs/{cca2}/{id}', { params: inZa(jobId) })).response.status).toBe(200);

    // A delivery of another company joins: the job is now staff-only; the company hears of it one last time.
    const seen = company.length;
    const mixed = await admin().connect.PUT('/jobs/adddeliveriestojob/{cca2}/{id}', { params: inZa(jobId), body: { deliveryIds: [await deliveryIdOf(server, 'WBJ0010')] } });
    expect(mixed.response.status).toBe(200);
    expect(mixed.data!.job.companyId).toBeNull();
    await until(() => company.slice(seen).some((item) => item.event === 'job' && item.payload.id === jobId));
    const told = company.slice(seen);
    expect(told.filter((item) => item.event === 'job').map((item) => item.payload)).toEqual([expect.objectContaining({ id: jobId, companyId: null })]);
    // Its tasks as they are now, the new company's included (the list drops or updates them by the same rules).
    expect(told.filter((item) => item.event === 'jobTask').map((item) => item.payload.id).sort())
      .toEqual(mixed.data!.tasks.map((task) => task.id).sort());
    expect((await companyAdmin.connect.GET('/jobs/{cca2}/{id}', { params: inZa(jobId) })).response.status).toBe(404);

    // Later changes of the job no longer reach the former company.
    const after = company.length;
    expect((await admin().connect.PUT('/jobs/notifyJobDelay/{cca2}/{id}', { params: inZa(jobId), body: {} })).response.status).toBe(409);
    const driver4 = (await dataOf(admin().connect.GET('/drivers/{cca2}', { params: { path: ZA, query: { search: 'driver4' } } }))).items[0]!;
    expect((await admin().connect.PUT('/jobs/assignjobstodriver/{cca2}', { params: { path: ZA }, body: { jobIds: [jobId], driverId: driver4.id } })).response.status).toBe(200);
    await sleep(300);
    expect(company.slice(after)).toEqual([]);
  });
});
