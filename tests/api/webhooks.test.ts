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
import { call, deliveryIdOf, type S } from './operations-support';
import { startTestServer, type TestServer } from './support';

const ADMIN = 'administrator@demo.test';
const API_USER = 'api@demo.test';
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

async function createWebhook(email: string, body: Record<string, unknown>) {
  return call<S['WebhookWithSecret'] & { errors?: Record<string, string[]>; message?: string }>(server, email, 'POST', '/webhooks/za', body);
}

async function attempts(id: number, email = ADMIN) {
  const { body } = await call<S['WebhookAttemptPage']>(server, email, 'GET', `/webhooks/attempts/za/${id}?pageSize=50`);
  return body.items;
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
      const created = await createWebhook(ADMIN, { url: receiver.url, eventTypes: ['delivery.updated'], description: 'Signed' });
      expect(created.status).toBe(201);
      expect(created.body.secret).toMatch(/^whsec_[\w-]{40,}$/);
      expect(created.body.secretHint).toBe(created.body.secret.slice(0, 10));
      // The secret is answered once: reads show its hint only.
      const read = await call<S['Webhook']>(server, ADMIN, 'GET', `/webhooks/za/${created.body.id}`);
      expect(read.body).not.toHaveProperty('secret');

      const test = await call<S['WebhookAttempt']>(server, ADMIN, 'POST', `/webhooks/test/za/${created.body.id}`);
      expect(test.status).toBe(200);
      expect(test.body).toMatchObject({ event: 'webhook.test', attempt: 1, statusId: 2000, status: 'Success', httpStatus: 200, error: null });
      expect(test.body.durationMs).toBeGreaterThanOrEqual(0);

      expect(receiver.received).toHaveLength(1);
      const [request] = receiver.received;
      expect(request!.headers['content-type']).toBe('application/json');
      const header = request!.headers[WEBHOOK_HEADERS.signature.toLowerCase()] as string;
      expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      const timestamp = Number(/t=(\d+)/.exec(header)![1]);
      expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(60);
      expect(verifySignature(created.body.secret, header, request!.body)).toBe(true);
      expect(verifySignature(created.body.secret, header, `${request!.body} `)).toBe(false);
      expect(verifySignature('whsec_wrong', header, request!.body)).toBe(false);
      expect(request!.headers[WEBHOOK_HEADERS.event.toLowerCase()]).toBe('webhook.test');
      expect(request!.headers[WEBHOOK_HEADERS.eventId.toLowerCase()]).toBe(test.body.eventId);
      expect(request!.headers[WEBHOOK_HEADERS.attempt.toLowerCase()]).toBe('1');
      const body = JSON.parse(request!.body);
      expect(body).toMatchObject({ id: test.body.eventId, type: 'webhook.test', data: { webhookId: created.body.id } });

      // Rotating the secret answers the new one once; calls are signed with it from then on.
      const rotated = await call<S['WebhookWithSecret']>(server, ADMIN, 'PUT', `/webhooks/rotatesecret/za/${created.body.id}`);
      expect(rotated.status).toBe(200);
      expect(rotated.body.secret).not.toBe(created.body.secret);
      await call(server, ADMIN, 'POST', `/webhooks/test/za/${created.body.id}`);
      const resigned = receiver.received[1]!;
      expect(verifySignature(rotated.body.secret, resigned.headers['x-courier-signature'] as string, resigned.body)).toBe(true);
      expect(verifySignature(created.body.secret, resigned.headers['x-courier-signature'] as string, resigned.body)).toBe(false);

      const list = await call<S['WebhookPage']>(server, ADMIN, 'GET', '/webhooks/za?webhookStatus=2000');
      expect(list.body.items.find((item) => item.id === created.body.id)).toMatchObject({ lastStatusId: 2000, lastStatus: 'Success' });
      await call(server, ADMIN, 'DELETE', `/webhooks/za/${created.body.id}`);
    } finally {
      await receiver.close();
    }
  });

  it('a delivery and job change of the webhook\'s company is posted; another company\'s webhook gets nothing', async () => {
    const receiver = await startReceiver(200);
    const other = await startReceiver(200);
    try {
      const acme = await createWebhook(ADMIN, { url: receiver.url, eventTypes: ['job.updated', 'delivery.updated'], companyId: await companyId('Acme Retail') });
      const crane = await createWebhook(ADMIN, { url: other.url, eventTypes: ['job.updated', 'delivery.updated', 'task.updated'], companyId: await companyId('Blue Crane Foods') });
      expect(crane.status).toBe(201);
      // An inactive webhook of the same company gets nothing either.
      const inactive = await createWebhook(ADMIN, { url: other.url, eventTypes: ['job.updated', 'delivery.updated'], companyId: await companyId('Acme Retail'), isActive: false });
      expect(inactive.body.isActive).toBe(false);
      const deliveryId = await deliveryIdOf(server, 'WBJ0007');
      const job = await call<S['JobDetails']>(server, ADMIN, 'POST', '/jobs/createjob/za', { deliveryIds: [deliveryId] });
      expect(job.status).toBe(201);
      // A back-office edit of the delivery reaches webhooks through the same live publish path.
      const delivery = await call<S['DeliveryAdminDetail']>(server, ADMIN, 'GET', `/deliveries/za/${deliveryId}`);
      const edited = await call(server, ADMIN, 'PUT', `/deliveries/za/${deliveryId}`, { xmin: delivery.body.xmin, orderReference: 'WEBHOOK-1' });
      expect(edited.status).toBe(200);
      const items = await waitForAttempts(acme.body.id, (rows) => rows.length >= 2 && rows.every((row) => row.statusId === 2000));
      expect(new Set(items.map((item) => item.event))).toEqual(new Set(['job.updated', 'delivery.updated']));
      const bodies = receiver.received.map((request) => JSON.parse(request.body));
      expect(bodies.find((body) => body.type === 'job.updated')).toMatchObject({ companyId: acme.body.companyId, data: { id: job.body.job.id } });
      expect(bodies.find((body) => body.type === 'delivery.updated')).toMatchObject({ data: { id: deliveryId, waybill: 'WBJ0007', orderReference: 'WEBHOOK-1' } });
      // Task changes were published too, but this webhook did not subscribe to them.
      expect(bodies.some((body) => body.type === 'task.updated')).toBe(false);
      for (const request of receiver.received) {
        expect(verifySignature(acme.body.secret, request.headers['x-courier-signature'] as string, request.body)).toBe(true);
      }
      expect(other.received).toEqual([]);
      expect(await attempts(crane.body.id)).toEqual([]);
      expect(await attempts(inactive.body.id)).toEqual([]);
      await call(server, ADMIN, 'DELETE', `/webhooks/za/${inactive.body.id}`);
      await call(server, ADMIN, 'DELETE', `/webhooks/za/${acme.body.id}`);
      await call(server, ADMIN, 'DELETE', `/webhooks/za/${crane.body.id}`);
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
      const created = await createWebhook(ADMIN, { url: receiver.url, eventTypes: ['job.updated'] });
      const first = await call<S['WebhookAttempt']>(server, ADMIN, 'POST', `/webhooks/test/za/${created.body.id}`);
      expect(first.body).toMatchObject({ attempt: 1, statusId: WEBHOOK_RESULT_STATUS.FAILED, status: 'Failed', httpStatus: 500 });
      const items = await waitForAttempts(created.body.id, settled(MAX_ATTEMPTS));
      expect(items.map((item) => item.attempt)).toEqual([3, 2, 1]);
      expect(items.every((item) => item.statusId === -2000 && item.httpStatus === 500 && item.eventId === first.body.eventId)).toBe(true);
      expect(receiver.received).toHaveLength(MAX_ATTEMPTS);
      // Every retry re-sends the same body, signed again.
      expect(new Set(receiver.received.map((request) => request.body)).size).toBe(1);
      expect(receiver.received.map((request) => request.headers['x-courier-attempt'])).toEqual(['1', '2', '3']);
      // Backoff: the attempts are spread by at least the base delay.
      const times = items.map((item) => Date.parse(item.createdAt)).reverse();
      expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(30);
      const failed = await call<S['WebhookAttemptPage']>(server, ADMIN, 'GET', `/webhooks/attempts/za/${created.body.id}?webhookStatus=-2000&pageSize=2`);
      expect(failed.body.paging).toMatchObject({ totalItems: 3, pageSize: 2, totalPages: 2 });
      const webhook = await call<S['Webhook']>(server, ADMIN, 'GET', `/webhooks/za/${created.body.id}`);
      expect(webhook.body).toMatchObject({ lastStatusId: -2000, lastStatus: 'Failed' });
      await call(server, ADMIN, 'DELETE', `/webhooks/za/${created.body.id}`);
    } finally {
      await receiver.close();
    }
  });

  it('a refused connection and a receiver that never answers are errors (-1000)', async () => {
    const closed = await startReceiver(200);
    await closed.close();
    const hanging = await startReceiver('hang');
    try {
      const refused = await createWebhook(ADMIN, { url: closed.url, eventTypes: ['job.updated'] });
      const attempt = await call<S['WebhookAttempt']>(server, ADMIN, 'POST', `/webhooks/test/za/${refused.body.id}`);
      expect(attempt.body).toMatchObject({ statusId: WEBHOOK_RESULT_STATUS.ERROR, status: 'Error', httpStatus: null });
      expect(attempt.body.error).toMatch(/ECONNREFUSED/);
      const slow = await createWebhook(ADMIN, { url: hanging.url, eventTypes: ['job.updated'] });
      const timedOut = await call<S['WebhookAttempt']>(server, ADMIN, 'POST', `/webhooks/test/za/${slow.body.id}`);
      expect(timedOut.body).toMatchObject({ statusId: -1000, httpStatus: null, error: 'No answer within 1500 ms' });
      expect(timedOut.body.durationMs).toBeGreaterThanOrEqual(1400);
      const items = await waitForAttempts(refused.body.id, settled(MAX_ATTEMPTS));
      expect(items.every((item) => item.statusId === -1000)).toBe(true);
      await call(server, ADMIN, 'DELETE', `/webhooks/za/${refused.body.id}`);
      await call(server, ADMIN, 'DELETE', `/webhooks/za/${slow.body.id}`);
      // Deleting a webhook stops its pending retries (the rows go with it).
      expect(await server.database.db.select().from(webhookAttempts).where(eq(webhookAttempts.webhookId, slow.body.id))).toEqual([]);
    } finally {
      await hanging.close();
    }
  });

  it('a pending retry stored in the database (as left by a restart) is sent when due', async () => {
    const receiver = await startReceiver(200);
    try {
      const created = await createWebhook(ADMIN, { url: receiver.url, eventTypes: ['delivery.updated'] });
      await server.database.db.insert(webhookAttempts).values({
        webhookId: created.body.id, eventId: 'evt-left-behind', event: 'delivery.updated', attempt: 2, statusId: 0,
        payload: eventBody('evt-left-behind', 'delivery.updated', { id: 1 }, null), nextAttemptAt: new Date(Date.now() - 1000),
      });
      await sweepNow();
      const [item] = await waitForAttempts(created.body.id, settled(1));
      expect(item).toMatchObject({ eventId: 'evt-left-behind', attempt: 2, statusId: 2000, nextAttemptAt: null });
      expect(receiver.received[0]!.headers['x-courier-event-id']).toBe('evt-left-behind');
      await call(server, ADMIN, 'DELETE', `/webhooks/za/${created.body.id}`);
    } finally {
      await receiver.close();
    }
  });
});

describe('webhooks: deactivated', () => {
  it('a webhook deactivated since an event sends no more retries: the pending one is logged as an error, not sent', async () => {
    const receiver = await startReceiver(200);
    try {
      const created = await createWebhook(ADMIN, { url: receiver.url, eventTypes: ['job.updated'], isActive: false });
      await server.database.db.insert(webhookAttempts).values({
        webhookId: created.body.id, eventId: 'evt-paused', event: 'job.updated', attempt: 2, statusId: 0,
        payload: eventBody('evt-paused', 'job.updated', { id: 1 }, null), nextAttemptAt: new Date(Date.now() - 1000),
      });
      await sweepNow();
      const [item] = await waitForAttempts(created.body.id, settled(1));
      expect(item).toMatchObject({ attempt: 2, statusId: -1000, error: INACTIVE_ERROR, httpStatus: null });
      expect(receiver.received).toEqual([]);
      // "Send test event" still works on an inactive webhook (to try it before switching it on).
      const test = await call<S['WebhookAttempt']>(server, ADMIN, 'POST', `/webhooks/test/za/${created.body.id}`);
      expect(test.body.statusId).toBe(2000);
      await call(server, ADMIN, 'DELETE', `/webhooks/za/${created.body.id}`);
    } finally {
      await receiver.close();
    }
  });
});

describe('webhooks: access, scope, validation, conflicts', () => {
  it.each([ADMIN, API_USER, 'management@demo.test', 'staff@demo.test', 'company.admin@demo.test', 'store.admin@demo.test', 'customer@demo.test'])(
    'access by role from the shared table: %s', async (email) => {
      const { permissions } = await verifyAccessTokenClaims(server.keys, await server.tokenFor(email));
      const expected = (operation: keyof typeof OPERATION_ACCESS) => (decideOperationAccess(OPERATION_ACCESS[operation], permissions) === 'allowed' ? 200 : 403);
      expect((await call(server, email, 'GET', '/webhooks/za')).status).toBe(expected('getwebhooks'));
      const created = await createWebhook(email, { url: 'https://example.test/hook', eventTypes: ['job.updated'] });
      expect(created.status).toBe(expected('createwebhook') === 200 ? 201 : 403);
      if (created.status === 201) await call(server, email, 'DELETE', `/webhooks/za/${created.body.id}`);
    });

  it('an API user works within its company: another company\'s webhook is 404 and not listed', async () => {
    const crane = await createWebhook(ADMIN, { url: 'https://crane.test/hook', eventTypes: ['job.updated'], companyId: await companyId('Blue Crane Foods') });
    const own = await createWebhook(API_USER, { url: 'https://acme.test/hook', eventTypes: ['delivery.updated'] });
    expect(own.body.companyId).toBe(await companyId('Acme Retail'));
    for (const [method, path] of [['GET', `/webhooks/za/${crane.body.id}`], ['GET', `/webhooks/attempts/za/${crane.body.id}`],
      ['POST', `/webhooks/test/za/${crane.body.id}`], ['PUT', `/webhooks/rotatesecret/za/${crane.body.id}`],
      ['DELETE', `/webhooks/za/${crane.body.id}`]] as const) {
      expect((await call(server, API_USER, method, path)).status).toBe(404);
    }
    const update = await call(server, API_USER, 'PUT', `/webhooks/za/${crane.body.id}`, { url: 'https://x.test', eventTypes: ['job.updated'], xmin: crane.body.xmin });
    expect(update.status).toBe(404);
    const list = await call<S['WebhookPage']>(server, API_USER, 'GET', '/webhooks/za?pageSize=100');
    expect(list.body.items.map((item) => item.id)).toContain(own.body.id);
    expect(list.body.items.every((item) => item.companyId === own.body.companyId)).toBe(true);
    // Naming another company on create is 404 too, and creates nothing.
    const foreign = await createWebhook(API_USER, { url: 'https://acme.test/2', eventTypes: ['job.updated'], companyId: crane.body.companyId });
    expect(foreign.status).toBe(404);
    const still = await call<S['WebhookPage']>(server, ADMIN, 'GET', '/webhooks/za?search=acme.test/2');
    expect(still.body.items).toEqual([]);
    // The administrator still sees the Blue Crane webhook, unchanged.
    expect((await call<S['Webhook']>(server, ADMIN, 'GET', `/webhooks/za/${crane.body.id}`)).body.url).toBe('https://crane.test/hook');
    await call(server, ADMIN, 'DELETE', `/webhooks/za/${crane.body.id}`);
    await call(server, API_USER, 'DELETE', `/webhooks/za/${own.body.id}`);
  });

  it('an API user without a company cannot subscribe', async () => {
    const [user] = await server.database.db.select().from((await import('../../server/db/schema')).users)
      .where(eq((await import('../../server/db/schema')).users.email, API_USER));
    const { users } = await import('../../server/db/schema');
    await server.database.db.update(users).set({ companyId: null }).where(eq(users.id, user!.id));
    try {
      const refused = await createWebhook(API_USER, { url: 'https://nowhere.test', eventTypes: ['job.updated'] });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ message: INTEGRATION_TEXTS.companyRequired });
      expect((await call<S['WebhookPage']>(server, API_USER, 'GET', '/webhooks/za')).body.items).toEqual([]);
    } finally {
      await server.database.db.update(users).set({ companyId: user!.companyId }).where(eq(users.id, user!.id));
    }
  });

  it('bad input names the field: url, eventTypes, unknown fields, the status filter', async () => {
    const badUrl = await createWebhook(ADMIN, { url: 'ftp://example.test', eventTypes: ['job.updated'] });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.errors).toHaveProperty('url');
    const noEvents = await createWebhook(ADMIN, { url: 'https://example.test', eventTypes: [] });
    expect(noEvents.body.errors).toHaveProperty('eventTypes');
    const badEvent = await createWebhook(ADMIN, { url: 'https://example.test', eventTypes: ['payment.updated'] });
    expect(badEvent.status).toBe(400);
    const extra = await createWebhook(ADMIN, { url: 'https://example.test', eventTypes: ['job.updated'], secret: 'mine' });
    expect(extra.status).toBe(400);
    const badStatus = await call(server, ADMIN, 'GET', '/webhooks/za?webhookStatus=5');
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.errors).toHaveProperty('webhookStatus');
    // Unknown sorts and filters: list-validation.test.ts.
    const unknownCompany = await createWebhook(ADMIN, { url: 'https://example.test', eventTypes: ['job.updated'], companyId: 999999 });
    expect(unknownCompany.status).toBe(404);
  });

  it('an update with a stale xmin answers 409 with the current version and changes nothing', async () => {
    const created = await createWebhook(ADMIN, { url: 'https://one.test/hook', eventTypes: ['job.updated'] });
    const first = await call<S['Webhook']>(server, ADMIN, 'PUT', `/webhooks/za/${created.body.id}`,
      { url: 'https://two.test/hook', eventTypes: ['job.updated', 'task.updated'], isActive: false, xmin: created.body.xmin });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ url: 'https://two.test/hook', eventTypes: ['job.updated', 'task.updated'], isActive: false });
    const stale = await call(server, ADMIN, 'PUT', `/webhooks/za/${created.body.id}`,
      { url: 'https://three.test/hook', eventTypes: ['job.updated'], xmin: created.body.xmin });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ message: conflictMessage('webhook'), current: { url: 'https://two.test/hook', xmin: first.body.xmin } });
    const list = await call<S['WebhookPage']>(server, ADMIN, 'GET', '/webhooks/za?isActive=false&search=two.test');
    expect(list.body.items.map((item) => item.id)).toEqual([created.body.id]);
    await call(server, ADMIN, 'DELETE', `/webhooks/za/${created.body.id}`);
    expect((await call(server, ADMIN, 'GET', `/webhooks/za/${created.body.id}`)).status).toBe(404);
  });
});
