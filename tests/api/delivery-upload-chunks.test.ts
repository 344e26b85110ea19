// A delivery batch booked a chunk per transaction (server/domain/delivery-uploads.ts bookChunk): more rows than one
// chunk with a bad row in the middle, and a run stopped after its first chunk, then run again.
import { Readable } from 'node:stream';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessToken } from '../../server/auth/tokens';
import { accounts, deliveries, deliveryItems, deliveryUploads, ledgerEntries, ledgerTransactions, payments } from '../../server/db/schema';
import { runDeliveryBatch, submitDeliveryBatch, uploadDeliverySheet } from '../../server/domain/delivery-uploads';
import { requirePortal } from '../../server/domain/portals';
import type { BatchProgress } from '../../server/domain/upload-batches';
import type { JobQueue } from '../../server/jobs/queue';
import { paymentProviderOf } from '../../server/payments/provider-client';
import type { Live } from '../../server/realtime/publish';
import { LOGISTIC_STATUS, PAYMENT_STATUS, UPLOAD_BATCH_STATUS } from '../../src/lib/statuses';
import { nextWeekday } from './booking-helpers';
import { dataOf, inZa, startTestServer, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const date = nextWeekday(2);
const HEADER = 'Order reference,Drop-off address,Drop-off contact,Drop-off phone,Date,Service level,Parcel type,Parcels';
const PLACES = ['Cape Town City Centre', 'Stellenbosch', 'Sea Point', 'Gardens Centre'];
/** n rows, all good but row `bad` (1-based), whose drop-off is nowhere. */
const sheet = (prefix: string, n: number, bad: number) => [HEADER, ...Array.from({ length: n }, (_, index) => {
  const place = index + 1 === bad ? 'Atlantis Underwater Mall' : PLACES[index % PLACES.length];
  return `${prefix}-${index + 1},${place},Customer ${index + 1},+2782${String(1_000_000 + index).slice(-7)},${date},${index % 3 === 0 ? 'Priority' : 'Standard'},${['Small', 'Medium', 'Large'][index % 3]},${1 + (index % 2)}`;
})].join('\n');

/** The progress events of a run, handed to `listen` (the hub's fan-out is not under test here). */
function liveOf(listen: (payload: BatchProgress) => void): Live {
  return {
    mode: 'in-process',
    publish(message) { listen(message.payload as BatchProgress); },
    subscribe: () => () => undefined,
    onPublish: () => () => undefined,
    start: async () => undefined,
    close: async () => undefined,
  };
}

const noQueue: Pick<JobQueue, 'send' | 'nudge'> = { send: async () => null, nudge: () => undefined };

async function setup(prefix: string, n: number, bad: number) {
  const db = server.context.db;
  const portal = await requirePortal(db, 'za');
  const permissions = await verifyAccessToken(server.keys, await server.tokenFor('store.admin@demo.test', 3600));
  const settings = { quoteValiditySeconds: server.config.quoteValiditySeconds };
  const ctx = { db, portal, permissions, settings };
  const text = sheet(prefix, n, bad);
  const batch = await uploadDeliverySheet(ctx, permissions.storeId!, `${prefix}.csv`, 'csv', Readable.from([Buffer.from(text)]), Buffer.byteLength(text));
  expect(batch).toMatchObject({ totalRows: n, validRows: n - 1, invalidRows: 1 });
  await submitDeliveryBatch(ctx, noQueue, batch.id);
  const [account] = await db.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.storeId, permissions.storeId!), isNull(accounts.systemCode))).orderBy(asc(accounts.id)).limit(1);
  return { db, portal, batch, accountId: account!.id, booker: { db, settings, provider: paymentProviderOf(server.context), chunkRows: 4 } };
}

const balanceOf = async (accountId: number) => (await dataOf(server.as('administrator').connect.GET('/accounts/{cca2}/{id}', { params: inZa(accountId) }))).balance;
const rowsOf = (batchId: number) => server.context.db.select().from(deliveryUploads).where(eq(deliveryUploads.uploadBatchId, batchId)).orderBy(asc(deliveryUploads.id));

/** Everything a booked row left: one delivery each, paid, with its parcels, one payment and one ledger posting. */
async function expectBookedOnce(batchId: number, bad: number) {
  const { db } = server.context;
  const rows = await rowsOf(batchId);
  expect(rows.map((row) => row.uploadStatusId)).toEqual(rows.map((row) => (row.rowNumber === bad + 1 ? UPLOAD_BATCH_STATUS.FAILED : UPLOAD_BATCH_STATUS.DELIVERY_CREATED)));
  const failed = rows.find((row) => row.uploadStatusId === UPLOAD_BATCH_STATUS.FAILED)!;
  expect(failed.deliveryId).toBeNull();
  expect(failed.errors.destinationAddressText?.[0]).toContain('Atlantis Underwater Mall');
  const booked = rows.filter((row) => row.uploadStatusId === UPLOAD_BATCH_STATUS.DELIVERY_CREATED);
  const ids = booked.map((row) => row.deliveryId!);
  expect(new Set(ids).size).toBe(booked.length);
  const made = await db.select().from(deliveries).where(inArray(deliveries.id, ids));
  expect(made).toHaveLength(booked.length);
  expect(made.every((delivery) => delivery.paymentStatusId === PAYMENT_STATUS.PAID && delivery.logisticStatusId === LOGISTIC_STATUS.READY
    && delivery.waybill === `WB${String(delivery.id).padStart(8, '0')}` && delivery.selectedQuoteId !== null)).toBe(true);
  // Nothing booked twice: one delivery per order reference, one payment and one posting per delivery.
  const references = booked.map((row) => row.orderReference!);
  const byReference = await db.select({ id: deliveries.id }).from(deliveries).where(inArray(deliveries.orderReference, references));
  expect(byReference).toHaveLength(booked.length);
  const paid = await db.select().from(payments).where(inArray(payments.deliveryId, ids));
  expect(paid).toHaveLength(booked.length);
  expect(paid.map((payment) => payment.idempotencyKey).sort()).toEqual(booked.map((row) => `delivery-upload-${row.id}`).sort());
  const posted = await db.select().from(ledgerTransactions).where(inArray(ledgerTransactions.deliveryId, ids));
  expect(posted).toHaveLength(booked.length);
  const entries = await db.select().from(ledgerEntries).where(inArray(ledgerEntries.transactionId, posted.map((row) => row.id)));
  const sums = new Map<number, number>();
  for (const entry of entries) sums.set(entry.transactionId, (sums.get(entry.transactionId) ?? 0) + entry.amountCents);
  expect([...sums.values()].every((sum) => sum === 0)).toBe(true);
  const parcels = await db.select().from(deliveryItems).where(inArray(deliveryItems.deliveryId, ids));
  expect(parcels).toHaveLength(booked.reduce((total, row) => total + row.parcelCount, 0));
  return { booked, charged: paid.reduce((total, payment) => total + payment.amountCents, 0) };
}

describe('delivery upload batches: booked a chunk per transaction', () => {
  it('books a batch of several chunks, failing only its bad row, as the wizard would book each row', async () => {
    const bad = 6;
    const { portal, batch, accountId, booker } = await setup('CHUNK', 11, bad);
    const before = await balanceOf(accountId);
    const progress: BatchProgress[] = [];
    const live = liveOf((payload) => { progress.push(payload); });
    expect(await runDeliveryBatch(booker, live, { batchId: batch.id, portalId: portal.id, cca2: portal.cca2 })).toEqual({ processedRows: 11 });
    // Progress once per chunk of 4 rows (and at the start and the end), not once per row.
    expect(progress.map((event) => event.processedRows)).toEqual([0, 4, 8, 11, 11]);
    expect(progress.at(-1)).toMatchObject({ totalRows: 11, uploadStatusId: UPLOAD_BATCH_STATUS.COMPLETED });
    const { booked, charged } = await expectBookedOnce(batch.id, bad);
    expect(before - await balanceOf(accountId)).toBe(charged);
    // A booked delivery reads as the wizard's (to staff, who see prices): the row's service level selected at the row's price, its parcels, paid from the store's account.
    const row = booked[1]!;
    const delivery = await dataOf(server.as('administrator').connect.GET('/deliveries/getquotes/{cca2}/{id}', { params: inZa(row.deliveryId!) }));
    const selected = delivery.deliveryQuotes.find((option) => option.id === delivery.selectedDeliveryQuoteId);
    expect(selected).toMatchObject({ slaType: row.slaType, priceExcl: row.priceExclCents });
    expect(delivery).toMatchObject({ orderReference: row.orderReference, accountId, paymentStatusId: PAYMENT_STATUS.PAID, originStoreId: row.deliveryId && delivery.originStoreId });
    expect(delivery.originStoreId).not.toBeNull();
    expect(delivery.deliveryItems).toHaveLength(row.parcelCount);
    expect(delivery.amountsPaid).toEqual([{ method: 'account', amount: delivery.paymentTotal }]);
  });

  it('runs a batch stopped after its first chunk again without booking or charging anything twice', async () => {
    const bad = 7;
    const { portal, batch, accountId, booker } = await setup('RERUN', 10, bad);
    const before = await balanceOf(accountId);
    // The process dies after the first chunk's commit: the progress event after it throws, failing the job.
    let events = 0;
    const dying = liveOf(() => { events += 1; if (events === 2) throw new Error('process stopped'); });
    await expect(runDeliveryBatch(booker, dying, { batchId: batch.id, portalId: portal.id, cca2: portal.cca2 })).rejects.toThrow('process stopped');
    const half = await rowsOf(batch.id);
    expect(half.filter((row) => row.uploadStatusId === UPLOAD_BATCH_STATUS.DELIVERY_CREATED)).toHaveLength(4);
    expect(half.filter((row) => row.uploadStatusId === UPLOAD_BATCH_STATUS.SUBMITTED)).toHaveLength(6);
    // The queue's retry runs the job again: the first chunk is left as it is, the rest is booked.
    const quiet = liveOf(() => undefined);
    expect(await runDeliveryBatch(booker, quiet, { batchId: batch.id, portalId: portal.id, cca2: portal.cca2 })).toEqual({ processedRows: 10 });
    const { charged } = await expectBookedOnce(batch.id, bad);
    expect(before - await balanceOf(accountId)).toBe(charged);
    // And once more (a duplicate run of a finished batch): nothing happens.
    expect(await runDeliveryBatch(booker, quiet, { batchId: batch.id, portalId: portal.id, cca2: portal.cca2 })).toEqual({ processedRows: 0 });
    expect(before - await balanceOf(accountId)).toBe(charged);
  });
});
