// The demo seed must not contradict itself (issue 21, item 11): a newcomer found Sandton → Cape Town City Centre
// at 60.5 km, delivered work picked up next month, paid deliveries with a total paid of R 0,00 and drop-off
// exceptions at 100 %. The server seeds at start; these invariants hold over everything it seeded.
import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, deliveries, deliveryQuotes, jobDeliveries, jobPayPostings, jobs, ledgerEntries, ledgerTransactions, payments } from '../../server/db/schema';
import { seedDriverPayHistory } from '../../server/db/seed-finance';
import { jobCostLines } from '../../server/domain/operations/job-cost';
import { SYSTEM_ACCOUNTS } from '../../server/db/seed-booking';
import { paymentTotals, routeDistanceKm, type BookingAddress } from '../../server/domain/quotes';
import { greatCircleRouter } from '../../server/geo/great-circle';
import { JOB_STATUS, LOGISTIC_STATUS as S, PAYMENT_STATUS, TERMINAL_LOGISTIC_STATUSES } from '../../src/lib/statuses';
import { startTestServer, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const seeded = () => server.database.db.select().from(deliveries);
/** Finished work: the terminal statuses and returned to sender. */
const FINISHED = new Set([...TERMINAL_LOGISTIC_STATUSES, S.RETURNED_TO_SENDER]);
/** A demo courier's exceptions stay below this share of the attempts (ours; a real one is a few percent). */
const MAX_EXCEPTION_RATIO = 0.1;

describe('the demo seed is coherent', () => {
  it('seeds several hundred deliveries (so the invariants below are about something)', async () => {
    expect((await seeded()).length).toBeGreaterThanOrEqual(300);
  });

  it("every delivery's distance is the router's distance between its addresses (to 10 m), and more than nothing", async () => {
    // The test server routes with the default router (great-circle times the road factor), as `npm start` does.
    for (const row of await seeded()) {
      const expected = await routeDistanceKm({ quoteValiditySeconds: 0, router: greatCircleRouter },
        row.originAddress as BookingAddress, row.destinationAddress as BookingAddress);
      expect({ waybill: row.waybill, km: row.distanceKm }).toEqual({ waybill: row.waybill, km: expect.closeTo(expected, 2) });
      expect(row.distanceKm).toBeGreaterThan(0.5);
    }
  });

  it('no finished delivery has a pick-up date in the future, and nothing was created in the future', async () => {
    const today = DateTime.now().setZone('Africa/Johannesburg').toISODate()!; // the pick-up date is the portal's
    const rows = await seeded();
    const finished = rows.filter((row) => FINISHED.has(row.logisticStatusId));
    expect(finished.length).toBeGreaterThan(0);
    expect(finished.filter((row) => row.readyForCollectionDate! > today).map((row) => row.waybill)).toEqual([]);
    expect(rows.filter((row) => row.createdAt.getTime() > Date.now()).map((row) => row.waybill)).toEqual([]);
  });

  it('seeded sales are in the ledger on the day they were paid: a history over the last weeks, nothing in the future', async () => {
    // Finance Metrics by day or week read the ledger's dates: a demo whose revenue all fell on the seeding day showed none.
    const { db } = server.database;
    const sales = await db.select({ id: ledgerTransactions.id, postedAt: ledgerTransactions.createdAt, settledAt: payments.settledAt, placedAt: deliveries.createdAt })
      .from(ledgerTransactions).innerJoin(payments, eq(payments.id, ledgerTransactions.paymentId)).innerJoin(deliveries, eq(deliveries.id, ledgerTransactions.deliveryId))
      .where(and(eq(ledgerTransactions.transactionType, 'Invoice'), eq(payments.operation, 'seed')));
    expect(sales.length).toBeGreaterThan(100);
    expect(sales.filter((sale) => sale.postedAt.getTime() !== sale.settledAt!.getTime()).map((sale) => sale.id)).toEqual([]);
    expect(sales.filter((sale) => sale.postedAt.getTime() > Date.now()).map((sale) => sale.id)).toEqual([]);
    expect(sales.filter((sale) => sale.postedAt.getTime() < sale.placedAt.getTime()).map((sale) => sale.id)).toEqual([]);
    const days = new Set(sales.map((sale) => DateTime.fromJSDate(sale.postedAt).setZone('Africa/Johannesburg').toISODate()));
    expect(days.size).toBeGreaterThan(30);
  });

  it('the history has its cost: each delivered delivery was carried in a completed job, each seeded completed job paid once, when it completed', async () => {
    // Gross Profit and Finance Metrics showed the seeded revenue without any cost of sales.
    const { db } = server.database;
    const delivered = await db.select({ id: deliveries.id, jobId: jobDeliveries.jobId }).from(deliveries)
      .leftJoin(jobDeliveries, eq(jobDeliveries.deliveryId, deliveries.id)).where(eq(deliveries.logisticStatusId, S.DELIVERED));
    expect(delivered.length).toBeGreaterThan(50);
    expect(delivered.filter((row) => row.jobId === null)).toEqual([]);
    const completed = await db.select({ id: jobs.id, completedAt: jobs.completedAt }).from(jobs)
      .where(and(isNotNull(jobs.seedKey), eq(jobs.jobStatusId, JOB_STATUS.COMPLETED), isNotNull(jobs.driverId)));
    expect(completed.length).toBeGreaterThan(50);
    const [costOfSales] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.systemCode, SYSTEM_ACCOUNTS.costOfSales));
    const postings = await db.select({ jobId: jobPayPostings.jobId, isReversal: jobPayPostings.isReversal, postedAt: ledgerTransactions.createdAt, cost: ledgerEntries.amountCents })
      .from(jobPayPostings).innerJoin(ledgerTransactions, eq(ledgerTransactions.id, jobPayPostings.ledgerTransactionId))
      .innerJoin(ledgerEntries, and(eq(ledgerEntries.transactionId, ledgerTransactions.id), eq(ledgerEntries.accountId, costOfSales!.id)))
      .where(inArray(jobPayPostings.jobId, completed.map((job) => job.id)));
    for (const job of completed) {
      const lines = await jobCostLines(db, job.id);
      const paid = postings.filter((posting) => posting.jobId === job.id).map(({ isReversal, postedAt, cost }) => ({ isReversal, at: postedAt.getTime(), cost }));
      expect({ job: job.id, paid }).toEqual({ job: job.id, paid: [{ isReversal: false, at: job.completedAt!.getTime(), cost: lines.reduce((sum, line) => sum + line.amountExcl, 0) }] });
    }
    expect(postings.filter((posting) => posting.postedAt.getTime() > Date.now())).toEqual([]);
    const days = new Set(postings.map((posting) => DateTime.fromJSDate(posting.postedAt).setZone('Africa/Johannesburg').toISODate()));
    expect(days.size).toBeGreaterThan(30);

    // Seeding again (every start does) makes no job and pays nothing more.
    const before = await db.select({ jobs: count() }).from(jobs);
    const paidBefore = await db.select({ postings: count() }).from(jobPayPostings);
    await seedDriverPayHistory(db);
    expect(await db.select({ jobs: count() }).from(jobs)).toEqual(before);
    expect(await db.select({ postings: count() }).from(jobPayPostings)).toEqual(paidBefore);
  });

  it("every Paid delivery's paid total equals its price, and the sale is in the ledger", async () => {
    const { db } = server.database;
    const paid = await db.select().from(deliveries).where(eq(deliveries.paymentStatusId, PAYMENT_STATUS.PAID));
    expect(paid.length).toBeGreaterThan(100);
    const quotes = await db.select().from(deliveryQuotes).where(inArray(deliveryQuotes.id, paid.map((row) => row.selectedQuoteId!).filter(Boolean)));
    const paidCents = new Map((await db.select({ deliveryId: payments.deliveryId, cents: sql<string>`sum(${payments.amountCents} + ${payments.creditAppliedCents})` })
      .from(payments).where(eq(payments.status, 'succeeded')).groupBy(payments.deliveryId)).map((row) => [row.deliveryId, Number(row.cents)]));
    const [clearing] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.systemCode, SYSTEM_ACCOUNTS.cardClearing));
    const invoiced = new Map((await db.select({ deliveryId: ledgerTransactions.deliveryId, cents: sql<string>`sum(${ledgerEntries.amountCents})` })
      .from(ledgerEntries).innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(and(eq(ledgerEntries.accountId, clearing!.id), eq(ledgerTransactions.transactionType, 'Invoice')))
      .groupBy(ledgerTransactions.deliveryId)).map((row) => [row.deliveryId, Number(row.cents)]));
    for (const row of paid) {
      const quote = quotes.find((candidate) => candidate.id === row.selectedQuoteId);
      expect(quote, `${row.waybill} has a selected quote`).toBeDefined();
      const { total } = await paymentTotals(db, { ...row, accountId: null, xmin: '0' }, quote);
      expect({ waybill: row.waybill, paid: paidCents.get(row.id) ?? 0 }).toEqual({ waybill: row.waybill, paid: total });
      if (total > 0) expect({ waybill: row.waybill, invoiced: invoiced.get(row.id) }).toEqual({ waybill: row.waybill, invoiced: total });
    }
    // Free work (Emergency Relief) is the exception, not the rule.
    expect(paid.filter((row) => (paidCents.get(row.id) ?? 0) === 0).length).toBeLessThan(paid.length / 10);
  });

  it("the customer's dashboard shows a total paid for each of their paid deliveries", async () => {
    const answer = await server.as('customer').connect.GET('/deliveries/{cca2}/mine', { params: { path: { cca2: 'za' }, query: { pageSize: 100 } } });
    expect(answer.response.status).toBe(200);
    const paidRows = answer.data!.items.filter((row) => row.paymentStatusId === PAYMENT_STATUS.PAID);
    expect(paidRows.length).toBeGreaterThan(0);
    expect(paidRows.filter((row) => row.totalPaidCents > 0).length).toBeGreaterThan(paidRows.length * 0.8);
  });

  it('a waybill and a tracking link only on deliveries that were paid for; never-paid quotes have neither', async () => {
    const rows = await seeded();
    const quoteStatuses = new Set<number>([S.PENDING, S.STAGING, S.CANCELLED_QUOTE]);
    const quotes = rows.filter((row) => quoteStatuses.has(row.logisticStatusId));
    expect(quotes.length).toBeGreaterThan(0);
    expect(quotes.filter((row) => row.waybill !== null || row.trackingHash !== null).map((row) => row.id)).toEqual([]);
    expect(rows.filter((row) => row.paymentStatusId === PAYMENT_STATUS.PAID && row.waybill === null).map((row) => row.id)).toEqual([]);
  });

  it('every delivered delivery says when; most inside their drop-off window, some late (the dashboard shows an on-time figure)', async () => {
    const rows = await server.database.db.select({ deliveredAt: deliveries.deliveredAt, windowEnd: deliveryQuotes.dropOffWindowEnd, status: deliveries.logisticStatusId })
      .from(deliveries).innerJoin(deliveryQuotes, eq(deliveryQuotes.id, deliveries.selectedQuoteId));
    const delivered = rows.filter((row) => row.status === S.DELIVERED);
    expect(delivered.filter((row) => row.deliveredAt === null)).toEqual([]);
    expect(rows.filter((row) => row.status !== S.DELIVERED && row.deliveredAt !== null)).toEqual([]);
    const onTime = delivered.filter((row) => row.deliveredAt! <= row.windowEnd).length;
    expect(onTime / delivered.length).toBeGreaterThan(0.8);
    expect(onTime).toBeLessThan(delivered.length);
    expect(delivered.filter((row) => row.deliveredAt!.getTime() > Date.now())).toEqual([]);
  });

  it('exceptions are rare: each below 10 % of the pick-ups or drop-offs attempted', async () => {
    const rows = await seeded();
    const count = (...statuses: number[]) => rows.filter((row) => statuses.includes(row.logisticStatusId)).length;
    const dropOffs = count(S.DELIVERED, S.DROP_OFF_EXCEPTION, S.UNDELIVERED);
    const pickUps = rows.filter((row) => row.logisticStatusId >= S.COLLECTED).length + count(S.PICK_UP_EXCEPTION);
    expect(count(S.DROP_OFF_EXCEPTION) / dropOffs).toBeLessThan(MAX_EXCEPTION_RATIO);
    expect(count(S.PICK_UP_EXCEPTION) / pickUps).toBeLessThan(MAX_EXCEPTION_RATIO);
    expect(count(S.DELIVERED)).toBeGreaterThan(count(S.DROP_OFF_EXCEPTION, S.UNDELIVERED, S.PICK_UP_EXCEPTION) * 3);
  });
});
