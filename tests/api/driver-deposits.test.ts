// Issue 20: the deposit modal's calls — a driver's cash deposit of cash-on-delivery money, stored (idempotent by
// key) and shown; dispatchers record, a driver reads their own. Each deposit posts a Cash Debit and a Cash Credit
// to the ledger once (docs/decisions.md, "Driver deposits in the ledger").
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, ledgerEntries, ledgerTransactions } from '../../server/db/schema';
import { accountBalance } from '../../server/domain/ledger';
import type { SeededLogin } from '../support/seeded-users';
import { userIdOf } from './operations-support';
import { dataOf, startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const as = (login: SeededLogin) => server.as(login).connect;
const userId = (email: string) => userIdOf(server, email);
const deposit = { amountCents: 125_050, reference: 'FNB slip 00417', note: 'Morning round', depositedAt: '2026-11-26T09:30:00Z', idempotencyKey: 'deposit-test-0001' };
const record = (login: SeededLogin, driverId: number, body: typeof deposit) =>
  as(login).POST('/drivers/deposits/{cca2}/{driverId}', { params: { path: { ...ZA, driverId } }, body });
const list = (login: SeededLogin, driverId: number) => as(login).GET('/drivers/deposits/{cca2}/{driverId}', { params: { path: { ...ZA, driverId } } });

describe('driver deposits', () => {
  it('records a deposit in cents once per key and shows it with the total', async () => {
    const driverId = await userId('driver@demo.test');
    const first = await record('management', driverId, deposit);
    expect(first.response.status).toBe(201);
    expect(first.data).toMatchObject({ driverId, amountCents: 125_050, reference: 'FNB slip 00417', depositedAt: '2026-11-26T09:30:00.000Z' });
    const again = await record('management', driverId, { ...deposit, amountCents: 1 });
    expect(again.data!.id).toBe(first.data!.id);
    expect(again.data!.amountCents).toBe(125_050);
    const shown = await dataOf(list('driver', driverId));
    expect(shown).toMatchObject({ totalCents: 125_050, items: [expect.objectContaining({ id: first.data!.id })] });
  });

  it('bad input: no amount, a negative amount, a short key, a driver id that is not a number, a user who is not a driver', async () => {
    const driverId = await userId('driver@demo.test');
    expect((await record('management', driverId, { ...deposit, amountCents: 0, idempotencyKey: 'deposit-test-0002' })).response.status).toBe(400);
    expect((await record('management', driverId, { ...deposit, amountCents: -5, idempotencyKey: 'deposit-test-0003' })).response.status).toBe(400);
    expect((await record('management', driverId, { ...deposit, idempotencyKey: 'short' })).response.status).toBe(400);
    expect((await server.raw('management', 'GET', '/drivers/deposits/za/abc')).status).toBe(400);
    expect((await record('management', await userId('customer@demo.test'), { ...deposit, idempotencyKey: 'deposit-test-0004' })).response.status).toBe(404);
  });

  it('by role and scope: a driver reads only their own and records none; customers refused; anonymous 401', async () => {
    const driverId = await userId('driver@demo.test');
    expect((await list('driver2', driverId)).response.status).toBe(404);
    expect((await record('driver', driverId, { ...deposit, idempotencyKey: 'deposit-test-0005' })).response.status).toBe(403);
    expect((await list('customer', driverId)).response.status).toBe(403);
    expect((await server.raw(undefined, 'GET', `/drivers/deposits/za/${driverId}`)).status).toBe(401);
  });
});

describe('driver deposits in the ledger', () => {
  const db = () => server.database.db;
  const systemAccount = async (code: string) => (await db().select({ id: accounts.id }).from(accounts).where(eq(accounts.systemCode, code)))[0]?.id;
  const payableOf = async (driverId: number) => (await db().select({ id: accounts.id }).from(accounts)
    .where(and(eq(accounts.userId, driverId), eq(accounts.accountType, 'Payable'))))[0]?.id;
  const entriesOf = async (accountId: number | undefined) => (accountId === undefined ? 0 : -(await accountBalance(db(), accountId)));
  const cashTransactions = async (reference: string) => (await db().select({ type: ledgerTransactions.transactionType, description: ledgerTransactions.description })
    .from(ledgerTransactions)).filter((row) => row.description.includes(reference));

  it('posts a Cash Debit and a Cash Credit: the bank gains the cash, cash on delivery owes it to the merchants, the driver is square', async () => {
    const driverId = await userId('driver2@demo.test');
    // No deposit yet: no ledger account to name.
    expect(await dataOf(list('management', driverId))).toEqual({ items: [], totalCents: 0, accountId: null });
    const before = { bank: await entriesOf(await systemAccount('bank')), cod: await entriesOf(await systemAccount('cod')) };
    const body = { ...deposit, amountCents: 43_210, reference: 'Till slip 9981', idempotencyKey: 'deposit-ledger-0001' };
    const first = await record('management', driverId, body);
    expect(first.response.status).toBe(201);
    const bank = await systemAccount('bank');
    const cod = await systemAccount('cod');
    const driverAccount = await payableOf(driverId);
    expect(driverAccount).toBeDefined();
    // The deposits list names that account, so the postings can be opened in its statement.
    expect((await dataOf(list('management', driverId))).accountId).toBe(driverAccount);
    // Debit positive: the bank account's entries rise by the deposit, cash on delivery's fall by it.
    expect(await entriesOf(bank)).toBe(before.bank + 43_210);
    expect(await entriesOf(cod)).toBe(before.cod - 43_210);
    expect(await accountBalance(db(), driverAccount!)).toBe(0);
    const posted = await cashTransactions('Till slip 9981');
    expect(posted.map((row) => row.type).sort()).toEqual(['Cash Credit', 'Cash Debit']);
    // The driver's statement shows both, the cash handed in and the deposit.
    const lines = await db().select({ amount: ledgerEntries.amountCents }).from(ledgerEntries).where(eq(ledgerEntries.accountId, driverAccount!));
    expect(lines.map((line) => line.amount).sort((a, b) => a - b)).toEqual([-43_210, 43_210]);
    // A finance reader finds the deposit's two postings in the driver's statement by its description (the
    // deposits screen's "Ledger" link searches "deposit <id> (").
    const statement = await dataOf(as('management').GET('/accounts/{cca2}/{id}/transactions', {
      params: { path: { ...ZA, id: driverAccount! }, query: { search: `deposit ${first.data!.id} (` } },
    }));
    if (typeof statement === 'string') throw new Error('a statement, not a file, was expected');
    expect(statement.items.map((item) => item.transactionType).sort()).toEqual(['Cash Credit', 'Cash Debit']);

    // A replay of the same key, even with another amount, answers the first deposit and posts nothing more.
    const again = await record('management', driverId, { ...body, amountCents: 99 });
    expect(again.data!.id).toBe(first.data!.id);
    expect(await entriesOf(bank)).toBe(before.bank + 43_210);
    expect(await cashTransactions('Till slip 9981')).toHaveLength(2);

    // A second deposit uses the same driver account.
    await record('management', driverId, { ...body, amountCents: 1_000, reference: 'Till slip 9982', idempotencyKey: 'deposit-ledger-0002' });
    expect(await payableOf(driverId)).toBe(driverAccount);
    expect(await entriesOf(bank)).toBe(before.bank + 44_210);
  });

  it('a refused deposit posts nothing', async () => {
    const bank = await systemAccount('bank');
    const before = await entriesOf(bank);
    expect((await record('driver', await userId('driver@demo.test'), { ...deposit, idempotencyKey: 'deposit-ledger-0003' })).response.status).toBe(403);
    expect((await record('management', await userId('customer@demo.test'), { ...deposit, idempotencyKey: 'deposit-ledger-0004' })).response.status).toBe(404);
    expect(await entriesOf(bank)).toBe(before);
  });
});
