// Cancelling a paid delivery gives the money back in the same transaction as the cancellation: in full before a
// driver is assigned, less the cancellation fee after (docs/finance.md); once, however often cancel is pressed.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGISTIC_STATUS, PAYMENT_STATUS } from '../../src/lib/statuses';
import { accounts, deliveries, ledgerEntries, ledgerTransactions } from '../../server/db/schema';
import { SYSTEM_ACCOUNTS } from '../../server/db/seed-booking';
import { accountBalance } from '../../server/domain/ledger';
import { cancellationFeeCents, refundSplit } from '../../server/domain/refunds';
import { formatMoney } from '../../src/lib/money';
import { bookedAndPaid } from './booking-helpers';
import { pdfText } from './pdf-text';
import { dataOf, inZa, startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const admin = () => server.as('administrator').connect;
const cancel = (id: number) => server.as('staff').connect.PUT('/deliveries/canceldelivery/{cca2}/{id}', { params: inZa(id) });

async function systemBalance(code: string) {
  const [account] = await server.database.db.select().from(accounts).where(eq(accounts.systemCode, code));
  return account ? accountBalance(server.database.db, account.id) : 0;
}
async function deliveryRow(id: number) {
  const [row] = await server.database.db.select().from(deliveries).where(eq(deliveries.id, id));
  return row!;
}
async function creditsOf(deliveryId: number) {
  return server.database.db.select().from(ledgerTransactions)
    .where(sql`${ledgerTransactions.deliveryId} = ${deliveryId} and ${ledgerTransactions.transactionType} = 'Credit'`);
}
/** The sum of a delivery's entries of one transaction type on one system account. */
async function entriesOn(deliveryId: number, transactionType: string, systemCode: string) {
  const [row] = await server.database.db.select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` }).from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
    .where(sql`${ledgerTransactions.deliveryId} = ${deliveryId} and ${ledgerTransactions.transactionType} = ${transactionType} and ${accounts.systemCode} = ${systemCode}`);
  return Number(row!.sum);
}
/** The receipt's text as the payer downloads it, a label and its value on one line. */
async function receiptText(login: 'customer', deliveryId: number) {
  const response = await fetch(`${server.url}/connect/deliveries/receipt/za/${deliveryId}`, { headers: { Authorization: `Bearer ${await server.as(login).token()}` } });
  expect(response.status).toBe(200);
  return pdfText(Buffer.from(await response.arrayBuffer())).replace(/: \n/g, ': ');
}
const money = (cents: number) => formatMoney(cents, { currency: 'ZAR', decimals: 2 });
async function ledgerSum() {
  const [row] = await server.database.db.select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` }).from(ledgerEntries);
  return Number(row!.sum);
}

describe('the cancellation fee rule', () => {
  it('is 10 % of what was paid, at least R 50.00 and never more than was paid', () => {
    expect(cancellationFeeCents(100_000)).toBe(10_000);
    expect(cancellationFeeCents(20_000)).toBe(5_000);
    expect(cancellationFeeCents(3_000)).toBe(3_000);
  });

  it('gives VAT back in proportion, to the cent, and the parts add up', () => {
    const split = refundSplit(11_500, 1_500, true);
    expect(split).toEqual({ feeCents: 5_000, refundCents: 6_500, vatCents: 848, netCents: 5_652 });
    expect(refundSplit(11_501, 1_500, false)).toEqual({ feeCents: 0, refundCents: 11_501, vatCents: 1_500, netCents: 10_001 });
  });
});

describe('cancelling a paid delivery', () => {
  it('before a driver is assigned: a full refund to the account it was paid from, once', async () => {
    const customer = server.as('customer').connect;
    const [account] = (await dataOf(customer.GET('/accounts/{cca2}', { params: { path: ZA, query: { select: true } } }))) as { key: string }[];
    const accountId = Number(account!.key);
    const before = await accountBalance(server.database.db, accountId);
    const revenueBefore = await systemBalance(SYSTEM_ACCOUNTS.revenue);
    const { deliveryId, selected } = await bookedAndPaid(customer);
    const total = selected.paymentTotal;
    expect(await accountBalance(server.database.db, accountId)).toBe(before - total);

    const cancelled = await cancel(deliveryId);
    expect(cancelled.data!.logisticStatusId).toBe(LOGISTIC_STATUS.REFUNDED);
    expect((await deliveryRow(deliveryId)).paymentStatusId).toBe(PAYMENT_STATUS.FULL_REFUND);
    expect(await accountBalance(server.database.db, accountId)).toBe(before);
    expect(await systemBalance(SYSTEM_ACCOUNTS.revenue)).toBe(revenueBefore);
    // The receipt stays, with the refund on it.
    const receipt = await receiptText('customer', deliveryId);
    expect(receipt).toContain(`Total paid: ${money(total)}`);
    expect(receipt).toContain(`Refunded: ${money(total)}`);
    expect(receipt).toMatch(/Date refunded: \d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
    expect(receipt).not.toContain('Cancellation fee');

    // Cancelling again is refused by the delivery's status: no second refund.
    expect((await cancel(deliveryId)).response.status).toBe(409);
    expect(await creditsOf(deliveryId)).toHaveLength(1);
    expect(await accountBalance(server.database.db, accountId)).toBe(before);
    expect(await ledgerSum()).toBe(0);
  });

  it('concurrent cancellations refund once', async () => {
    const { deliveryId } = await bookedAndPaid(server.as('customer').connect);
    const answers = await Promise.all(Array.from({ length: 6 }, () => cancel(deliveryId)));
    expect(answers.map((answer) => answer.response.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await creditsOf(deliveryId)).toHaveLength(1);
    expect(await ledgerSum()).toBe(0);
  });

  it('after a driver is assigned: the refund less the cancellation fee; the fee stays earned', async () => {
    const customer = server.as('customer').connect;
    const { deliveryId, selected } = await bookedAndPaid(customer);
    const total = selected.paymentTotal;
    const created = await admin().POST('/jobs/createjob/{cca2}', { params: { path: ZA }, body: { deliveryIds: [deliveryId] } });
    expect(created.response.status).toBe(201);
    const driver = (await dataOf(admin().GET('/drivers/{cca2}', { params: { path: ZA, query: { search: 'driver4' } } }))).items[0]!.id;
    const assigned = await admin().PUT('/jobs/assignjobstodriver/{cca2}', { params: { path: ZA }, body: { jobIds: [created.data!.job.id], driverId: driver } });
    expect(assigned.response.status).toBe(200);
    const revenueBefore = await systemBalance(SYSTEM_ACCOUNTS.revenue);

    const cancelled = await cancel(deliveryId);
    expect(cancelled.data!.logisticStatusId).toBe(LOGISTIC_STATUS.CANCELLED_WITH_FEE);
    expect((await deliveryRow(deliveryId)).paymentStatusId).toBe(PAYMENT_STATUS.REFUND_LESS_FEE);
    const [credit] = await creditsOf(deliveryId);
    const fee = cancellationFeeCents(total);
    expect(credit!.description).toBe(`Refund less fee (R ${(fee / 100).toFixed(2)}) of cancelled delivery ${deliveryId} (WB${String(deliveryId).padStart(8, '0')})`);
    const entries = await server.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, credit!.id));
    expect(entries.filter((entry) => entry.amountCents < 0).map((entry) => entry.amountCents)).toEqual([-(total - fee)]);
    // Revenue and VAT give back the refund's share; the fee's share stays earned.
    const saleVat = -(await entriesOn(deliveryId, 'Invoice', SYSTEM_ACCOUNTS.vat));
    const split = refundSplit(total, saleVat, true);
    expect(await entriesOn(deliveryId, 'Credit', SYSTEM_ACCOUNTS.vat)).toBe(split.vatCents);
    expect(await entriesOn(deliveryId, 'Credit', SYSTEM_ACCOUNTS.revenue)).toBe(split.netCents);
    expect(revenueBefore - (await systemBalance(SYSTEM_ACCOUNTS.revenue))).toBe(split.netCents);
    const receipt = await receiptText('customer', deliveryId);
    expect(receipt).toContain(`Refunded: ${money(total - fee)}`);
    expect(receipt).toContain(`Cancellation fee: ${money(fee)}`);
    expect(await ledgerSum()).toBe(0);
  });

  it('an unpaid quote cancelled from the back office refunds nothing', async () => {
    const transactionsBefore = (await server.database.db.select({ n: sql<number>`count(*)::int` }).from(ledgerTransactions))[0]!.n;
    const quote = await server.as('customer').connect.POST('/deliveries/createquotes/{cca2}', {
      params: { path: ZA },
      body: { originAddress: { placeId: 'za-cape-town-sea-point', description: 'Sea Point', coordinates: { lat: -33.915, lon: 18.39 } }, destinationAddress: { placeId: 'za-cape-town-cape-town-city-centre', description: 'Cape Town', coordinates: { lat: -33.9249, lon: 18.4241 } }, deliveryDate: '2030-01-09', deliveryTime: '08:00', isRoundTrip: false },
    });
    expect(quote.response.status).toBe(201);
    const cancelled = await cancel(quote.data!.deliveryId);
    expect(cancelled.data!.logisticStatusId).toBe(LOGISTIC_STATUS.CANCELLED_QUOTE);
    expect((await server.database.db.select({ n: sql<number>`count(*)::int` }).from(ledgerTransactions))[0]!.n).toBe(transactionsBefore);
  });
});
