import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, ledgerTransactions, payments } from '../../server/db/schema';
import { PAYMENT_STATUS } from '../../src/lib/statuses';
import { book, call, fetchRetryingResets } from './booking-helpers';
import { startTestServer, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const COMPANY = 'company.user@demo.test';

async function companyAccount(): Promise<number> {
  const options = await call(server, COMPANY, 'GET', '/accounts/za?select=true');
  return Number(options.body.find((option: { value: string }) => option.value === 'Acme Retail').key);
}

async function ledgerFor(deliveryId: number) {
  const db = server.database.db;
  const transactions = await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.deliveryId, deliveryId));
  const entries = transactions.length ? await db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, transactions[0]!.id)) : [];
  return { transactions, entries };
}

describe('idempotent payments', () => {
  it('1,000 duplicated concurrent payByBalance requests → one payment, one ledger transaction, all the same answer', async () => {
    const quote = await book(server, COMPANY);
    const accountId = await companyAccount();
    const selected = await call(server, COMPANY, 'PUT', `/deliveries/selectaccount/za/${quote.deliveryId}`, { accountId });
    expect(selected.status).toBe(200);
    const total = selected.body.paymentTotal;
    const key = 'dup-key-0001-balance';
    const token = await server.tokenFor(COMPANY);
    const answers = await Promise.all(Array.from({ length: 1000 }, () =>
      fetchRetryingResets(`${server.url}/connect/deliveries/payByBalance/za/${quote.deliveryId}`, {
        method: 'PUT', headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': key },
      }).then(async (response) => ({ status: response.status, body: await response.json() }))));
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200]));
    expect(answers.every((answer) => answer.body.paymentStatusId === PAYMENT_STATUS.PAID)).toBe(true);
    const db = server.database.db;
    const [paymentCount] = await db.select({ value: count() }).from(payments).where(eq(payments.deliveryId, quote.deliveryId));
    expect(paymentCount!.value).toBe(1);
    const { transactions, entries } = await ledgerFor(quote.deliveryId);
    expect(transactions).toHaveLength(1);
    expect(entries.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(0);
    expect(entries.find((entry) => entry.accountId === accountId)?.amountCents).toBe(total);
    // The post-pay account now owes the total.
    const account = await call(server, COMPANY, 'GET', `/accounts/za/${accountId}`);
    expect(account.body.balance).toBe(-total);
  }, 180_000); // 1,000 HTTP requests: minutes on a loaded 2-core machine

  it('a second, different key on a paid delivery is refused (409) and charges nothing', async () => {
    const quote = await book(server, COMPANY);
    await call(server, COMPANY, 'PUT', `/deliveries/selectaccount/za/${quote.deliveryId}`, { accountId: await companyAccount() });
    const first = await call(server, COMPANY, 'PUT', `/deliveries/payByBalance/za/${quote.deliveryId}`, undefined, { 'Idempotency-Key': 'key-a-00000001' });
    expect(first.status).toBe(200);
    const second = await call(server, COMPANY, 'PUT', `/deliveries/payByBalance/za/${quote.deliveryId}`, undefined, { 'Idempotency-Key': 'key-b-00000002' });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('This delivery is already paid.');
    expect((await ledgerFor(quote.deliveryId)).transactions).toHaveLength(1);
  });

  it('the same key for another delivery → 422; no key → 400', async () => {
    const quote = await book(server, COMPANY);
    const reused = await call(server, COMPANY, 'PUT', `/deliveries/payByBalance/za/${quote.deliveryId}`, undefined, { 'Idempotency-Key': 'key-a-00000001' });
    expect(reused.status).toBe(422);
    const missing = await call(server, COMPANY, 'PUT', `/deliveries/payByBalance/za/${quote.deliveryId}`);
    expect(missing.status).toBe(400);
  });
});
