// Issue 21, item 12: a driver 1,270 km away was assigned without a word, and "Arrived" set the distance to 0
// wherever the driver was. The dispatcher can ask how far a driver is before assigning (getjobdriverdistance);
// the server records the arrival position and flags an arrival far from the stop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARRIVAL_FAR_FROM_STOP_KM, ASSIGN_DRIVER_FAR_KM } from '../../src/lib/driver-distance';
import { TASK_TYPE } from '../../src/lib/statuses';
import type { SeededLogin } from '../support/seeded-users';
import { seededJobId, userIdOf } from './operations-support';
import { dataOf, inZa, startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const as = (login: SeededLogin) => server.as(login).connect;
const userId = (email: string) => userIdOf(server, email);
const distance = (login: SeededLogin, jobId: number, driverId: number) =>
  as(login).GET('/jobs/driverdistance/{cca2}/{id}', { params: { path: { ...ZA, id: jobId }, query: { driverId } } });
const jobDetails = async (jobId: number) => dataOf(as('administrator').GET('/jobs/{cca2}/{id}', { params: inZa(jobId) }));

describe('getjobdriverdistance: how far a driver is from the pick-up, before assigning', () => {
  it('a driver in Johannesburg is far from a Sea Point pick-up (a warning); one in Cape Town is not', async () => {
    const jobId = await seededJobId(server, 'ops-unassigned');
    const far = await distance('administrator', jobId, await userId('driver@demo.test'));
    expect(far.response.status).toBe(200);
    expect(far.data).toMatchObject({ jobId, isFar: true, thresholdKm: ASSIGN_DRIVER_FAR_KM, pickUpDescription: expect.stringContaining('Sea Point') });
    expect(far.data!.distanceKm).toBeGreaterThan(1_000);
    const near = await dataOf(distance('management', jobId, await userId('driver4@demo.test')));
    expect(near.isFar).toBe(false);
    expect(near.distanceKm).toBeGreaterThan(0);
    expect(near.distanceKm).toBeLessThan(ASSIGN_DRIVER_FAR_KM);
    // The question assigns nothing.
    expect((await jobDetails(jobId)).job.driverId).toBeNull();
  });

  it('bad input: a user who is not a driver, no driver, driver 0, an unknown job', async () => {
    const jobId = await seededJobId(server, 'ops-unassigned');
    expect((await distance('administrator', jobId, await userId('customer@demo.test'))).response.status).toBe(400);
    expect((await distance('administrator', jobId, 0)).response.status).toBe(400);
    expect((await server.raw('administrator', 'GET', `/jobs/driverdistance/za/${jobId}`)).status).toBe(400);
    expect((await distance('administrator', 999_999, await userId('driver@demo.test'))).response.status).toBe(404);
  });

  it('only job editors may ask: a driver, a staff operator and a customer are refused; anonymous 401', async () => {
    const jobId = await seededJobId(server, 'ops-unassigned');
    const driverId = await userId('driver@demo.test');
    for (const login of ['driver', 'staff', 'customer'] as const) expect((await distance(login, jobId, driverId)).response.status, login).toBe(403);
    expect((await server.raw(undefined, 'GET', `/jobs/driverdistance/za/${jobId}?driverId=${driverId}`)).status).toBe(401);
  });
});

describe('arrived records where the driver was and flags an arrival far from the stop', () => {
  it('without a position in the request, the arrival is the driver\'s last reported position, kept and flagged when far', async () => {
    const jobId = await seededJobId(server, 'ops-drop-off');
    const dropOff = (await jobDetails(jobId)).tasks.find((task) => task.taskTypeId === TASK_TYPE.DROP_OFF)!;
    // driver3 last reported a position in Durbanville, some kilometres from the Bellville drop-off.
    const answer = await as('driver3').PUT('/tasks/arrived/{cca2}/{id}', { params: inZa(dropOff.id), body: {} });
    expect(answer.response.status).toBe(200);
    const task = answer.data!.task;
    expect(task.arrivedLocation).toEqual({ lat: -33.86, lon: 18.64 });
    expect(task.arrivedDistanceKm).toBeGreaterThan(ARRIVAL_FAR_FROM_STOP_KM);
    expect(task.distanceFromDriver).toBe(task.arrivedDistanceKm);
    expect(task.arrivedFarFromStop).toBe(true);
    // Operators see it on the job.
    const shown = (await jobDetails(jobId)).tasks.find((row) => row.id === dropOff.id)!;
    expect(shown).toMatchObject({ arrivedFarFromStop: true, arrivedDistanceKm: task.arrivedDistanceKm });
  });

  it('an arrival at the stop is not flagged', async () => {
    const jobId = await seededJobId(server, 'ops-not-started');
    const pickUp = (await jobDetails(jobId)).tasks.find((task) => task.taskTypeId !== TASK_TYPE.DROP_OFF)!;
    expect((await as('driver').PUT('/tasks/start/{cca2}/{id}', { params: inZa(pickUp.id) })).response.status).toBe(200);
    const near = { lat: pickUp.address.coordinates.lat + 0.001, lon: pickUp.address.coordinates.lon };
    const task = (await dataOf(as('driver').PUT('/tasks/arrived/{cca2}/{id}', { params: inZa(pickUp.id), body: { arrivedLocation: near } }))).task;
    expect(task.arrivedFarFromStop).toBe(false);
    expect(task.arrivedDistanceKm).toBeGreaterThan(0);
    expect(task.arrivedDistanceKm).toBeLessThan(ARRIVAL_FAR_FROM_STOP_KM);
  });

  it('bad input (a latitude off the globe) → 400; another driver or a customer may not arrive for the task', async () => {
    const jobId = await seededJobId(server, 'ops-in-progress');
    const task = (await jobDetails(jobId)).tasks[1]!;
    expect((await server.raw('driver2', 'PUT', `/tasks/arrived/za/${task.id}`, { arrivedLocation: { lat: 200, lon: 0 } })).status).toBe(400);
    expect((await server.raw('driver2', 'PUT', `/tasks/arrived/za/${task.id}`, { arrivedLocation: { lat: 1 } })).status).toBe(400);
    expect([403, 404]).toContain((await server.raw('driver', 'PUT', `/tasks/arrived/za/${task.id}`, {})).status);
    expect((await server.raw('customer', 'PUT', `/tasks/arrived/za/${task.id}`, {})).status).toBe(403);
  });
});
