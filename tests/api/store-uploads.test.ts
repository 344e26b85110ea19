import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_SHEET_TYPES, RATE_TEXTS } from '../../src/lib/rate-texts';
import { UPLOAD_BATCH_STATUS } from '../../src/lib/statuses';
import type { SeededLogin } from '../support/seeded-users';
import { expectedStatus, ROLE_LOGINS } from './fleet-support';
import { bearer, dataOf, inZa, pageOf, startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
let seaPoint: number;
let sandton: number;
let acme: number;
let blueCrane: number;
beforeAll(async () => {
  server = await startTestServer();
  const page = pageOf(await dataOf(server.as('administrator').connect.GET('/stores/{cca2}', { params: { path: ZA, query: { pageSize: 100 } } })));
  const byName = Object.fromEntries(page.items.map((row) => [row.storeName, row]));
  seaPoint = byName['Acme Sea Point']!.id;
  sandton = byName['Acme Sandton City']!.id;
  acme = byName['Acme Sea Point']!.companyId;
  blueCrane = byName['Blue Crane Rosebank']!.companyId;
});
afterAll(async () => { await server.close(); });

const HEADER = 'Store Id,Store name,Company Id,Contact name,Phone number,Email,Address,Active';
/** Row 2 adds a store, row 3 changes Sea Point, row 4 breaks the form's rules, row 5's address cannot be found. */
const sheet = () => [
  HEADER,
  `,Acme Stellenbosch,${acme},Johan Botha,+27827654321,stellenbosch@acme.test,Stellenbosch,yes`,
  `${seaPoint},Acme Sea Point,,Anika Naidoo,+27829998888,,Sea Point,yes`,
  ',,,,12,not-an-email,,maybe',
  `,Acme Nowhere,${acme},,,,Zzyzx Qwerty 99999,`,
].join('\n');

async function upload(login: SeededLogin, body: string, type: string = RATE_SHEET_TYPES.csv) {
  const response = await fetch(`${server.url}/connect/uploadbatches/za/Store?fileName=stores.csv`, {
    method: 'POST', headers: { ...bearer(await server.as(login).token()), 'Content-Type': type }, body,
  });
  return { status: response.status, body: await response.json() };
}

const rowsOf = async (login: SeededLogin, batchId: number, query: Record<string, string | number | boolean> = {}) =>
  pageOf(await dataOf(server.as(login).connect.GET('/uploadbatches/{cca2}/{batchId}/Store', { params: { path: { ...ZA, batchId }, query: { pageSize: 100, ...query } } })));

async function untilDone(login: SeededLogin, batchId: number) {
  // A short poll: the submit nudges the worker, so the batch is usually done within a few hundred ms.
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const batch = await dataOf(server.as(login).connect.GET('/uploadbatches/{cca2}/batch/Store/{id}', { params: inZa(batchId) }));
    if (batch.uploadStatusId === UPLOAD_BATCH_STATUS.COMPLETED) return batch;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the batch never completed');
}

describe('store upload batches: access by role', () => {
  it.each(ROLE_LOGINS)('%s', async (login) => {
    const { response } = await server.as(login).connect.GET('/uploadbatches/{cca2}/Store', { params: { path: ZA } });
    expect(response.status).toBe(await expectedStatus(server, login, 'getstorebatches'));
  });
});

describe('store upload batches: upload', () => {
  it('checks every row with the store form\'s rules, resolves addresses through the geocoder and keeps bad rows with their errors', async () => {
    const { status, body } = await upload('administrator', sheet());
    expect(status).toBe(201);
    expect(body.message).toBe('File uploaded sucessfully.');
    expect(body.uploadBatch).toMatchObject({ totalRows: 4, validRows: 2, invalidRows: 2, uploadStatusId: 0, storesCreated: 0 });
    const rows = (await rowsOf('administrator', body.uploadBatch.id)).items;
    expect(rows.map((row) => row.rowNumber)).toEqual([2, 3, 4, 5]);
    expect(rows[0]).toMatchObject({ storeId: null, storeName: 'Acme Stellenbosch', companyId: acme, address: 'Stellenbosch', errors: {} });
    expect(rows[0]!.resolvedAddress).toContain('Stellenbosch');
    expect(rows[1]).toMatchObject({ storeId: seaPoint, errors: {} });
    expect(rows[2]!.errors).toEqual({
      storeName: ['Store name is required'], address: ['Address is required'], companyId: ['Company Id is required for a new store'],
      phoneNumber: ['Phone number is not valid'], email: ['Email address is not valid'], isActive: ["Active 'maybe' is not valid"],
    });
    expect(rows[3]!.errors).toEqual({ address: ["Address 'Zzyzx Qwerty 99999' could not be found"] });
    expect((await rowsOf('administrator', body.uploadBatch.id, { hasErrors: true })).items.map((row) => row.rowNumber)).toEqual([4, 5]);
  });

  it('refuses a sheet without the required columns, of another type or empty, naming what is wrong', async () => {
    const missing = await upload('administrator', 'Contact name\nx');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('Store name');
    expect(missing.body.message).toContain('Address');
    // A media type the call does not declare is refused before the handler (as for rate sheets).
    expect((await upload('administrator', 'a,b', 'application/pdf')).status).toBe(415);
    expect((await upload('administrator', HEADER)).status).toBe(400);
  });

  it('lets only staff add stores; a company\'s or store\'s users change only their own, and see only their batches', async () => {
    const mine = await upload('store.admin', [HEADER, `,Acme New,${acme},,,,Sea Point,`, `${sandton},Acme Sandton City,,,,,Sandton,`, `${seaPoint},Acme Sea Point,,,,,Sea Point,`].join('\n'));
    expect(mine.status).toBe(201);
    const rows = (await rowsOf('store.admin', mine.body.uploadBatch.id)).items;
    expect(rows[0]!.errors.storeId).toEqual(['Only administrators, management and staff can add stores: give the Store Id of a store to change']);
    expect(rows[1]!.errors.storeId).toEqual([`Store Id '${sandton}' could not be found`]);
    expect(rows[2]!.errors).toEqual({});
    const company = await upload('company.admin', [HEADER, `${sandton},Acme Sandton City,${blueCrane},,,,Sandton,`].join('\n'));
    expect((await rowsOf('company.admin', company.body.uploadBatch.id)).items[0]!.errors.companyId).toEqual([`A store keeps its company: Company Id must be ${acme} or empty`]);
    // The administrator's batches are not the store's; the store's are the administrator's to see.
    const staffBatch = (await upload('administrator', sheet())).body.uploadBatch.id as number;
    const store = server.as('store.admin').connect;
    expect((await store.GET('/uploadbatches/{cca2}/batch/Store/{id}', { params: inZa(staffBatch) })).response.status).toBe(404);
    expect((await store.GET('/uploadbatches/{cca2}/{batchId}/Store', { params: { path: { ...ZA, batchId: staffBatch } } })).response.status).toBe(404);
    expect((await store.POST('/uploadbatches/{cca2}/Store/{id}/submit', { params: inZa(staffBatch) })).response.status).toBe(404);
    const seen = pageOf(await dataOf(store.GET('/uploadbatches/{cca2}/Store', { params: { path: ZA } })));
    expect(seen.items.map((batch) => batch.id)).toEqual([mine.body.uploadBatch.id]);
    expect((await server.as('administrator').connect.GET('/uploadbatches/{cca2}/batch/Store/{id}', { params: inZa(mine.body.uploadBatch.id) })).response.status).toBe(200);
  });
});

describe('store upload batches: edit, cancel, submit', () => {
  it('corrects a bad row with the same rules, cancels one, and creates and changes the stores once', async () => {
    const { body } = await upload('administrator', sheet());
    const batchId = body.uploadBatch.id as number;
    const rows = (await rowsOf('administrator', batchId)).items;
    const admin = server.as('administrator').connect;
    const bad = rows[2]!;
    // Bad input is refused naming the field, before any rule runs.
    const refused = await admin.PUT('/uploadbatches/{cca2}/uploads/Store/{id}', { params: inZa(bad.id), body: { xmin: bad.xmin, companyId: 0 } });
    expect(refused.response.status).toBe(400);
    expect(JSON.stringify(refused.error)).toContain('companyId');
    const fixed = await dataOf(admin.PUT('/uploadbatches/{cca2}/uploads/Store/{id}', {
      params: inZa(bad.id), body: { xmin: bad.xmin, storeName: 'Acme Cape Town', companyId: acme, address: 'Cape Town City Centre', phoneNumber: '+27821112222', email: null, isActive: true },
    }));
    expect(fixed.errors).toEqual({});
    expect((await admin.PUT('/uploadbatches/{cca2}/uploads/Store/{id}', { params: inZa(bad.id), body: { xmin: bad.xmin, storeName: 'late' } })).response.status).toBe(409);
    const cancelled = await dataOf(admin.DELETE('/uploadbatches/{cca2}/Store/{id}', { params: inZa(rows[3]!.id) }));
    expect(cancelled.uploadStatusId).toBe(UPLOAD_BATCH_STATUS.CANCELLED);
    expect((await admin.DELETE('/uploadbatches/{cca2}/Store/{id}', { params: inZa(rows[3]!.id) })).response.status).toBe(409);

    const submitted = await dataOf(admin.POST('/uploadbatches/{cca2}/Store/{id}/submit', { params: inZa(batchId) }));
    expect(submitted.message).toBe('Batch submitted sucessfully.');
    expect((await admin.POST('/uploadbatches/{cca2}/Store/{id}/submit', { params: inZa(batchId) })).response.status).toBe(409);
    const done = await untilDone('administrator', batchId);
    expect(done).toMatchObject({ storesCreated: 3, processedRows: 3 });
    const after = (await rowsOf('administrator', batchId)).items;
    expect(after.map((row) => row.uploadStatusId)).toEqual([UPLOAD_BATCH_STATUS.COMPLETED, UPLOAD_BATCH_STATUS.COMPLETED, UPLOAD_BATCH_STATUS.COMPLETED, UPLOAD_BATCH_STATUS.CANCELLED]);
    const created = await dataOf(admin.GET('/stores/{cca2}/{id}', { params: inZa(after[0]!.createdStoreId!) }));
    expect(created).toMatchObject({ storeName: 'Acme Stellenbosch', companyId: acme, contactName: 'Johan Botha', address: after[0]!.resolvedAddress });
    expect(after[1]!.createdStoreId).toBe(seaPoint);
    expect(await dataOf(admin.GET('/stores/{cca2}/{id}', { params: inZa(seaPoint) }))).toMatchObject({ contactName: 'Anika Naidoo' });
    // A row whose store exists can no longer be changed or cancelled.
    expect((await admin.DELETE('/uploadbatches/{cca2}/Store/{id}', { params: inZa(after[0]!.id) })).response.status).toBe(409);
    expect((await admin.PUT('/uploadbatches/{cca2}/uploads/Store/{id}', { params: inZa(after[0]!.id), body: { xmin: after[0]!.xmin, storeName: 'x' } })).response.status).toBe(409);
    // A retried run (the job after a crash) makes no second store.
    const { runStoreBatch } = await import('../../server/domain/store-uploads');
    expect(await runStoreBatch(server.context.db, server.live, { batchId, portalId: 0 })).toEqual({ processedRows: 0 });
  });

  it('gives the rows back as a sheet with an error column', async () => {
    const { body } = await upload('administrator', sheet());
    const response = await fetch(`${server.url}/connect/uploadbatches/za/${body.uploadBatch.id}/Store?exportExcel=true`, { headers: bearer(await server.as('administrator').token()) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('Store uploads');
    // Every row comes back, with the error column last (read to the end: an unread body keeps the connection open).
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const rows = workbook.worksheets[0]!;
    expect(rows.rowCount).toBe(1 + (body.uploadBatch.totalRows as number));
    expect((rows.getRow(1).values as unknown[]).at(-1)).toBe(RATE_TEXTS.errorColumn);
  });
});
