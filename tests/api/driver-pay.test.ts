// Driver pay (issue 15): completing a job posts its cost (cost of sales debited, the driver's or partner's account
// credited) with the status change, once; reversing a completed job posts a reversal; returning a paid delivery to
// its sender charges the return leg. Gross Profit reads the cost of sales.
import { and, desc, eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_STATUS, LOGISTIC_STATUS, TASK_STATUS } from '../../src/lib/statuses';
import { accounts, adjustmentItems, companies, drivers, jobs, jobPayPostings, ledgerEntries, ledgerTransactions } from '../../server/db/schema';
import { SYSTEM_ACCOUNTS } from '../../server/db/seed-booking';
import { payCompletedJob } from '../../server/domain/driver-pay';
import { accountBalance } from '../../server/domain/ledger';
import { verifyLedger } from '../../server/domain/ledger-verify';
import { TRANSACTION_ITEM_TYPE } from '../../server/domain/pricing';
import type { SeededLogin } from '../support/seeded-users';
import { bookedAndPaid, bookedWithAccount } from './booking-helpers';
import { deliveryIdOf, userIdOf } from './operations-support';
import { dataOf, inZa, startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const admin = () => server.as('administrator');
/** A range holding every posting: the seeded history (the last 60 days) and today's, in the portal's calendar. */
const everything = () => {
  const today = DateTime.now().setZone('Africa/Johannesburg');
  return { startDate: today.minus({ days: 120 }).toISODate()!, endDate: today.toISODate()! };
};
const db = () => server.database.db;

async function systemBalance(code: string) {
  const [account] = await db().select().from(accounts).where(eq(accounts.systemCode, code));
  return account ? accountBalance(db(), account.id) : 0;
}
const postings = (jobId: number) => db().select().from(jobPayPostings).where(eq(jobPayPostings.jobId, jobId)).orderBy(jobPayPostings.id);
const jobCost = async (jobId: number) => (await dataOf(admin().connect.GET('/transactions/getJobTransactionItems/{cca2}/{jobId}', { params: { path: { ...ZA, jobId } } }))).totalExcl;

/** A new job of these deliveries for the driver; its tasks in job order. */
async function jobFor(deliveryIds: number[], driverLogin: SeededLogin) {
  const driverId = await userIdOf(server, `${driverLogin}@demo.test`);
  const created = await admin().connect.POST('/jobs/createjob/{cca2}', { params: { path: ZA }, body: { deliveryIds, driverId } });
  expect(created.response.status, JSON.stringify(created.error)).toBe(201);
  return { jobId: created.data!.job.id, driverId, tasks: [...created.data!.tasks].sort((a, b) => a.taskJobOrder - b.taskJobOrder) };
}

async function runTask(login: SeededLogin, action: 'start' | 'arrived' | 'completepickup' | 'completedropoff', taskId: number, coordinates?: { lat: number; lon: number }) {
  const connect = server.as(login).connect;
  const params = { params: inZa(taskId) };
  switch (action) {
    case 'start': return (await connect.PUT('/tasks/start/{cca2}/{id}', params)).response.status;
    case 'arrived': return (await connect.PUT('/tasks/arrived/{cca2}/{id}', { ...params, body: { arrivedLocation: coordinates! } })).response.status;
    case 'completepickup': return (await connect.PUT('/tasks/completepickup/{cca2}/{id}', params)).response.status;
    case 'completedropoff': return (await connect.PUT('/tasks/completedropoff/{cca2}/{id}', params)).response.status;
  }
}

/** Collects every pick-up, then completes the drop-offs but the last; answers the last drop-off. */
async function workUpToLastDropOff(login: SeededLogin, tasks: Awaited<ReturnType<typeof jobFor>>['tasks']) {
  for (const task of tasks) {
    expect(await runTask(login, 'start', task.id)).toBe(200);
    expect(await runTask(login, 'arrived', task.id, task.address.coordinates)).toBe(200);
    if (task === tasks.at(-1)) return task;
    expect(await runTask(login, task.taskJobOrder <= tasks.length / 2 ? 'completepickup' : 'completedropoff', task.id)).toBe(200);
  }
  throw new Error('no tasks');
}

describe('completing a job pays its driver (cost of sales → the driver\'s account)', () => {
  let jobId: number;
  let payee: number;
  let cost: number;
  let held: number;

  it('posts one balanced Credit with the status change, to the driver\'s Payable account opened on demand', async () => {
    const job = await jobFor([await deliveryIdOf(server, 'WBJ0007'), await deliveryIdOf(server, 'WBJ0008')], 'driver4');
    jobId = job.jobId;
    cost = await jobCost(jobId);
    expect(cost).toBeGreaterThan(0);
    const last = await workUpToLastDropOff('driver4', job.tasks);
    expect(await postings(jobId)).toEqual([]); // not before it completes
    const costOfSales = await systemBalance(SYSTEM_ACCOUNTS.costOfSales);
    // The seed paid the driver's history into the same Payable account (opened then); what it held before this job.
    const [before] = await db().select().from(accounts).where(and(eq(accounts.userId, job.driverId), eq(accounts.accountType, 'Payable')));
    held = before ? await accountBalance(db(), before.id) : 0;

    expect(await runTask('driver4', 'completedropoff', last.id)).toBe(200);
    const [posting] = await postings(jobId);
    expect(posting).toMatchObject({ isReversal: false, createdByUserId: job.driverId });
    const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, posting!.ledgerTransactionId));
    expect(entries.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(0);
    const [account] = await db().select().from(accounts).where(and(eq(accounts.userId, job.driverId), eq(accounts.accountType, 'Payable')));
    payee = account!.id;
    expect(await accountBalance(db(), payee)).toBe(held + cost);
    // Cost of sales is a debit balance: what it holds goes down by the pay (accountBalance is minus the entries).
    expect(await systemBalance(SYSTEM_ACCOUNTS.costOfSales)).toBe(costOfSales - cost);
    const [transaction] = await db().select().from(ledgerTransactions).where(eq(ledgerTransactions.id, posting!.ledgerTransactionId));
    expect(transaction!.transactionType).toBe('Credit');
  });

  it('posts nothing more on a repeated completion, a retried request or a second call of the rule', async () => {
    const [dropOff] = (await dataOf(admin().connect.GET('/jobs/{cca2}/{id}', { params: inZa(jobId) }))).tasks.sort((a, b) => b.taskJobOrder - a.taskJobOrder);
    expect(await runTask('driver4', 'completedropoff', dropOff!.id)).toBe(409);
    const driverId = await userIdOf(server, 'driver4@demo.test');
    const [job] = await db().select({ portalId: jobs.portalId }).from(jobs).where(eq(jobs.id, jobId));
    expect(await db().transaction((tx) => payCompletedJob(tx, { portalId: job!.portalId, jobId, driverId, userId: driverId }))).toBeUndefined();
    expect(await postings(jobId)).toHaveLength(1);
    expect(await accountBalance(db(), payee)).toBe(held + cost);
  });

  it('reversing the completed job posts a reversal (never an edit); completing it again pays it again', async () => {
    const [paid] = await postings(jobId);
    const reversed = await admin().connect.PUT('/jobs/reverseJobStatus/{cca2}/{id}', { params: inZa(jobId) });
    expect(reversed.response.status).toBe(200);
    expect(reversed.data!.job.jobStatusId).toBe(JOB_STATUS.IN_PROGRESS);
    const rows = await postings(jobId);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ isReversal: true, createdByUserId: await userIdOf(server, 'administrator@demo.test') });
    const [reversal] = await db().select().from(ledgerTransactions).where(eq(ledgerTransactions.id, rows[1]!.ledgerTransactionId));
    expect(reversal).toMatchObject({ reversalOfId: paid!.ledgerTransactionId, transactionType: 'Credit reversal' });
    expect(await accountBalance(db(), payee)).toBe(held);
    // A second reversal is refused by the job's chart (in progress goes back only with no task started).
    expect((await admin().connect.PUT('/jobs/reverseJobStatus/{cca2}/{id}', { params: inZa(jobId) })).response.status).toBe(409);
    expect(await postings(jobId)).toHaveLength(2);

    const reopened = reversed.data!.tasks.find((task) => task.taskStatusId === TASK_STATUS.IN_PROGRESS)!;
    expect(await runTask('driver4', 'completedropoff', reopened.id)).toBe(200);
    expect((await postings(jobId)).map((row) => row.isReversal)).toEqual([false, true, false]);
    expect(await accountBalance(db(), payee)).toBe(held + cost);
    expect((await verifyLedger(db())).violations).toEqual([]);
  });

  it('ledger:verify names a job whose pay stands twice (a reversal\'s posting recorded as a completion)', async () => {
    const reversal = (await postings(jobId)).find((row) => row.isReversal)!;
    await db().update(jobPayPostings).set({ isReversal: false }).where(eq(jobPayPostings.id, reversal.id));
    try {
      expect((await verifyLedger(db())).violations).toContainEqual({ rule: 'idempotency', message: expect.stringMatching(new RegExp(`^job ${jobId} was paid 2 times`)) });
    } finally {
      await db().update(jobPayPostings).set({ isReversal: true }).where(eq(jobPayPostings.id, reversal.id));
    }
    expect((await verifyLedger(db())).violations).toEqual([]);
  });

  it('pays a partner\'s driver through the partner company\'s account; a driver not on the job posts nothing', async () => {
    const partnerDriver = await userIdOf(server, 'driver2@demo.test');
    const [company] = await db().select({ id: companies.id }).from(companies).orderBy(companies.id).limit(1);
    await db().insert(drivers).values({ userId: partnerDriver, partnerCompanyId: company!.id })
      .onConflictDoUpdate({ target: drivers.userId, set: { partnerCompanyId: company!.id } });
    const job = await jobFor([await deliveryIdOf(server, 'WBJ0010')], 'driver2');
    const last = await workUpToLastDropOff('driver2', job.tasks);
    expect(await runTask('driver4', 'completedropoff', last.id)).toBe(404);
    expect(await postings(job.jobId)).toEqual([]);
    expect(await runTask('driver2', 'completedropoff', last.id)).toBe(200);
    const [posting] = await postings(job.jobId);
    const [credited] = await db().select({ accountId: ledgerEntries.accountId }).from(ledgerEntries)
      .where(and(eq(ledgerEntries.transactionId, posting!.ledgerTransactionId), sql`${ledgerEntries.amountCents} < 0`));
    const [account] = await db().select().from(accounts).where(eq(accounts.id, credited!.accountId));
    expect(account).toMatchObject({ companyId: company!.id, userId: null });
  });

  it('Gross Profit shows revenue minus the cost of sales the completions posted', async () => {
    const { data } = await admin().connect.GET('/reports/{cca2}/{report}', { params: { path: { ...ZA, report: 'grossProfit' }, query: everything() } });
    if (!data || typeof data === 'string') throw new Error('expected a report result');
    const { figures } = data;
    // Every posting to cost of sales lies in the range (the seed's history and today's): pays, less the reversal, as the account holds them.
    expect(figures.costOfSales).toBe(-(await systemBalance(SYSTEM_ACCOUNTS.costOfSales)));
    expect(figures.costOfSales).toBeGreaterThan(cost);
    expect(figures.grossProfit).toBe(Number(figures.revenue) - Number(figures.costOfSales));
  });
});

describe('returning a paid delivery to its sender charges the return leg', () => {
  it('posts a Debit to the account it was paid from with an item of type return to sender, with the status change', async () => {
    const customer = server.as('customer').connect;
    const { deliveryId } = await bookedAndPaid(customer);
    const { accountId } = await bookedWithAccount(customer);
    const job = await jobFor([deliveryId], 'driver4');
    const pickUp = job.tasks[0]!;
    expect(await runTask('driver4', 'start', pickUp.id)).toBe(200);
    expect(await runTask('driver4', 'arrived', pickUp.id, pickUp.address.coordinates)).toBe(200);
    expect(await runTask('driver4', 'completepickup', pickUp.id)).toBe(200);
    const before = await accountBalance(db(), accountId);

    const returned = await server.as('staff').connect.PUT('/deliveries/cancelandreturntosender/{cca2}/{id}', { params: inZa(deliveryId) });
    expect(returned.response.status, JSON.stringify(returned.error)).toBe(200);
    expect(returned.data!.logisticStatusId).toBe(LOGISTIC_STATUS.RETURNED_TO_SENDER);
    const [item] = await db().select().from(adjustmentItems).where(eq(adjustmentItems.deliveryId, deliveryId)).orderBy(desc(adjustmentItems.id));
    expect(item).toMatchObject({ transactionItemTypeId: TRANSACTION_ITEM_TYPE.returnToSender, isCredit: false });
    expect(item!.amountExclCents).toBeGreaterThan(0);
    expect(await accountBalance(db(), accountId)).toBe(before - item!.amountExclCents - item!.vatCents);
    const [transaction] = await db().select().from(ledgerTransactions).where(eq(ledgerTransactions.id, item!.ledgerTransactionId));
    expect(transaction).toMatchObject({ transactionType: 'Debit', deliveryId });
    // Returned once: the chart refuses a second return, nothing more is charged.
    expect((await server.as('staff').connect.PUT('/deliveries/cancelandreturntosender/{cca2}/{id}', { params: inZa(deliveryId) })).response.status).toBe(409);
    expect(await db().select().from(adjustmentItems).where(eq(adjustmentItems.deliveryId, deliveryId))).toHaveLength(1);
  });
});

describe('finance metrics and driver pay analysis (administrator; from the ledger)', () => {
  const get = (login: SeededLogin, report: 'financeMetrics' | 'driverPayAnalysis', query: Record<string, string | number> = {}) =>
    server.raw(login, 'GET', `/reports/za/${report}?${new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]))}`);

  it('revenue, cost of sales and gross profit agree for days, weeks and months; payables are what Payable accounts are owed', async () => {
    const answers = await Promise.all((['Day', 'Week', 'Month'] as const).map((period) => get('administrator', 'financeMetrics', { period })));
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [day, week, month] = answers.map((answer) => answer.body as { figures: Record<string, number>; items: Record<string, unknown>[]; paging: { totalItems: number } });
    expect(week!.figures).toEqual(day!.figures);
    expect(month!.figures).toEqual(day!.figures);
    expect(day!.paging.totalItems).toBe(30); // the default range: the last 30 days
    expect(day!.paging.totalItems).toBeGreaterThan(week!.paging.totalItems);
    expect(week!.paging.totalItems).toBeGreaterThan(month!.paging.totalItems);
    expect(day!.figures.grossProfit).toBe(day!.figures.revenue! - day!.figures.costOfSales!);
    // Over a range holding every posting, cost of sales is what the account holds.
    const whole = await get('administrator', 'financeMetrics', { period: 'Month', ...everything() });
    expect(whole.status, JSON.stringify(whole.body)).toBe(200);
    expect((whole.body as { figures: Record<string, number> }).figures.costOfSales).toBe(-(await systemBalance(SYSTEM_ACCOUNTS.costOfSales)));
    const payable = await db().select({ id: accounts.id }).from(accounts).where(eq(accounts.accountType, 'Payable'));
    const owed = (await Promise.all(payable.map((row) => accountBalance(db(), row.id)))).reduce((sum, balance) => sum + Math.max(balance, 0), 0);
    expect(owed).toBeGreaterThan(0);
    expect(day!.figures.payables).toBe(owed);
    expect(day!.figures.receivables).toBeGreaterThanOrEqual(0);
    expect((await get('administrator', 'financeMetrics', { period: 'Year' })).status).toBe(400);
  });

  it('lists each driver\'s pay per job (completion pay less reversals, plus adjustments) and exports it as Driver Analysis', async () => {
    const driverId = await userIdOf(server, 'driver4@demo.test');
    const answer = await get('administrator', 'driverPayAnalysis', { driverid: driverId });
    expect(answer.status).toBe(200);
    const items = answer.body.items as { jobId: number; pay: number; adjustments: number; total: number; driver: string }[];
    const costs = await Promise.all(items.map((item) => jobCost(item.jobId)));
    expect(items.length).toBeGreaterThan(0);
    items.forEach((item, index) => {
      expect(item.driver).toBe('Lindiwe Zulu');
      expect(item.total).toBe(item.pay + item.adjustments);
      expect(item.total).toBe(costs[index]);
    });
    const file = await fetch(`${server.url}/connect/reports/za/driverPayAnalysis?exportExcel=true`, {
      headers: { Authorization: `Bearer ${await server.tokenFor('administrator@demo.test')}` },
    });
    expect(file.headers.get('content-disposition')).toContain('filename="Driver Analysis.xlsx"');
  });

  it('Amendments lists every adjustment and reversal with who, when and why', async () => {
    const answer = await server.raw('administrator', 'GET', '/reports/za/amendments');
    expect(answer.status).toBe(200);
    const items = answer.body.items as { kind: string; who: string; reason: string; jobId: number | null; createdAt: string; transactionId: number }[];
    const reversals = await db().select().from(jobPayPostings).where(eq(jobPayPostings.isReversal, true));
    const adjustments = await db().select().from(adjustmentItems);
    expect(answer.body.figures).toEqual({ amendments: reversals.length + adjustments.length, adjustments: adjustments.length, reversals: reversals.length });
    const reversal = items.find((item) => item.transactionId === reversals[0]!.ledgerTransactionId)!;
    expect(reversal).toMatchObject({ kind: 'Credit reversal', reason: reversals[0]!.reason, jobId: reversals[0]!.jobId, createdAt: expect.any(String) });
    expect(reversal.who).toBeTruthy();
    const returned = items.find((item) => item.transactionId === adjustments[0]!.ledgerTransactionId)!;
    expect(returned).toMatchObject({ kind: 'Delivery price debit', reason: adjustments[0]!.description });
  });

  it('answers 403 to everyone else, management included (000 section 6: administrator only)', async () => {
    for (const login of ['management', 'staff', 'company.admin', 'partner', 'driver', 'customer'] as const) {
      expect((await get(login, 'financeMetrics')).status, login).toBe(403);
      expect((await get(login, 'driverPayAnalysis')).status, login).toBe(403);
      expect((await server.raw(login, 'GET', '/reports/za/amendments')).status, login).toBe(403);
    }
  });
});
