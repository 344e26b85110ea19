// Accounts and their statements (issue 15): balances derived from the ledger, the caller's scope from the token,
// each transaction with the account's amount and the running balance, one transaction with its items, and exports.
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, companies } from '../../server/db/schema';
import { SYSTEM_ACCOUNTS } from '../../server/db/seed-booking';
import { accountBalance, postTransaction, reverseTransaction, systemAccountId } from '../../server/domain/ledger';
import { requirePortal } from '../../server/domain/portals';
import type { SeededLogin } from '../support/seeded-users';
import { bookedAndPaid } from './booking-helpers';
import { bearer, dataOf, fieldErrors, inZa, pageOf, startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const as = (login: SeededLogin) => server.as(login).connect;
const accountsOf = async (login: SeededLogin, query: Record<string, string | number | boolean> = {}) =>
  pageOf(await dataOf(as(login).GET('/accounts/{cca2}', { params: { path: ZA, query: { pageSize: 500, ...query } } }))).items;
const statement = (login: SeededLogin, id: number, query: Record<string, string | number> = {}) =>
  as(login).GET('/accounts/{cca2}/{id}/transactions', { params: { ...inZa(id), query } });
const cancel = (id: number) => as('staff').PUT('/deliveries/canceldelivery/{cca2}/{id}', { params: inZa(id) });
const ownAccountId = async (login: SeededLogin) => (await accountsOf(login)).find((account) => account.accountType !== 'System')!.id;

async function sheet(login: SeededLogin, path: string) {
  const response = await fetch(`${server.url}/connect${path}`, { headers: bearer(await server.as(login).token()) });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.clone().arrayBuffer());
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { disposition: decodeURIComponent(response.headers.get('content-disposition') ?? ''), rows };
}

describe('accounts: balances from the ledger, scope from the token', () => {
  it('staff see every account of the portal, the platform\'s too, each balance the sum of its entries', async () => {
    const rows = await accountsOf('administrator');
    expect(rows.some((row) => row.accountType === 'System' && row.ownerName === 'Platform')).toBe(true);
    expect(rows.some((row) => row.accountName === 'Acme Retail')).toBe(true);
    for (const row of rows) expect([row.id, row.balance]).toEqual([row.id, await accountBalance(server.database.db, row.id)]);
  });

  it('a company sees its own and its stores\' accounts; a customer their own; nobody else\'s', async () => {
    const company = await accountsOf('company.admin');
    const [acme] = await server.database.db.select().from(accounts).where(eq(accounts.accountName, 'Acme Retail'));
    expect(company.length).toBeGreaterThan(0);
    expect(company.every((row) => row.companyId === acme!.companyId || row.userId !== null)).toBe(true);
    expect(company.some((row) => row.accountType === 'System')).toBe(false);
    const customer = await accountsOf('customer');
    expect(customer.length).toBeGreaterThan(0);
    expect(new Set(customer.map((row) => row.userId)).size).toBe(1);
    expect(customer.some((row) => row.companyId !== null)).toBe(false);
    // Another company's account: not found, and not in any list.
    expect((await statement('customer', acme!.id)).response.status).toBe(404);
  });

  it('signed out: 401; filters, search and sort narrow and order; bad input names its field', async () => {
    expect((await server.raw(undefined, 'GET', '/accounts/za')).status).toBe(401);
    expect((await accountsOf('administrator', { accountType: 'Prepay' })).every((row) => row.accountType === 'Prepay')).toBe(true);
    expect((await accountsOf('administrator', { search: 'Acme' })).map((row) => row.accountName)).toContain('Acme Retail');
    const byName = (await accountsOf('administrator', { sortby: 'accountName', sortdirection: 'desc' })).map((row) => row.accountName);
    expect(byName).toEqual([...byName].sort((a, b) => b.localeCompare(a)));
    const badSort = await as('administrator').GET('/accounts/{cca2}', { params: { path: ZA, query: { sortby: 'balanceX' } } });
    expect([badSort.response.status, Object.keys(fieldErrors(badSort.error) ?? {})]).toEqual([400, ['sortby']]);
    const badType = await server.raw('administrator', 'GET', '/accounts/za?accountType=Gold');
    expect(badType.status).toBe(400);
    expect(JSON.stringify(badType.body)).toContain('accountType');
  });

  it('exports the file Accounts with the balances', async () => {
    const file = await sheet('administrator', '/accounts/za?exportExcel=true&search=Acme');
    expect(file.disposition).toContain('Accounts.xlsx');
    expect(file.rows[0]).toEqual(['Id', 'Account', 'Type', 'Owner', 'Balance', 'Active', 'Created']);
    expect(file.rows.slice(1).map((row) => row[1])).toContain('Acme Retail');
  });
});

describe('an account\'s statement', () => {
  it('lists each transaction newest first with the account\'s amount and the balance after it', async () => {
    const accountId = await ownAccountId('customer');
    const { deliveryId, selected } = await bookedAndPaid(as('customer'));
    await cancel(deliveryId);
    const page = pageOf(await dataOf(statement('customer', accountId, { pageSize: 200 })));
    expect(page.account.balance).toBe(await accountBalance(server.database.db, accountId));
    const [refund, sale] = page.items;
    expect([refund!.transactionType, refund!.amount, refund!.deliveryId]).toEqual(['Credit', selected.paymentTotal, deliveryId]);
    expect([sale!.transactionType, sale!.amount, sale!.waybill]).toEqual(['Invoice', -selected.paymentTotal, `WB${String(deliveryId).padStart(8, '0')}`]);
    expect(page.items[0]!.balanceAfter).toBe(page.account.balance);
    for (let index = 0; index + 1 < page.items.length; index++) {
      expect(page.items[index]!.balanceAfter - page.items[index]!.amount).toBe(page.items[index + 1]!.balanceAfter);
    }

    const credits = pageOf(await dataOf(statement('customer', accountId, { transactionType: 'Credit' }))).items;
    expect(credits.every((row) => row.transactionType === 'Credit')).toBe(true);
    const byWaybill = pageOf(await dataOf(statement('customer', accountId, { search: sale!.waybill! }))).items;
    expect(byWaybill.map((row) => row.id).sort()).toEqual([refund!.id, sale!.id].sort());
    const future = pageOf(await dataOf(statement('customer', accountId, { startDate: '2099-01-01' }))).items;
    expect(future).toEqual([]);
    expect(pageOf(await dataOf(statement('customer', accountId, { endDate: '2000-01-01' }))).items).toEqual([]);
    expect(pageOf(await dataOf(statement('customer', accountId, { startDate: '2000-01-01', endDate: '2099-12-31' }))).items.length).toBeGreaterThanOrEqual(2);
    const badDate = await server.raw('customer', 'GET', `/accounts/za/${accountId}/transactions?startDate=26-11-2026`);
    expect(badDate.status).toBe(400);
    expect(JSON.stringify(badDate.body)).toContain('startDate');

    const file = await sheet('customer', `/accounts/za/${accountId}/transactions?exportExcel=true&search=${sale!.waybill}`);
    expect(file.disposition).toContain('Transactions.xlsx');
    expect(file.rows).toHaveLength(3);
  });

  it('a statement reads newest first by date; a date range far back, the status and type filters each find their lines', async () => {
    // Issue 15: a range a year back used to scan every newer line; the statement's order is now the date's, so a range
    // starts its index scan at its date. Dates fixed in the past: the same whatever day and hour the test runs.
    const { db } = server.database;
    const portal = await requirePortal(db, 'za');
    const [blue] = await db.select({ id: companies.id }).from(companies).where(eq(companies.companyName, 'Blue Crane Foods'));
    const created = await server.raw('administrator', 'POST', '/accounts/za/manage', { accountName: 'Dated statement', accountType: 'Prepay', companyId: blue!.id });
    expect(created.status).toBe(201);
    const accountId = created.body.id as number;
    const funding = await systemAccountId(db, portal.id, SYSTEM_ACCOUNTS.funding);
    const deposit = (cents: number, postedAt?: Date) => db.transaction((tx) => postTransaction(tx, {
      portalId: portal.id, transactionType: 'Deposit', description: `Dated deposit ${cents}`, postedAt,
      entries: [{ accountId: funding, amountCents: cents }, { accountId, amountCents: -cents }],
    }));
    const yearBack = await deposit(100_00, new Date('2024-03-15T10:00:00Z'));
    const sameDay = await deposit(50_00, new Date('2024-03-15T10:00:00Z'));
    const later = await deposit(20_00, new Date('2024-09-01T10:00:00Z'));
    const today = await deposit(7_00);
    const reversal = await db.transaction((tx) => reverseTransaction(tx, later, 'Dated deposit taken back'));

    const read = async (query: Record<string, string | number> = {}) => pageOf(await dataOf(statement('administrator', accountId, { pageSize: 50, ...query })));
    const all = await read();
    // Newest first by date, the order posted breaking a tie (two deposits on the same instant).
    expect(all.items.map((row) => row.id)).toEqual([reversal, today, later, sameDay, yearBack]);
    expect(all.items.map((row) => row.balanceAfter)).toEqual([157_00, 177_00, 170_00, 150_00, 100_00]);
    expect(all.items.find((row) => row.id === later)!.transactionStatus).toBe('Reversed');
    expect(all.paging.totalItems).toBe(5);

    const march = await read({ startDate: '2024-03-01', endDate: '2024-03-31' });
    expect([march.items.map((row) => row.id), march.paging.totalItems]).toEqual([[sameDay, yearBack], 2]);
    const secondPage = await read({ startDate: '2024-03-01', endDate: '2024-03-31', pageSize: 1, page: 2 });
    expect(secondPage.items.map((row) => row.id)).toEqual([yearBack]);
    expect((await read({ startDate: '2024-01-01', endDate: '2024-12-31', transactionStatus: 'Reversed' })).items.map((row) => row.id)).toEqual([later]);
    expect((await read({ startDate: '2024-01-01', endDate: '2024-12-31', transactionStatus: 'Posted' })).items.map((row) => row.id)).toEqual([sameDay, yearBack]);
    expect((await read({ transactionType: 'Deposit reversal' })).items.map((row) => row.id)).toEqual([reversal]);
    expect((await read({ transactionType: 'Deposit', transactionStatus: 'Posted' })).items.map((row) => row.id)).toEqual([today, sameDay, yearBack]);
    // An order asked for still holds: oldest first by id.
    expect((await read({ sortby: 'id', sortdirection: 'asc' })).items.map((row) => row.id)).toEqual([yearBack, sameDay, later, today, reversal]);

    // Scope: the statement is read with the account, but nothing of it leaves for a caller outside the account's scope.
    const outside = await statement('company.admin', accountId, { startDate: '2024-03-01' });
    expect([outside.response.status, JSON.stringify(outside.error ?? {}).includes('Dated deposit')]).toEqual([404, false]);
    expect((await statement('administrator', 99_999_999, { transactionStatus: 'Posted' })).response.status).toBe(404);
    expect((await server.raw(undefined, 'GET', `/accounts/za/${accountId}/transactions`)).status).toBe(401);
    const badStatus = await server.raw('administrator', 'GET', `/accounts/za/${accountId}/transactions?transactionStatus=Gone`);
    expect(badStatus.status).toBe(400);
    expect(JSON.stringify(badStatus.body)).toContain('transactionStatus');
  });

  it('a transaction\'s items: the invoice\'s quote lines and totals; 404 to anyone whose account it did not touch', async () => {
    const accountId = await ownAccountId('customer');
    const { deliveryId, selected } = await bookedAndPaid(as('customer'));
    const sale = pageOf(await dataOf(statement('customer', accountId, { search: `WB${String(deliveryId).padStart(8, '0')}` }))).items[0]!;
    const answered = await dataOf(as('customer').GET('/transactions/{cca2}/{transactionId}/transactionItems', { params: { path: { cca2: 'za', transactionId: sale.id } } }));
    if (typeof answered === 'string') throw new Error('JSON was expected');
    const detail = answered;
    expect(detail.total).toBe(selected.paymentTotal);
    expect(detail.subtotal + detail.vat).toBe(detail.total);
    expect(detail.items.reduce((sum, item) => sum + item.amountExcl, 0)).toBe(detail.subtotal);
    expect(detail.transaction).toMatchObject({ id: sale.id, transactionType: 'Invoice', amount: -selected.paymentTotal, transactionStatus: 'Posted' });

    const path = { path: { cca2: 'za', transactionId: sale.id } };
    expect((await as('company.admin').GET('/transactions/{cca2}/{transactionId}/transactionItems', { params: path })).response.status).toBe(404);
    expect((await as('administrator').GET('/transactions/{cca2}/{transactionId}/transactionItems', { params: path })).response.status).toBe(200);
    expect((await server.raw(undefined, 'GET', `/transactions/za/${sale.id}/transactionItems`)).status).toBe(401);
    expect((await as('customer').GET('/transactions/{cca2}/{transactionId}/transactionItems', { params: { path: { cca2: 'za', transactionId: 99_999_999 } } })).response.status).toBe(404);

    const file = await sheet('customer', `/transactions/za/${sale.id}/transactionItems?exportExcel=true`);
    expect(file.disposition).toContain(`Transaction Id ${sale.id}.xlsx`);
    expect(file.rows).toHaveLength(detail.items.length + 1);
  });
});
