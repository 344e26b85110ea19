import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, ledgerTransactions, payments } from '../../server/db/schema';
import { PAYMENT_STATUS } from '../../src/lib/statuses';
import { book, fetchRetryingResets } from './booking-helpers';
import { dataOf, inZa, startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const company = () => server.as('company.user').connect;

async function companyAccount(): Promise<number> {
  const options = await dataOf(company().GET('/accounts/{cca2}', { params: { path: ZA, query: { select: true } } }));
  return Number((options as { key: string; value: string }[]).find((option) => option.value === 'Acme Retail')!.key);
}
const selectAccount = (deliveryId: number, accountId: number) =>
  company().PUT('/deliveries/selectaccount/{cca2}/{id}', { params: inZa(deliveryId), body: { accountId } });
const payByBalance = (deliveryId: number, key?: string) =>
  company().PUT('/deliveries/payByBalance/{cca2}/{id}', { params: { ...inZa(deliveryId), header: key === undefined ? undefined : { 'Idempotency-Key': key } } });

async function ledgerFor(deliveryId: number) {
  const db = server.database.db;
  const transactions = await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.deliveryId, deliveryId));
  const entries = transactions.length ? await db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, transactions[0]!.id)) : [];
  return { transactions, entries };
}

describe('idempotent payments', () => {
  it('1,000 duplicated concurrent payByBalance requests → one payment, one ledger transaction, all the same answer', async () => {
    const quote = await book(server.as('company.user').connect);
    const accountId = await companyAccount();
    const selected = await selectAccount(quote.deliveryId, accountId);
    expect(selected.response.status).toBe(200);
    const total = selected.data!.paymentTotal;
    const key = 'dup-key-0001-balance';
    // 1,000 requests at once, each resent if the socket was reset: a plain fetch with one token.
    const token = await server.as('company.user').token();
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
    const account = await dataOf(company().GET('/accounts/{cca2}/{id}', { params: inZa(accountId) }));
    expect(account.balance).toBe(-total);
  }, 180_000); // 1,000 HTTP requests: minutes on a loaded 2-core machine

  it('a second, different key on a paid delivery is refused (409) and charges nothing', async () => {
    const quote = await book(server.as('company.user').connect);
    await selectAccount(quote.deliveryId, await companyAccount());
    const first = await payByBalance(quote.deliveryId, 'key-a-00000001');
    expect(first.response.status).toBe(200);
    const second = await payByBalance(quote.deliveryId, 'key-b-00000002');
    expect(second.response.status).toBe(409);
    expect(second.error?.message).toBe('This delivery is already paid.');
    expect((await ledgerFor(quote.deliveryId)).transactions).toHaveLength(1);
  });

  it('the same key for another delivery → 422; no key → 400', async () => {
    const quote = await book(server.as('company.user').connect);
    const reused = await payByBalance(quote.deliveryId, 'key-a-00000001');
    expect(reused.response.status).toBe(422);
    const missing = await payByBalance(quote.deliveryId);
    expect(missing.response.status).toBe(400);
  });
});
