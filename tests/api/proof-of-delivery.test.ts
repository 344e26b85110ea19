// Issue 20, proof of delivery (first slice): per company and service level, what a drop-off needs (signature,
// photo, barcode scan, one-time code; each required, optional or off). The server reads it when a drop-off starts
// (the code is sent to the recipient) and completes (422 naming what is missing; nothing changes).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, deliveries, proofsOfDelivery } from '../../server/db/schema';
import { PROOF_TEXTS } from '../../src/lib/proof-of-delivery';
import { JOB_STATUS, LOGISTIC_STATUS, TASK_STATUS } from '../../src/lib/statuses';
import type { SeededLogin } from '../support/seeded-users';
import { outbox } from './identity-support';
import { deliveryIdOf, jobSnapshot, seededJobId } from './operations-support';
import { dataOf, inZa, startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const as = (login: SeededLogin) => server.as(login).connect;
const companyId = async (name: string) =>
  (await server.database.db.select({ id: companies.id }).from(companies).where(eq(companies.companyName, name)))[0]!.id;
const settingsPath = (id: number) => ({ params: { path: { ...ZA, companyId: id } } });
const save = (login: SeededLogin, id: number, body: { slaType: '*' | 'Standard'; signature: string; photo: string; barcode: string; code: string }) =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bad input is sent on purpose in one case
  as(login).PUT('/proofofdelivery/settings/{cca2}/{companyId}', { ...settingsPath(id), body: body as any });
const job = (jobId: number) => dataOf(as('administrator').GET('/jobs/{cca2}/{id}', { params: inZa(jobId) }));
const complete = (login: SeededLogin, taskId: number, body?: Record<string, unknown>) =>
  as(login).PUT('/tasks/completedropoff/{cca2}/{id}', { params: inZa(taskId), ...(body && { body }) });
const arrive = (login: SeededLogin, taskId: number) =>
  as(login).PUT('/tasks/arrived/{cca2}/{id}', { params: inZa(taskId), body: { arrivedLocation: { lat: -33.9, lon: 18.629 } } });

const signature = 'data:image/png;base64,iVBORw0KGgo=';
/** The 422 envelope's errors (the call's error type is the union of its 400, 409 and 422 answers). */
const errorsOf = (error: unknown) => (error as { errors?: Record<string, string[]> } | undefined)?.errors;

describe('proof of delivery settings', () => {
  it('by role and scope: staff set any company\'s, a company administrator its own, company operators read; others refused', async () => {
    const acme = await companyId('Acme Retail');
    const blueCrane = await companyId('Blue Crane Foods');
    const all = { slaType: '*' as const, signature: 'optional', photo: 'off', barcode: 'off', code: 'off' };
    const own = await save('company.admin', acme, all);
    expect(own.response.status).toBe(200);
    expect(own.data).toMatchObject({ companyId: acme, slaType: '*', signature: 'optional', code: 'off' });
    // Saving again replaces the level's setting (one row per company and level).
    await save('company.admin', acme, { ...all, signature: 'required' });
    expect((await dataOf(as('company.operator').GET('/proofofdelivery/settings/{cca2}/{companyId}', settingsPath(acme)))).items)
      .toEqual([expect.objectContaining({ slaType: '*', signature: 'required' })]);
    // Another company is as if absent; roles without the call are refused; no token 401.
    expect((await save('company.admin', blueCrane, all)).response.status).toBe(404);
    expect((await as('company.operator').GET('/proofofdelivery/settings/{cca2}/{companyId}', settingsPath(blueCrane))).response.status).toBe(404);
    expect((await save('company.operator', acme, all)).response.status).toBe(403);
    expect((await save('driver', acme, all)).response.status).toBe(403);
    expect((await save('staff', acme, all)).response.status).toBe(403);
    expect((await server.raw(undefined, 'GET', `/proofofdelivery/settings/za/${acme}`)).status).toBe(401);
    expect((await save('administrator', 999_999, all)).response.status).toBe(404);
  });

  it('bad input: a requirement that is not required/optional/off, an unknown service level, a company id that is not a number', async () => {
    const acme = await companyId('Acme Retail');
    const all = { slaType: '*' as const, signature: 'off', photo: 'off', barcode: 'off', code: 'off' };
    const wrong = await save('administrator', acme, { ...all, photo: 'maybe' });
    expect(wrong.response.status).toBe(400);
    expect((await save('administrator', acme, { ...all, slaType: 'Overnight' as 'Standard' })).response.status).toBe(400);
    expect((await server.raw('administrator', 'GET', '/proofofdelivery/settings/za/abc')).status).toBe(400);
  });
});

describe('a drop-off completes only with the proof its company requires', () => {
  it('refuses with 422 naming each missing part and changes nothing; completes with them and keeps the proof', async () => {
    const blueCrane = await companyId('Blue Crane Foods');
    expect((await save('management', blueCrane, { slaType: '*', signature: 'required', photo: 'optional', barcode: 'off', code: 'off' })).response.status).toBe(200);
    const jobId = await seededJobId(server, 'ops-drop-off');
    const dropOff = (await job(jobId)).tasks.find((task) => task.taskJobOrder === 2)!;
    expect((await arrive('driver3', dropOff.id)).response.status).toBe(200);

    // The task's state says what completing it needs, before any refusal.
    const state = await dataOf(as('driver3').GET('/tasks/gettaskstate/{cca2}/{id}', { params: inZa(dropOff.id) }));
    expect(state.proofRequired).toEqual({ signature: 'required', photo: 'optional', barcode: 'off', code: 'off' });
    const pickUp = (await job(jobId)).tasks.find((task) => task.taskJobOrder === 1)!;
    expect((await dataOf(as('driver3').GET('/tasks/gettaskstate/{cca2}/{id}', { params: inZa(pickUp.id) }))).proofRequired).toBeNull();
    const before = await jobSnapshot(server, jobId);
    const refused = await complete('driver3', dropOff.id);
    expect(refused.response.status).toBe(422);
    expect(refused.error).toEqual({ message: PROOF_TEXTS.missing(['Signature']), errors: { signature: [PROOF_TEXTS.signatureRequired] } });
    // Scans alone (barcode off) are not the signature.
    const scansOnly = await complete('driver3', dropOff.id, { barcodes: ['WBJ0009-1'] });
    expect(Object.keys(errorsOf(scansOnly.error) ?? {})).toEqual(['signature']);
    // Photos are named by the media ids uploadproofphoto gave (tests/api/proof-pack.test.ts): an unknown one is bad input.
    expect((await complete('driver3', dropOff.id, { signature, photoIds: [999_999] })).response.status).toBe(400);
    expect(await jobSnapshot(server, jobId)).toEqual(before);

    const done = await complete('driver3', dropOff.id, { signature, location: { lat: -33.9, lon: 18.629 } });
    expect(done.response.status).toBe(200);
    expect(done.data!.task.taskStatusId).toBe(TASK_STATUS.COMPLETED);
    expect((await job(jobId)).job.jobStatusId).toBe(JOB_STATUS.COMPLETED);
    const [proof] = await server.database.db.select().from(proofsOfDelivery).where(eq(proofsOfDelivery.taskId, dropOff.id));
    expect(proof).toMatchObject({ signature, codeVerified: false, lat: -33.9, lon: 18.629 });
  });

  it('sends a one-time code when a drop-off that asks for one starts; a wrong or missing code is refused, the right one accepted', async () => {
    const blueCrane = await companyId('Blue Crane Foods');
    await save('administrator', blueCrane, { slaType: '*', signature: 'off', photo: 'off', barcode: 'off', code: 'required' });
    // WBJ0004 (collected) has a recipient's phone to send the code to.
    const deliveryId = await deliveryIdOf(server, 'WBJ0004');
    await server.database.db.update(deliveries).set({ destinationContact: { ContactName: 'Rita Recipient', PhoneNumber: '+27825550404' } })
      .where(and(eq(deliveries.id, deliveryId)));
    const jobId = await seededJobId(server, 'ops-in-progress');
    const dropOff = (await job(jobId)).tasks.find((task) => task.deliveryId === deliveryId && task.taskJobOrder > 2)!;
    expect((await as('driver2').PUT('/tasks/start/{cca2}/{id}', { params: inZa(dropOff.id) })).response.status).toBe(200);
    const [sms] = await outbox(server, '+27825550404');
    expect(sms).toMatchObject({ channel: 'sms', purpose: 'proofOfDeliveryCode' });
    const code = /(\d{6})$/.exec(sms!.body)![1]!;
    expect(sms!.body).toBe(PROOF_TEXTS.codeMessage('WBJ0004', code));
    expect((await arrive('driver2', dropOff.id)).response.status).toBe(200);

    const none = await complete('driver2', dropOff.id);
    expect(none.response.status).toBe(422);
    expect(errorsOf(none.error)).toEqual({ code: [PROOF_TEXTS.codeRequired] });
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await complete('driver2', dropOff.id, { code: wrongCode });
    expect(wrong.response.status).toBe(422);
    expect(errorsOf(wrong.error)).toEqual({ code: [PROOF_TEXTS.codeWrong] });
    // A code that is not six digits is bad input, not missing proof.
    expect((await complete('driver2', dropOff.id, { code: '12' })).response.status).toBe(400);

    const done = await complete('driver2', dropOff.id, { code });
    expect(done.response.status).toBe(200);
    expect(done.data!.logisticStatusId).toBe(LOGISTIC_STATUS.DELIVERED);
    const [proof] = await server.database.db.select().from(proofsOfDelivery).where(eq(proofsOfDelivery.taskId, dropOff.id));
    expect(proof!.codeVerified).toBe(true);
  });

  it('by role and scope: a driver cannot complete another driver\'s drop-off, whatever proof they bring (404)', async () => {
    const jobId = await seededJobId(server, 'ops-in-progress');
    const other = (await job(jobId)).tasks.find((task) => task.taskJobOrder === 4)!;
    expect((await complete('driver', other.id, { signature })).response.status).toBe(404);
    expect((await complete('company.user', other.id, { signature })).response.status).toBe(403);
  });
});
