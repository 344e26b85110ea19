// Saved-card payments hold no row lock while the provider answers (issue 4): the charge runs outside any
// transaction, claimed by exactly one request; duplicates wait for it and answer the same outcome.
import { createServer, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions, paymentCards, payments, users } from '../../server/db/schema';
import { PAYMENT_STATUS } from '../../src/lib/statuses';
import { reconcilePendingPayments } from '../../server/domain/payments';
import { PaymentProviderClient } from '../../server/payments/provider-client';
import { bookedWithAccount } from './booking-helpers';
import { inZa, startTestServer, type TestServer } from './support';
import type { SeededLogin } from '../support/seeded-users';

/**
 * A proxy in front of the sandbox that holds saved-card charges for `chargeDelayMs`, fails them before they reach
 * the provider (`failCharges`), or lets them through and loses the answer (`loseChargeAnswers`); it counts the
 * charge requests that reached the provider, since the sandbox itself answers a repeated merchantTransactionId
 * with its first payment and would hide a blind retry.
 */
interface SlowProxy {
  url: string; target: string; chargeDelayMs: number; failCharges: boolean; loseChargeAnswers: boolean; chargeRequests: number;
  failCheckouts: boolean; checkoutDelayMs: number; checkouts: number; close(): Promise<void>;
}

async function startSlowProxy(): Promise<SlowProxy> {
  const state = { target: '', chargeDelayMs: 0, failCharges: false, loseChargeAnswers: false, chargeRequests: 0, failCheckouts: false, checkoutDelayMs: 0, checkouts: 0 };
  const http: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const isCharge = request.method === 'POST' && /^\/v1\/registrations\/[^/]+\/payments/.test(request.url ?? '');
        const isCheckout = request.method === 'POST' && request.url === '/v1/checkouts';
        if ((isCharge && state.failCharges) || (isCheckout && state.failCheckouts)) {
          response.writeHead(503).end();
          return;
        }
        if (isCharge) {
          state.chargeRequests += 1;
          await new Promise((resolve) => setTimeout(resolve, state.chargeDelayMs));
        }
        if (isCheckout) {
          state.checkouts += 1;
          await new Promise((resolve) => setTimeout(resolve, state.checkoutDelayMs));
        }
        const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !['host', 'content-length', 'connection'].includes(name))) as Record<string, string>;
        const answer = await fetch(`${state.target}${request.url}`, { method: request.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
        if (isCharge && state.loseChargeAnswers) {
          response.writeHead(504).end();
          return;
        }
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
const user = (login: SeededLogin = 'twofactor') => server.as(login).connect;
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
async function readyWithSavedCard(registrationId: string, declinesCharges = false) {
  const { deliveryId, accountId } = await bookedWithAccount(user());
  server.sandbox.state.registrations.set(registrationId, { id: registrationId, brand: 'VISA', holder: 'Tumi', last4: '4242', expiryMonth: '12', expiryYear: '2099', deleted: false, declinesCharges });
  const [owner] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, USER));
  const [card] = await server.database.db.insert(paymentCards).values({
    accountId, userId: owner!.id, registrationId, paymentBrand: 'VISA', paymentType: 'DB', holder: 'Tumi', lastFourDigits: '4242', expiryMonth: 12, expiryYear: 2099,
  }).returning();
  return { deliveryId, cardId: card!.id };
}

const pay = (deliveryId: number, cardId: number, key: string) =>
  user().PUT('/deliveries/payBySavedCard/{cca2}/{id}', { params: { ...inZa(deliveryId), header: { 'Idempotency-Key': key } }, body: { paymentCardId: cardId } });
const paymentCheckout = (deliveryId: number, body: { saveCard: boolean; returnUrl?: string }, key: string, login?: SeededLogin) =>
  user(login).PUT('/deliveries/paymentCheckout/{cca2}/{id}', { params: { ...inZa(deliveryId), header: { 'Idempotency-Key': key } }, body });
const getQuote = (deliveryId: number) => user().GET('/deliveries/getquotes/{cca2}/{id}', { params: inZa(deliveryId) });

describe('payBySavedCard and the delivery row lock', () => {
  it('the delivery can be read (and locked) while the provider takes its time; duplicates answer the one charge', async () => {
    const { deliveryId, cardId } = await readyWithSavedCard('reg-slow-0001');
    proxy.chargeDelayMs = 2_000;
    const chargesBefore = server.sandbox.state.charges;
    const began = Date.now();
    const first = pay(deliveryId, cardId, 'slow-card-0001');
    await new Promise((resolve) => setTimeout(resolve, 400));
    // getquotes takes the delivery's row lock (FOR UPDATE): it answers before the charge does.
    const during = await getQuote(deliveryId);
    expect(Date.now() - began).toBeLessThan(2_000);
    expect(during.response.status).toBe(200);
    expect(during.data!.paymentStatusId).toBe(PAYMENT_STATUS.PAYMENT_PENDING);
    const [open] = await server.database.db.select().from(payments).where(eq(payments.idempotencyKey, 'slow-card-0001'));
    expect(open!.status).toBe('charging');
    const duplicate = pay(deliveryId, cardId, 'slow-card-0001');
    const [a, b] = await Promise.all([first, duplicate]);
    expect(a.response.status).toBe(200);
    expect(b.response.status).toBe(200);
    expect(a.data!.paymentStatusId).toBe(PAYMENT_STATUS.PAID);
    expect(b.data!.paymentStatusId).toBe(PAYMENT_STATUS.PAID);
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
    expect(failed.response.status).toBe(502);
    expect(failed.error!.message).toBe('The card payment provider could not be reached. Nothing was charged; please try again.');
    const [open] = await server.database.db.select().from(payments).where(eq(payments.idempotencyKey, 'down-card-0001'));
    expect(open!.status).toBe('pending');
    const chargesBefore = server.sandbox.state.charges;
    const retried = await pay(deliveryId, cardId, 'down-card-0001');
    expect(retried.data!.paymentStatusId).toBe(PAYMENT_STATUS.PAID);
    expect((await pay(deliveryId, cardId, 'down-card-0001')).data!.paymentStatusId).toBe(PAYMENT_STATUS.PAID);
    expect(server.sandbox.state.charges - chargesBefore).toBe(1);
  });
});

describe('a saved card the provider declines', () => {
  it('answers the delivery with payment failed and the reason, charges nothing, posts nothing; the same key answers the same', async () => {
    const { deliveryId, cardId } = await readyWithSavedCard('reg-declined-01', true);
    const chargesBefore = server.sandbox.state.charges;
    const declined = await pay(deliveryId, cardId, 'declined-card-01');
    expect(declined.response.status).toBe(200);
    expect(declined.data!.paymentStatusId).toBe(PAYMENT_STATUS.PAYMENT_FAILED);
    expect(declined.data!.paymentPeachPaymentFailureDescription).toBe('transaction declined (invalid card)');
    expect((await pay(deliveryId, cardId, 'declined-card-01')).data!.paymentStatusId).toBe(PAYMENT_STATUS.PAYMENT_FAILED);
    expect(server.sandbox.state.charges - chargesBefore).toBe(0);
    expect(await server.database.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.deliveryId, deliveryId))).toHaveLength(0);
  });
});

describe('paymentCheckout and the delivery row lock (the same three steps as a saved-card charge)', () => {
  it('the delivery can be read while the provider creates the checkout; duplicates answer the one checkout', async () => {
    const { deliveryId } = await readyWithSavedCard('reg-checkout-01');
    proxy.checkoutDelayMs = 2_000;
    const checkoutsBefore = proxy.checkouts;
    const began = Date.now();
    const request = () => paymentCheckout(deliveryId, { saveCard: false, returnUrl: '/paymentcallback' }, 'slow-checkout-01');
    const first = request();
    await new Promise((resolve) => setTimeout(resolve, 400));
    const during = await getQuote(deliveryId);
    expect(Date.now() - began).toBeLessThan(2_000);
    expect(during.response.status).toBe(200);
    const [open] = await server.database.db.select().from(payments).where(eq(payments.idempotencyKey, 'slow-checkout-01'));
    expect(open!.status).toBe('charging');
    const [a, b] = await Promise.all([first, request()]);
    proxy.checkoutDelayMs = 0;
    expect(a.response.status).toBe(200);
    expect(b.response.status).toBe(200);
    expect(b.data!.checkoutId).toBe(a.data!.checkoutId);
    expect(proxy.checkouts - checkoutsBefore).toBe(1);
    const [stored] = await server.database.db.select().from(payments).where(eq(payments.idempotencyKey, 'slow-checkout-01'));
    expect(stored).toMatchObject({ status: 'pending', checkoutId: a.data!.checkoutId });
    expect((await getQuote(deliveryId)).data!.paymentPeachPaymentsCheckoutId).toBe(a.data!.checkoutId);
  });

  it('provider unreachable → 502 and the key open again; the retry creates the checkout', async () => {
    const { deliveryId } = await readyWithSavedCard('reg-checkout-02');
    proxy.failCheckouts = true;
    const failed = await paymentCheckout(deliveryId, { saveCard: true }, 'down-checkout-01');
    proxy.failCheckouts = false;
    expect(failed.response.status).toBe(502);
    const [open] = await server.database.db.select().from(payments).where(eq(payments.idempotencyKey, 'down-checkout-01'));
    expect(open).toMatchObject({ status: 'pending', checkoutId: null });
    const retried = await paymentCheckout(deliveryId, { saveCard: true }, 'down-checkout-01');
    expect(retried.response.status).toBe(200);
    expect(retried.data!.checkoutId).toMatch(/\.sandbox$/);
  });
});

describe('the same Idempotency-Key with different parameters is refused (422)', () => {
  it('another saved card, another save-card choice, another caller', async () => {
    const { deliveryId, cardId } = await readyWithSavedCard('reg-params-0001');
    const paid = await pay(deliveryId, cardId, 'params-card-0001');
    expect(paid.data!.paymentStatusId).toBe(PAYMENT_STATUS.PAID);
    const otherCard = await pay(deliveryId, cardId + 1000, 'params-card-0001');
    expect(otherCard.response.status).toBe(422);
    expect(otherCard.error!.message).toBe('This Idempotency-Key was already used for another payment request.');
    // A repeat with the same parameters still answers the first result.
    expect((await pay(deliveryId, cardId, 'params-card-0001')).data!.paymentStatusId).toBe(PAYMENT_STATUS.PAID);

    const next = await readyWithSavedCard('reg-params-0002');
    const checkout = (saveCard: boolean, login?: SeededLogin) => paymentCheckout(next.deliveryId, { saveCard }, 'params-checkout-1', login);
    expect((await checkout(false)).response.status).toBe(200);
    const changed = await checkout(true);
    expect(changed.response.status).toBe(422);
    expect(changed.error!.message).toBe('This Idempotency-Key was already used for another payment request.');
    // Staff see every delivery of the portal, but the key stays the first caller's.
    expect((await checkout(false, 'administrator')).response.status).toBe(422);
  });
});

describe('one open payment per delivery, whatever the method and the Idempotency-Key', () => {
  const token = () => server.tokenFor(USER);
  const rawPay = async (deliveryId: number, cardId: number, key: string, bearer: string) => {
    const response = await fetch(`${server.url}/connect/deliveries/payBySavedCard/za/${deliveryId}`, {
      method: 'PUT', headers: { Authorization: `Bearer ${bearer}`, 'Idempotency-Key': key, 'Content-Type': 'application/json' }, body: JSON.stringify({ paymentCardId: cardId }),
    });
    return { status: response.status, body: await response.json() };
  };
  const ledgerOf = (deliveryId: number) => server.database.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.deliveryId, deliveryId));
  const paymentsOf = (deliveryId: number) => server.database.db.select().from(payments).where(eq(payments.deliveryId, deliveryId));
  const IN_PROGRESS = 'A payment for this delivery is already in progress. Please wait for its outcome.';
  const ALREADY_PAID = 'This delivery is already paid.';

  for (const concurrent of [2, 200]) {
    it(`${concurrent} concurrent saved-card requests, each with its own key → one charge, one ledger transaction, the rest 409`, async () => {
      const { deliveryId, cardId } = await readyWithSavedCard(`reg-many-${concurrent}`);
      proxy.chargeDelayMs = 300;
      const chargesBefore = proxy.chargeRequests;
      const bearer = await token();
      const answers = await Promise.all(Array.from({ length: concurrent }, (_, index) => rawPay(deliveryId, cardId, `many-${concurrent}-${String(index).padStart(4, '0')}`, bearer)));
      proxy.chargeDelayMs = 0;
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      const refused = answers.filter((answer) => answer.status !== 200);
      expect(new Set(refused.map((answer) => answer.status))).toEqual(new Set([409]));
      for (const answer of refused) expect([IN_PROGRESS, ALREADY_PAID]).toContain(answer.body.message);
      expect(proxy.chargeRequests - chargesBefore).toBe(1);
      expect(await ledgerOf(deliveryId)).toHaveLength(1);
      expect((await paymentsOf(deliveryId)).map((payment) => payment.status)).toEqual(['succeeded']);
    }, 120_000);
  }

  it('while a saved-card charge is with the provider, a balance payment and a new-card checkout are refused (409)', async () => {
    const { deliveryId, cardId } = await readyWithSavedCard('reg-mixed-0001');
    proxy.chargeDelayMs = 1_500;
    const charging = pay(deliveryId, cardId, 'mixed-card-0001');
    await new Promise((resolve) => setTimeout(resolve, 400));
    const balance = await user().PUT('/deliveries/payByBalance/{cca2}/{id}', { params: { ...inZa(deliveryId), header: { 'Idempotency-Key': 'mixed-balance-01' } } });
    const checkout = await paymentCheckout(deliveryId, { saveCard: false }, 'mixed-checkout-1');
    expect([balance.response.status, balance.error?.message]).toEqual([409, IN_PROGRESS]);
    expect([checkout.response.status, checkout.error?.message]).toEqual([409, IN_PROGRESS]);
    expect((await charging).data!.paymentStatusId).toBe(PAYMENT_STATUS.PAID);
    proxy.chargeDelayMs = 0;
    expect(await ledgerOf(deliveryId)).toHaveLength(1);
  });

  it('the database itself refuses a second open payment for a delivery', async () => {
    const { deliveryId, cardId } = await readyWithSavedCard('reg-index-0001');
    const [owner] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, USER));
    const row = (key: string) => ({
      portalId: 1, deliveryId, userId: owner!.id, method: 'savedCard', operation: 'payBySavedCard', idempotencyKey: key, merchantTransactionId: `${key}-mt`,
      amountCents: 100, currency: 'ZAR', status: 'pending', paymentCardId: cardId,
    });
    await server.database.db.insert(payments).values(row('index-open-0001'));
    await expect(server.database.db.insert(payments).values(row('index-open-0002'))).rejects.toThrow();
    await server.database.db.update(payments).set({ status: 'failed' }).where(eq(payments.idempotencyKey, 'index-open-0001'));
  });

  it('a charge whose answer was lost is looked up, never made again: a retry with the same key, or a new key, finds it paid', async () => {
    const { deliveryId, cardId } = await readyWithSavedCard('reg-lost-00001');
    proxy.loseChargeAnswers = true;
    const chargesBefore = proxy.chargeRequests;
    const lost = await pay(deliveryId, cardId, 'lost-card-00001');
    proxy.loseChargeAnswers = false;
    expect(lost.response.status).toBe(502);
    expect(proxy.chargeRequests - chargesBefore).toBe(1);
    const retried = await pay(deliveryId, cardId, 'lost-card-00001');
    expect(retried.data!.paymentStatusId).toBe(PAYMENT_STATUS.PAID);
    expect(proxy.chargeRequests - chargesBefore).toBe(1);
    expect(await ledgerOf(deliveryId)).toHaveLength(1);

    const other = await readyWithSavedCard('reg-lost-00002');
    proxy.loseChargeAnswers = true;
    expect((await pay(other.deliveryId, other.cardId, 'lost-card-00002')).response.status).toBe(502);
    proxy.loseChargeAnswers = false;
    const anotherKey = await pay(other.deliveryId, other.cardId, 'lost-card-00003');
    expect([anotherKey.response.status, anotherKey.error?.message]).toEqual([409, ALREADY_PAID]);
    expect(proxy.chargeRequests - chargesBefore).toBe(2);
    expect((await paymentsOf(other.deliveryId)).map((payment) => payment.status)).toEqual(['succeeded']);
  });

  it('a charge that never reached the provider fails when the customer tries again with a new key, and the new try pays once', async () => {
    const { deliveryId, cardId } = await readyWithSavedCard('reg-never-0001');
    proxy.failCharges = true;
    expect((await pay(deliveryId, cardId, 'never-card-0001')).response.status).toBe(502);
    proxy.failCharges = false;
    const chargesBefore = server.sandbox.state.charges;
    const again = await pay(deliveryId, cardId, 'never-card-0002');
    expect(again.data!.paymentStatusId).toBe(PAYMENT_STATUS.PAID);
    expect(server.sandbox.state.charges - chargesBefore).toBe(1);
    const statuses = (await paymentsOf(deliveryId)).sort((a, b) => a.id - b.id).map((payment) => [payment.idempotencyKey, payment.status]);
    expect(statuses).toEqual([['never-card-0001', 'failed'], ['never-card-0002', 'succeeded']]);
  });

  it('reconciliation settles a charge whose process died while the provider answered (a stale claim)', async () => {
    const { deliveryId, cardId } = await readyWithSavedCard('reg-stale-0001');
    proxy.loseChargeAnswers = true;
    expect((await pay(deliveryId, cardId, 'stale-card-0001')).response.status).toBe(502);
    proxy.loseChargeAnswers = false;
    // As if the process had died mid-call: the claim is still held, long ago.
    await server.database.db.update(payments).set({ status: 'charging', claimedAt: new Date(Date.now() - 10 * 60_000) }).where(eq(payments.idempotencyKey, 'stale-card-0001'));
    const provider = new PaymentProviderClient(server.sandbox.url, 'sandbox-token', 'sandbox-entity');
    const fresh = await reconcilePendingPayments(server.database.db, provider, 0, new Date());
    expect(fresh.settled).toBeGreaterThanOrEqual(1);
    const [payment] = await server.database.db.select().from(payments).where(eq(payments.idempotencyKey, 'stale-card-0001'));
    expect(payment!.status).toBe('succeeded');
    expect((await getQuote(deliveryId)).data!.paymentStatusId).toBe(PAYMENT_STATUS.PAID);
  });
  // Last: the overpayment it credits covers what this payer's later deliveries would cost.
  it('a checkout the shopper left is superseded by a saved-card payment; paying it afterwards credits the account, nothing is lost', async () => {
    const { deliveryId, cardId } = await readyWithSavedCard('reg-supersede-1');
    const started = await paymentCheckout(deliveryId, { saveCard: false, returnUrl: '/paymentcallback' }, 'supersede-chk-01');
    expect(started.response.status).toBe(200);
    const paid = await pay(deliveryId, cardId, 'supersede-card-1');
    expect(paid.data!.paymentStatusId).toBe(PAYMENT_STATUS.PAID);
    const [left] = await server.database.db.select().from(payments).where(eq(payments.idempotencyKey, 'supersede-chk-01'));
    expect(left!.status).toBe('superseded');
    // The shopper's other tab still had the widget open and pays it: the provider's record is still settled.
    const form = new URLSearchParams({ shopperResultUrl: `${server.url}/paymentcallback`, paymentBrand: 'VISA', 'card.holder': 'Tumi', 'card.number': '4200000000000000', 'card.expiryMonth': '12', 'card.expiryYear': '2099', 'card.cvv': '123' });
    await fetch(`${server.sandbox.url}/v1/checkouts/${started.data!.checkoutId}/pay`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form });
    const back = await user().PUT('/deliveries/processCardPayment/{cca2}/{id}', { params: inZa(deliveryId), body: { id: started.data!.checkoutId, resourcePath: `/v1/checkouts/${started.data!.checkoutId}/payment` } });
    expect(back.data!.paymentStatusId).toBe(PAYMENT_STATUS.PAID);
    const ledger = await ledgerOf(deliveryId);
    expect(ledger.map((transaction) => transaction.transactionType).sort()).toEqual(['Credit', 'Invoice']);
    const [settledLate] = await server.database.db.select().from(payments).where(eq(payments.idempotencyKey, 'supersede-chk-01'));
    expect(settledLate!.status).toBe('succeeded');
  });

});
