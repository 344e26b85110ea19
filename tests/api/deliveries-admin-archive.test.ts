import ExcelJS from 'exceljs';
import { eq, inArray } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_ACCESS, decideOperationAccess } from '../../src/lib/access';
import { DEFAULT_TIME_ZONE, DELIVERY_ARCHIVE_AFTER_DAYS } from '../../src/lib/constants';
import { DELIVERY_ADMIN_TEXTS } from '../../src/lib/deliveries-admin';
import { LOGISTIC_STATUS } from '../../src/lib/statuses';
import { deliveries } from '../../server/db/schema';
import { bearer, startTestServer, type TestServer } from './support';

// The archive of deliveries (issue 6): deliveries in a final status whose delivery date is older than the cutoff,
// listed read-only with the deliveries list's filters and export, in the caller's scope.

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

interface Row { id: number; waybill: string; companyId: number | null; storeId: number | null; logisticStatusId: number; readyForCollectionDate: string }

async function call(email: string, path: string) {
  const response = await fetch(`${server.url}/connect${path}`, { headers: bearer(await server.tokenFor(email)) });
  return response;
}
const json = async (email: string, path: string) => {
  const response = await call(email, path);
  return { status: response.status, body: response.status === 200 ? await response.json() : undefined };
};

/** A delivery date (portal-local, ZA) so many days before today there; from 22:00 UTC that is a day ahead of UTC's. */
const daysAgo = (days: number) => DateTime.now().setZone(DEFAULT_TIME_ZONE).minus({ days }).toISODate()!;

describe('archive of deliveries', () => {
  it('lists final deliveries older than the cutoff only; filters, scope, export, access', async () => {
    const all = (await json('administrator@demo.test', '/deliveries/za?search=WBL&pageSize=500&sortby=id')).body.items as Row[];
    const stores = (await json('administrator@demo.test', '/stores/za?sortby=id')).body.items as { id: number; storeName: string; companyId: number }[];
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

    const archived = await json('administrator@demo.test', '/deliveries/archive/za?search=WBL&pageSize=500');
    expect(archived.status).toBe(200);
    expect((archived.body.items as Row[]).map((row) => row.id).sort()).toEqual([ownDelivered.id, foreignDelivered.id].sort());
    expect(archived.body.paging.totalItems).toBe(2);
    // The deliveries list still has them (the archive is a view, nothing moved).
    expect((await json('administrator@demo.test', `/deliveries/za?deliveryId=${ownDelivered.id}`)).body.items).toHaveLength(1);
    // The list's filters apply (its validation: list-validation.test.ts).
    const filtered = await json('administrator@demo.test', `/deliveries/archive/za?search=WBL&companyid=${acme.companyId}`);
    expect((filtered.body.items as Row[]).map((row) => row.id)).toEqual([ownDelivered.id]);
    // Scope: a store operator of Acme Sea Point sees its own archived delivery, never the other company's.
    const store = await json('store.operator@demo.test', '/deliveries/archive/za?pageSize=500');
    expect(store.status).toBe(200);
    expect((store.body.items as Row[]).map((row) => row.id)).toContain(ownDelivered.id);
    expect((store.body.items as Row[]).every((row) => row.storeId === acme.id)).toBe(true);

    // A partner opens the Archives menu (000 section 6) but no customer delivery is theirs.
    expect((await json('partner@demo.test', '/deliveries/archive/za')).body.paging.totalItems).toBe(0);

    const file = await call('administrator@demo.test', '/deliveries/archive/za?search=WBL&exportExcel=true');
    expect(file.status).toBe(200);
    expect(decodeURIComponent(file.headers.get('content-disposition') ?? '')).toContain(`${DELIVERY_ADMIN_TEXTS.archiveExportName}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    const waybills: unknown[] = [];
    workbook.worksheets[0]!.eachRow((row, index) => { if (index > 1) waybills.push(row.getCell(2).value); });
    expect(waybills.sort()).toEqual([ownDelivered.waybill, foreignDelivered.waybill].sort());
  });

  it.each(['administrator@demo.test', 'partner@demo.test', 'company.user@demo.test', 'store.operator@demo.test', 'store.user@demo.test', 'driver@demo.test', 'customer@demo.test'])(
    '%s: as the access table says', async (email) => {
      const { verifyAccessTokenClaims } = await import('../../server/auth/tokens');
      const { permissions } = await verifyAccessTokenClaims(server.keys, await server.tokenFor(email));
      const allowed = decideOperationAccess(OPERATION_ACCESS.getarchiveddeliveries, permissions) === 'allowed';
      expect((await call(email, '/deliveries/archive/za')).status).toBe(allowed ? 200 : 403);
    },
  );
});
