import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_ACCESS, decideOperationAccess, type OperationId } from '../../src/lib/access';
import { DELIVERY_ADMIN_TEXTS } from '../../src/lib/deliveries-admin';
import { LOGISTIC_STATUS } from '../../src/lib/statuses';
import { SEED_DELIVERY_COUNT } from '../../server/db/seed-deliveries';
import { bearer, callAs, startTestServer, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const ROLE_USERS = [
  'administrator@demo.test', 'management@demo.test', 'staff@demo.test', 'company.admin@demo.test', 'company.operator@demo.test',
  'company.user@demo.test', 'store.admin@demo.test', 'store.operator@demo.test', 'store.user@demo.test', 'partner@demo.test',
  'driver@demo.test', 'assistant@demo.test', 'customer@demo.test',
];

interface Row { id: number; waybill: string; companyId: number | null; storeId: number | null; logisticStatusId: number; lotNumber: number; xmin: string }

const call = (email: string, method: string, path: string, body?: unknown) => callAs(server, email, method, path, body);

async function decision(email: string, operation: OperationId) {
  const token = await server.tokenFor(email);
  const { verifyAccessTokenClaims } = await import('../../server/auth/tokens');
  const { permissions } = await verifyAccessTokenClaims(server.keys, token);
  return decideOperationAccess(OPERATION_ACCESS[operation], permissions);
}

/** This seed's deliveries (waybill prefix WBL; other areas seed their own prefixes). */
async function all(query = ''): Promise<Row[]> {
  const { body } = await call('administrator@demo.test', 'GET', `/deliveries/za?pageSize=500&sortby=id&search=WBL${query}`);
  return body.items;
}

async function stores() {
  const { body } = await call('administrator@demo.test', 'GET', '/stores/za?sortby=id');
  return Object.fromEntries((body.items as { storeName: string; id: number; companyId: number }[]).map((store) => [store.storeName, store]));
}

async function sheetRows(response: Response) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: sheet.name, rows };
}

describe('deliveries list: seed, access by role from the shared table, scope', () => {
  it('the seed gives ~300 WBL deliveries over every store and many statuses', async () => {
    const { body } = await call('administrator@demo.test', 'GET', '/deliveries/za?search=WBL&pageSize=20');
    expect(body.paging.totalItems).toBe(SEED_DELIVERY_COUNT);
    expect(body.items).toHaveLength(20);
    const rows = await all();
    expect(new Set(rows.map((row) => row.logisticStatusId)).size).toBeGreaterThanOrEqual(15);
    expect(new Set(rows.map((row) => row.storeId)).size).toBe(5); // four stores and private customers
  });

  it('seeding again adds nothing', async () => {
    const { seedDeliveriesAdmin } = await import('../../server/db/seed-deliveries');
    const { created } = await seedDeliveriesAdmin(server.database.db);
    expect(created).toBe(0);
  });

  it.each(ROLE_USERS)('%s: getdeliveries and getdelivery as the table says', async (email) => {
    const list = await call(email, 'GET', '/deliveries/za');
    expect(list.status).toBe((await decision(email, 'getdeliveries')) === 'allowed' ? 200 : 403);
    const [first] = await all('000001');
    const one = await call(email, 'GET', `/deliveries/za/${first!.id}`);
    const allowed = (await decision(email, 'getdelivery')) === 'allowed';
    // Allowed callers outside the row's company/store get 404 (scope), never the row.
    if (!allowed) expect(one.status).toBe(403);
    else expect([200, 404]).toContain(one.status);
  });

  it('a company user sees only its company\'s deliveries; a store user only its store\'s', async () => {
    const named = await stores();
    const acme = named['Acme Sea Point']!.companyId;
    const company = await call('company.user@demo.test', 'GET', '/deliveries/za?pageSize=500');
    expect(company.body.items.length).toBeGreaterThan(0);
    expect(company.body.items.every((row: Row) => row.companyId === acme)).toBe(true);
    const store = await call('store.user@demo.test', 'GET', '/deliveries/za?pageSize=500');
    expect(store.body.items.length).toBeGreaterThan(0);
    expect(store.body.items.every((row: Row) => row.storeId === named['Acme Sea Point']!.id)).toBe(true);
  });

  it('another company\'s delivery: by id 404 and no row; by filter none; export without its rows', async () => {
    const named = await stores();
    const blueCrane = named['Blue Crane Rosebank']!.companyId;
    const [foreign] = await all(`&companyid=${blueCrane}`);
    const byId = await call('company.admin@demo.test', 'GET', `/deliveries/za/${foreign!.id}`);
    expect(byId.status).toBe(404);
    expect(byId.body).not.toHaveProperty('waybill');
    const byFilter = await call('company.admin@demo.test', 'GET', `/deliveries/za?companyid=${blueCrane}`);
    expect(byFilter.body.paging.totalItems).toBe(0);
    const byDeliveryId = await call('company.admin@demo.test', 'GET', `/deliveries/za?deliveryId=${foreign!.id}`);
    expect(byDeliveryId.body.items).toEqual([]);
    const token = await server.tokenFor('company.admin@demo.test');
    const response = await fetch(`${server.url}/connect/deliveries/za?exportExcel=true&companyid=${blueCrane}`, { headers: bearer(token) });
    expect(response.status).toBe(200);
    expect((await sheetRows(response)).rows).toHaveLength(1); // the header only
    const action = await call('company.admin@demo.test', 'PUT', `/deliveries/canceldelivery/za/${foreign!.id}`);
    expect(action.status).toBe(404);
  });
});

describe('deliveries list: filters, sort, search, validation', () => {
  // Unknown filters and sorts and short searches: list-validation.test.ts.
  it('an unknown status code → 400 naming logisticstatuses; a backwards date range → 400', async () => {
    const codes = await call('administrator@demo.test', 'GET', '/deliveries/za?logisticstatuses=2501,777');
    expect(codes.status).toBe(400);
    expect(codes.body.errors).toHaveProperty('logisticstatuses');
    const dates = await call('administrator@demo.test', 'GET', '/deliveries/za?startDate=2026-12-01&endDate=2026-11-01');
    expect(dates.status).toBe(400);
    expect(dates.body.message).toBe(DELIVERY_ADMIN_TEXTS.endBeforeStart);
  });

  it('the page size is clamped to 500', async () => {
    const { status, body } = await call('administrator@demo.test', 'GET', '/deliveries/za?pageSize=5000');
    expect(status).toBe(200);
    expect(body.paging.pageSize).toBe(500);
    expect(body.items.length).toBeLessThanOrEqual(500);
  });

  it('three filters and a sort narrow and order the list', async () => {
    const named = await stores();
    const storeId = named['Acme Sandton City']!.id;
    const query = `/deliveries/za?storeid=${storeId}&logisticstatuses=${LOGISTIC_STATUS.READY},${LOGISTIC_STATUS.DELIVERED}&minDistance=10&sortby=distanceKm&sortdirection=desc&pageSize=100`;
    const { status, body } = await call('administrator@demo.test', 'GET', query);
    expect(status).toBe(200);
    expect(body.items.length).toBeGreaterThan(0);
    for (const row of body.items) {
      expect(row.storeId).toBe(storeId);
      expect([LOGISTIC_STATUS.READY, LOGISTIC_STATUS.DELIVERED]).toContain(row.logisticStatusId);
      expect(row.distanceKm).toBeGreaterThanOrEqual(10);
    }
    const distances = body.items.map((row: { distanceKm: number }) => row.distanceKm);
    expect(distances).toEqual([...distances].sort((a, b) => b - a));
  });

  it('isReturnToSender, slaType and date filters', async () => {
    const rts = await call('administrator@demo.test', 'GET', '/deliveries/za?isReturnToSender=true&pageSize=500');
    expect(rts.body.items.length).toBeGreaterThan(0);
    expect(rts.body.items.every((row: { isReturnToSender: boolean }) => row.isReturnToSender)).toBe(true);
    const sla = await call('administrator@demo.test', 'GET', '/deliveries/za?slaType=Priority&pageSize=500');
    expect(sla.body.items.every((row: { slaType: string }) => row.slaType === 'Priority')).toBe(true);
    const dates = await call('administrator@demo.test', 'GET', '/deliveries/za?startDate=2026-10-05&endDate=2026-10-06&pageSize=500');
    expect(dates.body.items.length).toBeGreaterThan(0);
    expect(dates.body.items.every((row: { readyForCollectionDate: string }) => row.readyForCollectionDate >= '2026-10-05' && row.readyForCollectionDate <= '2026-10-06')).toBe(true);
  });

  it('aggregationsOnly answers the counts per status and no rows', async () => {
    const { status, body } = await call('store.admin@demo.test', 'GET', '/deliveries/za?aggregationsOnly=true');
    expect(status).toBe(200);
    expect(body.items).toEqual([]);
    const counted = Object.values(body.aggregationDictionary.logisticStatus as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(counted).toBe(body.paging.totalItems);
    const list = await call('store.admin@demo.test', 'GET', '/deliveries/za');
    expect(body.paging.totalItems).toBe(list.body.paging.totalItems);
  });
});

describe('export', () => {
  it('streams Deliveries.xlsx of the current filters and sort, read back with exceljs', async () => {
    const token = await server.tokenFor('administrator@demo.test');
    const filters = `logisticstatuses=${LOGISTIC_STATUS.DELIVERED}&sortby=id&sortdirection=desc`;
    const response = await fetch(`${server.url}/connect/deliveries/za?exportExcel=true&${filters}`, { headers: bearer(token) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/ms-excel');
    expect(response.headers.get('content-disposition')).toContain('filename="Deliveries.xlsx"');
    const expected = await call('administrator@demo.test', 'GET', `/deliveries/za?${filters}&pageSize=500`);
    expect(response.headers.get('x-total-count')).toBe(String(expected.body.paging.totalItems));
    const { name, rows } = await sheetRows(response);
    expect(name).toBe('Deliveries');
    expect(rows[0]).toEqual(expect.arrayContaining(['Id', 'Waybill', 'Logistic status', 'Lot number']));
    expect(rows.slice(1).map((row) => row[0])).toEqual(expected.body.items.map((row: Row) => row.id));
    expect(rows.slice(1).every((row) => row[7] === 'Delivered')).toBe(true);
    const lotColumn = (rows[0] as string[]).indexOf('Lot number');
    expect(rows.slice(1).some((row) => row[lotColumn] === DELIVERY_ADMIN_TEXTS.notApplicable)).toBe(true);
  });

  it('pages through keyset batches without losing or repeating rows (more rows than one batch, shared sort values)', async () => {
    const { rowExport } = await import('../../server/domain/export');
    expect(rowExport).toBeTypeOf('function');
    const token = await server.tokenFor('administrator@demo.test');
    // Sorted by status: many rows share each value, so the (status, id) keyset must not skip any.
    const response = await fetch(`${server.url}/connect/deliveries/za?exportExcel=true&search=WBL&sortby=logisticStatusId`, { headers: bearer(token) });
    const { rows } = await sheetRows(response);
    const ids = rows.slice(1).map((row) => row[0] as number);
    expect(ids).toHaveLength(SEED_DELIVERY_COUNT);
    expect(new Set(ids).size).toBe(SEED_DELIVERY_COUNT);
  });
});

describe('edit screen and actions', () => {
  it('getdelivery answers addresses, contacts, parcels sorted by name, lot number, tracking and rating links', async () => {
    const [delivered] = await all(`&logisticstatuses=${LOGISTIC_STATUS.DELIVERED}`);
    const { status, body } = await call('staff@demo.test', 'GET', `/deliveries/za/${delivered!.id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: delivered!.id, waybill: expect.stringMatching(/^WBL\d{6}$/), originAddress: { description: expect.any(String) },
      trackingUrl: expect.stringMatching(/^\/track\//), ratingUrl: expect.stringMatching(/^\/track\/.+rating/),
      allowed: { edit: false, updatedeliveryproof: true, reverseLogisticStatus: true },
    });
    const names = body.deliveryItems.map((item: { deliveryItemName: string }) => item.deliveryItemName);
    expect(names).toEqual([...names].sort());
    const [ready] = await all(`&logisticstatuses=${LOGISTIC_STATUS.READY}`);
    const readyBody = (await call('staff@demo.test', 'GET', `/deliveries/za/${ready!.id}`)).body;
    expect(readyBody.ratingUrl).toBeNull();
    expect(readyBody.allowed.edit).toBe(true);
  });

  it('reverseLogisticStatus follows the chart: delivered → pending drop-off; a ready one → 409, nothing changed', async () => {
    const [delivered] = await all(`&logisticstatuses=${LOGISTIC_STATUS.DELIVERED}`);
    const reversed = await call('management@demo.test', 'PUT', `/deliveries/reverseLogisticStatus/za/${delivered!.id}`);
    expect(reversed.status).toBe(200);
    expect(reversed.body.logisticStatusId).toBe(LOGISTIC_STATUS.PENDING_DROP_OFF);
    const [ready] = await all(`&logisticstatuses=${LOGISTIC_STATUS.READY}`);
    const refused = await call('management@demo.test', 'PUT', `/deliveries/reverseLogisticStatus/za/${ready!.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(DELIVERY_ADMIN_TEXTS.notAllowed('Ready'));
    expect((await call('management@demo.test', 'GET', `/deliveries/za/${ready!.id}`)).body.logisticStatusId).toBe(LOGISTIC_STATUS.READY);
  });

  it('cancelandreturntosender: collected → returned to sender and flagged; pending pick-up → 409', async () => {
    const [collected] = await all(`&logisticstatuses=${LOGISTIC_STATUS.COLLECTED}`);
    const returned = await call('staff@demo.test', 'PUT', `/deliveries/cancelandreturntosender/za/${collected!.id}`);
    expect(returned.body).toMatchObject({ logisticStatusId: LOGISTIC_STATUS.RETURNED_TO_SENDER, isReturnToSender: true });
    const [pending] = await all(`&logisticstatuses=${LOGISTIC_STATUS.PENDING_PICK_UP}`);
    expect((await call('staff@demo.test', 'PUT', `/deliveries/cancelandreturntosender/za/${pending!.id}`)).status).toBe(409);
  });

  it('canceldelivery: ready → refunded; delivered → 409', async () => {
    const [, ready] = await all(`&logisticstatuses=${LOGISTIC_STATUS.READY}`);
    const cancelled = await call('staff@demo.test', 'PUT', `/deliveries/canceldelivery/za/${ready!.id}`);
    expect(cancelled.body.logisticStatusId).toBe(LOGISTIC_STATUS.REFUNDED);
    const [, delivered] = await all(`&logisticstatuses=${LOGISTIC_STATUS.DELIVERED}`);
    expect((await call('staff@demo.test', 'PUT', `/deliveries/canceldelivery/za/${delivered!.id}`)).status).toBe(409);
  });

  it('reverse and recalculate logistics are the operators\' (403 for a company administrator)', async () => {
    const named = await stores();
    const [own] = await all(`&companyid=${named['Acme Sea Point']!.companyId}&logisticstatuses=${LOGISTIC_STATUS.PENDING_PICK_UP}`);
    expect((await call('company.admin@demo.test', 'PUT', `/deliveries/reverseLogisticStatus/za/${own!.id}`)).status).toBe(403);
    const recalculated = await call('staff@demo.test', 'PUT', `/deliveries/recalculatelogistics/za/${own!.id}`);
    expect(recalculated.status).toBe(200);
    expect(recalculated.body.distanceKm).toBeGreaterThanOrEqual(0);
  });

  it('updatedeliveryproof only once delivered; recalculateparcels only while parcels may change', async () => {
    const [, , delivered] = await all(`&logisticstatuses=${LOGISTIC_STATUS.DELIVERED}`);
    const proof = await call('store.admin@demo.test', 'PUT', `/deliveries/updatedeliveryproof/za/${delivered!.id}`, { recipientName: 'Front desk' });
    // The store administrator sees only its store's deliveries.
    expect([200, 404]).toContain(proof.status);
    const staffProof = await call('staff@demo.test', 'PUT', `/deliveries/updatedeliveryproof/za/${delivered!.id}`, { recipientName: 'Front desk', note: 'Left at reception' });
    expect(staffProof.body.proof).toMatchObject({ recipientName: 'Front desk', note: 'Left at reception' });
    const [ready] = await all(`&logisticstatuses=${LOGISTIC_STATUS.PENDING_DROP_OFF}`);
    expect((await call('staff@demo.test', 'PUT', `/deliveries/updatedeliveryproof/za/${ready!.id}`, { recipientName: 'X' })).status).toBe(409);
    expect((await call('staff@demo.test', 'PUT', `/deliveries/recalculateparcels/za/${ready!.id}`)).status).toBe(200);
    expect((await call('staff@demo.test', 'PUT', `/deliveries/recalculateparcels/za/${delivered!.id}`)).status).toBe(409);
  });

  it('bulk delivery date change: all or none; a collected one → 409, nothing moved', async () => {
    const ready = (await all(`&logisticstatuses=${LOGISTIC_STATUS.READY}`)).slice(2, 4);
    const moved = await call('staff@demo.test', 'PUT', '/deliveries/bulkUpdateDeliveryDate/za', { deliveryIds: ready.map((row) => row.id), deliveryDate: '2027-01-15' });
    expect(moved).toMatchObject({ status: 200, body: { updated: 2 } });
    const [collected] = await all(`&logisticstatuses=${LOGISTIC_STATUS.COLLECTED}`);
    const refused = await call('staff@demo.test', 'PUT', '/deliveries/bulkUpdateDeliveryDate/za', { deliveryIds: [ready[0]!.id, collected!.id], deliveryDate: '2027-02-01' });
    expect(refused.status).toBe(409);
    expect((await call('staff@demo.test', 'GET', `/deliveries/za/${ready[0]!.id}`)).body.readyForCollectionDate).toBe('2027-01-15');
    const bad = await call('staff@demo.test', 'PUT', '/deliveries/bulkUpdateDeliveryDate/za', { deliveryIds: [ready[0]!.id], deliveryDate: 'soon' });
    expect(bad.status).toBe(400);
  });

  it('delete: quote-stage deliveries only; booked → 409; foreign → 404', async () => {
    const [quote] = await all(`&logisticstatuses=${LOGISTIC_STATUS.PENDING}`);
    const [paid] = await all(`&logisticstatuses=${LOGISTIC_STATUS.READY}`);
    expect((await call('staff@demo.test', 'DELETE', `/deliveries/za?ids=${paid!.id}`)).status).toBe(409);
    expect((await call('staff@demo.test', 'DELETE', `/deliveries/za?ids=${quote!.id}`))).toMatchObject({ status: 200, body: { deleted: 1 } });
    expect((await call('staff@demo.test', 'GET', `/deliveries/za/${quote!.id}`)).status).toBe(404);
    expect((await call('staff@demo.test', 'DELETE', '/deliveries/za?ids=99999999')).status).toBe(404);
    expect((await call('company.admin@demo.test', 'DELETE', `/deliveries/za?ids=${paid!.id}`)).status).toBe(403);
  });
});

describe('edit: updatedelivery with xmin', () => {
  it('saves contacts while editable; an old xmin → 409 with the current version; nothing lost', async () => {
    const [, , , ready] = await all(`&logisticstatuses=${LOGISTIC_STATUS.PENDING_PICK_UP}`);
    const { body: opened } = await call('staff@demo.test', 'GET', `/deliveries/za/${ready!.id}`);
    const first = await call('staff@demo.test', 'PUT', `/deliveries/za/${ready!.id}`, { xmin: opened.xmin, originContactName: 'First editor' });
    expect(first.status).toBe(200);
    expect(first.body.originContactName).toBe('First editor');
    expect(first.body.originPhoneNumber).toBe(opened.originPhoneNumber);
    const second = await call('management@demo.test', 'PUT', `/deliveries/za/${ready!.id}`, { xmin: opened.xmin, originContactName: 'Second editor' });
    expect(second.status).toBe(409);
    expect(second.body.current).toMatchObject({ id: ready!.id, originContactName: 'First editor', xmin: first.body.xmin });
    const again = await call('management@demo.test', 'PUT', `/deliveries/za/${ready!.id}`, { xmin: second.body.current.xmin, originContactName: 'Second editor' });
    expect(again.body.originContactName).toBe('Second editor');
  });

  it('a delivered or quote-stage delivery cannot be edited (409); unknown fields → 400', async () => {
    const [, , , delivered] = await all(`&logisticstatuses=${LOGISTIC_STATUS.DELIVERED}`);
    const { body: opened } = await call('staff@demo.test', 'GET', `/deliveries/za/${delivered!.id}`);
    const refused = await call('staff@demo.test', 'PUT', `/deliveries/za/${delivered!.id}`, { xmin: opened.xmin, orderReference: 'X' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(DELIVERY_ADMIN_TEXTS.notAllowed('Delivered'));
    const unknown = await call('staff@demo.test', 'PUT', `/deliveries/za/${delivered!.id}`, { xmin: opened.xmin, logisticStatusId: 30001 });
    expect(unknown.status).toBe(400);
  });
});
