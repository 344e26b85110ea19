import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceUploads } from '../../server/db/schema';
import { geoOf } from '../../server/geo';
import { RATE_SHEET_TYPES } from '../../src/lib/rate-texts';
import { UPLOAD_BATCH_STATUS } from '../../src/lib/statuses';
import type { SeededLogin } from '../support/seeded-users';
import { expectedStatus, ROLE_LOGINS } from './fleet-support';
import { bearer, dataOf, inZa, pageOf, startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

/** Rows 2 and 3 are pairs the geocoder finds; row 4 lacks its destination; row 5's origin cannot be found. */
const SHEET = [
  'Reference,Origin address,Destination address',
  'A,Cape Town City Centre,Stellenbosch',
  'B,Sea Point,Cape Town City Centre',
  'C,Sea Point,',
  'D,Zzyzx Qwerty 99999,Sea Point',
].join('\n');

async function upload(login: SeededLogin, body: string) {
  const response = await fetch(`${server.url}/connect/uploadbatches/za/DistanceDiscovery?fileName=pairs.csv`, {
    method: 'POST', headers: { ...bearer(await server.as(login).token()), 'Content-Type': RATE_SHEET_TYPES.csv }, body,
  });
  return { status: response.status, body: await response.json() };
}

const rowsOf = async (batchId: number) =>
  pageOf(await dataOf(server.as('administrator').connect.GET('/uploadbatches/{cca2}/{batchId}/DistanceDiscovery', { params: { path: { ...ZA, batchId }, query: { pageSize: 100 } } }))).items;

describe('distance discovery: access by role (administrator only)', () => {
  it.each(ROLE_LOGINS)('%s', async (login) => {
    const { response } = await server.as(login).connect.GET('/uploadbatches/{cca2}/DistanceDiscovery', { params: { path: ZA } });
    expect(response.status).toBe(await expectedStatus(server, login, 'getdistancebatches'));
  });

  it('refuses an upload by management', async () => {
    expect((await upload('management', SHEET)).status).toBe(403);
  });
});

describe('distance discovery: upload, submit, export', () => {
  it('resolves both addresses, keeps bad pairs with their errors, and computes the driving distances through the router on submit', async () => {
    const { status, body } = await upload('administrator', SHEET);
    expect(status).toBe(201);
    expect(body.message).toBe('File uploaded sucessfully.');
    expect(body.uploadBatch).toMatchObject({ totalRows: 4, validRows: 2, invalidRows: 2, distancesFound: 0 });
    const batchId = body.uploadBatch.id as number;
    const rows = await rowsOf(batchId);
    expect(rows[0]).toMatchObject({ reference: 'A', errors: {}, distanceKm: null });
    expect(rows[0]!.resolvedOrigin).toContain('Cape Town');
    expect(rows[2]!.errors).toEqual({ destinationAddress: ['Destination address is required'] });
    expect(rows[3]!.errors).toEqual({ originAddress: ["Address 'Zzyzx Qwerty 99999' could not be found"] });

    const admin = server.as('administrator').connect;
    expect((await dataOf(admin.POST('/uploadbatches/{cca2}/DistanceDiscovery/{id}/submit', { params: inZa(batchId) }))).message).toBe('Batch submitted sucessfully.');
    expect((await admin.POST('/uploadbatches/{cca2}/DistanceDiscovery/{id}/submit', { params: inZa(batchId) })).response.status).toBe(409);
    let batch = await dataOf(admin.GET('/uploadbatches/{cca2}/batch/DistanceDiscovery/{id}', { params: inZa(batchId) }));
    for (const deadline = Date.now() + 30_000; batch.uploadStatusId !== UPLOAD_BATCH_STATUS.COMPLETED && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      batch = await dataOf(admin.GET('/uploadbatches/{cca2}/batch/DistanceDiscovery/{id}', { params: inZa(batchId) }));
    }
    expect(batch).toMatchObject({ uploadStatusId: UPLOAD_BATCH_STATUS.COMPLETED, distancesFound: 2, processedRows: 4 });
    const after = await rowsOf(batchId);
    expect(after.map((row) => row.uploadStatusId)).toEqual([UPLOAD_BATCH_STATUS.COMPLETED, UPLOAD_BATCH_STATUS.COMPLETED, UPLOAD_BATCH_STATUS.FAILED, UPLOAD_BATCH_STATUS.FAILED]);
    // The distance is the configured router's for the resolved places.
    const [stored] = await server.context.db.select().from(distanceUploads).where(eq(distanceUploads.id, after[0]!.id));
    const km = await geoOf(server.context).router.distanceKm(stored!.originAddress!.coordinates, stored!.destinationAddress!.coordinates);
    expect(after[0]!.distanceKm).toBe(Math.round(km * 100) / 100);
    expect(after[0]!.distanceKm).toBeGreaterThan(10);

    const file = await fetch(`${server.url}/connect/uploadbatches/za/${batchId}/DistanceDiscovery?exportExcel=true`, { headers: bearer(await server.as('administrator').token()) });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('Distance Discovery');
    // The sheet holds the pairs with their distances (read to the end: an unread body keeps the connection open).
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    const distanceColumn = headers.indexOf('Distance (km)') + 1;
    expect(distanceColumn).toBeGreaterThan(0);
    expect(sheet.rowCount).toBe(1 + after.length);
    expect(sheet.getRow(2).getCell(distanceColumn).value).toBe(after[0]!.distanceKm);
  });

  it('refuses a sheet without its address columns, naming them; an unknown batch is 404', async () => {
    const { status, body } = await upload('administrator', 'Reference\nA');
    expect(status).toBe(400);
    expect(body.message).toContain('Origin address');
    expect(body.message).toContain('Destination address');
    expect((await server.as('administrator').connect.GET('/uploadbatches/{cca2}/batch/DistanceDiscovery/{id}', { params: inZa(999_999) })).response.status).toBe(404);
  });
});
