// Finance adjustments (issue 15, f-fin; 002 sections 3, 5, 7): a paid delivery's price and a job's cost (its driver's
// pay) adjusted by administrators and management, each one balanced ledger transaction, once per Idempotency-Key.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, adjustmentItems, ledgerEntries, ledgerTransactions } from '../../server/db/schema';
import { SYSTEM_ACCOUNTS } from '../../server/db/seed-booking';
import { ADJUSTMENT_TEXTS, DRIVER_PAY_SYSTEM_CODE } from '../../server/domain/adjustments';
import { payeeAccountId } from '../../server/domain/driver-pay';
import { accountBalance } from '../../server/domain/ledger';
import { requirePortal } from '../../server/domain/portals';
import { bookedAndPaid, bookedWithAccount } from './booking-helpers';
import { seededJobId, userIdOf } from './operations-support';
import { fieldErrors, startTestServer, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const key = () => `adjust-${randomUUID()}`;
const DELIVERY = '/transactions/createDeliveryTransactionItem/za';
const JOB = '/transactions/createJobTransactionItem/za';

async function ledgerSum() {
  const [row] = await server.database.db.select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` }).from(ledgerEntries);
  return Number(row!.sum);
}
async function systemBalance(code: string) {
  const [account] = await server.database.db.select().from(accounts).where(eq(accounts.systemCode, code));
  return account ? accountBalance(server.database.db, account.id) : 0;
}
const balanceOf = (accountId: number) => accountBalance(server.database.db, accountId);

describe('a delivery\'s price adjustment (createDeliveryTransactionItem)', () => {
  it('increases and reduces the price excl; the account pays or gets back the amount with its VAT; a replay answers the first result', async () => {
    const customer = server.as('customer').connect;
    const { deliveryId } = await bookedAndPaid(customer);
    const { accountId } = await bookedWithAccount(customer); // the same customer's account, for its balance
    const before = await balanceOf(accountId);
    const revenue = await systemBalance(SYSTEM_ACCOUNTS.revenue);
    const debitKey = key();
    const body = { deliveryId, amount: 20_00, description: 'Waited an hour at the gate', isCredit: false };
    const debit = await server.raw('management', 'POST', DELIVERY, body, { 'Idempotency-Key': debitKey });
    expect(debit.status, JSON.stringify(debit.body)).toBe(201);
    expect(debit.body).toMatchObject({ deliveryId, jobId: null, amountExcl: 20_00, vat: 3_00, isCredit: false, quantity: 1, description: 'Waited an hour at the gate' });
    expect(await balanceOf(accountId)).toBe(before - 23_00);
    // Revenue is a credit balance: what it holds grows with the price excl.
    expect(await systemBalance(SYSTEM_ACCOUNTS.revenue)).toBe(revenue + 20_00);
    const [posted] = await server.database.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, debit.body.transactionId));
    expect(posted).toMatchObject({ transactionType: 'Debit', deliveryId });

    const replay = await server.raw('management', 'POST', DELIVERY, body, { 'Idempotency-Key': debitKey });
    expect(replay.body).toEqual(debit.body);
    expect((await server.raw('management', 'POST', DELIVERY, { ...body, amount: 21_00 }, { 'Idempotency-Key': debitKey })).status).toBe(422);
    expect(await balanceOf(accountId)).toBe(before - 23_00);

    const credit = await server.raw('administrator', 'POST', DELIVERY, { deliveryId, amount: 5_00, description: 'Goodwill', isCredit: true }, { 'Idempotency-Key': key() });
    expect(credit.status).toBe(201);
    expect(credit.body.newAmountExcl).toBe(debit.body.newAmountExcl - 5_00);
    expect(await balanceOf(accountId)).toBe(before - 23_00 + 5_75);
    expect(await ledgerSum()).toBe(0);
  });

  it('refuses a price below zero naming the amount, an unpaid delivery, and bad input naming the field; nothing is written', async () => {
    const customer = server.as('customer').connect;
    const { deliveryId } = await bookedAndPaid(customer);
    const count = async () => (await server.database.db.select({ n: sql<number>`count(*)::int` }).from(adjustmentItems).where(eq(adjustmentItems.deliveryId, deliveryId)))[0]!.n;
    const tooMuch = await server.raw('administrator', 'POST', DELIVERY, { deliveryId, amount: 1_000_000_00, description: 'Too much', isCredit: true }, { 'Idempotency-Key': key() });
    expect(tooMuch.status).toBe(400);
    expect(fieldErrors(tooMuch.body)?.amount).toEqual([ADJUSTMENT_TEXTS.newPriceBelowZero]);
    for (const [field, bad] of [['amount', { amount: 0 }], ['amount', { amount: 12.5 }], ['amount', { amount: -100 }], ['description', { description: '' }], ['isCredit', { isCredit: 'yes' }]] as const) {
      const body: Record<string, unknown> = { deliveryId, amount: 1_00, description: 'x', isCredit: false };
      const response = await server.raw('administrator', 'POST', DELIVERY, { ...body, ...bad }, { 'Idempotency-Key': key() });
      expect(response.status, field).toBe(400);
      expect(Object.keys(fieldErrors(response.body) ?? {}).join(), field).toContain(field);
    }
    const noDelivery = await server.raw('administrator', 'POST', DELIVERY, { amount: 1_00, description: 'x', isCredit: false }, { 'Idempotency-Key': key() });
    expect(fieldErrors(noDelivery.body)?.deliveryId).toBeTruthy();
    const noKey = await server.raw('administrator', 'POST', DELIVERY, { deliveryId, amount: 1_00, description: 'x', isCredit: false });
    expect(noKey.status).toBe(400);
    const { deliveryId: unpaid } = await bookedWithAccount(customer);
    const refused = await server.raw('administrator', 'POST', DELIVERY, { deliveryId: unpaid, amount: 1_00, description: 'x', isCredit: false }, { 'Idempotency-Key': key() });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(ADJUSTMENT_TEXTS.deliveryNotPaid);
    expect((await server.raw('administrator', 'POST', DELIVERY, { deliveryId: 99_999_999, amount: 1_00, description: 'x', isCredit: false }, { 'Idempotency-Key': key() })).status).toBe(404);
    expect(await count()).toBe(0);
  });

  it('is for administrators and management operators only', async () => {
    const { deliveryId } = await bookedAndPaid(server.as('customer').connect);
    for (const login of ['staff', 'customer', 'company.admin', 'partner', 'driver'] as const) {
      const response = await server.raw(login, 'POST', DELIVERY, { deliveryId, amount: 1_00, description: 'x', isCredit: true }, { 'Idempotency-Key': key() });
      expect(response.status, login).toBe(403);
    }
  });
});

describe('a job\'s cost adjustment (createJobTransactionItem, getJobTransactionItems)', () => {
  it('pays the driver more or less through the driver\'s account; the items list the cost lines and the adjustments', async () => {
    const jobId = await seededJobId(server, 'ops-completed');
    const driver = await userIdOf(server, 'driver@demo.test');
    // The account driver pay goes to (the seed paid the driver's history into it: payCompletedJob opened it).
    const portal = await requirePortal(server.database.db, 'za');
    const payee = await server.database.db.transaction((tx) => payeeAccountId(tx, portal.id, driver));
    const payeeBefore = await balanceOf(payee);
    const items = await server.raw('staff', 'GET', `/transactions/getJobTransactionItems/za/${jobId}`);
    expect(items.status).toBe(200);
    const cost = items.body.totalExcl as number;
    const driverPay = await systemBalance(DRIVER_PAY_SYSTEM_CODE);

    const credit = await server.raw('management', 'POST', JOB, { jobId, amount: 15_00, description: 'Toll road', isCredit: true }, { 'Idempotency-Key': key() });
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);
    expect(credit.body).toMatchObject({ jobId, deliveryId: null, amountExcl: 15_00, vat: 0, isCredit: true, newAmountExcl: cost + 15_00 });
    expect(await balanceOf(payee)).toBe(payeeBefore + 15_00);
    expect(await systemBalance(DRIVER_PAY_SYSTEM_CODE)).toBe(driverPay - 15_00);
    const debitKey = key();
    const debit = await server.raw('administrator', 'POST', JOB, { jobId, amount: 5_00, description: 'Late', isCredit: false }, { 'Idempotency-Key': debitKey });
    expect(debit.status).toBe(201);
    expect((await server.raw('administrator', 'POST', JOB, { jobId, amount: 5_00, description: 'Late', isCredit: false }, { 'Idempotency-Key': debitKey })).body).toEqual(debit.body);
    expect(await balanceOf(payee)).toBe(payeeBefore + 10_00);

    const after = await server.raw('staff', 'GET', `/transactions/getJobTransactionItems/za/${jobId}`);
    expect(after.body.items).toEqual(items.body.items);
    expect(after.body.adjustments.map((item: { description: string }) => item.description)).toEqual(expect.arrayContaining(['Toll road', 'Late']));
    expect(after.body.totalExcl).toBe(cost + 10_00);

    const below = await server.raw('administrator', 'POST', JOB, { jobId, amount: cost + 10_00 + 1, description: 'Too much', isCredit: false }, { 'Idempotency-Key': key() });
    expect(below.status).toBe(400);
    expect(fieldErrors(below.body)?.amount).toEqual([ADJUSTMENT_TEXTS.newCostBelowZero]);
    expect(await ledgerSum()).toBe(0);
  });

  it('refuses a job without a driver, a missing job id, and callers who are not administrators or management', async () => {
    const unassigned = await seededJobId(server, 'ops-unassigned');
    const noDriver = await server.raw('administrator', 'POST', JOB, { jobId: unassigned, amount: 1_00, description: 'x', isCredit: true }, { 'Idempotency-Key': key() });
    expect(noDriver.status).toBe(422);
    expect(noDriver.body.message).toBe(ADJUSTMENT_TEXTS.jobWithoutDriver);
    const noJob = await server.raw('administrator', 'POST', JOB, { amount: 1_00, description: 'x', isCredit: true }, { 'Idempotency-Key': key() });
    expect(fieldErrors(noJob.body)?.jobId).toBeTruthy();
    const jobId = await seededJobId(server, 'ops-completed');
    for (const login of ['staff', 'customer', 'partner', 'driver'] as const) {
      expect((await server.raw(login, 'POST', JOB, { jobId, amount: 1_00, description: 'x', isCredit: true }, { 'Idempotency-Key': key() })).status, login).toBe(403);
    }
    expect((await server.raw('customer', 'GET', `/transactions/getJobTransactionItems/za/${jobId}`)).status).toBe(403);
    expect((await server.raw('staff', 'GET', '/transactions/getJobTransactionItems/za/99999999')).status).toBe(404);
  });
});
