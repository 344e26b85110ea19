import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_ACCESS, decideOperationAccess } from '../../src/lib/access';
import { conflictMessage } from '../../src/lib/resources/texts';
import { bearer, callAs, startTestServer, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const ROLE_USERS = [
  'administrator@demo.test', 'management@demo.test', 'staff@demo.test', 'company.admin@demo.test', 'company.operator@demo.test',
  'company.user@demo.test', 'store.admin@demo.test', 'store.operator@demo.test', 'store.user@demo.test', 'partner@demo.test',
  'driver@demo.test', 'customer@demo.test',
];

const call = (email: string, method: string, path: string, body?: unknown) => callAs(server, email, method, path, body);

async function permissionsOf(email: string) {
  const token = await server.tokenFor(email);
  const { data } = await server.identity.GET('/v1/profile', { headers: bearer(token) });
  return data!;
}

async function storeIds() {
  const { body } = await call('administrator@demo.test', 'GET', '/stores/za?sortby=id');
  return Object.fromEntries((body.items as { storeName: string; id: number; companyId: number }[]).map((store) => [store.storeName, store]));
}

describe('store by id: access by role from the shared table, and scope', () => {
  it.each(ROLE_USERS)('%s', async (email) => {
    const stores = await storeIds();
    const own = stores['Acme Sea Point']!;
    const { status } = await call(email, 'GET', `/stores/za/${own.id}`);
    const profile = await permissionsOf(email);
    const token = await server.tokenFor(email);
    const { verifyAccessTokenClaims } = await import('../../server/auth/tokens');
    const { permissions } = await verifyAccessTokenClaims(server.keys, token);
    const decision = decideOperationAccess(OPERATION_ACCESS.getstore, permissions);
    expect(profile.email).toBe(email);
    expect(status).toBe(decision === 'allowed' ? 200 : 403);
  });

  it('a company administrator gets 404 and no row for another company\'s store', async () => {
    const stores = await storeIds();
    const foreign = stores['Blue Crane Rosebank']!;
    const { status, body } = await call('company.admin@demo.test', 'GET', `/stores/za/${foreign.id}`);
    expect(status).toBe(404);
    expect(body).not.toHaveProperty('storeName');
  });

  it('a store operator gets 404 for a sibling store of its own company', async () => {
    const stores = await storeIds();
    expect((await call('store.operator@demo.test', 'GET', `/stores/za/${stores['Acme Sandton City']!.id}`)).status).toBe(404);
    expect((await call('store.operator@demo.test', 'GET', `/stores/za/${stores['Acme Sea Point']!.id}`)).status).toBe(200);
  });

  it('a foreign store cannot be updated or deleted either (404, unchanged)', async () => {
    const stores = await storeIds();
    const foreign = stores['Blue Crane Durbanville']!;
    const { body: before } = await call('administrator@demo.test', 'GET', `/stores/za/${foreign.id}`);
    const update = await call('company.admin@demo.test', 'PUT', `/stores/za/${foreign.id}`, { storeName: 'Taken over', xmin: before.xmin });
    expect(update.status).toBe(404);
    const { body: after } = await call('administrator@demo.test', 'GET', `/stores/za/${foreign.id}`);
    expect(after.storeName).toBe('Blue Crane Durbanville');
  });

  it('a company administrator exporting with another company\'s filter gets an empty file', async () => {
    const stores = await storeIds();
    const token = await server.tokenFor('company.admin@demo.test');
    const response = await fetch(`${server.url}/connect/stores/za?exportExcel=true&companyid=${stores['Blue Crane Rosebank']!.companyId}`, { headers: bearer(token) });
    expect(response.status).toBe(200);
    const rows = await sheetRows(response);
    expect(rows).toHaveLength(1); // the header only
  });
});

describe('store list validation', () => {
  // Unknown filters and sorts and short searches: list-validation.test.ts.
  it('filters by isActive and qsrMode', async () => {
    const { body } = await call('administrator@demo.test', 'GET', '/stores/za?qsrMode=true');
    expect(body.items).toEqual([]);
    const active = await call('administrator@demo.test', 'GET', '/stores/za?isActive=true');
    expect(active.body.paging.totalItems).toBeGreaterThanOrEqual(4);
  });

  it('the store select asks for 2000 rows and gets them (the stores list allows up to 5000)', async () => {
    const { status, body } = await call('company.user@demo.test', 'GET', '/stores/za?select=true&pageSize=2000&isActive=true');
    expect(status).toBe(200);
    expect(body.length).toBe(2);
  });
});

describe('store add, edit, delete', () => {
  it('store add is staff only (administrator, management, staff)', async () => {
    const stores = await storeIds();
    const companyId = stores['Acme Sea Point']!.companyId;
    const denied = await call('company.admin@demo.test', 'POST', '/stores/za', { storeName: 'Nope', companyId });
    expect(denied.status).toBe(403);
    const created = await call('staff@demo.test', 'POST', '/stores/za', { storeName: 'Acme Waterfront', companyId, qsrMode: true });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: expect.any(Number), storeName: 'Acme Waterfront', qsrMode: true, xmin: expect.stringMatching(/^\d+$/) });
    const removed = await call('staff@demo.test', 'DELETE', `/stores/za?ids=${created.body.id}`);
    expect(removed).toMatchObject({ status: 200, body: { deleted: 1 } });
  });

  it('refuses unknown body fields', async () => {
    const stores = await storeIds();
    const { status, body } = await call('staff@demo.test', 'POST', '/stores/za', { storeName: 'X', companyId: stores['Acme Sea Point']!.companyId, portalId: 9 });
    expect(status).toBe(400);
    expect(body.errors).toHaveProperty('portalId');
  });

  it('an update from an old xmin → 409 with the current version; nothing lost', async () => {
    const stores = await storeIds();
    const id = stores['Acme Sandton City']!.id;
    const { body: opened } = await call('store.admin@demo.test', 'GET', `/stores/za/${id}`).then(() => call('administrator@demo.test', 'GET', `/stores/za/${id}`));
    const first = await call('administrator@demo.test', 'PUT', `/stores/za/${id}`, { storeName: opened.storeName, contactName: 'First editor', xmin: opened.xmin });
    expect(first.status).toBe(200);
    expect(first.body.xmin).not.toBe(opened.xmin);
    const second = await call('management@demo.test', 'PUT', `/stores/za/${id}`, { storeName: opened.storeName, contactName: 'Second editor', xmin: opened.xmin });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(conflictMessage('store'));
    expect(second.body.current).toMatchObject({ id, contactName: 'First editor', xmin: first.body.xmin });
    // Re-applied on top of the current version, the second edit goes through.
    const again = await call('management@demo.test', 'PUT', `/stores/za/${id}`, { storeName: opened.storeName, contactName: 'Second editor', xmin: second.body.current.xmin });
    expect(again.status).toBe(200);
    expect(again.body.contactName).toBe('Second editor');
  });

  it('delete of a store that users belong to → 409, nothing deleted; a foreign id → 404', async () => {
    const stores = await storeIds();
    const used = await call('staff@demo.test', 'DELETE', `/stores/za?ids=${stores['Acme Sea Point']!.id}`);
    expect(used.status).toBe(409);
    expect((await call('staff@demo.test', 'GET', `/stores/za/${stores['Acme Sea Point']!.id}`)).status).toBe(200);
    expect((await call('staff@demo.test', 'DELETE', '/stores/za?ids=999999')).status).toBe(404);
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
    const token = await server.tokenFor('administrator@demo.test');
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
      const { body } = await call('staff@demo.test', 'POST', '/stores/za', { storeName: `Batch store ${Math.floor(index / 2)}`, companyId });
      ids.push(body.id);
    }
    const { listStores } = await import('../../server/domain/directory');
    expect(listStores).toBeTypeOf('function');
    const token = await server.tokenFor('administrator@demo.test');
    const response = await fetch(`${server.url}/connect/stores/za?exportExcel=true&search=Batch&sortby=storeName`, { headers: bearer(token) });
    const rows = await sheetRows(response);
    expect(rows.slice(1).map((row) => row[0]).sort()).toEqual([...ids].sort());
    await call('staff@demo.test', 'DELETE', `/stores/za?${ids.map((id) => `ids=${id}`).join('&')}`);
  });
});
