import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_ACCESS, decideOperationAccess } from '../../src/lib/access';
import { conflictMessage } from '../../src/lib/resource-texts';
import type { SeededLogin } from '../support/seeded-users';
import { bearer, dataOf, inZa, pageOf, startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const ROLE_USERS: SeededLogin[] = [
  'administrator', 'management', 'staff', 'company.admin', 'company.operator', 'company.user', 'store.admin', 'store.operator', 'store.user',
  'partner', 'driver', 'customer',
];

const admin = () => server.as('administrator').connect;
const staff = () => server.as('staff').connect;
const store = (login: SeededLogin, id: number) => server.as(login).connect.GET('/stores/{cca2}/{id}', { params: inZa(id) });

async function permissionsOf(login: SeededLogin) {
  const { data } = await server.as(login).identity.GET('/v1/profile');
  return data!;
}

async function storeIds() {
  const page = pageOf(await dataOf(admin().GET('/stores/{cca2}', { params: { path: ZA, query: { sortby: 'id' } } })));
  return Object.fromEntries(page.items.map((row) => [row.storeName, row]));
}

describe('store by id: access by role from the shared table, and scope', () => {
  it.each(ROLE_USERS)('%s', async (login) => {
    const stores = await storeIds();
    const own = stores['Acme Sea Point']!;
    const { status } = (await store(login, own.id)).response;
    const profile = await permissionsOf(login);
    const { email } = server.as(login);
    const token = await server.as(login).token();
    const { verifyAccessTokenClaims } = await import('../../server/auth/tokens');
    const { permissions } = await verifyAccessTokenClaims(server.keys, token);
    const decision = decideOperationAccess(OPERATION_ACCESS.getstore, permissions);
    expect(profile.email).toBe(email);
    expect(status).toBe(decision === 'allowed' ? 200 : 403);
  });

  it('a company administrator gets 404 and no row for another company\'s store', async () => {
    const stores = await storeIds();
    const foreign = stores['Blue Crane Rosebank']!;
    const { response, data, error } = await store('company.admin', foreign.id);
    expect(response.status).toBe(404);
    expect(data ?? error).not.toHaveProperty('storeName');
  });

  it('a store operator gets 404 for a sibling store of its own company', async () => {
    const stores = await storeIds();
    expect((await store('store.operator', stores['Acme Sandton City']!.id)).response.status).toBe(404);
    expect((await store('store.operator', stores['Acme Sea Point']!.id)).response.status).toBe(200);
  });

  it('a foreign store cannot be updated or deleted either (404, unchanged)', async () => {
    const stores = await storeIds();
    const foreign = stores['Blue Crane Durbanville']!;
    const before = await dataOf(store('administrator', foreign.id));
    const update = await server.as('company.admin').connect.PUT('/stores/{cca2}/{id}', { params: inZa(foreign.id), body: { storeName: 'Taken over', xmin: before.xmin } });
    expect(update.response.status).toBe(404);
    const after = await dataOf(store('administrator', foreign.id));
    expect(after.storeName).toBe('Blue Crane Durbanville');
  });

  it('a company administrator exporting with another company\'s filter gets an empty file', async () => {
    const stores = await storeIds();
    const token = await server.as('company.admin').token();
    const response = await fetch(`${server.url}/connect/stores/za?exportExcel=true&companyid=${stores['Blue Crane Rosebank']!.companyId}`, { headers: bearer(token) });
    expect(response.status).toBe(200);
    const rows = await sheetRows(response);
    expect(rows).toHaveLength(1); // the header only
  });
});

describe('store list validation', () => {
  // Unknown filters and sorts and short searches: list-validation.test.ts.
  it('filters by isActive and qsrMode', async () => {
    const qsr = pageOf(await dataOf(admin().GET('/stores/{cca2}', { params: { path: ZA, query: { qsrMode: true } } })));
    expect(qsr.items).toEqual([]);
    const active = pageOf(await dataOf(admin().GET('/stores/{cca2}', { params: { path: ZA, query: { isActive: true } } })));
    expect(active.paging.totalItems).toBeGreaterThanOrEqual(4);
  });

  it('the store select asks for 2000 rows and gets them (the stores list allows up to 5000)', async () => {
    const { data, response } = await server.as('company.user').connect.GET('/stores/{cca2}', { params: { path: ZA, query: { select: true, pageSize: 2000, isActive: true } } });
    expect(response.status).toBe(200);
    expect((data as unknown[]).length).toBe(2);
  });
});

describe('store add, edit, delete', () => {
  it('store add is staff only (administrator, management, staff)', async () => {
    const stores = await storeIds();
    const companyId = stores['Acme Sea Point']!.companyId;
    const denied = await server.as('company.admin').connect.POST('/stores/{cca2}', { params: { path: ZA }, body: { storeName: 'Nope', companyId } });
    expect(denied.response.status).toBe(403);
    const created = await staff().POST('/stores/{cca2}', { params: { path: ZA }, body: { storeName: 'Acme Waterfront', companyId, qsrMode: true } });
    expect(created.response.status).toBe(201);
    expect(created.data).toMatchObject({ id: expect.any(Number), storeName: 'Acme Waterfront', qsrMode: true, xmin: expect.stringMatching(/^\d+$/) });
    const removed = await staff().DELETE('/stores/{cca2}', { params: { path: ZA, query: { ids: [created.data!.id] } } });
    expect(removed.response.status).toBe(200);
    expect(removed.data).toMatchObject({ deleted: 1 });
  });

  it('refuses unknown body fields', async () => {
    const stores = await storeIds();
    // A field the contract does not have: sent as written.
    const { status, body } = await server.raw('staff', 'POST', '/stores/za', { storeName: 'X', companyId: stores['Acme Sea Point']!.companyId, portalId: 9 });
    expect(status).toBe(400);
    expect(body.errors).toHaveProperty('portalId');
  });

  it('an update from an old xmin → 409 with the current version; nothing lost', async () => {
    const stores = await storeIds();
    const id = stores['Acme Sandton City']!.id;
    await store('store.admin', id);
    const opened = await dataOf(store('administrator', id));
    const update = (login: SeededLogin, contactName: string, xmin: string) =>
      server.as(login).connect.PUT('/stores/{cca2}/{id}', { params: inZa(id), body: { storeName: opened.storeName, contactName, xmin } });
    const first = await update('administrator', 'First editor', opened.xmin);
    expect(first.response.status).toBe(200);
    expect(first.data!.xmin).not.toBe(opened.xmin);
    const second = await update('management', 'Second editor', opened.xmin);
    expect(second.response.status).toBe(409);
    expect(second.error?.message).toBe(conflictMessage('store'));
    const current = (second.error as { current: { xmin: string } }).current;
    expect(current).toMatchObject({ id, contactName: 'First editor', xmin: first.data!.xmin });
    // Re-applied on top of the current version, the second edit goes through.
    const again = await update('management', 'Second editor', current.xmin);
    expect(again.response.status).toBe(200);
    expect(again.data!.contactName).toBe('Second editor');
  });

  it('delete of a store that users belong to → 409, nothing deleted; a foreign id → 404', async () => {
    const stores = await storeIds();
    const remove = (ids: number[]) => staff().DELETE('/stores/{cca2}', { params: { path: ZA, query: { ids } } });
    const used = await remove([stores['Acme Sea Point']!.id]);
    expect(used.response.status).toBe(409);
    expect((await store('staff', stores['Acme Sea Point']!.id)).response.status).toBe(200);
    expect((await remove([999999])).response.status).toBe(404);
  });
});

async function sheetRows(response: Response) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('export', () => {
  it('streams Stores.xlsx of the current filters and sort, read back with exceljs', async () => {
    const token = await server.as('administrator').token();
    const response = await fetch(`${server.url}/connect/stores/za?exportExcel=true&search=crane&sortby=storeName&sortdirection=desc`, { headers: bearer(token) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/ms-excel');
    expect(response.headers.get('content-disposition')).toContain('filename="Stores.xlsx"');
    expect(response.headers.get('x-total-count')).toBe('2');
    const rows = await sheetRows(response);
    expect(rows[0]).toContain('Store name');
    expect(rows.slice(1).map((row) => row[1])).toEqual(['Blue Crane Rosebank', 'Blue Crane Durbanville']);
  });

  it('pages through keyset batches without losing or repeating rows', async () => {
    const stores = await storeIds();
    const companyId = stores['Acme Sea Point']!.companyId;
    const ids: number[] = [];
    for (let index = 0; index < 25; index += 1) {
      // Same names in pairs: the (name, id) keyset must not skip rows that share a sort value.
      ids.push((await dataOf(staff().POST('/stores/{cca2}', { params: { path: ZA }, body: { storeName: `Batch store ${Math.floor(index / 2)}`, companyId } }))).id);
    }
    const { listStores } = await import('../../server/domain/directory');
    expect(listStores).toBeTypeOf('function');
    const token = await server.as('administrator').token();
    const response = await fetch(`${server.url}/connect/stores/za?exportExcel=true&search=Batch&sortby=storeName`, { headers: bearer(token) });
    const rows = await sheetRows(response);
    expect(rows.slice(1).map((row) => row[0]).sort()).toEqual([...ids].sort());
    await staff().DELETE('/stores/{cca2}', { params: { path: ZA, query: { ids } } });
  });
});
