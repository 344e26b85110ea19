import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_ACCESS, decideOperationAccess, type OperationId } from '../../src/lib/access';
import { DELIVERY_ADMIN_TEXTS } from '../../src/lib/deliveries-admin';
import { ITEM_EXPORT } from '../../server/domain/deliveries-admin';
import { LOGISTIC_STATUS } from '../../src/lib/statuses';
import { SEED_DELIVERY_COUNT, SEED_ORDER_REFERENCE_SEARCH } from '../../server/db/seed-deliveries';
import type { SeededLogin } from '../support/seeded-users';
import { deliveriesAs, deliveriesPage, seededDeliveries, storesOf, type DeliveriesQuery } from './deliveries-support';
import { bearer, dataOf, fieldErrors, inZa, pageOf, startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const ROLE_USERS = [
  'administrator', 'management', 'staff', 'company.admin', 'company.operator', 'company.user', 'store.admin', 'store.operator',
  'store.user', 'partner', 'driver', 'assistant', 'customer',
] as const;

const as = (login: SeededLogin) => server.as(login).connect;
const deliveries = (login: SeededLogin, query: DeliveriesQuery = {}) => deliveriesAs(server, login, query);
const page = (login: SeededLogin, query: DeliveriesQuery = {}) => deliveriesPage(server, login, query);
/** getdelivery as a seeded user. */
const delivery = (login: SeededLogin, id: number) => as(login).GET('/deliveries/{cca2}/{id}', { params: inZa(id) });
/** The rows of a status among this seed's deliveries. */
const withStatus = (status: number, query: DeliveriesQuery = {}) => all({ logisticstatuses: String(status), ...query });

async function decision(login: SeededLogin, operation: OperationId) {
  const token = await server.as(login).token();
  const { verifyAccessTokenClaims } = await import('../../server/auth/tokens');
  const { permissions } = await verifyAccessTokenClaims(server.keys, token);
  return decideOperationAccess(OPERATION_ACCESS[operation], permissions);
}

/** This seed's deliveries (by order reference; other areas seed their own). */
const all = (query: DeliveriesQuery = {}) => seededDeliveries(server, query);

async function stores() {
  return Object.fromEntries((await storesOf(server)).map((store) => [store.storeName, store]));
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
  it('the seed gives ~300 deliveries over every store and many statuses', async () => {
    const body = await page('administrator', { search: SEED_ORDER_REFERENCE_SEARCH, pageSize: 20 });
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

  it.each(ROLE_USERS)('%s@demo.test: getdeliveries and getdelivery as the table says', async (login) => {
    const list = await deliveries(login);
    expect(list.response.status).toBe((await decision(login, 'getdeliveries')) === 'allowed' ? 200 : 403);
    const [first] = await all({ search: 'WBL000001' });
    const one = await delivery(login, first!.id);
    const allowed = (await decision(login, 'getdelivery')) === 'allowed';
    // Allowed callers outside the row's company/store get 404 (scope), never the row.
    if (!allowed) expect(one.response.status).toBe(403);
    else expect([200, 404]).toContain(one.response.status);
  });

  it('a company user sees only its company\'s deliveries; a store user only its store\'s', async () => {
    const named = await stores();
    const acme = named['Acme Sea Point']!.companyId;
    const company = await page('company.user', { pageSize: 500 });
    expect(company.items.length).toBeGreaterThan(0);
    expect(company.items.every((row) => row.companyId === acme)).toBe(true);
    const store = await page('store.user', { pageSize: 500 });
    expect(store.items.length).toBeGreaterThan(0);
    expect(store.items.every((row) => row.storeId === named['Acme Sea Point']!.id)).toBe(true);
  });

  it('another company\'s delivery: by id 404 and no row; by filter none; export without its rows', async () => {
    const named = await stores();
    const blueCrane = named['Blue Crane Rosebank']!.companyId;
    const [foreign] = await all({ companyid: blueCrane! });
    const byId = await delivery('company.admin', foreign!.id);
    expect(byId.response.status).toBe(404);
    expect(byId.error).not.toHaveProperty('waybill');
    const byFilter = await page('company.admin', { companyid: blueCrane! });
    expect(byFilter.paging.totalItems).toBe(0);
    const byDeliveryId = await page('company.admin', { deliveryId: foreign!.id });
    expect(byDeliveryId.items).toEqual([]);
    const token = await server.as('company.admin').token();
    const response = await fetch(`${server.url}/connect/deliveries/za?exportExcel=true&companyid=${blueCrane}`, { headers: bearer(token) });
    expect(response.status).toBe(200);
    expect((await sheetRows(response)).rows).toHaveLength(1); // the header only
    const action = await as('company.admin').PUT('/deliveries/canceldelivery/{cca2}/{id}', { params: inZa(foreign!.id) });
    expect(action.response.status).toBe(404);
  });
});

describe('deliveries list: filters, sort, search, validation', () => {
  // Unknown filters and sorts and short searches: list-validation.test.ts.
  it('an unknown status code → 400 naming logisticstatuses; a backwards date range → 400', async () => {
    const codes = await deliveries('administrator', { logisticstatuses: '2501,777' });
    expect(codes.response.status).toBe(400);
    expect(fieldErrors(codes.error)).toHaveProperty('logisticstatuses');
    const dates = await deliveries('administrator', { startDate: '2026-12-01', endDate: '2026-11-01' });
    expect(dates.response.status).toBe(400);
    expect(dates.error!.message).toBe(DELIVERY_ADMIN_TEXTS.endBeforeStart);
  });

  it('the page size is clamped to 500', async () => {
    const answer = await deliveries('administrator', { pageSize: 5000 });
    expect(answer.response.status).toBe(200);
    const body = pageOf(answer.data);
    expect(body.paging.pageSize).toBe(500);
    expect(body.items.length).toBeLessThanOrEqual(500);
  });

  it('three filters and a sort narrow and order the list', async () => {
    const named = await stores();
    const storeId = named['Acme Sandton City']!.id;
    const query: DeliveriesQuery = {
      storeid: storeId, logisticstatuses: `${LOGISTIC_STATUS.READY},${LOGISTIC_STATUS.DELIVERED}`, minDistance: 10, sortby: 'distanceKm', sortdirection: 'desc', pageSize: 100,
    };
    const body = await page('administrator', query);
    expect(body.items.length).toBeGreaterThan(0);
    for (const row of body.items) {
      expect(row.storeId).toBe(storeId);
      expect([LOGISTIC_STATUS.READY, LOGISTIC_STATUS.DELIVERED]).toContain(row.logisticStatusId);
      expect(row.distanceKm).toBeGreaterThanOrEqual(10);
    }
    const distances = body.items.map((row) => row.distanceKm);
    expect(distances).toEqual([...distances].sort((a, b) => b - a));
  });

  it('isReturnToSender, slaType and date filters', async () => {
    const rts = await page('administrator', { isReturnToSender: true, pageSize: 500 });
    expect(rts.items.length).toBeGreaterThan(0);
    expect(rts.items.every((row) => row.isReturnToSender)).toBe(true);
    const sla = await page('administrator', { slaType: 'Priority', pageSize: 500 });
    expect(sla.items.every((row) => row.slaType === 'Priority')).toBe(true);
    // The seed dates finished work in the last 60 days (relative to the day it ran).
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const [from, to] = [day(-6), day(-5)];
    const dates = await page('administrator', { startDate: from, endDate: to, pageSize: 500 });
    expect(dates.items.length).toBeGreaterThan(0);
    expect(dates.items.every((row) => row.readyForCollectionDate! >= from && row.readyForCollectionDate! <= to)).toBe(true);
  });

  it('aggregationsOnly answers the counts per status and no rows', async () => {
    const body = await page('store.admin', { aggregationsOnly: true });
    expect(body.items).toEqual([]);
    const counted = Object.values(body.aggregationDictionary!.logisticStatus as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(counted).toBe(body.paging.totalItems);
    const list = await page('store.admin');
    expect(body.paging.totalItems).toBe(list.paging.totalItems);
  });
});

describe('export', () => {
  it('streams Deliveries.xlsx of the current filters and sort, read back with exceljs', async () => {
    const token = await server.as('administrator').token();
    const filters = `logisticstatuses=${LOGISTIC_STATUS.DELIVERED}&sortby=id&sortdirection=desc`;
    const response = await fetch(`${server.url}/connect/deliveries/za?exportExcel=true&${filters}`, { headers: bearer(token) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/ms-excel');
    expect(response.headers.get('content-disposition')).toContain('filename="Deliveries.xlsx"');
    const expected = await page('administrator', { logisticstatuses: String(LOGISTIC_STATUS.DELIVERED), sortby: 'id', sortdirection: 'desc', pageSize: 500 });
    expect(response.headers.get('x-total-count')).toBe(String(expected.paging.totalItems));
    const { name, rows } = await sheetRows(response);
    expect(name).toBe('Deliveries');
    expect(rows[0]).toEqual(expect.arrayContaining(['Id', 'Waybill', 'Logistic status', 'Lot number']));
    expect(rows.slice(1).map((row) => row[0])).toEqual(expected.items.map((row) => row.id));
    expect(rows.slice(1).every((row) => row[7] === 'Delivered')).toBe(true);
    const lotColumn = (rows[0] as string[]).indexOf('Lot number');
    expect(rows.slice(1).some((row) => row[lotColumn] === DELIVERY_ADMIN_TEXTS.notApplicable)).toBe(true);
  });

  it('pages through keyset batches without losing or repeating rows (more rows than one batch, shared sort values)', async () => {
    const { rowExport } = await import('../../server/domain/export');
    expect(rowExport).toBeTypeOf('function');
    const token = await server.as('administrator').token();
    // Sorted by status: many rows share each value, so the (status, id) keyset must not skip any.
    const response = await fetch(`${server.url}/connect/deliveries/za?exportExcel=true&search=${SEED_ORDER_REFERENCE_SEARCH}&sortby=logisticStatusId`, { headers: bearer(token) });
    const { rows } = await sheetRows(response);
    const ids = rows.slice(1).map((row) => row[0] as number);
    expect(ids).toHaveLength(SEED_DELIVERY_COUNT);
    expect(new Set(ids).size).toBe(SEED_DELIVERY_COUNT);
  });
});

describe('edit screen and actions', () => {
  it('getdelivery answers addresses, contacts, parcels sorted by name, lot number, tracking and rating links', async () => {
    const [delivered] = await withStatus(LOGISTIC_STATUS.DELIVERED);
    const answer = await delivery('staff', delivered!.id);
    expect(answer.response.status).toBe(200);
    const body = answer.data!;
    expect(body).toMatchObject({
      id: delivered!.id, waybill: expect.stringMatching(/^WBL\d{6}$/), originAddress: { description: expect.any(String) },
      trackingUrl: expect.stringMatching(/^\/track\//), ratingUrl: expect.stringMatching(/^\/rate\/[^/?]+$/),
      allowed: { edit: false, updatedeliveryproof: true, reverseLogisticStatus: true },
    });
    const names = body.deliveryItems.map((item) => item.deliveryItemName);
    expect(names).toEqual([...names].sort());
    const [ready] = await withStatus(LOGISTIC_STATUS.READY);
    const readyBody = (await delivery('staff', ready!.id)).data!;
    expect(readyBody.ratingUrl).toBeNull();
    expect(readyBody.allowed.edit).toBe(true);
  });

  it('reverseLogisticStatus follows the chart: delivered → pending drop-off; a ready one → 409, nothing changed', async () => {
    const [delivered] = await withStatus(LOGISTIC_STATUS.DELIVERED);
    const reverse = (id: number) => as('management').PUT('/deliveries/reverseLogisticStatus/{cca2}/{id}', { params: inZa(id) });
    const reversed = await reverse(delivered!.id);
    expect(reversed.response.status).toBe(200);
    expect(reversed.data!.logisticStatusId).toBe(LOGISTIC_STATUS.PENDING_DROP_OFF);
    const [ready] = await withStatus(LOGISTIC_STATUS.READY);
    const refused = await reverse(ready!.id);
    expect(refused.response.status).toBe(409);
    expect(refused.error!.message).toBe(DELIVERY_ADMIN_TEXTS.notAllowed('Ready'));
    expect((await delivery('management', ready!.id)).data!.logisticStatusId).toBe(LOGISTIC_STATUS.READY);
  });

  it('cancelandreturntosender: collected → returned to sender and flagged; pending pick-up → 409', async () => {
    const [collected] = await withStatus(LOGISTIC_STATUS.COLLECTED);
    const cancelAndReturn = (id: number) => as('staff').PUT('/deliveries/cancelandreturntosender/{cca2}/{id}', { params: inZa(id) });
    const returned = await cancelAndReturn(collected!.id);
    expect(returned.data).toMatchObject({ logisticStatusId: LOGISTIC_STATUS.RETURNED_TO_SENDER, isReturnToSender: true });
    const [pending] = await withStatus(LOGISTIC_STATUS.PENDING_PICK_UP);
    expect((await cancelAndReturn(pending!.id)).response.status).toBe(409);
  });

  it('canceldelivery: ready → refunded; delivered → 409', async () => {
    const [, ready] = await withStatus(LOGISTIC_STATUS.READY);
    const cancel = (id: number) => as('staff').PUT('/deliveries/canceldelivery/{cca2}/{id}', { params: inZa(id) });
    const cancelled = await cancel(ready!.id);
    expect(cancelled.data!.logisticStatusId).toBe(LOGISTIC_STATUS.REFUNDED);
    const [, delivered] = await withStatus(LOGISTIC_STATUS.DELIVERED);
    expect((await cancel(delivered!.id)).response.status).toBe(409);
  });

  it('reverse and recalculate logistics are the operators\' (403 for a company administrator)', async () => {
    const named = await stores();
    const [own] = await withStatus(LOGISTIC_STATUS.PENDING_PICK_UP, { companyid: named['Acme Sea Point']!.companyId! });
    expect((await as('company.admin').PUT('/deliveries/reverseLogisticStatus/{cca2}/{id}', { params: inZa(own!.id) })).response.status).toBe(403);
    const recalculated = await as('staff').PUT('/deliveries/recalculatelogistics/{cca2}/{id}', { params: inZa(own!.id) });
    expect(recalculated.response.status).toBe(200);
    expect(recalculated.data!.distanceKm).toBeGreaterThanOrEqual(0);
  });

  it('updatedeliveryproof only once delivered; recalculateparcels only while parcels may change', async () => {
    const [, , delivered] = await withStatus(LOGISTIC_STATUS.DELIVERED);
    const updateProof = (login: SeededLogin, id: number, body: { recipientName: string; note?: string }) =>
      as(login).PUT('/deliveries/updatedeliveryproof/{cca2}/{id}', { params: inZa(id), body });
    const recalculateParcels = (id: number) => as('staff').PUT('/deliveries/recalculateparcels/{cca2}/{id}', { params: inZa(id) });
    const proof = await updateProof('store.admin', delivered!.id, { recipientName: 'Front desk' });
    // The store administrator sees only its store's deliveries.
    expect([200, 404]).toContain(proof.response.status);
    const staffProof = await updateProof('staff', delivered!.id, { recipientName: 'Front desk', note: 'Left at reception' });
    expect(staffProof.data!.proof).toMatchObject({ recipientName: 'Front desk', note: 'Left at reception' });
    const [ready] = await withStatus(LOGISTIC_STATUS.PENDING_DROP_OFF);
    expect((await updateProof('staff', ready!.id, { recipientName: 'X' })).response.status).toBe(409);
    expect((await recalculateParcels(ready!.id)).response.status).toBe(200);
    expect((await recalculateParcels(delivered!.id)).response.status).toBe(409);
  });

  it('bulk delivery date change: all or none; a collected one → 409, nothing moved', async () => {
    const ready = (await withStatus(LOGISTIC_STATUS.READY)).slice(2, 4);
    const bulkDate = (deliveryIds: number[], deliveryDate: string) =>
      as('staff').PUT('/deliveries/bulkUpdateDeliveryDate/{cca2}', { params: { path: ZA }, body: { deliveryIds, deliveryDate } });
    const moved = await bulkDate(ready.map((row) => row.id), '2027-01-15');
    expect({ status: moved.response.status, body: moved.data }).toMatchObject({ status: 200, body: { updated: 2 } });
    const [collected] = await withStatus(LOGISTIC_STATUS.COLLECTED);
    const refused = await bulkDate([ready[0]!.id, collected!.id], '2027-02-01');
    expect(refused.response.status).toBe(409);
    expect((await delivery('staff', ready[0]!.id)).data!.readyForCollectionDate).toBe('2027-01-15');
    const bad = await bulkDate([ready[0]!.id], 'soon');
    expect(bad.response.status).toBe(400);
  });

  it('delete: quote-stage deliveries only; booked → 409; foreign → 404', async () => {
    const [quote] = await withStatus(LOGISTIC_STATUS.PENDING);
    const [paid] = await withStatus(LOGISTIC_STATUS.READY);
    const remove = (login: SeededLogin, id: number) => as(login).DELETE('/deliveries/{cca2}', { params: { path: ZA, query: { ids: [id] } } });
    expect((await remove('staff', paid!.id)).response.status).toBe(409);
    const deleted = await remove('staff', quote!.id);
    expect({ status: deleted.response.status, body: deleted.data }).toMatchObject({ status: 200, body: { deleted: 1 } });
    expect((await delivery('staff', quote!.id)).response.status).toBe(404);
    expect((await remove('staff', 99999999)).response.status).toBe(404);
    expect((await remove('company.admin', paid!.id)).response.status).toBe(403);
  });
});

describe('edit: updatedelivery with xmin', () => {
  it('saves contacts while editable; an old xmin → 409 with the current version; nothing lost', async () => {
    const [, , , ready] = await withStatus(LOGISTIC_STATUS.PENDING_PICK_UP);
    const opened = await dataOf(delivery('staff', ready!.id));
    const edit = (login: SeededLogin, xmin: string, originContactName: string) =>
      as(login).PUT('/deliveries/{cca2}/{id}', { params: inZa(ready!.id), body: { xmin, originContactName } });
    const first = await edit('staff', opened.xmin, 'First editor');
    expect(first.response.status).toBe(200);
    expect(first.data!.originContactName).toBe('First editor');
    expect(first.data!.originPhoneNumber).toBe(opened.originPhoneNumber);
    const second = await edit('management', opened.xmin, 'Second editor');
    expect(second.response.status).toBe(409);
    const { current } = second.error as { current: { xmin: string } };
    expect(current).toMatchObject({ id: ready!.id, originContactName: 'First editor', xmin: first.data!.xmin });
    const again = await edit('management', current.xmin, 'Second editor');
    expect(again.data!.originContactName).toBe('Second editor');
  });

  it('a delivered or quote-stage delivery cannot be edited (409); unknown fields → 400', async () => {
    const [, , , delivered] = await withStatus(LOGISTIC_STATUS.DELIVERED);
    const opened = await dataOf(delivery('staff', delivered!.id));
    const refused = await as('staff').PUT('/deliveries/{cca2}/{id}', { params: inZa(delivered!.id), body: { xmin: opened.xmin, orderReference: 'X' } });
    expect(refused.response.status).toBe(409);
    expect(refused.error!.message).toBe(DELIVERY_ADMIN_TEXTS.notAllowed('Delivered'));
    // A field the contract does not have: sent as written.
    const unknown = await server.raw('staff', 'PUT', `/deliveries/za/${delivered!.id}`, { xmin: opened.xmin, logisticStatusId: 30001 });
    expect(unknown.status).toBe(400);
  });
});

describe('the Items export (000 section 9): the parcels of the listed deliveries', () => {
  /** The parcels of this seed's deliveries, from the database, in entry order, with their delivery's company. */
  async function seededParcels() {
    interface Parcel { waybill: string; companyId: number | null; company: string | null; name: string }
    const result: { rows: Parcel[] } = await server.database.sql.executeSql(
      `select d.waybill, d.company_id as "companyId", c.company_name as company, i.name from delivery_items i join deliveries d on d.id = i.delivery_id
       left join companies c on c.id = d.company_id where d.order_reference ilike $1 order by i.id`, [`%${SEED_ORDER_REFERENCE_SEARCH}%`]);
    return result.rows;
  }
  const companyOf = async (email: string) =>
    ((await server.database.sql.executeSql('select company_id as "companyId" from users where email = $1', [email])).rows[0] as { companyId: number }).companyId;
  const itemsFile = async (login: SeededLogin, query: string) =>
    fetch(`${server.url}/connect/deliveries/za?exportItems=true&search=${SEED_ORDER_REFERENCE_SEARCH}${query}`, { headers: bearer(await server.as(login).token()) });

  it('exports every parcel of the filtered deliveries as Items.xlsx, one row each with its delivery', async () => {
    const parcels = await seededParcels();
    expect(parcels.length).toBeGreaterThan(0);
    const response = await itemsFile('administrator', '');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain(`filename="${DELIVERY_ADMIN_TEXTS.itemsExportName}.xlsx"`);
    expect(Number(response.headers.get('x-total-count'))).toBe(parcels.length);
    const { rows } = await sheetRows(response);
    expect(rows[0]).toEqual(ITEM_EXPORT.map((column) => column.header));
    const body = rows.slice(1);
    // An empty cell (a delivery still at the quote stage has no waybill) reads back as undefined.
    expect(body.map((row) => [row[0] ?? null, row[6]])).toEqual(parcels.map((parcel) => [parcel.waybill, parcel.name]));
  });

  it('keeps the list filters and the caller\'s scope: a company administrator gets their company\'s parcels only', async () => {
    const named = await stores();
    const blueCrane = named['Blue Crane Rosebank']!;
    const companyId = await companyOf('company.admin@demo.test');
    expect(companyId).not.toBe(blueCrane.companyId);
    const own = (await seededParcels()).filter((parcel) => parcel.companyId === companyId);
    expect(own.length).toBeGreaterThan(0);
    const response = await itemsFile('company.admin', '');
    expect(response.status).toBe(200);
    const body = (await sheetRows(response)).rows.slice(1);
    expect(body.length).toBe(own.length);
    expect(new Set(body.map((row) => row[2]))).toEqual(new Set(own.map((parcel) => parcel.company)));
    const foreign = await itemsFile('company.admin', `&companyid=${blueCrane.companyId}`);
    expect(foreign.status).toBe(200);
    expect((await sheetRows(foreign)).rows).toHaveLength(1); // the header only
  });

  it('is refused to roles without the deliveries list, and a malformed flag is a 400 naming it', async () => {
    const driver = await itemsFile('driver', '');
    expect(driver.status).toBe(403);
    await driver.arrayBuffer();
    const malformed = await fetch(`${server.url}/connect/deliveries/za?exportItems=maybe`, { headers: bearer(await server.as('administrator').token()) });
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(await malformed.json())).toContain('exportItems');
  });
});
