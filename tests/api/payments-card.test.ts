import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, ledgerEntries, ledgerTransactions, paymentCards, payments, users } from '../../server/db/schema';
import { reconcilePendingPayments } from '../../server/domain/payments';
import { classifyResult, PaymentProviderClient, resultKindOf } from '../../server/payments/provider-client';
import { SANDBOX_CARDS } from '../../server/payments/sandbox';
import { BOOKING_RULE_TEXTS } from '../../src/lib/booking-rules';
import { BOOKING_TEXTS } from '../../src/lib/error-catalogue';
import { PAYMENT_STATUS } from '../../src/lib/statuses';
import { book, bookedWithAccount, fetchRetryingResets } from './booking-helpers';
import { inZa, startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

/** A normal user with no balance: gets a personal Prepay account of 0, so a card pays the whole total. */
const USER = 'twofactor@demo.test';
const user = () => server.as('twofactor').connect;
let accountId = 0;

async function readyToPay() {
  const ready = await bookedWithAccount(user());
  accountId = ready.accountId;
  expect(ready.selected.paymentTotalDue).toBe(ready.selected.paymentTotal);
  return ready.selected;
}

/** processCardPayment with what the provider's redirect carried (or a checkout id alone). */
const processCardPayment = (deliveryId: number, result: { id: string; resourcePath?: string }) =>
  user().PUT('/deliveries/processCardPayment/{cca2}/{id}', { params: inZa(deliveryId), body: result });
/** The id and resourcePath of the provider's redirect, as the return page sends them on. */
const resultOf = (redirect: URL | undefined) => ({ id: redirect!.searchParams.get('id')!, resourcePath: redirect!.searchParams.get('resourcePath')! });
const savedCards = async () => (await user().GET('/paymentcards', { params: { query: { accountId } } })).data!;
const getQuote = async (deliveryId: number) => (await user().GET('/deliveries/getquotes/{cca2}/{id}', { params: inZa(deliveryId) })).data!;

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
  const answer = await user().PUT('/deliveries/paymentCheckout/{cca2}/{id}', {
    params: { ...inZa(deliveryId), header: { 'Idempotency-Key': key } }, body: { saveCard, returnUrl: '/paymentcallback' },
  });
  expect(answer.response.status).toBe(200);
  return { ...answer.data!, returnUrl: answer.data!.returnUrl! };
}

describe('new card through the provider widget', () => {
  it("the return address carries deliveryid once, beside the wizard's path and query (001 section 2)", async () => {
    const quote = await readyToPay();
    const sent = `/paymentcallback?deliveryid=${quote.deliveryId}&path=%2Fdeliveries%2Fadd&query=%3Fstep%3D6`;
    const answer = await user().PUT('/deliveries/paymentCheckout/{cca2}/{id}', {
      params: { ...inZa(quote.deliveryId), header: { 'Idempotency-Key': 'checkout-return-1' } }, body: { saveCard: false, returnUrl: sent },
    });
    expect(answer.response.status).toBe(200);
    const returned = new URL(answer.data!.returnUrl!, server.url);
    expect(returned.pathname).toBe('/paymentcallback');
    expect(returned.searchParams.getAll('deliveryid')).toEqual([String(quote.deliveryId)]);
    expect(returned.searchParams.get('path')).toBe('/deliveries/add');
    expect(returned.searchParams.get('query')).toBe('?step=6');
  });

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
    const failed = await processCardPayment(quote.deliveryId, resultOf(declined));
    expect(failed.response.status).toBe(200);
    expect(failed.data!.paymentStatusId).toBe(PAYMENT_STATUS.PAYMENT_FAILED);
    expect(BOOKING_TEXTS.paymentFailed(failed.data!.paymentPeachPaymentFailureDescription!)).toBe("Payment failed because 'transaction declined (invalid card)'. Please try again.");

    const second = await checkout(quote.deliveryId, 'checkout-0000002', true);
    const accepted = await submitCard(second.checkoutId, SANDBOX_CARDS.success, second.returnUrl);
    const paid = await processCardPayment(quote.deliveryId, resultOf(accepted));
    expect(paid.data!.paymentStatusId).toBe(PAYMENT_STATUS.PAID);
    expect(paid.data!.waybill).toMatch(/^WB\d{8}$/);
    // Processing the same return again changes nothing.
    const again = await processCardPayment(quote.deliveryId, { id: second.checkoutId });
    expect(again.data!.paymentStatusId).toBe(PAYMENT_STATUS.PAID);
    const [ledger] = await server.database.db.select({ value: count() }).from(ledgerTransactions).where(eq(ledgerTransactions.deliveryId, quote.deliveryId));
    expect(ledger!.value).toBe(1);

    expect(await savedCards()).toEqual([expect.objectContaining({ lastFourDigits: '0000', expiryMonth: 12, expiryYear: 2099, expired: false, paymentBrand: 'VISA' })]);
  });

  it('a delivery with no account paid twice by card (a checkout left open in another tab): the second payment is held in suspense, the ledger still balances', async () => {
    const quote = await book(user());
    const left = await checkout(quote.deliveryId, 'no-account-chk-1');
    const taken = await checkout(quote.deliveryId, 'no-account-chk-2');
    const paid = await processCardPayment(quote.deliveryId, resultOf(await submitCard(taken.checkoutId, SANDBOX_CARDS.success, taken.returnUrl)));
    expect(paid.data!.paymentStatusId).toBe(PAYMENT_STATUS.PAID);
    const late = await processCardPayment(quote.deliveryId, resultOf(await submitCard(left.checkoutId, SANDBOX_CARDS.success, left.returnUrl)));
    expect(late.data!.paymentStatusId).toBe(PAYMENT_STATUS.PAID);

    const db = server.database.db;
    const transactions = await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.deliveryId, quote.deliveryId));
    expect(transactions.map((transaction) => transaction.transactionType).sort()).toEqual(['Credit', 'Invoice']);
    const credit = transactions.find((transaction) => transaction.transactionType === 'Credit')!;
    expect(credit.description).toBe(`Overpayment of delivery ${quote.deliveryId} held in suspense: the delivery has no account to credit`);
    const entries = await db.select({ amountCents: ledgerEntries.amountCents, systemCode: accounts.systemCode }).from(ledgerEntries)
      .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId)).where(eq(ledgerEntries.transactionId, credit.id));
    const totalCents = paid.data!.paymentTotal;
    expect(entries.sort((a, b) => a.amountCents - b.amountCents)).toEqual([
      { amountCents: -totalCents, systemCode: 'suspense' }, { amountCents: totalCents, systemCode: 'card_clearing' },
    ]);
    // Run again, the late confirmation changes nothing.
    await processCardPayment(quote.deliveryId, { id: left.checkoutId });
    expect(await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.deliveryId, quote.deliveryId))).toHaveLength(2);
  });

  it('1,000 duplicated concurrent saved-card payments → one provider charge, one ledger transaction', async () => {
    const quote = await readyToPay();
    const [card] = await savedCards();
    const chargesBefore = server.sandbox.state.charges;
    const token = await server.tokenFor(USER);
    const answers = await Promise.all(Array.from({ length: 1000 }, () =>
      fetchRetryingResets(`${server.url}/connect/deliveries/payBySavedCard/za/${quote.deliveryId}`, {
        method: 'PUT', headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': 'saved-card-dup-1', 'Content-Type': 'application/json' },
        body: JSON.stringify({ paymentCardId: card!.id }),
      }).then(async (response) => ({ status: response.status, body: await response.json() }))));
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200]));
    expect(answers.every((answer) => answer.body.paymentStatusId === PAYMENT_STATUS.PAID)).toBe(true);
    expect(server.sandbox.state.charges - chargesBefore).toBe(1);
    const db = server.database.db;
    const transactions = await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.deliveryId, quote.deliveryId));
    expect(transactions).toHaveLength(1);
    const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, transactions[0]!.id));
    expect(entries.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(0);
  }, 180_000); // 1,000 HTTP requests: minutes on a loaded 2-core machine

  it('a confirmation lost between the provider and us is settled once by reconciliation', async () => {
    const quote = await readyToPay();
    const started = await checkout(quote.deliveryId, 'checkout-lost-001');
    server.sandbox.state.dropRedirects = 1;
    expect(await submitCard(started.checkoutId, SANDBOX_CARDS.success, started.returnUrl)).toBeUndefined();
    const before = await getQuote(quote.deliveryId);
    expect(before.paymentStatusId).toBe(PAYMENT_STATUS.PAYMENT_PENDING);
    const provider = new PaymentProviderClient(server.sandbox.url, 'sandbox-token', 'sandbox-entity');
    const first = await reconcilePendingPayments(server.database.db, provider, 0);
    expect(first.settled).toBe(1);
    expect((await reconcilePendingPayments(server.database.db, provider, 0)).settled).toBe(0);
    const after = await getQuote(quote.deliveryId);
    expect(after.paymentStatusId).toBe(PAYMENT_STATUS.PAID);
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
    const listed = await savedCards();
    expect(listed.find((card) => card.id === expired!.id)!.expired).toBe(true);
    const refused = await user().PUT('/deliveries/payBySavedCard/{cca2}/{id}', {
      params: { ...inZa(quote.deliveryId), header: { 'Idempotency-Key': 'expired-card-01' } }, body: { paymentCardId: expired!.id },
    });
    expect(refused.response.status).toBe(422);
    expect(refused.error!.message).toBe(BOOKING_RULE_TEXTS.cardExpired);
    const postPay = await user().PUT('/deliveries/payByBalance/{cca2}/{id}', { params: { ...inZa(quote.deliveryId), header: { 'Idempotency-Key': 'prepay-post-01' } } });
    expect(postPay.response.status).toBe(422);
    expect(postPay.error!.message).toBe(BOOKING_RULE_TEXTS.prepayCannotPostPay);
    const removed = await user().DELETE('/paymentcards/{id}', { params: { path: { id: expired!.id } } });
    expect(removed.response.status).toBe(204);
  });

  it('a prepaid balance that covers the total pays by balance (customer@demo.test)', async () => {
    const customer = server.as('customer').connect;
    const quote = await book(customer);
    const options = await customer.GET('/accounts/{cca2}', { params: { path: ZA, query: { select: true } } });
    const id = Number((options.data as { key: string }[])[0]!.key);
    const selected = (await customer.PUT('/deliveries/selectaccount/{cca2}/{id}', { params: inZa(quote.deliveryId), body: { accountId: id } })).data!;
    expect(selected.paymentCreditApplied).toBe(selected.paymentTotal);
    expect(selected.paymentTotalDue).toBe(0);
    const paid = await customer.PUT('/deliveries/payByBalance/{cca2}/{id}', { params: { ...inZa(quote.deliveryId), header: { 'Idempotency-Key': 'prepaid-0000001' } } });
    expect(paid.data!.paymentStatusId).toBe(PAYMENT_STATUS.PAID);
    const account = await customer.GET('/accounts/{cca2}/{id}', { params: inZa(id) });
    expect(account.data!.balance).toBe(100_000 - selected.paymentTotal);
  });
});

describe('the provider shape (COPYandPAY) and its result codes', () => {
  it('classifies result codes with the provider documented patterns', () => {
    const cases: [string, string, string][] = [
      ['000.000.000', 'success', 'success'], ['000.100.110', 'success', 'success'], ['000.300.000', 'success', 'success'], ['000.400.110', 'success', 'success'],
      ['000.400.000', 'successReview', 'success'], ['000.400.100', 'successReview', 'success'],
      ['000.200.000', 'pending', 'pending'], ['000.200.100', 'pending', 'pending'], ['800.400.500', 'pendingLong', 'pending'], ['100.400.500', 'pendingLong', 'pending'],
      ['000.400.101', 'rejected3DSecure', 'rejected'], ['000.400.200', 'rejected3DSecure', 'rejected'],
      ['800.100.151', 'rejectedBank', 'rejected'], ['800.800.202', 'rejectedBank', 'rejected'],
      ['900.100.300', 'rejectedCommunication', 'rejected'], ['000.400.030', 'rejectedCommunication', 'rejected'],
      ['800.500.100', 'rejectedSystem', 'rejected'], ['999.999.999', 'rejectedSystem', 'rejected'], ['600.100.100', 'rejectedSystem', 'rejected'],
      ['200.300.404', 'rejectedValidation', 'rejected'], ['100.300.101', 'rejectedValidation', 'rejected'], ['800.900.100', 'rejectedValidation', 'rejected'],
      ['300.100.100', 'softDecline', 'rejected'], ['100.100.303', 'rejected', 'rejected'], ['100.380.401', 'rejected', 'rejected'],
    ];
    for (const [code, kind, outcome] of cases) {
      expect([code, resultKindOf(code)]).toEqual([code, kind]);
      expect([code, classifyResult(code)]).toEqual([code, outcome]);
    }
  });

  it('the sandbox takes form-encoded checkouts with a Bearer token and an amount with a dot and 2 decimals', async () => {
    const post = (body: string, headers: Record<string, string>) => fetch(`${server.sandbox.url}/v1/checkouts`, { method: 'POST', headers, body });
    const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
    expect((await post('entityId=e&amount=92.00&currency=ZAR&paymentType=DB', form)).status).toBe(401);
    const ok = await post('entityId=e&amount=92.00&currency=ZAR&paymentType=DB', { ...form, Authorization: 'Bearer t' });
    expect(await ok.json()).toMatchObject({ result: { code: '000.200.100' }, id: expect.any(String) });
    expect((await post('entityId=e&amount=92&currency=ZAR&paymentType=DB', { ...form, Authorization: 'Bearer t' })).status).toBe(400);
    expect((await post(JSON.stringify({ entityId: 'e', amount: '92.00', currency: 'ZAR' }), { 'Content-Type': 'application/json', Authorization: 'Bearer t' })).status).toBe(400);
  });

  it("Peach's test cards: Visa 4200000000000091 and Mastercard 5200000000000007 pay; 4200000000000109 (3-D Secure attempt) pays with a review code", async () => {
    for (const [number, code] of [[SANDBOX_CARDS.peachVisa, '000.100.110'], [SANDBOX_CARDS.peachMaster, '000.100.110'], [SANDBOX_CARDS.peachThreeDSecureAttempt, '000.400.000']] as const) {
      const quote = await readyToPay();
      const started = await checkout(quote.deliveryId, `peach-${number}`);
      const back = await submitCard(started.checkoutId, number, started.returnUrl);
      const paid = await processCardPayment(quote.deliveryId, resultOf(back));
      expect([number, paid.data!.paymentStatusId]).toEqual([number, PAYMENT_STATUS.PAID]);
      const [payment] = await server.database.db.select().from(payments).where(eq(payments.checkoutId, started.checkoutId));
      expect(payment).toMatchObject({ status: 'succeeded', resultCode: code });
    }
  });

  it('a provider record whose amount differs from what was sent is never taken as payment', async () => {
    const quote = await readyToPay();
    const started = await checkout(quote.deliveryId, 'checkout-tamper-01');
    const back = await submitCard(started.checkoutId, SANDBOX_CARDS.success, started.returnUrl);
    server.sandbox.state.checkouts.get(started.checkoutId)!.payment!.amount = '1.00';
    const answer = await processCardPayment(quote.deliveryId, resultOf(back));
    expect(answer.data!.paymentStatusId).toBe(PAYMENT_STATUS.PAYMENT_FAILED);
    expect(answer.data!.paymentPeachPaymentFailureDescription).toBe(`the provider reported ZAR 1.00 instead of ZAR ${(quote.paymentTotalDue / 100).toFixed(2)}`);
    const [ledger] = await server.database.db.select({ value: count() }).from(ledgerTransactions).where(eq(ledgerTransactions.deliveryId, quote.deliveryId));
    expect(ledger!.value).toBe(0);
  });

  it('reconciliation leaves an unpaid checkout open (no payment at the provider yet)', async () => {
    const quote = await readyToPay();
    const started = await checkout(quote.deliveryId, 'checkout-unpaid-01');
    const provider = new PaymentProviderClient(server.sandbox.url, 'sandbox-token', 'sandbox-entity');
    await reconcilePendingPayments(server.database.db, provider, 0);
    const [payment] = await server.database.db.select().from(payments).where(eq(payments.checkoutId, started.checkoutId));
    expect(payment!.status).toBe('pending');
    expect((await getQuote(quote.deliveryId)).paymentStatusId).toBe(PAYMENT_STATUS.PAYMENT_PENDING);
  });
});
