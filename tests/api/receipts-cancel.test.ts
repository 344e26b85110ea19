// Issue 21, items 6 and 7: the receipt of a paid delivery (a PDF, scoped to whoever may read the delivery) with what
// was charged to which method, and cancelquote with the dashboard that hides dead quotes unless asked.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, deliveryQuotes } from '../../server/db/schema';
import { SYSTEM_ACCOUNTS } from '../../server/db/seed-booking';
import { postTransaction, systemAccountId } from '../../server/domain/ledger';
import { SANDBOX_CARDS } from '../../server/payments/sandbox';
import { formatMoney } from '../../src/lib/money';
import { PAYMENT_STATUS } from '../../src/lib/statuses';
import type { SeededLogin } from '../support/seeded-users';
import { book, bookedAndPaid, bookedWithAccount } from './booking-helpers';
import { pdfText } from './pdf-text';
import { inZa, startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const customer = () => server.as('customer').connect;

/** The receipt as a caller gets it: status, content type and the raw bytes. */
async function receipt(login: SeededLogin | undefined, id: number | string) {
  const token = login && await server.as(login).token();
  const response = await fetch(`${server.url}/connect/deliveries/receipt/za/${id}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  return { status: response.status, type: response.headers.get('content-type') ?? '', disposition: response.headers.get('content-disposition') ?? '', bytes: Buffer.from(await response.arrayBuffer()) };
}

const money = (cents: number) => formatMoney(cents, { currency: 'ZAR', decimals: 2 });

describe('the receipt of a paid delivery (GET /deliveries/receipt)', () => {
  it('is a PDF with the delivery number, the date and the amount paid per method in the portal currency', async () => {
    const { deliveryId, selected, paid } = await bookedAndPaid(customer());
    expect(paid.paymentStatusId).toBe(PAYMENT_STATUS.PAID);
    // The customer's prepaid balance paid it all: the quote response says so, though it hides quote prices.
    expect(paid.amountsPaid).toEqual([{ method: 'account', amount: selected.paymentTotal }]);
    const answer = await receipt('customer', deliveryId);
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/pdf');
    expect(answer.disposition).toBe(`attachment; filename="Receipt-${paid.waybill}.pdf"`);
    expect(answer.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(answer.bytes.subarray(-6).toString('latin1')).toContain('%%EOF');
    // A label and its value are one line on the page (pdfkit writes them as two text runs).
    const text = pdfText(answer.bytes).replace(/: \n/g, ': ');
    expect(text).toContain(`Receipt ${paid.waybill}`);
    expect(text).toContain(`#${deliveryId}`);
    expect(text).toMatch(/Date paid: \d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
    expect(text).toContain(`Account: ${money(selected.paymentTotal)}`);
    expect(text).toContain(`Total paid: ${money(selected.paymentTotal)}`);
    // The dashboard lists the same amount.
    const mine = await customer().GET('/deliveries/{cca2}/mine', { params: { path: ZA, query: { pageSize: 100 } } });
    expect(mine.data!.items.find((row) => row.id === deliveryId)?.totalPaidCents).toBe(selected.paymentTotal);
  });

  it('a card payment that also spends the balance: the account and the card amounts, on the quote and the receipt', async () => {
    const user = server.as('twofactor').connect;
    const { deliveryId, accountId } = await bookedWithAccount(user);
    // A Prepay balance of R 20,00 (a deposit from the platform's funding account), less than the total.
    const { db } = server.database;
    const [account] = await db.select({ portalId: accounts.portalId }).from(accounts).where(eq(accounts.id, accountId));
    const funding = await systemAccountId(db, account!.portalId, SYSTEM_ACCOUNTS.funding);
    await postTransaction(db, { portalId: account!.portalId, transactionType: 'Deposit', description: 'Test deposit', entries: [{ accountId: funding, amountCents: 2000 }, { accountId, amountCents: -2000 }] });
    const quote = (await user.GET('/deliveries/getquotes/{cca2}/{id}', { params: inZa(deliveryId) })).data!;
    expect([quote.paymentCreditApplied, quote.paymentTotalDue]).toEqual([2000, quote.paymentTotal - 2000]);
    const checkout = (await user.PUT('/deliveries/paymentCheckout/{cca2}/{id}', {
      params: { ...inZa(deliveryId), header: { 'Idempotency-Key': `split-${deliveryId}` } }, body: { saveCard: false, returnUrl: '/paymentcallback' },
    })).data!;
    const form = new URLSearchParams({ shopperResultUrl: new URL(checkout.returnUrl!, server.url).toString(), paymentBrand: 'VISA', 'card.holder': 'Tumi Two-Factor',
      'card.number': SANDBOX_CARDS.success, 'card.expiryMonth': '12', 'card.expiryYear': '2099', 'card.cvv': '123' });
    const html = await (await fetch(`${server.sandbox.url}/v1/checkouts/${checkout.checkoutId}/pay`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form })).text();
    const redirect = new URL(/window\.top\.location\.href = "([^"]+)"/.exec(html)![1]!);
    const paid = (await user.PUT('/deliveries/processCardPayment/{cca2}/{id}', {
      params: inZa(deliveryId), body: { id: redirect.searchParams.get('id')!, resourcePath: redirect.searchParams.get('resourcePath')! },
    })).data!;
    expect(paid.paymentStatusId).toBe(PAYMENT_STATUS.PAID);
    expect(paid.amountsPaid).toEqual([{ method: 'account', amount: 2000 }, { method: 'card', amount: quote.paymentTotal - 2000 }]);
    const text = pdfText((await receipt('twofactor', deliveryId)).bytes).replace(/: \n/g, ': ');
    expect(text).toContain(`Account: ${money(2000)}`);
    expect(text).toContain(`Card: ${money(quote.paymentTotal - 2000)}`);
    expect(text).toContain(`Total paid: ${money(quote.paymentTotal)}`);
  });

  it('an unpaid delivery has none (404); another user gets 404; no token 401; a bad id 400', async () => {
    const unpaid = await book(customer(), { until: 'select' });
    expect((await receipt('customer', unpaid.deliveryId)).status).toBe(404);
    const { deliveryId } = await bookedAndPaid(customer());
    expect((await receipt('twofactor', deliveryId)).status).toBe(404);
    expect((await receipt('company.user', deliveryId)).status).toBe(404);
    expect((await receipt(undefined, deliveryId)).status).toBe(401);
    expect((await receipt('customer', 'abc')).status).toBe(400);
    // Staff may read any delivery of the portal, so its receipt too.
    expect((await receipt('administrator', deliveryId)).status).toBe(200);
  });
});

describe('cancelquote (001 section 7) and the dashboard without dead quotes', () => {
  const cancel = (login: SeededLogin, id: number | string, body: unknown) => server.raw(login, 'PUT', `/deliveries/cancelquote/za/${id}`, body);
  const mine = async (showExpired?: boolean) => (await customer().GET('/deliveries/{cca2}/mine', {
    params: { path: ZA, query: { pageSize: 100, ...(showExpired !== undefined && { showExpired }) } },
  })).data!.items;

  it('cancels the caller\'s unpaid quote; a repeat changes nothing; the dashboard hides it unless asked', async () => {
    const quote = await book(customer(), { until: 'select' });
    expect((await mine()).some((row) => row.id === quote.deliveryId)).toBe(true);
    const cancelled = await cancel('customer', quote.deliveryId, { xmin: quote.xmin });
    expect(cancelled.status).toBe(200);
    expect([cancelled.body.paymentStatusId, cancelled.body.logisticStatusId]).toEqual([PAYMENT_STATUS.QUOTE_CANCELLED, -1]);
    const again = await cancel('customer', quote.deliveryId, {});
    expect(again.status).toBe(200);
    expect(again.body.paymentStatusId).toBe(PAYMENT_STATUS.QUOTE_CANCELLED);
    expect((await mine()).some((row) => row.id === quote.deliveryId)).toBe(false);
    expect((await mine(true)).find((row) => row.id === quote.deliveryId)?.quoteExpired).toBe(true);
  });

  it('refuses bad input (400) and a stale version (409)', async () => {
    const quote = await book(customer(), { until: 'create' });
    expect((await cancel('customer', quote.deliveryId, { xmin: 5 })).status).toBe(400);
    const unknown = await cancel('customer', quote.deliveryId, { reason: 'x' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.reason).toEqual(['reason is not an allowed field']);
    expect((await cancel('customer', 'abc', {})).status).toBe(400);
    expect((await cancel('customer', 0, {})).status).toBe(400);
    const selected = await customer().PUT('/deliveries/updateparcel/{cca2}/{id}', { params: inZa(quote.deliveryId), body: { deliveryItems: [{ name: 'small', parcelType: 1, length: 30, width: 20, height: 15, weight: 2, isFragile: false }] } });
    expect(selected.response.status).toBe(200);
    expect((await cancel('customer', quote.deliveryId, { xmin: quote.xmin })).status).toBe(409);
  });

  it("another user's quote is 404 and stays as it was; no token 401", async () => {
    const quote = await book(customer(), { until: 'select' });
    expect((await cancel('twofactor', quote.deliveryId, {})).status).toBe(404);
    expect((await cancel('company.user', quote.deliveryId, {})).status).toBe(404);
    expect((await server.raw(undefined, 'PUT', `/deliveries/cancelquote/za/${quote.deliveryId}`, {})).status).toBe(401);
    const still = await customer().GET('/deliveries/getquotes/{cca2}/{id}', { params: inZa(quote.deliveryId) });
    expect(still.data!.paymentStatusId).toBe(quote.paymentStatusId);
  });

  it('a paid delivery is not a quote: 422, still paid', async () => {
    const { deliveryId } = await bookedAndPaid(customer());
    const refused = await cancel('customer', deliveryId, {});
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('A paid delivery cannot be cancelled as a quote.');
    const still = await customer().GET('/deliveries/getquotes/{cca2}/{id}', { params: inZa(deliveryId) });
    expect(still.data!.paymentStatusId).toBe(PAYMENT_STATUS.PAID);
    expect((await mine()).some((row) => row.id === deliveryId)).toBe(true);
  });

  it('hides a quote whose options all expired (never opened since) unless showExpired', async () => {
    const quote = await book(customer(), { until: 'select' });
    await server.database.db.update(deliveryQuotes).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(deliveryQuotes.deliveryId, quote.deliveryId));
    expect((await mine()).some((row) => row.id === quote.deliveryId)).toBe(false);
    const shown = (await mine(true)).find((row) => row.id === quote.deliveryId);
    expect(shown?.quoteExpired).toBe(true);
    // A live quote is listed, not expired.
    const live = await book(customer(), { until: 'select' });
    expect((await mine()).find((row) => row.id === live.deliveryId)?.quoteExpired).toBe(false);
  });
});
