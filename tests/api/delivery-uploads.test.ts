import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, deliveryUploads, payments, uploadBatches } from '../../server/db/schema';
import { RATE_SHEET_TYPES } from '../../src/lib/rate-texts';
import { PAYMENT_STATUS, UPLOAD_BATCH_STATUS } from '../../src/lib/statuses';
import type { SeededLogin } from '../support/seeded-users';
import { nextWeekday } from './booking-helpers';
import { expectedStatus, ROLE_LOGINS } from './fleet-support';
import { hubClient } from './realtime-support';
import { bearer, dataOf, inZa, pageOf, startTestServer, ZA, type TestServer } from './support';
import type { BatchProgress } from '../../server/domain/upload-batches';

let server: TestServer;
let seaPoint: number;
let sandton: number;
let otherCompanyStore: number;
beforeAll(async () => {
  server = await startTestServer();
  const page = pageOf(await dataOf(server.as('administrator').connect.GET('/stores/{cca2}', { params: { path: ZA, query: { pageSize: 100 } } })));
  const byName = Object.fromEntries(page.items.map((row) => [row.storeName, row.id]));
  seaPoint = byName['Acme Sea Point']!;
  sandton = byName['Acme Sandton City']!;
  otherCompanyStore = byName['Blue Crane Rosebank']!;
});
afterAll(async () => { await server.close(); });

const date = nextWeekday(3);
const HEADER = 'Order reference,Drop-off address,Drop-off contact,Drop-off phone,Date,Service level,Parcel type,Parcels';
/** Rows 2 and 3 are good (picked up at the store); row 4 breaks the wizard's rules; row 5 repeats row 2's reference. */
const sheet = (prefix: string) => [
  HEADER,
  `${prefix}-1,Cape Town City Centre,Thandi Nkosi,+27821234567,${date},Standard,Small,1`,
  `${prefix}-2,Stellenbosch,Johan Botha,+27827654321,${date},Priority,medium,2`,
  `${prefix}-3,,,12,,Overnight,Huge,1`,
  `${prefix}-1,Sea Point,Anika Naidoo,+27829998888,${date},Standard,Small,1`,
].join('\n');

async function upload(login: SeededLogin, storeId: number, body: string, fileName = 'deliveries.csv') {
  const response = await fetch(`${server.url}/connect/uploadbatches/za/stores/${storeId}/Delivery?fileName=${encodeURIComponent(fileName)}`, {
    method: 'POST', headers: { ...bearer(await server.as(login).token()), 'Content-Type': RATE_SHEET_TYPES.csv }, body,
  });
  return { status: response.status, body: await response.json() };
}

const rowsOf = async (login: SeededLogin, batchId: number, query: Record<string, string | number | boolean> = {}) =>
  pageOf(await dataOf(server.as(login).connect.GET('/uploadbatches/{cca2}/{batchId}/Delivery', { params: { path: { ...ZA, batchId }, query: { pageSize: 100, ...query } } })));

async function untilDone(login: SeededLogin, batchId: number) {
  // A short poll: the submit nudges the worker, so the batch is usually done within a few hundred ms.
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const batch = await dataOf(server.as(login).connect.GET('/uploadbatches/{cca2}/batch/Delivery/{id}', { params: inZa(batchId) }));
    if (batch.uploadStatusId === UPLOAD_BATCH_STATUS.COMPLETED) return batch;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the batch never completed');
}

/** The store's own account (what the submit charges), read as the ledger has it. */
async function storeAccountId(storeId: number) {
  const [account] = await server.context.db.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.storeId, storeId), isNull(accounts.systemCode))).orderBy(asc(accounts.id)).limit(1);
  return account!.id;
}
const balanceOf = async (accountId: number) => (await dataOf(server.as('administrator').connect.GET('/accounts/{cca2}/{id}', { params: inZa(accountId) }))).balance;

describe('delivery upload batches: access by role', () => {
  it.each(ROLE_LOGINS)('%s', async (login) => {
    const { response } = await server.as(login).connect.GET('/uploadbatches/{cca2}/stores/{storeId}/Delivery', { params: { path: { ...ZA, storeId: seaPoint } } });
    // Allowed roles outside the store's company get 404 (the partner, driver and customer are refused first).
    const allowed = await expectedStatus(server, login, 'getdeliverybatches');
    expect(response.status).toBe(allowed);
  });
});

describe('delivery upload batches: upload', () => {
  it('validates every row with the wizard\'s texts, prices good rows and flags a repeated order reference', async () => {
    const { status, body } = await upload('store.admin', seaPoint, sheet('UP'));
    expect(status).toBe(201);
    expect(body.message).toBe('File uploaded sucessfully.');
    expect(body.uploadBatch).toMatchObject({ storeId: seaPoint, storeName: 'Acme Sea Point', totalRows: 4, validRows: 2, invalidRows: 2, uploadStatusId: 0 });
    expect(body.uploadBatch.quotedTotalExclCents).toBeGreaterThan(0);
    const rows = (await rowsOf('store.admin', body.uploadBatch.id)).items;
    expect(rows.map((row) => row.rowNumber)).toEqual([2, 3, 4, 5]);
    expect(rows[0]).toMatchObject({ orderReference: 'UP-1', slaType: 'Standard', parcelTypeId: 1, errors: {} });
    expect(rows[0]!.priceExclCents).toBeGreaterThan(0);
    expect(rows[1]).toMatchObject({ parcelCount: 2, parcelTypeId: 2, errors: {} });
    // The wizard's own messages (001 section 9), verbatim.
    expect(rows[2]!.errors).toMatchObject({
      destinationAddressText: ['Drop-off is required'], deliveryDate: ['Date is required'],
      destinationContactName: ['Name is required'], destinationPhoneNumber: ['Phone number is not valid'],
    });
    expect(rows[2]!.errors.slaType![0]).toContain("Service level 'Overnight'");
    expect(rows[2]!.errors.parcelTypeId![0]).toContain("Parcel type 'Huge'");
    expect(rows[3]!.errors).toEqual({ orderReference: ['Order reference UP-1 is already used'] });
    expect((await rowsOf('store.admin', body.uploadBatch.id, { hasErrors: true })).items.map((row) => row.rowNumber)).toEqual([4, 5]);
  });

  it('prices a row exactly as the wizard quotes it', async () => {
    const { body } = await upload('administrator', seaPoint, [HEADER, `PRICE-1,Cape Town City Centre,Thandi Nkosi,+27821234567,${date},Standard,Small,1`].join('\n'));
    const [row] = (await rowsOf('administrator', body.uploadBatch.id)).items;
    const store = server.as('store.admin').connect;
    const created = await dataOf(store.POST('/deliveries/createquotes/{cca2}', {
      params: { path: ZA }, body: { originStoreId: seaPoint, destinationAddress: { placeId: 'za-cape-town-cape-town-city-centre', description: 'Cape Town City Centre', coordinates: { lat: -33.9249, lon: 18.4241 } }, deliveryDate: date, deliveryTime: '02:00' },
    }));
    const priced = await dataOf(store.PUT('/deliveries/updateparcel/{cca2}/{id}', {
      params: inZa(created.deliveryId), body: { xmin: created.xmin, deliveryItems: [{ name: 'Small', parcelType: 1, length: row!.length!, width: row!.width!, height: row!.height!, weight: row!.weight!, isFragile: false }] },
    }));
    const asStaff = await dataOf(server.as('administrator').connect.GET('/deliveries/getquotes/{cca2}/{id}', { params: inZa(priced.deliveryId) }));
    const standard = asStaff.deliveryQuotes.find((option) => option.slaType === 'Standard');
    expect(standard?.priceExcl).toBe(row!.priceExclCents);
  });

  it('refuses a sheet without the required columns, naming them', async () => {
    const { status, body } = await upload('store.admin', seaPoint, 'Order reference\nx');
    expect(status).toBe(400);
    expect(body.message).toContain('Drop-off address');
  });

  it('lets a store administrator see and upload only its own store\'s batches', async () => {
    expect((await upload('store.admin', sandton, sheet('OTHER'))).status).toBe(404);
    const theirs = await upload('company.admin', sandton, sheet('SANDTON'));
    expect(theirs.status).toBe(201);
    const batch = theirs.body.uploadBatch.id as number;
    const store = server.as('store.admin').connect;
    expect((await store.GET('/uploadbatches/{cca2}/stores/{storeId}/Delivery', { params: { path: { ...ZA, storeId: sandton } } })).response.status).toBe(404);
    expect((await store.GET('/uploadbatches/{cca2}/batch/Delivery/{id}', { params: inZa(batch) })).response.status).toBe(404);
    expect((await store.GET('/uploadbatches/{cca2}/{batchId}/Delivery', { params: { path: { ...ZA, batchId: batch } } })).response.status).toBe(404);
    expect((await store.POST('/uploadbatches/{cca2}/Delivery/{id}/submit', { params: inZa(batch) })).response.status).toBe(404);
    const own = pageOf(await dataOf(store.GET('/uploadbatches/{cca2}/stores/{storeId}/Delivery', { params: { path: { ...ZA, storeId: seaPoint } } })));
    expect(own.items.every((row) => row.storeId === seaPoint)).toBe(true);
    // A company administrator works only its company's stores.
    expect((await upload('company.admin', otherCompanyStore, sheet('BLUE'))).status).toBe(404);
  });
});

describe('delivery upload batches: edit, cancel, submit', () => {
  it('corrects a bad row with the same rules, cancels one, books the good rows once and charges the store\'s account', async () => {
    const { body } = await upload('store.admin', seaPoint, sheet('SUB'));
    const batchId = body.uploadBatch.id as number;
    const rows = (await rowsOf('store.admin', batchId)).items;
    const store = server.as('store.admin').connect;
    const bad = rows[2]!;
    const fixed = await dataOf(store.PUT('/uploadbatches/{cca2}/uploads/Delivery/{id}', {
      params: inZa(bad.id),
      body: { xmin: bad.xmin, destinationAddress: 'Sea Point', destinationContactName: 'Lerato Mokoena', destinationPhoneNumber: '+27821112222', deliveryDate: date, slaType: 'Standard', parcelTypeId: 1 },
    }));
    expect(fixed.errors).toEqual({});
    expect(fixed.priceExclCents).toBeGreaterThan(0);
    const stale = await store.PUT('/uploadbatches/{cca2}/uploads/Delivery/{id}', { params: inZa(bad.id), body: { xmin: bad.xmin, orderReference: 'late' } });
    expect(stale.response.status).toBe(409);
    const cancelled = await dataOf(store.DELETE('/uploadbatches/{cca2}/Delivery/{id}', { params: inZa(rows[3]!.id) }));
    expect(cancelled.uploadStatusId).toBe(UPLOAD_BATCH_STATUS.CANCELLED);

    // The store's administrator follows the submit live (the dashboard hub's bulk indexer events of its store).
    const token = await server.tokenFor('store.admin@demo.test');
    const hub = hubClient(server, 'dashboard', () => token);
    const progress: BatchProgress[] = [];
    hub.on('bulkIndexer', (payload: BatchProgress) => { if (payload.uploadBatchId === batchId) progress.push(payload); });
    await hub.start();
    await hub.invoke('subscribeToBulkIndexer');

    const accountId = await storeAccountId(seaPoint);
    const startBalance = await balanceOf(accountId);
    const submitted = await dataOf(store.POST('/uploadbatches/{cca2}/Delivery/{id}/submit', { params: inZa(batchId) }));
    expect(submitted.message).toBe('Batch submitted sucessfully.');
    // Submitting twice is refused: one job, one charge per row.
    expect((await store.POST('/uploadbatches/{cca2}/Delivery/{id}/submit', { params: inZa(batchId) })).response.status).toBe(409);
    const done = await untilDone('store.admin', batchId);
    expect(done).toMatchObject({ deliveriesCreated: 3, processedRows: 3 });
    await expect.poll(() => progress.at(-1), { timeout: 5_000 }).toMatchObject({ processedRows: 3, totalRows: 3, uploadStatusId: UPLOAD_BATCH_STATUS.COMPLETED });
    await hub.stop();
    const after = (await rowsOf('store.admin', batchId)).items;
    const booked = after.filter((row) => row.uploadStatusId === UPLOAD_BATCH_STATUS.DELIVERY_CREATED);
    expect(booked.map((row) => row.rowNumber)).toEqual([2, 3, 4]);
    expect(booked.every((row) => row.deliveryId !== null && row.waybill !== null)).toBe(true);
    const delivery = await dataOf(store.GET('/deliveries/getquotes/{cca2}/{id}', { params: inZa(booked[0]!.deliveryId!) }));
    expect(delivery).toMatchObject({ orderReference: 'SUB-1', originStoreId: seaPoint, paymentStatusId: PAYMENT_STATUS.PAID });
    const charged = startBalance - await balanceOf(accountId);
    expect(charged).toBeGreaterThan(0);
    // A run stopped after paying but before marking its rows (a crash, then pg-boss's retry) books nothing more
    // and charges nothing more: each row continues its own delivery and pays with its own Idempotency-Key.
    const { db } = server.context;
    await db.update(uploadBatches).set({ uploadStatusId: UPLOAD_BATCH_STATUS.IN_PROGRESS }).where(eq(uploadBatches.id, batchId));
    await db.update(deliveryUploads).set({ uploadStatusId: UPLOAD_BATCH_STATUS.IN_PROGRESS }).where(inArray(deliveryUploads.id, booked.map((row) => row.id)));
    const { runDeliveryBatch } = await import('../../server/domain/delivery-uploads');
    const { paymentProviderOf } = await import('../../server/payments/provider-client');
    await runDeliveryBatch({ db, settings: { quoteValiditySeconds: server.config.quoteValiditySeconds }, provider: paymentProviderOf(server.context) }, server.live, { batchId, portalId: 0, cca2: 'ZA' });
    expect(await untilDone('store.admin', batchId)).toMatchObject({ deliveriesCreated: 3 });
    expect(startBalance - await balanceOf(accountId)).toBe(charged);
    const paid = await db.select({ id: payments.id }).from(payments).where(inArray(payments.deliveryId, booked.map((row) => row.deliveryId!)));
    expect(paid).toHaveLength(3);
    // A booked row can no longer be changed or cancelled.
    expect((await store.DELETE('/uploadbatches/{cca2}/Delivery/{id}', { params: inZa(booked[0]!.id) })).response.status).toBe(409);
    // Its order reference is now taken: the same sheet again flags every reference.
    const again = await upload('store.admin', seaPoint, sheet('SUB'));
    const repeated = (await rowsOf('store.admin', again.body.uploadBatch.id)).items;
    expect(repeated[0]!.errors.orderReference).toEqual(['Order reference SUB-1 is already used']);
  });
});
