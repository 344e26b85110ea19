// Saved-card payments hold no row lock while the provider answers (issue 4): the charge runs outside any
// transaction, claimed by exactly one request; duplicates wait for it and answer the same outcome.
import { createServer, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions, paymentCards, payments, users } from '../../server/db/schema';
import { PAYMENT_STATUS } from '../../src/lib/statuses';
import { book, call } from './booking-helpers';
import { startTestServer, type TestServer } from './support';

/** A proxy in front of the sandbox that holds saved-card charges for `chargeDelayMs`, or fails them. */
interface SlowProxy { url: string; target: string; chargeDelayMs: number; failCharges: boolean; close(): Promise<void> }

async function startSlowProxy(): Promise<SlowProxy> {
  const state = { target: '', chargeDelayMs: 0, failCharges: false };
  const http: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const isCharge = request.method === 'POST' && /^\/v1\/registrations\/[^/]+\/payments/.test(request.url ?? '');
        if (isCharge && state.failCharges) {
          response.writeHead(503).end();
          return;
        }
        if (isCharge) await new Promise((resolve) => setTimeout(resolve, state.chargeDelayMs));
        const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !['host', 'content-length', 'connection'].includes(name))) as Record<string, string>;
        const answer = await fetch(`${state.target}${request.url}`, { method: request.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
        response.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'application/json' });
        response.end(Buffer.from(await answer.arrayBuffer()));
      })();
    });
  });
  await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
  const { port } = http.address() as { port: number };
  return Object.assign(state, { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((done) => http.close(() => done())) });
}

const USER = 'twofactor@demo.test';
let proxy: SlowProxy;
let server: TestServer;

beforeAll(async () => {
  proxy = await startSlowProxy();
  server = await startTestServer({ paymentProviderUrl: proxy.url });
  proxy.target = server.sandbox.url;
});
afterAll(async () => {
  await server?.close();
  await proxy?.close();
});

/** A delivery ready to pay and a saved card of the payer's account (registered in the sandbox directly). */
async function readyWithSavedCard(registrationId: string) {
  const quote = await book(server, USER);
  const options = await call(server, USER, 'GET', `/accounts/za?select=true&deliveryId=${quote.deliveryId}`);
  const accountId = Number(options.body[0].key);
  expect((await call(server, USER, 'PUT', `/deliveries/selectaccount/za/${quote.deliveryId}`, { accountId })).status).toBe(200);
  server.sandbox.state.registrations.set(registrationId, { id: registrationId, brand: 'VISA', holder: 'Tumi', last4: '4242', expiryMonth: '12', expiryYear: '2099', deleted: false });
  const [owner] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, USER));
  const [card] = await server.database.db.insert(paymentCards).values({
    accountId, userId: owner!.id, registrationId, paymentBrand: 'VISA', paymentType: 'DB', holder: 'Tumi', lastFourDigits: '4242', expiryMonth: 12, expiryYear: 2099,
  }).returning();
  return { deliveryId: quote.deliveryId as number, cardId: card!.id };
}

const pay = (deliveryId: number, cardId: number, key: string) =>
  call(server, USER, 'PUT', `/deliveries/payBySavedCard/za/${deliveryId}`, { paymentCardId: cardId }, { 'Idempotency-Key': key });

describe('payBySavedCard and the delivery row lock', () => {
  it('the delivery can be read (and locked) while the provider takes its time; duplicates answer the one charge', async () => {
    const { deliveryId, cardId } = await readyWithSavedCard('reg-slow-0001');
    proxy.chargeDelayMs = 2_000;
    const chargesBefore = server.sandbox.state.charges;
    const began = Date.now();
    const first = pay(deliveryId, cardId, 'slow-card-0001');
    await new Promise((resolve) => setTimeout(resolve, 400));
    // getquotes takes the delivery's row lock (FOR UPDATE): it answers before the charge does.
    const during = await call(server, USER, 'GET', `/deliveries/getquotes/za/${deliveryId}`);
    expect(Date.now() - began).toBeLessThan(2_000);
    expect(during.status).toBe(200);
    expect(during.body.paymentStatusId).toBe(PAYMENT_STATUS.PAYMENT_PENDING);
    const [open] = await server.database.db.select().from(payments).where(eq(payments.idempotencyKey, 'slow-card-0001'));
    expect(open!.status).toBe('charging');
    const duplicate = pay(deliveryId, cardId, 'slow-card-0001');
    const [a, b] = await Promise.all([first, duplicate]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.paymentStatusId).toBe(PAYMENT_STATUS.PAID);
    expect(b.body.paymentStatusId).toBe(PAYMENT_STATUS.PAID);
    expect(server.sandbox.state.charges - chargesBefore).toBe(1);
    const ledger = await server.database.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.deliveryId, deliveryId));
    expect(ledger).toHaveLength(1);
    proxy.chargeDelayMs = 0;
  });

  it('provider unreachable → 502, nothing charged, the payment open again; a retry with the same key pays once', async () => {
    const { deliveryId, cardId } = await readyWithSavedCard('reg-down-0001');
    proxy.failCharges = true;
    const failed = await pay(deliveryId, cardId, 'down-card-0001');
    proxy.failCharges = false;
    expect(failed.status).toBe(502);
    expect(failed.body.message).toBe('The card payment provider could not be reached. Nothing was charged; please try again.');
    const [open] = await server.database.db.select().from(payments).where(eq(payments.idempotencyKey, 'down-card-0001'));
    expect(open!.status).toBe('pending');
    const chargesBefore = server.sandbox.state.charges;
    const retried = await pay(deliveryId, cardId, 'down-card-0001');
    expect(retried.body.paymentStatusId).toBe(PAYMENT_STATUS.PAID);
    expect((await pay(deliveryId, cardId, 'down-card-0001')).body.paymentStatusId).toBe(PAYMENT_STATUS.PAID);
    expect(server.sandbox.state.charges - chargesBefore).toBe(1);
  });
});
