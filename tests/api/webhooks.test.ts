import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessTokenClaims } from '../../server/auth/tokens';
import { companies, webhookAttempts } from '../../server/db/schema';
import { eventBody, INACTIVE_ERROR, WEBHOOK_ATTEMPT_JOB, WEBHOOK_SWEEP_JOB } from '../../server/webhooks/dispatcher';
import { verifySignature } from '../../server/webhooks/signature';
import { decideOperationAccess, OPERATION_ACCESS } from '../../src/lib/access';
import { INTEGRATION_TEXTS, WEBHOOK_HEADERS } from '../../src/lib/integrations';
import { conflictMessage } from '../../src/lib/resource-texts';
import { WEBHOOK_RESULT_STATUS } from '../../src/lib/statuses';
import type { SeededLogin } from '../support/seeded-users';
import { deliveryIdOf, type S } from './operations-support';
import { dataOf, fieldErrors, inZa, startTestServer, ZA, type ListQuery, type TestServer } from './support';

const MAX_ATTEMPTS = 3;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    webhookMaxAttempts: MAX_ATTEMPTS, webhookBackoffBaseMs: 40, webhookBackoffMaxMs: 200, webhookTimeoutMs: 1500, webhookPollMs: 40,
  });
});
afterAll(async () => { await server.close(); });

interface Received { headers: IncomingHttpHeaders; body: string }

/** A receiver on loopback answering `status` (or never answering when status is 'hang'). */
async function startReceiver(status: number | 'hang' = 200) {
  const received: Received[] = [];
  const receiver: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => { body += chunk.toString('utf8'); });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      if (status !== 'hang') response.writeHead(status, { 'Content-Type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () => new Promise<void>((resolve) => { receiver.closeAllConnections(); receiver.close(() => resolve()); }),
  };
}

/** What a restarted server does with tries stored without a job: the sweep enqueues them; run both now. */
async function sweepNow() {
  await server.jobs.send(WEBHOOK_SWEEP_JOB);
  await server.jobs.drain([WEBHOOK_SWEEP_JOB, WEBHOOK_ATTEMPT_JOB]);
}

async function companyId(name: string): Promise<number> {
  const [row] = await server.database.db.select({ id: companies.id }).from(companies).where(eq(companies.companyName, name));
  return row!.id;
}

const as = (login: SeededLogin) => server.as(login).connect;
const admin = () => as('administrator');

/** createwebhook as a seeded user. */
const createWebhook = (login: SeededLogin, body: S['WebhookInput']) => as(login).POST('/webhooks/{cca2}', { params: { path: ZA }, body });
/** A webhook's getwebhook, testwebhook ("Send test event") and deletewebhook, by the administrator unless named. */
const getWebhook = (id: number) => admin().GET('/webhooks/{cca2}/{id}', { params: inZa(id) });
const testWebhook = (id: number) => admin().POST('/webhooks/test/{cca2}/{id}', { params: inZa(id) });
const deleteWebhook = (id: number, login: SeededLogin = 'administrator') => as(login).DELETE('/webhooks/{cca2}/{id}', { params: inZa(id) });
/** getwebhooks as a seeded user. */
const webhooks = (login: SeededLogin, query: ListQuery<'/webhooks/{cca2}'> = {}) => as(login).GET('/webhooks/{cca2}', { params: { path: ZA, query } });

async function attempts(id: number) {
  return (await dataOf(admin().GET('/webhooks/attempts/{cca2}/{id}', { params: { ...inZa(id), query: { pageSize: 50 } } }))).items;
}

/** Waits until the webhook's attempt log satisfies `done` (retries are job queue jobs, due after their backoff). */
async function waitForAttempts(id: number, done: (items: S['WebhookAttempt'][]) => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const items = await attempts(id);
    if (done(items)) return items;
    if (Date.now() > deadline) throw new Error(`attempts never settled: ${JSON.stringify(items)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const settled = (count: number) => (items: S['WebhookAttempt'][]) =>
  items.length === count && items.every((item) => item.statusId !== WEBHOOK_RESULT_STATUS.UNKNOWN);

describe('webhooks: signed delivery to a receiver on loopback', () => {
  it('a test event arrives as JSON with a valid HMAC-SHA256 signature and a timestamp, logged as success', async () => {
    const receiver = await startReceiver(200);
    try {
      const created = await createWebhook('administrator', { url: receiver.url, eventTypes: ['delivery.updated'], description: 'Signed' });
      expect(created.response.status).toBe(201);
      expect(created.data!.secret).toMatch(/^whsec_[\w-]{40,}$/);
      expect(created.data!.secretHint).toBe(created.data!.secret.slice(0, 10));
      // The secret is answered once: reads show its hint only.
      const read = await getWebhook(created.data!.id);
      expect(read.data).not.toHaveProperty('secret');

      const test = await testWebhook(created.data!.id);
      expect(test.response.status).toBe(200);
      expect(test.data).toMatchObject({ event: 'webhook.test', attempt: 1, statusId: 2000, status: 'Success', httpStatus: 200, error: null });
      expect(test.data!.durationMs).toBeGreaterThanOrEqual(0);

      expect(receiver.received).toHaveLength(1);
      const [request] = receiver.received;
      expect(request!.headers['content-type']).toBe('application/json');
      const header = request!.headers[WEBHOOK_HEADERS.signature.toLowerCase()] as string;
      expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      const timestamp = Number(/t=(\d+)/.exec(header)![1]);
      expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(60);
      expect(verifySignature(created.data!.secret, header, request!.body)).toBe(true);
      expect(verifySignature(created.data!.secret, header, `${request!.body} `)).toBe(false);
      expect(verifySignature('whsec_wrong', header, request!.body)).toBe(false);
      expect(request!.headers[WEBHOOK_HEADERS.event.toLowerCase()]).toBe('webhook.test');
      expect(request!.headers[WEBHOOK_HEADERS.eventId.toLowerCase()]).toBe(test.data!.eventId);
      expect(request!.headers[WEBHOOK_HEADERS.attempt.toLowerCase()]).toBe('1');
      const body = JSON.parse(request!.body);
      expect(body).toMatchObject({ id: test.data!.eventId, type: 'webhook.test', data: { webhookId: created.data!.id } });

      // Rotating the secret answers the new one once; calls are signed with it from then on.
      const rotated = await admin().PUT('/webhooks/rotatesecret/{cca2}/{id}', { params: inZa(created.data!.id) });
      expect(rotated.response.status).toBe(200);
      expect(rotated.data!.secret).not.toBe(created.data!.secret);
      await testWebhook(created.data!.id);
      const resigned = receiver.received[1]!;
      expect(verifySignature(rotated.data!.secret, resigned.headers['x-courier-signature'] as string, resigned.body)).toBe(true);
      expect(verifySignature(created.data!.secret, resigned.headers['x-courier-signature'] as string, resigned.body)).toBe(false);

      const list = await webhooks('administrator', { webhookStatus: 2000 });
      expect(list.data!.items.find((item) => item.id === created.data!.id)).toMatchObject({ lastStatusId: 2000, lastStatus: 'Success' });
      await deleteWebhook(created.data!.id);
    } finally {
      await receiver.close();
    }
  });

  it('a delivery and job change of the webhook\'s company is posted; another company\'s webhook gets nothing', async () => {
    const receiver = await startReceiver(200);
    const other = await startReceiver(200);
    try {
      const acme = await createWebhook('administrator', { url: receiver.url, eventTypes: ['job.updated', 'delivery.updated'], companyId: await companyId('Acme Retail') });
      const crane = await createWebhook('administrator', { url: other.url, eventTypes: ['job.updated', 'delivery.updated', 'task.updated'], companyId: await companyId('Blue Crane Foods') });
      expect(crane.response.status).toBe(201);
      // An inactive webhook of the same company gets nothing either.
      const inactive = await createWebhook('administrator', { url: other.url, eventTypes: ['job.updated', 'delivery.updated'], companyId: await companyId('Acme Retail'), isActive: false });
      expect(inactive.data!.isActive).toBe(false);
      const deliveryId = await deliveryIdOf(server, 'WBJ0007');
      const job = await admin().POST('/jobs/createjob/{cca2}', { params: { path: ZA }, body: { deliveryIds: [deliveryId] } });
      expect(job.response.status).toBe(201);
      // A back-office edit of the delivery reaches webhooks through the same live publish path.
      const delivery = await dataOf(admin().GET('/deliveries/{cca2}/{id}', { params: inZa(deliveryId) }));
      const edited = await admin().PUT('/deliveries/{cca2}/{id}', { params: inZa(deliveryId), body: { xmin: delivery.xmin, orderReference: 'WEBHOOK-1' } });
      expect(edited.response.status).toBe(200);
      const items = await waitForAttempts(acme.data!.id, (rows) => rows.length >= 2 && rows.every((row) => row.statusId === 2000));
      expect(new Set(items.map((item) => item.event))).toEqual(new Set(['job.updated', 'delivery.updated']));
      const bodies = receiver.received.map((request) => JSON.parse(request.body));
      expect(bodies.find((body) => body.type === 'job.updated')).toMatchObject({ companyId: acme.data!.companyId, data: { id: job.data!.job.id } });
      expect(bodies.find((body) => body.type === 'delivery.updated')).toMatchObject({ data: { id: deliveryId, waybill: 'WBJ0007', orderReference: 'WEBHOOK-1' } });
      // Task changes were published too, but this webhook did not subscribe to them.
      expect(bodies.some((body) => body.type === 'task.updated')).toBe(false);
      for (const request of receiver.received) {
        expect(verifySignature(acme.data!.secret, request.headers['x-courier-signature'] as string, request.body)).toBe(true);
      }
      expect(other.received).toEqual([]);
      expect(await attempts(crane.data!.id)).toEqual([]);
      expect(await attempts(inactive.data!.id)).toEqual([]);
      await deleteWebhook(inactive.data!.id);
      await deleteWebhook(acme.data!.id);
      await deleteWebhook(crane.data!.id);
    } finally {
      await receiver.close();
      await other.close();
    }
  });
});

describe('webhooks: retries and statuses', () => {
  it('a receiver answering 500 is retried with backoff; every attempt is logged failed (-2000), then it gives up', async () => {
    const receiver = await startReceiver(500);
    try {
      const created = await createWebhook('administrator', { url: receiver.url, eventTypes: ['job.updated'] });
      const first = await testWebhook(created.data!.id);
      expect(first.data).toMatchObject({ attempt: 1, statusId: WEBHOOK_RESULT_STATUS.FAILED, status: 'Failed', httpStatus: 500 });
      const items = await waitForAttempts(created.data!.id, settled(MAX_ATTEMPTS));
      expect(items.map((item) => item.attempt)).toEqual([3, 2, 1]);
      expect(items.every((item) => item.statusId === -2000 && item.httpStatus === 500 && item.eventId === first.data!.eventId)).toBe(true);
      expect(receiver.received).toHaveLength(MAX_ATTEMPTS);
      // Every retry re-sends the same body, signed again.
      expect(new Set(receiver.received.map((request) => request.body)).size).toBe(1);
      expect(receiver.received.map((request) => request.headers['x-courier-attempt'])).toEqual(['1', '2', '3']);
      // Backoff: the attempts are spread by at least the base delay.
      const times = items.map((item) => Date.parse(item.createdAt)).reverse();
      expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(30);
      const failed = await admin().GET('/webhooks/attempts/{cca2}/{id}', { params: { ...inZa(created.data!.id), query: { webhookStatus: -2000, pageSize: 2 } } });
      expect(failed.data!.paging).toMatchObject({ totalItems: 3, pageSize: 2, totalPages: 2 });
      const webhook = await getWebhook(created.data!.id);
      expect(webhook.data).toMatchObject({ lastStatusId: -2000, lastStatus: 'Failed' });
      await deleteWebhook(created.data!.id);
    } finally {
      await receiver.close();
    }
  });

  it('a refused connection and a receiver that never answers are errors (-1000)', async () => {
    const closed = await startReceiver(200);
    await closed.close();
    const hanging = await startReceiver('hang');
    try {
      const refused = await createWebhook('administrator', { url: closed.url, eventTypes: ['job.updated'] });
      const attempt = await testWebhook(refused.data!.id);
      expect(attempt.data).toMatchObject({ statusId: WEBHOOK_RESULT_STATUS.ERROR, status: 'Error', httpStatus: null });
      expect(attempt.data!.error).toMatch(/ECONNREFUSED/);
      const slow = await createWebhook('administrator', { url: hanging.url, eventTypes: ['job.updated'] });
      const timedOut = await testWebhook(slow.data!.id);
      expect(timedOut.data).toMatchObject({ statusId: -1000, httpStatus: null, error: 'No answer within 1500 ms' });
      expect(timedOut.data!.durationMs).toBeGreaterThanOrEqual(1400);
      const items = await waitForAttempts(refused.data!.id, settled(MAX_ATTEMPTS));
      expect(items.every((item) => item.statusId === -1000)).toBe(true);
      await deleteWebhook(refused.data!.id);
      await deleteWebhook(slow.data!.id);
      // Deleting a webhook stops its pending retries (the rows go with it).
      expect(await server.database.db.select().from(webhookAttempts).where(eq(webhookAttempts.webhookId, slow.data!.id))).toEqual([]);
    } finally {
      await hanging.close();
    }
  });

  it('a pending retry stored in the database (as left by a restart) is sent when due', async () => {
    const receiver = await startReceiver(200);
    try {
      const created = await createWebhook('administrator', { url: receiver.url, eventTypes: ['delivery.updated'] });
      await server.database.db.insert(webhookAttempts).values({
        webhookId: created.data!.id, eventId: 'evt-left-behind', event: 'delivery.updated', attempt: 2, statusId: 0,
        payload: eventBody('evt-left-behind', 'delivery.updated', { id: 1 }, null), nextAttemptAt: new Date(Date.now() - 1000),
      });
      await sweepNow();
      const [item] = await waitForAttempts(created.data!.id, settled(1));
      expect(item).toMatchObject({ eventId: 'evt-left-behind', attempt: 2, statusId: 2000, nextAttemptAt: null });
      expect(receiver.received[0]!.headers['x-courier-event-id']).toBe('evt-left-behind');
      await deleteWebhook(created.data!.id);
    } finally {
      await receiver.close();
    }
  });
});

describe('webhooks: deactivated', () => {
  it('a webhook deactivated since an event sends no more retries: the pending one is logged as an error, not sent', async () => {
    const receiver = await startReceiver(200);
    try {
      const created = await createWebhook('administrator', { url: receiver.url, eventTypes: ['job.updated'], isActive: false });
      await server.database.db.insert(webhookAttempts).values({
        webhookId: created.data!.id, eventId: 'evt-paused', event: 'job.updated', attempt: 2, statusId: 0,
        payload: eventBody('evt-paused', 'job.updated', { id: 1 }, null), nextAttemptAt: new Date(Date.now() - 1000),
      });
      await sweepNow();
      const [item] = await waitForAttempts(created.data!.id, settled(1));
      expect(item).toMatchObject({ attempt: 2, statusId: -1000, error: INACTIVE_ERROR, httpStatus: null });
      expect(receiver.received).toEqual([]);
      // "Send test event" still works on an inactive webhook (to try it before switching it on).
      const test = await testWebhook(created.data!.id);
      expect(test.data!.statusId).toBe(2000);
      await deleteWebhook(created.data!.id);
    } finally {
      await receiver.close();
    }
  });
});

describe('webhooks: access, scope, validation, conflicts', () => {
  it.each(['administrator', 'api', 'management', 'staff', 'company.admin', 'store.admin', 'customer'] as const)(
    'access by role from the shared table: %s@demo.test', async (login) => {
      const { permissions } = await verifyAccessTokenClaims(server.keys, await server.as(login).token());
      const expected = (operation: keyof typeof OPERATION_ACCESS) => (decideOperationAccess(OPERATION_ACCESS[operation], permissions) === 'allowed' ? 200 : 403);
      expect((await webhooks(login)).response.status).toBe(expected('getwebhooks'));
      const created = await createWebhook(login, { url: 'https://example.test/hook', eventTypes: ['job.updated'] });
      expect(created.response.status).toBe(expected('createwebhook') === 200 ? 201 : 403);
      if (created.response.status === 201) await deleteWebhook(created.data!.id, login);
    });

  it('an API user works within its company: another company\'s webhook is 404 and not listed', async () => {
    const crane = await createWebhook('administrator', { url: 'https://crane.test/hook', eventTypes: ['job.updated'], companyId: await companyId('Blue Crane Foods') });
    const own = await createWebhook('api', { url: 'https://acme.test/hook', eventTypes: ['delivery.updated'] });
    expect(own.data!.companyId).toBe(await companyId('Acme Retail'));
    const api = as('api');
    const params = inZa(crane.data!.id);
    for (const send of [() => api.GET('/webhooks/{cca2}/{id}', { params }), () => api.GET('/webhooks/attempts/{cca2}/{id}', { params }),
      () => api.POST('/webhooks/test/{cca2}/{id}', { params }), () => api.PUT('/webhooks/rotatesecret/{cca2}/{id}', { params }),
      () => api.DELETE('/webhooks/{cca2}/{id}', { params })]) {
      expect((await send()).response.status).toBe(404);
    }
    const update = await api.PUT('/webhooks/{cca2}/{id}', { params, body: { url: 'https://x.test', eventTypes: ['job.updated'], xmin: crane.data!.xmin } });
    expect(update.response.status).toBe(404);
    const list = await webhooks('api', { pageSize: 100 });
    expect(list.data!.items.map((item) => item.id)).toContain(own.data!.id);
    expect(list.data!.items.every((item) => item.companyId === own.data!.companyId)).toBe(true);
    // Naming another company on create is 404 too, and creates nothing.
    const foreign = await createWebhook('api', { url: 'https://acme.test/2', eventTypes: ['job.updated'], companyId: crane.data!.companyId });
    expect(foreign.response.status).toBe(404);
    const still = await webhooks('administrator', { search: 'acme.test/2' });
    expect(still.data!.items).toEqual([]);
    // The administrator still sees the Blue Crane webhook, unchanged.
    expect((await getWebhook(crane.data!.id)).data!.url).toBe('https://crane.test/hook');
    await deleteWebhook(crane.data!.id);
    await deleteWebhook(own.data!.id, 'api');
  });

  it('an API user without a company cannot subscribe', async () => {
    const [user] = await server.database.db.select().from((await import('../../server/db/schema')).users)
      .where(eq((await import('../../server/db/schema')).users.email, server.as('api').email));
    const { users } = await import('../../server/db/schema');
    await server.database.db.update(users).set({ companyId: null }).where(eq(users.id, user!.id));
    try {
      const refused = await createWebhook('api', { url: 'https://nowhere.test', eventTypes: ['job.updated'] });
      expect(refused.response.status).toBe(403);
      expect(refused.error).toMatchObject({ message: INTEGRATION_TEXTS.companyRequired });
      expect((await webhooks('api')).data!.items).toEqual([]);
    } finally {
      await server.database.db.update(users).set({ companyId: user!.companyId }).where(eq(users.id, user!.id));
    }
  });

  it('bad input names the field: url, eventTypes, unknown fields, the status filter', async () => {
    const badUrl = await createWebhook('administrator', { url: 'ftp://example.test', eventTypes: ['job.updated'] });
    expect(badUrl.response.status).toBe(400);
    expect(fieldErrors(badUrl.error)).toHaveProperty('url');
    const noEvents = await createWebhook('administrator', { url: 'https://example.test', eventTypes: [] });
    expect(fieldErrors(noEvents.error)).toHaveProperty('eventTypes');
    // An event type and a field the contract does not have, and a status outside the filter: sent as written.
    const badEvent = await server.raw('administrator', 'POST', '/webhooks/za', { url: 'https://example.test', eventTypes: ['payment.updated'] });
    expect(badEvent.status).toBe(400);
    const extra = await server.raw('administrator', 'POST', '/webhooks/za', { url: 'https://example.test', eventTypes: ['job.updated'], secret: 'mine' });
    expect(extra.status).toBe(400);
    const badStatus = await server.raw('administrator', 'GET', '/webhooks/za?webhookStatus=5');
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.errors).toHaveProperty('webhookStatus');
    // Unknown sorts and filters: list-validation.test.ts.
    const unknownCompany = await createWebhook('administrator', { url: 'https://example.test', eventTypes: ['job.updated'], companyId: 999999 });
    expect(unknownCompany.response.status).toBe(404);
  });

  it('an update with a stale xmin answers 409 with the current version and changes nothing', async () => {
    const created = await createWebhook('administrator', { url: 'https://one.test/hook', eventTypes: ['job.updated'] });
    const params = inZa(created.data!.id);
    const first = await admin().PUT('/webhooks/{cca2}/{id}', {
      params, body: { url: 'https://two.test/hook', eventTypes: ['job.updated', 'task.updated'], isActive: false, xmin: created.data!.xmin },
    });
    expect(first.response.status).toBe(200);
    expect(first.data).toMatchObject({ url: 'https://two.test/hook', eventTypes: ['job.updated', 'task.updated'], isActive: false });
    const stale = await admin().PUT('/webhooks/{cca2}/{id}', { params, body: { url: 'https://three.test/hook', eventTypes: ['job.updated'], xmin: created.data!.xmin } });
    expect(stale.response.status).toBe(409);
    expect(stale.error).toMatchObject({ message: conflictMessage('webhook'), current: { url: 'https://two.test/hook', xmin: first.data!.xmin } });
    const list = await webhooks('administrator', { isActive: false, search: 'two.test' });
    expect(list.data!.items.map((item) => item.id)).toEqual([created.data!.id]);
    await deleteWebhook(created.data!.id);
    expect((await getWebhook(created.data!.id)).response.status).toBe(404);
  });
});
