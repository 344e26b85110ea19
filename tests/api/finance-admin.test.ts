// The finance back office (issue 15): accounts with credit limits, bank accounts, withdrawals and advances, funds
// received and their allocation. Each operation by role and scope, bad input naming its field, every money command
// idempotent, and the ledger balanced after each.
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, companies, ledgerEntries, users } from '../../server/db/schema';
import { accountBalance } from '../../server/domain/ledger';
import type { SeededLogin } from '../support/seeded-users';
import { bookedWithAccount } from './booking-helpers';
import { bearer, dataOf, fieldErrors, pageOf, startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const as = (login: SeededLogin) => server.as(login).connect;
const key = () => `test-${randomUUID()}`;
const idOf = async (table: typeof companies | typeof users, where: ReturnType<typeof eq>) => (await server.database.db.select({ id: table.id }).from(table).where(where))[0]!.id;
const companyId = (name: string) => idOf(companies, eq(companies.companyName, name));
const userId = (email: string) => idOf(users, eq(users.email, email));

/** The ledger's invariant: all entries together sum to zero. */
async function ledgerSum() {
  const [row] = await server.database.db.select({ sum: sql<string | null>`sum(${ledgerEntries.amountCents})` }).from(ledgerEntries);
  return Number(row?.sum ?? 0);
}

async function newAccount(body: Record<string, unknown>) {
  return server.raw('administrator', 'POST', '/accounts/za/manage', { accountType: 'Prepay', ...body });
}

async function newBankAccount(login: SeededLogin, body: Record<string, unknown> = {}) {
  const response = await server.raw(login, 'POST', '/bankaccounts/za', {
    accountHolder: 'Holder', bankName: 'First Bank', branchCode: '250655', accountNumber: '62001234567', bankAccountType: 'Cheque', ...body,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: number; accountNumber: string; xmin: string };
}

describe('accounts: add and edit with a credit limit', () => {
  it('administrators add and edit; the credit limit is PostPay only; others may not', async () => {
    const acme = await companyId('Acme Retail');
    const created = await newAccount({ accountName: 'Acme Credit', accountType: 'PostPay', companyId: acme, creditLimit: 500_00 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ accountName: 'Acme Credit', accountType: 'PostPay', creditLimit: 500_00, balance: 0 });
    const id = created.body.id as number;
    const edited = await server.raw('management', 'PUT', `/accounts/za/manage/${id}`, { accountName: 'Acme Credit 2', creditLimit: 100_00, xmin: created.body.xmin });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ accountName: 'Acme Credit 2', creditLimit: 100_00 });
    // A stale version: 409 with the account as it is now.
    expect((await server.raw('administrator', 'PUT', `/accounts/za/manage/${id}`, { accountName: 'X', xmin: created.body.xmin })).status).toBe(409);

    expect((await newAccount({ accountName: 'P', accountType: 'Prepay', companyId: acme, creditLimit: 100 })).body.errors).toHaveProperty('creditLimit');
    expect((await newAccount({ accountName: 'P', companyId: acme, userId: await userId('customer@demo.test') })).body.errors).toHaveProperty('owner');
    expect((await newAccount({ accountName: 'P', companyId: 999_999 })).status).toBe(404);
    expect((await newAccount({ accountName: 'P', companyId: acme, creditLimit: -1 })).status).toBe(400);
    const badLimit = await newAccount({ accountName: 'P', accountType: 'PostPay', companyId: acme, creditLimit: 10.5 });
    expect([badLimit.status, JSON.stringify(badLimit.body)]).toEqual([400, expect.stringContaining('creditLimit')]);
    expect((await server.raw('company.admin', 'POST', '/accounts/za/manage', { accountName: 'Mine', accountType: 'Prepay', companyId: acme })).status).toBe(403);
    expect((await server.raw('staff', 'PUT', `/accounts/za/manage/${id}`, { accountName: 'X', xmin: '1' })).status).toBe(403);
    // Another company's account: not found to a company user.
    const blue = await newAccount({ accountName: 'Blue Prepay', companyId: await companyId('Blue Crane Foods') });
    expect((await server.raw('company.admin', 'GET', `/accounts/za/manage/${blue.body.id}`)).status).toBe(404);
    expect((await server.raw('company.admin', 'GET', `/accounts/za/manage/${id}`)).status).toBe(200);
  });

  it('paying by account: a PostPay account cannot go beyond its credit limit (422 naming it)', async () => {
    const { deliveryId, accountId } = await bookedWithAccount(as('company.admin'));
    const account = await server.raw('administrator', 'GET', `/accounts/za/manage/${accountId}`);
    expect(account.body.accountType).toBe('PostPay');
    const owed = Math.max(0, -(account.body.balance as number));
    await server.raw('administrator', 'PUT', `/accounts/za/manage/${accountId}`, { accountName: account.body.accountName, creditLimit: owed, xmin: account.body.xmin });
    const refused = await server.raw('company.admin', 'PUT', `/deliveries/payByBalance/za/${deliveryId}`, undefined, { 'Idempotency-Key': key() });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toContain(account.body.accountName);
    expect(await accountBalance(server.database.db, accountId)).toBe(account.body.balance);
    const now = await server.raw('administrator', 'GET', `/accounts/za/manage/${accountId}`);
    await server.raw('administrator', 'PUT', `/accounts/za/manage/${accountId}`, { accountName: now.body.accountName, creditLimit: null, xmin: now.body.xmin });
    expect((await server.raw('company.admin', 'PUT', `/deliveries/payByBalance/za/${deliveryId}`, undefined, { 'Idempotency-Key': key() })).status).toBe(200);
  });
});

describe('bank accounts', () => {
  it('a partner adds and sees only its own; numbers are masked except to administrators; others get 404', async () => {
    const own = await newBankAccount('partner', { accountHolder: 'Precious Partner' });
    expect(own.accountNumber).toBe('••••4567');
    const other = await newBankAccount('administrator', { companyId: await companyId('Blue Crane Foods'), accountNumber: '11112222' });
    expect(other.accountNumber).toBe('11112222');
    const items = pageOf(await dataOf(as('partner').GET('/bankaccounts/{cca2}', { params: { path: ZA, query: { pageSize: 500 } } }))).items;
    expect(items.map((row) => row.id)).toContain(own.id);
    expect(items.map((row) => row.id)).not.toContain(other.id);
    expect((await server.raw('partner', 'GET', `/bankaccounts/za/${other.id}`)).status).toBe(404);
    expect((await server.raw('partner', 'PUT', `/bankaccounts/za/${other.id}`, { accountHolder: 'X', bankName: 'Y', branchCode: '1234', bankAccountType: 'Cheque', xmin: '1' })).status).toBe(404);
    const edited = await server.raw('partner', 'PUT', `/bankaccounts/za/${own.id}`, { accountHolder: 'P. Partner', bankName: 'Second Bank', branchCode: '1234', bankAccountType: 'Savings', xmin: own.xmin });
    const stale = await server.raw('partner', 'PUT', `/bankaccounts/za/${own.id}`, { accountHolder: 'P', bankName: 'B', branchCode: '1234', bankAccountType: 'Savings', xmin: own.xmin });
    expect(stale.status).toBe(409);
    expect(edited.body).toMatchObject({ accountHolder: 'P. Partner', bankName: 'Second Bank', accountNumber: '••••4567' });
    expect((await server.raw('management', 'GET', `/bankaccounts/za/${own.id}`)).body.accountNumber).toBe('••••4567');
    expect((await server.raw('administrator', 'GET', `/bankaccounts/za/${own.id}`)).body.accountNumber).toBe('62001234567');
    // Roles: a customer may not list them; bad input names its field.
    expect((await server.raw('customer', 'GET', '/bankaccounts/za')).status).toBe(403);
    const bad = await server.raw('partner', 'POST', '/bankaccounts/za', { accountHolder: 'X', bankName: 'Y', branchCode: '12', accountNumber: '1234567', bankAccountType: 'Cheque' });
    expect([bad.status, Object.keys(bad.body.errors ?? {}).join()]).toEqual([400, expect.stringContaining('branchCode')]);
  });

  it('exports the file BankAccounts', async () => {
    const response = await fetch(`${server.url}/connect/bankaccounts/za?exportExcel=true`, { headers: bearer(await server.as('management').token()) });
    expect(decodeURIComponent(response.headers.get('content-disposition') ?? '')).toContain('BankAccounts.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const header = (workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['Id', 'Owner', 'Account holder', 'Bank', 'Branch code', 'Account number', 'Account type', 'Active']);
    workbook.worksheets[0]!.eachRow((row, index) => { if (index > 1) expect(String(row.getCell(6).value)).toMatch(/^••••/); });
  });
});

describe('withdrawals and advances', () => {
  async function fundedCompanyAccount(cents: number) {
    const blue = await companyId('Blue Crane Foods');
    const account = (await newAccount({ accountName: `Blue payable ${randomUUID().slice(0, 6)}`, companyId: blue })).body as { id: number; xmin: string; accountName: string };
    const funds = await server.raw('administrator', 'POST', '/fundsreceived/za', { companyId: blue, amount: cents, reference: 'EFT seed', receivedOn: '2026-11-26' });
    const allocated = await server.raw('administrator', 'POST', `/fundsreceived/za/${funds.body.id}/allocation`, { allocations: [{ accountId: account.id, amount: cents }] }, { 'Idempotency-Key': key() });
    expect(allocated.status).toBe(200);
    const bank = await newBankAccount('administrator', { companyId: blue });
    return { account, bank };
  }

  it('a withdrawal: requested, completed once (Withdraw posted, balanced), idempotent; beyond a Prepay balance refused', async () => {
    const { account, bank } = await fundedCompanyAccount(1000_00);
    const before = await ledgerSum();
    const requestKey = key();
    const body = { accountId: account.id, bankAccountId: bank.id, amount: 400_00, reason: 'Month end' };
    const first = await server.raw('administrator', 'POST', '/payoutrequests/za/withdrawals', body, { 'Idempotency-Key': requestKey });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ kind: 'Withdrawal', status: 'requested', amount: 400_00 });
    const again = await server.raw('administrator', 'POST', '/payoutrequests/za/withdrawals', body, { 'Idempotency-Key': requestKey });
    expect(again.body.id).toBe(first.body.id);
    const reused = await server.raw('administrator', 'POST', '/payoutrequests/za/withdrawals', { ...body, amount: 1 }, { 'Idempotency-Key': requestKey });
    expect(reused.status).toBe(422);
    // 400 + 700 would take the Prepay account below zero: refused naming it.
    const tooMuch = await server.raw('administrator', 'POST', '/payoutrequests/za/withdrawals', { ...body, amount: 700_00 }, { 'Idempotency-Key': key() });
    expect([tooMuch.status, tooMuch.body.message]).toEqual([422, expect.stringContaining(account.accountName)]);

    const completeKey = key();
    const completed = await server.raw('management', 'POST', '/payoutrequests/za/withdrawals/complete', { ids: [first.body.id] }, { 'Idempotency-Key': completeKey });
    expect(completed.status).toBe(200);
    expect(completed.body.message).toBe('Successsfully completed transactions');
    expect(completed.body.items[0]).toMatchObject({ status: 'completed', decidedBy: 'Mandla Manager' });
    expect(completed.body.items[0].ledgerTransactionId).toEqual(expect.any(Number));
    expect(await accountBalance(server.database.db, account.id)).toBe(600_00);
    const repeat = await server.raw('management', 'POST', '/payoutrequests/za/withdrawals/complete', { ids: [first.body.id] }, { 'Idempotency-Key': completeKey });
    expect(repeat.body).toEqual(completed.body);
    expect(await accountBalance(server.database.db, account.id)).toBe(600_00);
    // Once completed it cannot change again (another key).
    expect((await server.raw('management', 'POST', '/payoutrequests/za/withdrawals/cancel', { ids: [first.body.id] }, { 'Idempotency-Key': key() })).status).toBe(422);
    expect(await ledgerSum()).toBe(before);
    const statement = await server.raw('administrator', 'GET', `/accounts/za/${account.id}/transactions?transactionType=Withdraw`);
    expect(statement.body.items.map((row: { amount: number }) => row.amount)).toEqual([-400_00]);
  });

  it('an advance goes as far as the credit limit; cancelling posts nothing', async () => {
    const { account, bank } = await fundedCompanyAccount(100_00);
    const body = { accountId: account.id, bankAccountId: bank.id, amount: 150_00 };
    expect((await server.raw('administrator', 'POST', '/payoutrequests/za/advances', body, { 'Idempotency-Key': key() })).status).toBe(422);
    const latest = await server.raw('administrator', 'GET', `/accounts/za/manage/${account.id}`);
    expect(latest.status).toBe(200);
    const advance = await server.raw('administrator', 'POST', '/payoutrequests/za/advances', { ...body, amount: 100_00 }, { 'Idempotency-Key': key() });
    expect(advance.status).toBe(201);
    const cancelled = await server.raw('administrator', 'POST', '/payoutrequests/za/advances/cancel', { ids: [advance.body.id] }, { 'Idempotency-Key': key() });
    expect([cancelled.body.message, cancelled.body.items[0].status, cancelled.body.items[0].ledgerTransactionId]).toEqual(['Successsfully cancelled transactions', 'cancelled', null]);
    expect(await accountBalance(server.database.db, account.id)).toBe(100_00);
    const another = await server.raw('administrator', 'POST', '/payoutrequests/za/advances', { ...body, amount: 100_00 }, { 'Idempotency-Key': key() });
    await server.raw('administrator', 'POST', '/payoutrequests/za/advances/complete', { ids: [another.body.id] }, { 'Idempotency-Key': key() });
    expect(await accountBalance(server.database.db, account.id)).toBe(0);
    const list = await server.raw('administrator', 'GET', '/payoutrequests/za/advances?status=completed');
    expect(list.body.items.some((row: { id: number; kind: string }) => row.id === another.body.id && row.kind === 'Advance')).toBe(true);
  });

  it('roles and scope: a company requests from its own accounts only; only staff decide; bad amounts name the field', async () => {
    const { account, bank } = await fundedCompanyAccount(50_00);
    // company.admin is Acme's: Blue Crane's account does not exist for them.
    const foreign = await server.raw('company.admin', 'POST', '/payoutrequests/za/withdrawals', { accountId: account.id, bankAccountId: bank.id, amount: 1_00 }, { 'Idempotency-Key': key() });
    expect(foreign.status).toBe(404);
    const mine = await server.raw('administrator', 'POST', '/payoutrequests/za/withdrawals', { accountId: account.id, bankAccountId: bank.id, amount: 1_00 }, { 'Idempotency-Key': key() });
    const companyList = await server.raw('company.admin', 'GET', '/payoutrequests/za/withdrawals');
    expect(companyList.status).toBe(200);
    expect(companyList.body.items.map((row: { id: number }) => row.id)).not.toContain(mine.body.id);
    expect((await server.raw('company.admin', 'POST', '/payoutrequests/za/withdrawals/complete', { ids: [mine.body.id] }, { 'Idempotency-Key': key() })).status).toBe(403);
    expect((await server.raw('customer', 'GET', '/payoutrequests/za/withdrawals')).status).toBe(403);
    expect((await server.raw('administrator', 'POST', '/payoutrequests/za/withdrawals', { accountId: account.id, bankAccountId: bank.id, amount: 1_00 })).status).toBe(400);
    for (const amount of [0, -5, 1.5, 10_000_000_000, '100']) {
      const bad = await server.raw('administrator', 'POST', '/payoutrequests/za/withdrawals', { accountId: account.id, bankAccountId: bank.id, amount }, { 'Idempotency-Key': key() });
      expect([amount, bad.status, Object.keys(fieldErrors(bad.body) ?? {}).join()]).toEqual([amount, 400, expect.stringContaining('amount')]);
    }
    expect((await server.raw('administrator', 'POST', '/payoutrequests/za/withdrawals/complete', { ids: [999_999] }, { 'Idempotency-Key': key() })).status).toBe(404);
  });
});

describe('funds received and allocation', () => {
  it('records an EFT, allocates it to the customer\'s accounts (a Deposit each), shows the remainder, refuses more than received', async () => {
    const acme = await companyId('Acme Retail');
    const [acmeAccount] = await server.database.db.select().from(accounts).where(eq(accounts.accountName, 'Acme Retail'));
    const store = (await newAccount({ accountName: 'Acme store prepay', companyId: acme })).body as { id: number };
    const funds = await server.raw('management', 'POST', '/fundsreceived/za', { companyId: acme, amount: 300_00, reference: 'EFT 123', receivedOn: '2026-11-25' });
    expect(funds.status).toBe(201);
    expect(funds.body).toMatchObject({ customerName: 'Acme Retail', amount: 300_00, allocated: 0, unallocated: 300_00, allocations: [] });
    const before = await accountBalance(server.database.db, acmeAccount!.id);
    const sumBefore = await ledgerSum();

    const over = await server.raw('management', 'POST', `/fundsreceived/za/${funds.body.id}/allocation`,
      { allocations: [{ accountId: acmeAccount!.id, amount: 200_00 }, { accountId: store.id, amount: 100_01 }] }, { 'Idempotency-Key': key() });
    expect(over.status).toBe(422);
    expect(await accountBalance(server.database.db, acmeAccount!.id)).toBe(before);

    const allocationKey = key();
    const body = { allocations: [{ accountId: acmeAccount!.id, amount: 200_00 }, { accountId: store.id, amount: 50_00 }] };
    const allocated = await server.raw('management', 'POST', `/fundsreceived/za/${funds.body.id}/allocation`, body, { 'Idempotency-Key': allocationKey });
    expect(allocated.status).toBe(200);
    expect(allocated.body).toMatchObject({ allocated: 250_00, unallocated: 50_00 });
    expect(allocated.body.allocations).toHaveLength(2);
    const repeat = await server.raw('management', 'POST', `/fundsreceived/za/${funds.body.id}/allocation`, body, { 'Idempotency-Key': allocationKey });
    expect(repeat.body).toEqual(allocated.body);
    expect(await accountBalance(server.database.db, acmeAccount!.id)).toBe(before + 200_00);
    expect(await accountBalance(server.database.db, store.id)).toBe(50_00);
    expect(await ledgerSum()).toBe(sumBefore);
    // The company administrator sees the Deposit on its statement.
    const statement = await server.raw('company.admin', 'GET', `/accounts/za/${acmeAccount!.id}/transactions?transactionType=Deposit`);
    expect(statement.body.items[0]).toMatchObject({ transactionType: 'Deposit', amount: 200_00 });

    // Another customer's account: refused, naming it.
    const blueAccount = (await newAccount({ accountName: 'Blue other', companyId: await companyId('Blue Crane Foods') })).body as { id: number };
    const foreign = await server.raw('management', 'POST', `/fundsreceived/za/${funds.body.id}/allocation`, { allocations: [{ accountId: blueAccount.id, amount: 1_00 }] }, { 'Idempotency-Key': key() });
    expect([foreign.status, foreign.body.message]).toEqual([422, expect.stringContaining('Blue other')]);

    // Edit: never below what is allocated, the customer fixed once allocated.
    expect((await server.raw('management', 'PUT', `/fundsreceived/za/${funds.body.id}`, { companyId: acme, amount: 249_99, reference: 'EFT 123', receivedOn: '2026-11-25' })).status).toBe(422);
    const edited = await server.raw('management', 'PUT', `/fundsreceived/za/${funds.body.id}`, { companyId: acme, amount: 260_00, reference: 'EFT 123b', receivedOn: '2026-11-25' });
    expect(edited.body).toMatchObject({ amount: 260_00, unallocated: 10_00, reference: 'EFT 123b' });
    expect((await server.raw('management', 'PUT', `/fundsreceived/za/${funds.body.id}`, { userId: await userId('customer@demo.test'), amount: 260_00, reference: 'x', receivedOn: '2026-11-25' })).status).toBe(422);
    const list = await server.raw('administrator', 'GET', '/fundsreceived/za?search=EFT 123b');
    expect(list.body.items.map((row: { id: number }) => row.id)).toEqual([funds.body.id]);
  });

  it('roles and bad input', async () => {
    expect((await server.raw('company.admin', 'GET', '/fundsreceived/za')).status).toBe(403);
    expect((await server.raw('staff', 'POST', '/fundsreceived/za', { userId: 1, amount: 1, reference: 'x', receivedOn: '2026-11-25' })).status).toBe(403);
    for (const [field, body] of [
      ['amount', { userId: 1, amount: 0, reference: 'x', receivedOn: '2026-11-25' }],
      ['amount', { userId: 1, amount: 12.34, reference: 'x', receivedOn: '2026-11-25' }],
      ['receivedOn', { userId: 1, amount: 1, reference: 'x', receivedOn: '25/11/2026' }],
      ['customer', { amount: 1, reference: 'x', receivedOn: '2026-11-25' }],
    ] as const) {
      const bad = await server.raw('administrator', 'POST', '/fundsreceived/za', body);
      expect([field, bad.status, Object.keys(fieldErrors(bad.body) ?? {}).join()]).toEqual([field, 400, expect.stringContaining(field)]);
    }
    expect((await server.raw('administrator', 'GET', '/fundsreceived/za/999999')).status).toBe(404);
  });
});

describe('the idempotency store', () => {
  it('a key still in flight answers 409 (a stale claim is taken over); once done, the first result; another body 422; a failure lets the key go', async () => {
    const { idempotent } = await import('../../server/domain/money-rules');
    const { idempotencyKeys } = await import('../../server/db/schema');
    const db = server.database.db;
    const admin = await userId('administrator@demo.test');
    const command = { key: key(), userId: admin, operation: 'test', request: { a: 1, b: 2 } };
    // Another process holds the key (its claim committed, its transaction not yet): in flight.
    const { createHash } = await import('node:crypto');
    const requestHash = createHash('sha256').update('test\n{"a":1,"b":2}').digest('hex');
    await db.insert(idempotencyKeys).values({ key: command.key, userId: admin, operation: 'test', requestHash });
    await expect(idempotent(db, command, async () => ({ answer: 0 }))).rejects.toMatchObject({ statusCode: 409 });
    // That process died: after a minute its claim is taken over and the command runs once.
    await db.update(idempotencyKeys).set({ createdAt: new Date(Date.now() - 120_000) }).where(eq(idempotencyKeys.key, command.key));
    expect(await idempotent(db, command, async () => ({ answer: 1 }))).toEqual({ answer: 1 });
    expect(await idempotent(db, { ...command, request: { b: 2, a: 1 } }, async () => ({ answer: 3 }))).toEqual({ answer: 1 });
    await expect(idempotent(db, { ...command, request: { a: 2 } }, async () => ({ answer: 4 }))).rejects.toMatchObject({ statusCode: 422 });
    const failing = { ...command, key: key() };
    await expect(idempotent(db, failing, async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(await idempotent(db, failing, async () => ({ answer: 5 }))).toEqual({ answer: 5 });
  });
});
