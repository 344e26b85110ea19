import { request as httpRequest } from 'node:http';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_SHEET_MAX_BYTES, RATE_SHEET_TYPES, RATE_TEXTS } from '../../src/lib/rate-texts';
import { UPLOAD_BATCH_STATUS } from '../../src/lib/statuses';
import { book, nextWeekday } from './booking-helpers';
import { expectedStatus, ROLE_LOGINS } from './fleet-support';
import { bearer, dataOf, inZa, pageOf, startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });
const staff = () => server.as('staff').connect;

const HEADER = 'Name,Rate type,SlaType,Parcel Type,Pricing tier,Day of the week,Start km,End km,Price';
/** Row 2 is good; rows 3-5 miss what 002 section 5 requires; row 6 is good (medium parcels, weekend). */
const SHEET = [
  HEADER,
  'Upload small,Base,Standard,1,Upload,Weekday,0,10,70.00',
  'No range,Base,Standard,1,Upload,Weekday,,,70.00',
  'No key,,,,Upload,,10,20,80.00',
  'Bad values,Base,Overnight,9,Upload,Weekday,20,30,abc',
  'Upload medium,Base,Priority,medium,Upload,Weekend,0,10,99.50',
].join('\n');

async function upload(body: BodyInit, type: string = RATE_SHEET_TYPES.csv, login = 'staff' as const, fileName = 'rates.csv') {
  const response = await fetch(`${server.url}/connect/uploadbatches/za/Rate?fileName=${encodeURIComponent(fileName)}`, {
    method: 'POST', headers: { ...bearer(await server.as(login).token()), 'Content-Type': type }, body,
  });
  return { status: response.status, body: await response.json() };
}

const rowsOf = async (batchId: number, query: Record<string, string | number | boolean> = {}) =>
  pageOf(await dataOf(staff().GET('/uploadbatches/{cca2}/{batchId}/Rate', { params: { path: { ...ZA, batchId }, query: { pageSize: 100, ...query } } })));

async function untilDone(batchId: number) {
  // A short poll: the submit nudges the worker, so the batch is usually done within a few hundred ms.
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const batch = await dataOf(staff().GET('/uploadbatches/{cca2}/batch/Rate/{id}', { params: inZa(batchId) }));
    if (batch.uploadStatusId === UPLOAD_BATCH_STATUS.COMPLETED) return batch;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the batch never completed');
}

describe('rate upload batches: access by role', () => {
  it.each(ROLE_LOGINS)('%s', async (login) => {
    const user = server.as(login).connect;
    expect((await user.GET('/uploadbatches/{cca2}/Rate', { params: { path: ZA } })).response.status).toBe(await expectedStatus(server, login, 'getratebatches'));
    expect((await user.GET('/uploads/uploadStatuses')).response.status).toBe(200);
    const sent = await fetch(`${server.url}/connect/uploadbatches/za/Rate?fileName=x.csv`, {
      method: 'POST', headers: { ...bearer(await server.as(login).token()), 'Content-Type': RATE_SHEET_TYPES.csv }, body: 'Name\nx',
    });
    // Allowed callers get the missing columns (400); others are refused before the body is read.
    expect(sent.status).toBe(await expectedStatus(server, login, 'uploadratesheet', 400));
  });
});

describe('rate upload batches: upload', () => {
  it('keeps good rows and bad rows with the texts of 002 section 5 verbatim', async () => {
    const { status, body } = await upload(SHEET);
    expect(status).toBe(201);
    expect(body.message).toBe('File uploaded sucessfully.');
    expect(body.uploadBatch).toMatchObject({ fileName: 'rates.csv', totalRows: 5, validRows: 2, invalidRows: 3, uploadStatusId: 0, uploadStatus: 'Unprocessed' });
    const rows = (await rowsOf(body.uploadBatch.id)).items;
    expect(rows.map((row) => row.rowNumber)).toEqual([2, 3, 4, 5, 6]);
    expect(rows[0]).toMatchObject({ name: 'Upload small', slaType: 'Standard', parcelTypeId: 1, newPrice: 7000, errors: {} });
    expect(rows[1]!.errors).toEqual({ startKmRange: ['Start km  is required'], endKmRange: ['End km  is required'] });
    expect(rows[2]!.errors).toEqual({
      slaType: ['SlaType is required'], parcelTypeId: ['Parcel Type is required'], rateType: ['Rate type is required'], dayOfWeekType: ['Select Day of the week'],
    });
    expect(Object.keys(rows[3]!.errors).sort()).toEqual(['parcelTypeId', 'priceCents', 'slaType']);
    expect(rows[4]).toMatchObject({ parcelTypeId: 2, dayOfWeekType: 'Weekend', newPrice: 9950, errors: {} });
    const bad = await rowsOf(body.uploadBatch.id, { hasErrors: true });
    expect(bad.items.map((row) => row.rowNumber)).toEqual([3, 4, 5]);
    const mine = await rowsOf(body.uploadBatch.id, { appuserid: rows[0]!.uploadedByUserId!, uploadstatus: 0 });
    expect(mine.paging.totalItems).toBe(5);
  });

  it('reads .xlsx sheets too', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Rates');
    for (const line of SHEET.split('\n').slice(0, 3)) sheet.addRow(line.split(',').map((cell) => (/^\d+(\.\d+)?$/.test(cell) ? Number(cell) : cell)));
    const buffer = await workbook.xlsx.writeBuffer();
    const { status, body } = await upload(new Uint8Array(buffer), RATE_SHEET_TYPES.xlsx, 'staff', 'rates.xlsx');
    expect(status).toBe(201);
    expect(body.uploadBatch).toMatchObject({ totalRows: 2, validRows: 1, invalidRows: 1 });
    const rows = (await rowsOf(body.uploadBatch.id)).items;
    expect(rows[0]).toMatchObject({ startKmRange: 0, endKmRange: 10, newPrice: 7000 });
  });

  it('refuses missing columns, an empty file, an unreadable one and another type, naming them', async () => {
    const missing = await upload('Name,SlaType\nx,Standard');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(RATE_TEXTS.missingColumns(['Rate type', 'Parcel Type', 'Day of the week', 'Start km', 'End km', 'Price']));
    const empty = await upload(HEADER);
    expect(empty.body.message).toBe(RATE_TEXTS.emptyFile);
    const garbage = await upload(new Uint8Array([1, 2, 3, 4]), RATE_SHEET_TYPES.xlsx);
    expect(garbage.status).toBe(400);
    expect(garbage.body.message).toBe(RATE_TEXTS.unreadableFile);
    const pdf = await upload('%PDF-1.4', 'application/pdf');
    expect(pdf.status).toBe(415);
    expect(pdf.body.message).toContain('application/pdf');
    const noName = await fetch(`${server.url}/connect/uploadbatches/za/Rate`, { method: 'POST', headers: { ...bearer(await server.as('staff').token()), 'Content-Type': RATE_SHEET_TYPES.csv }, body: SHEET });
    expect(noName.status).toBe(400);
    expect(JSON.stringify(await noName.json())).toContain('fileName');
  });

  it('a sheet over the size limit is 413 before its body is read', async () => {
    const token = await server.as('staff').token();
    const url = new URL(`${server.url}/connect/uploadbatches/za/Rate?fileName=big.csv`);
    const { status, connection } = await new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const sent = httpRequest(url, { method: 'POST', headers: { ...bearer(token), 'Content-Type': RATE_SHEET_TYPES.csv, 'Content-Length': String(RATE_SHEET_MAX_BYTES + 1) } }, (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection });
      });
      // The server closes the connection after answering; the reset of the unsent rest is expected.
      sent.on('error', (error: NodeJS.ErrnoException) => { if (!['ECONNRESET', 'EPIPE'].includes(error.code ?? '')) reject(error); });
      // Only the header row is ever sent: the answer must come without the rest.
      sent.write(`${HEADER}\n`);
    });
    expect(status).toBe(413);
    // Closed, not left waiting for the rest of the body (which held the server's close for a minute).
    expect(connection).toBe('close');
  });
});

describe('rate upload batches: rows, submit and the next quote', () => {
  it('fixes a bad row, cancels another, submits: the rates change and the next quote uses the new price', async () => {
    const { body } = await upload(SHEET.replace(/Upload/g, 'Standard').replace('Standard small,Base,Standard,1,Standard,Weekday,0,10,70.00', 'List small,Base,Standard,1,Standard,Weekday,0,10,70.00'));
    const batchId: number = body.uploadBatch.id;
    const rows = (await rowsOf(batchId)).items;
    // Row 3 lacked its range: corrected, it is valid.
    const fixed = await staff().PUT('/uploadbatches/{cca2}/uploads/Rate/{id}', { params: inZa(rows[1]!.id), body: { startKmRange: 1000, endKmRange: 2000, xmin: rows[1]!.xmin } });
    expect(fixed.response.status).toBe(200);
    expect(fixed.data!.errors).toEqual({});
    const stale = await staff().PUT('/uploadbatches/{cca2}/uploads/Rate/{id}', { params: inZa(rows[1]!.id), body: { startKmRange: 1, xmin: rows[1]!.xmin } });
    expect(stale.response.status).toBe(409);
    const badField = await server.raw('staff', 'PUT', `/uploadbatches/za/uploads/Rate/${rows[1]!.id}`, { startKmRange: -5, xmin: fixed.data!.xmin });
    expect(badField.status).toBe(400);
    expect(JSON.stringify(badField.body)).toContain('startKmRange');
    // Row 6 is cancelled: once only.
    const cancelled = await staff().DELETE('/uploadbatches/{cca2}/Rate/{id}', { params: inZa(rows[4]!.id) });
    expect(cancelled.data).toMatchObject({ uploadStatusId: UPLOAD_BATCH_STATUS.CANCELLED, uploadStatus: 'Cancelled' });
    expect((await staff().DELETE('/uploadbatches/{cca2}/Rate/{id}', { params: inZa(rows[4]!.id) })).response.status).toBe(409);
    const one = await dataOf(staff().GET('/uploadbatches/{cca2}/Uploads/Rate/{id}', { params: inZa(rows[0]!.id) }));
    expect(one).toMatchObject({ id: rows[0]!.id, name: 'List small' });

    const submitted = await staff().POST('/uploadbatches/{cca2}/Rate/{id}/submit', { params: inZa(batchId) });
    expect(submitted.data?.message).toBe('Batch submitted sucessfully.');
    expect((await staff().POST('/uploadbatches/{cca2}/Rate/{id}/submit', { params: inZa(batchId) })).response.status).toBe(409);
    const done = await untilDone(batchId);
    expect(done).toMatchObject({ ratesCreated: 2, cancelledRows: 1 });
    const after = (await rowsOf(batchId)).items;
    expect(after.map((row) => row.uploadStatusId)).toEqual([UPLOAD_BATCH_STATUS.COMPLETED, UPLOAD_BATCH_STATUS.COMPLETED, UPLOAD_BATCH_STATUS.FAILED, UPLOAD_BATCH_STATUS.FAILED, UPLOAD_BATCH_STATUS.CANCELLED]);
    expect(after[0]!.rateCreated).toBe(true);
    // The cancelled and completed rows can no longer be cancelled or edited.
    expect((await staff().DELETE('/uploadbatches/{cca2}/Rate/{id}', { params: inZa(after[0]!.id) })).response.status).toBe(409);

    // Row 2 matched the list price of Standard small weekday 0-10 km: the wizard's next quote is 70.00.
    const listRate = await dataOf(staff().GET('/rates/{cca2}/{id}', { params: inZa(after[0]!.rateId!) }));
    expect(listRate).toMatchObject({ priceCents: 7000, name: 'List small', companyId: null, pricingTier: 'Standard' });
    // /rates/:id/batches: the batches whose rows made or changed a rate, and no others.
    const ofRate = pageOf(await dataOf(staff().GET('/uploadbatches/{cca2}/Rate', { params: { path: ZA, query: { rateId: after[0]!.rateId! } } })));
    expect(ofRate.items.map((batch) => batch.id)).toContain(batchId);
    const unsubmitted = pageOf(await dataOf(staff().GET('/uploadbatches/{cca2}/Rate', { params: { path: ZA, query: { pageSize: 100 } } }))).items
      .filter((batch) => batch.uploadStatusId === UPLOAD_BATCH_STATUS.UNPROCESSED).map((batch) => batch.id);
    expect(ofRate.items.some((batch) => unsubmitted.includes(batch.id))).toBe(false);
    expect(pageOf(await dataOf(staff().GET('/uploadbatches/{cca2}/Rate', { params: { path: ZA, query: { rateId: 999_999 } } }))).items).toEqual([]);
    const quote = await book(server.as('administrator').connect, { date: nextWeekday(3), until: 'parcels' });
    expect(quote.deliveryQuotes.find((option) => option.slaType === 'Standard')?.priceExcl).toBe(7000);
  }, 60_000);

  it('offers the rows back as a sheet with an Errors column; deletes unsubmitted batches', async () => {
    const { body } = await upload(SHEET);
    const response = await fetch(`${server.url}/connect/uploadbatches/za/${body.uploadBatch.id}/Rate?exportExcel=true`, { headers: bearer(await server.as('staff').token()) });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('Errors');
    const errors = header.indexOf('Errors') + 1;
    expect(sheet.getRow(3).getCell(errors).value).toBe('Start km  is required; End km  is required');
    const deleted = await dataOf(staff().DELETE('/uploadbatches/{cca2}/Rate', { params: { path: ZA, query: { ids: [body.uploadBatch.id] } } }));
    expect(deleted).toEqual({ deleted: 1, message: '1 batches deleted succesfully.' });
    expect((await staff().GET('/uploadbatches/{cca2}/batch/Rate/{id}', { params: inZa(body.uploadBatch.id) })).response.status).toBe(404);
  });

  it('lists the batches and the upload statuses', async () => {
    const batches = await dataOf(staff().GET('/uploadbatches/{cca2}/Rate', { params: { path: ZA } }));
    expect(batches.items.length).toBeGreaterThan(0);
    const statuses = await dataOf(staff().GET('/uploads/uploadStatuses'));
    expect(statuses.map((status) => [status.id, status.name])).toEqual([
      [-2000, 'Failed'], [-1000, 'Cancelled'], [0, 'Unprocessed'], [1000, 'Submitted'], [2000, 'In progress'], [3000, 'Delivery created'], [4000, 'Completed'],
    ]);
  });
});

describe('rate upload batches: impact preview', () => {
  it('prices the last 30 days\' quotes with and without the batch, writes nothing, and the submit gives the previewed price', async () => {
    const admin = server.as('administrator').connect;
    const standardOf = (quote: Awaited<ReturnType<typeof book>>) => quote.deliveryQuotes.find((option) => option.slaType === 'Standard')!.priceExcl;
    const quoted = await book(admin, { date: nextWeekday(3), until: 'parcels' });
    const oldPrice = standardOf(quoted)!;
    // Row 2 changes the list price of Standard small weekday 0-10 km (the quote's band); row 3 overlaps it and would be refused.
    const { body } = await upload([HEADER, 'Impact small,Base,Standard,1,Standard,Weekday,0,10,81.25', 'Impact overlap,Base,Standard,1,Standard,Weekday,5,15,50.00'].join('\n'));
    const batchId: number = body.uploadBatch.id;
    const impact = await dataOf(staff().GET('/uploadbatches/{cca2}/Rate/{id}/impact', { params: inZa(batchId) }));
    expect(impact).toMatchObject({ rowsApplied: 1, rowsRefused: 1 });
    expect(impact.quotesConsidered).toBeGreaterThanOrEqual(impact.changed);
    expect(Date.now() - Date.parse(impact.since)).toBeGreaterThanOrEqual(30 * 86_400_000);
    const mine = impact.samples.find((sample) => sample.deliveryId === quoted.deliveryId);
    expect(mine).toMatchObject({ slaType: 'Standard', oldPriceExclCents: oldPrice, newPriceExclCents: 8125, differenceCents: 8125 - oldPrice });
    const listPrice = impact.groups.find((group) => group.companyId === null && group.slaType === 'Standard')!;
    expect(listPrice.minCents).toBeLessThanOrEqual(8125 - oldPrice);
    expect(listPrice.maxCents).toBeGreaterThanOrEqual(8125 - oldPrice);
    expect(impact.groups.reduce((sum, group) => sum + group.changed, 0)).toBe(impact.changed);
    expect(impact.groups.reduce((sum, group) => sum + group.totalCents, 0)).toBe(impact.overall.totalCents);
    // Every sample is a changed quote with its difference.
    expect(impact.samples.every((sample) => sample.newPriceExclCents - sample.oldPriceExclCents === sample.differenceCents && sample.differenceCents !== 0)).toBe(true);
    // A preview writes nothing: the next quote keeps today's price.
    expect(standardOf(await book(admin, { date: nextWeekday(3), until: 'parcels' }))).toBe(oldPrice);
    // Submitted, the next quote is the previewed new price.
    await dataOf(staff().POST('/uploadbatches/{cca2}/Rate/{id}/submit', { params: inZa(batchId) }));
    expect(await untilDone(batchId)).toMatchObject({ ratesCreated: 1 });
    expect(standardOf(await book(admin, { date: nextWeekday(3), until: 'parcels' }))).toBe(mine!.newPriceExclCents);
  });

  it('is 404 for an unknown batch, and staff roles only', async () => {
    expect((await staff().GET('/uploadbatches/{cca2}/Rate/{id}/impact', { params: inZa(999_999) })).response.status).toBe(404);
    for (const login of ROLE_LOGINS) {
      const { response } = await server.as(login).connect.GET('/uploadbatches/{cca2}/Rate/{id}/impact', { params: inZa(999_999) });
      expect(response.status, login).toBe(await expectedStatus(server, login, 'getratebatchimpact', 404));
    }
  });
});
