import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, ledgerTransactions, paymentCards, payments, users } from '../../server/db/schema';
import { reconcilePendingPayments } from '../../server/domain/payments';
import { PaymentProviderClient } from '../../server/payments/provider-client';
import { SANDBOX_CARDS } from '../../server/payments/sandbox';
import { BOOKING_RULE_TEXTS } from '../../src/lib/booking-rules';
import { BOOKING_TEXTS } from '../../src/lib/error-catalogue';
import { PAYMENT_STATUS } from '../../src/lib/statuses';
import { book, call, fetchRetryingResets } from './booking-helpers';
import { startTestServer, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

/** A normal user with no balance: gets a personal Prepay account of 0, so a card pays the whole total. */
const USER = 'twofactor@demo.test';
let accountId = 0;

async function readyToPay() {
  const quote = await book(server, USER);
  const options = await call(server, USER, 'GET', `/accounts/za?select=true&deliveryId=${quote.deliveryId}`);
  expect(options.status).toBe(200);
  accountId = Number(options.body[0].key);
  const selected = await call(server, USER, 'PUT', `/deliveries/selectaccount/za/${quote.deliveryId}`, { accountId });
  expect(selected.status).toBe(200);
  expect(selected.body.paymentTotalDue).toBe(selected.body.paymentTotal);
  return selected.body;
}

/** What the shopper does in the provider's page: submit the card form; answers the redirect's query. */
async function submitCard(checkoutId: string, number: string, returnUrl: string, expiryYear = 2099) {
  const form = new URLSearchParams({ shopperResultUrl: new URL(returnUrl, server.url).toString(), paymentBrand: 'VISA', 'card.holder': 'Tumi Two-Factor',
    'card.number': number, 'card.expiryMonth': '12', 'card.expiryYear': String(expiryYear), 'card.cvv': '123' });
  const response = await fetch(`${server.sandbox.url}/v1/checkouts/${checkoutId}/pay`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form });
  const html = await response.text();
  const match = /window\.top\.location\.href = "([^"]+)"/.exec(html);
  return match ? new URL(match[1]!) : undefined;
}

async function checkout(deliveryId: number, key: string, saveCard = false) {
  const answer = await call(server, USER, 'PUT', `/deliveries/paymentCheckout/za/${deliveryId}`, { saveCard, returnUrl: '/paymentcallback' }, { 'Idempotency-Key': key });
  expect(answer.status).toBe(200);
  return answer.body as { checkoutId: string; widgetScriptUrl: string; returnUrl: string };
}

describe('new card through the provider widget', () => {
  it('declined, then accepted with the card saved; the redirect alone is never trusted', async () => {
    const quote = await readyToPay();
    const first = await checkout(quote.deliveryId, 'checkout-0000001', true);
    expect(first.widgetScriptUrl).toBe(`${server.sandbox.url}/v1/paymentWidgets.js?checkoutId=${encodeURIComponent(first.checkoutId)}`);
    expect(first.returnUrl).toBe(`/paymentcallback?deliveryid=${quote.deliveryId}`);
    // A repeat of the same key answers the same checkout.
    expect((await checkout(quote.deliveryId, 'checkout-0000001', true)).checkoutId).toBe(first.checkoutId);
    const script = await fetch(first.widgetScriptUrl);
    expect(await script.text()).toContain('form.paymentWidgets');

    const declined = await submitCard(first.checkoutId, SANDBOX_CARDS.declined, first.returnUrl);
    expect(declined!.searchParams.get('deliveryid')).toBe(String(quote.deliveryId));
    const failed = await call(server, USER, 'PUT', `/deliveries/processCardPayment/za/${quote.deliveryId}`,
      { id: declined!.searchParams.get('id'), resourcePath: declined!.searchParams.get('resourcePath') });
    expect(failed.status).toBe(200);
    expect(failed.body.paymentStatusId).toBe(PAYMENT_STATUS.PAYMENT_FAILED);
    expect(BOOKING_TEXTS.paymentFailed(failed.body.paymentPeachPaymentFailureDescription)).toBe("Payment failed because 'transaction declined (invalid card)'. Please try again.");

    const second = await checkout(quote.deliveryId, 'checkout-0000002', true);
    const accepted = await submitCard(second.checkoutId, SANDBOX_CARDS.success, second.returnUrl);
    const paid = await call(server, USER, 'PUT', `/deliveries/processCardPayment/za/${quote.deliveryId}`, { id: accepted!.searchParams.get('id'), resourcePath: accepted!.searchParams.get('resourcePath') });
    expect(paid.body.paymentStatusId).toBe(PAYMENT_STATUS.PAID);
    expect(paid.body.waybill).toMatch(/^WB\d{8}$/);
    // Processing the same return again changes nothing.
    const again = await call(server, USER, 'PUT', `/deliveries/processCardPayment/za/${quote.deliveryId}`, { id: second.checkoutId });
    expect(again.body.paymentStatusId).toBe(PAYMENT_STATUS.PAID);
    const [ledger] = await server.database.db.select({ value: count() }).from(ledgerTransactions).where(eq(ledgerTransactions.deliveryId, quote.deliveryId));
    expect(ledger!.value).toBe(1);

    const cards = await call(server, USER, 'GET', `/paymentcards?accountId=${accountId}`);
    expect(cards.body).toEqual([expect.objectContaining({ lastFourDigits: '0000', expiryMonth: 12, expiryYear: 2099, expired: false, paymentBrand: 'VISA' })]);
  });

  it('1,000 duplicated concurrent saved-card payments → one provider charge, one ledger transaction', async () => {
    const quote = await readyToPay();
    const [card] = (await call(server, USER, 'GET', `/paymentcards?accountId=${accountId}`)).body;
    const chargesBefore = server.sandbox.state.charges;
    const token = await server.tokenFor(USER);
    const answers = await Promise.all(Array.from({ length: 1000 }, () =>
      fetchRetryingResets(`${server.url}/connect/deliveries/payBySavedCard/za/${quote.deliveryId}`, {
        method: 'PUT', headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': 'saved-card-dup-1', 'Content-Type': 'application/json' },
        body: JSON.stringify({ paymentCardId: card.id }),
      }).then(async (response) => ({ status: response.status, body: await response.json() }))));
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200]));
    expect(answers.every((answer) => answer.body.paymentStatusId === PAYMENT_STATUS.PAID)).toBe(true);
    expect(server.sandbox.state.charges - chargesBefore).toBe(1);
    const db = server.database.db;
    const transactions = await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.deliveryId, quote.deliveryId));
    expect(transactions).toHaveLength(1);
    const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, transactions[0]!.id));
    expect(entries.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(0);
  });

  it('a confirmation lost between the provider and us is settled once by reconciliation', async () => {
    const quote = await readyToPay();
    const started = await checkout(quote.deliveryId, 'checkout-lost-001');
    server.sandbox.state.dropRedirects = 1;
    expect(await submitCard(started.checkoutId, SANDBOX_CARDS.success, started.returnUrl)).toBeUndefined();
    const before = await call(server, USER, 'GET', `/deliveries/getquotes/za/${quote.deliveryId}`);
    expect(before.body.paymentStatusId).toBe(PAYMENT_STATUS.PAYMENT_PENDING);
    const provider = new PaymentProviderClient(server.sandbox.url, 'sandbox-token', 'sandbox-entity');
    const first = await reconcilePendingPayments(server.database.db, provider, 0);
    expect(first.settled).toBe(1);
    expect((await reconcilePendingPayments(server.database.db, provider, 0)).settled).toBe(0);
    const after = await call(server, USER, 'GET', `/deliveries/getquotes/za/${quote.deliveryId}`);
    expect(after.body.paymentStatusId).toBe(PAYMENT_STATUS.PAID);
    const [ledger] = await server.database.db.select({ value: count() }).from(ledgerTransactions).where(eq(ledgerTransactions.deliveryId, quote.deliveryId));
    expect(ledger!.value).toBe(1);
    const [payment] = await server.database.db.select().from(payments).where(eq(payments.checkoutId, started.checkoutId));
    expect(payment!.status).toBe('succeeded');
  });

  it('expired cards cannot pay; a Prepay account with a total due cannot post-pay', async () => {
    const quote = await readyToPay();
    const [owner] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, USER));
    const [expired] = await server.database.db.insert(paymentCards).values({
      accountId, userId: owner!.id, registrationId: 'expired-reg', paymentBrand: 'VISA', paymentType: 'DB', holder: 'Tumi', lastFourDigits: '1111', expiryMonth: 1, expiryYear: 2020,
    }).returning();
    const listed = await call(server, USER, 'GET', `/paymentcards?accountId=${accountId}`);
    expect(listed.body.find((card: { id: number }) => card.id === expired!.id).expired).toBe(true);
    const refused = await call(server, USER, 'PUT', `/deliveries/payBySavedCard/za/${quote.deliveryId}`, { paymentCardId: expired!.id }, { 'Idempotency-Key': 'expired-card-01' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(BOOKING_RULE_TEXTS.cardExpired);
    const postPay = await call(server, USER, 'PUT', `/deliveries/payByBalance/za/${quote.deliveryId}`, undefined, { 'Idempotency-Key': 'prepay-post-01' });
    expect(postPay.status).toBe(422);
    expect(postPay.body.message).toBe(BOOKING_RULE_TEXTS.prepayCannotPostPay);
    const removed = await call(server, USER, 'DELETE', `/paymentcards/${expired!.id}`);
    expect(removed.status).toBe(204);
  });

  it('a prepaid balance that covers the total pays by balance (customer@demo.test)', async () => {
    const customer = 'customer@demo.test';
    const quote = await book(server, customer);
    const options = await call(server, customer, 'GET', '/accounts/za?select=true');
    const id = Number(options.body[0].key);
    const selected = await call(server, customer, 'PUT', `/deliveries/selectaccount/za/${quote.deliveryId}`, { accountId: id });
    expect(selected.body.paymentCreditApplied).toBe(selected.body.paymentTotal);
    expect(selected.body.paymentTotalDue).toBe(0);
    const paid = await call(server, customer, 'PUT', `/deliveries/payByBalance/za/${quote.deliveryId}`, undefined, { 'Idempotency-Key': 'prepaid-0000001' });
    expect(paid.body.paymentStatusId).toBe(PAYMENT_STATUS.PAID);
    const account = await call(server, customer, 'GET', `/accounts/za/${id}`);
    expect(account.body.balance).toBe(100_000 - selected.body.paymentTotal);
  });
});
