import ExcelJS from 'exceljs';
import { eq, inArray } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_ACCESS, decideOperationAccess } from '../../src/lib/access';
import { DEFAULT_TIME_ZONE, DELIVERY_ARCHIVE_AFTER_DAYS } from '../../src/lib/constants';
import { DELIVERY_ADMIN_TEXTS } from '../../src/lib/deliveries-admin';
import { LOGISTIC_STATUS } from '../../src/lib/statuses';
import { deliveries } from '../../server/db/schema';
import type { SeededLogin } from '../support/seeded-users';
import { bearer, dataOf, pageOf, startTestServer, ZA, type ListQuery, type TestServer } from './support';

// The archive of deliveries (issue 6): deliveries in a final status whose delivery date is older than the cutoff,
// listed read-only with the deliveries list's filters and export, in the caller's scope.

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const archive = (login: SeededLogin, query: ListQuery<'/deliveries/archive/{cca2}'> = {}) =>
  server.as(login).connect.GET('/deliveries/archive/{cca2}', { params: { path: ZA, query } });
const archivePage = async (login: SeededLogin, query: ListQuery<'/deliveries/archive/{cca2}'> = {}) => pageOf(await dataOf(archive(login, query)));
const deliveryRows = async (query: ListQuery<'/deliveries/{cca2}'>) =>
  pageOf(await dataOf(server.as('administrator').connect.GET('/deliveries/{cca2}', { params: { path: ZA, query } }))).items;

/** A delivery date (portal-local, ZA) so many days before today there; from 22:00 UTC that is a day ahead of UTC's. */
const daysAgo = (days: number) => DateTime.now().setZone(DEFAULT_TIME_ZONE).minus({ days }).toISODate()!;

describe('archive of deliveries', () => {
  it('lists final deliveries older than the cutoff only; filters, scope, export, access', async () => {
    const all = await deliveryRows({ search: 'WBL', pageSize: 500, sortby: 'id' });
    const stores = pageOf(await dataOf(server.as('administrator').connect.GET('/stores/{cca2}', { params: { path: ZA, query: { sortby: 'id' } } }))).items;
    const acme = stores.find((store) => store.storeName === 'Acme Sea Point')!;
    const delivered = all.filter((row) => row.logisticStatusId === LOGISTIC_STATUS.DELIVERED);
    const ownDelivered = delivered.find((row) => row.storeId === acme.id)!;
    const foreignDelivered = delivered.find((row) => row.companyId !== null && row.companyId !== acme.companyId)!;
    const recentDelivered = delivered.find((row) => row !== ownDelivered && row !== foreignDelivered)!;
    const oldReady = all.find((row) => row.logisticStatusId === LOGISTIC_STATUS.READY)!;
    const old = daysAgo(DELIVERY_ARCHIVE_AFTER_DAYS + 30);
    const { db } = server.database;
    // Every WBL delivery recent first; then three old ones (two delivered, one still ready).
    await db.update(deliveries).set({ readyForCollectionDate: daysAgo(1) }).where(inArray(deliveries.id, all.map((row) => row.id)));
    await db.update(deliveries).set({ readyForCollectionDate: old }).where(inArray(deliveries.id, [ownDelivered.id, foreignDelivered.id, oldReady.id]));
    // The first archived date: one day past the cutoff (still archived should local midnight pass during the call).
    await db.update(deliveries).set({ readyForCollectionDate: daysAgo(DELIVERY_ARCHIVE_AFTER_DAYS + 1) }).where(eq(deliveries.id, ownDelivered.id));
    await db.update(deliveries).set({ readyForCollectionDate: daysAgo(DELIVERY_ARCHIVE_AFTER_DAYS - 1) }).where(eq(deliveries.id, recentDelivered.id));

    const archived = await archive('administrator', { search: 'WBL', pageSize: 500 });
    expect(archived.response.status).toBe(200);
    const archivedPage = pageOf(archived.data);
    expect(archivedPage.items.map((row) => row.id).sort()).toEqual([ownDelivered.id, foreignDelivered.id].sort());
    expect(archivedPage.paging.totalItems).toBe(2);
    // The deliveries list still has them (the archive is a view, nothing moved).
    expect(await deliveryRows({ deliveryId: ownDelivered.id })).toHaveLength(1);
    // The list's filters apply (its validation: list-validation.test.ts).
    const filtered = await archivePage('administrator', { search: 'WBL', companyid: acme.companyId });
    expect(filtered.items.map((row) => row.id)).toEqual([ownDelivered.id]);
    // Scope: a store operator of Acme Sea Point sees its own archived delivery, never the other company's.
    const store = await archive('store.operator', { pageSize: 500 });
    expect(store.response.status).toBe(200);
    expect(pageOf(store.data).items.map((row) => row.id)).toContain(ownDelivered.id);
    expect(pageOf(store.data).items.every((row) => row.storeId === acme.id)).toBe(true);

    // A partner opens the Archives menu (000 section 6) but no customer delivery is theirs.
    expect((await archivePage('partner')).paging.totalItems).toBe(0);

    // A file, not JSON: read as bytes.
    const file = await fetch(`${server.url}/connect/deliveries/archive/za?search=WBL&exportExcel=true`, { headers: bearer(await server.as('administrator').token()) });
    expect(file.status).toBe(200);
    expect(decodeURIComponent(file.headers.get('content-disposition') ?? '')).toContain(`${DELIVERY_ADMIN_TEXTS.archiveExportName}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    const waybills: unknown[] = [];
    workbook.worksheets[0]!.eachRow((row, index) => { if (index > 1) waybills.push(row.getCell(2).value); });
    expect(waybills.sort()).toEqual([ownDelivered.waybill, foreignDelivered.waybill].sort());
  });

  it.each<SeededLogin>(['administrator', 'partner', 'company.user', 'store.operator', 'store.user', 'driver', 'customer'])(
    '%s: as the access table says', async (login) => {
      const { verifyAccessTokenClaims } = await import('../../server/auth/tokens');
      const { permissions } = await verifyAccessTokenClaims(server.keys, await server.as(login).token());
      const allowed = decideOperationAccess(OPERATION_ACCESS.getarchiveddeliveries, permissions) === 'allowed';
      expect((await archive(login)).response.status).toBe(allowed ? 200 : 403);
    },
  );
});
