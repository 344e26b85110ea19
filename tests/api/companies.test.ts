import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessTokenClaims } from '../../server/auth/tokens';
import { decideOperationAccess, OPERATION_ACCESS } from '../../src/lib/access';
import { conflictMessage } from '../../src/lib/resource-texts';
import type { SeededLogin } from '../support/seeded-users';
import { bearer, dataOf, inZa, pageOf, startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const ROLE_USERS: SeededLogin[] = [
  'administrator', 'management', 'staff', 'company.admin', 'company.operator', 'company.user', 'store.admin', 'store.operator', 'partner', 'customer',
];

async function companyIds(): Promise<Record<string, { id: number; xmin: string }>> {
  const page = pageOf(await dataOf(server.as('administrator').connect.GET('/companies/{cca2}', { params: { path: ZA, query: { sortby: 'id' } } })));
  return Object.fromEntries(page.items.map((row) => [row.companyName, row]));
}

describe('companies: access by role from the shared table', () => {
  it.each(ROLE_USERS)('%s', async (login) => {
    const user = server.as(login);
    const { permissions } = await verifyAccessTokenClaims(server.keys, await user.token());
    const acme = (await companyIds())['Acme Retail']!;
    const expected = (operation: keyof typeof OPERATION_ACCESS) => (decideOperationAccess(OPERATION_ACCESS[operation], permissions) === 'allowed' ? 200 : 403);
    expect((await user.connect.GET('/companies/{cca2}', { params: { path: ZA } })).response.status).toBe(expected('getcompanies'));
    expect((await user.connect.GET('/companies/{cca2}/{id}', { params: inZa(acme.id) })).response.status).toBe(expected('getcompany'));
  });
});

describe('companies: scope', () => {
  it('a company administrator\'s select offers only its own company, and a foreign one by search finds nothing', async () => {
    const companyAdmin = server.as('company.admin');
    const { data, response } = await companyAdmin.connect.GET('/companies/{cca2}', { params: { path: ZA, query: { select: true } } });
    expect(response.status).toBe(200);
    expect((data as { value: string }[]).map((option) => option.value)).toEqual(['Acme Retail']);
    const foreign = await companyAdmin.connect.GET('/companies/{cca2}', { params: { path: ZA, query: { select: true, search: 'Crane' } } });
    expect(foreign.data).toEqual([]);
  });
});

describe('companies: validation', () => {
  // Unknown filters and sorts and short searches: list-validation.test.ts.
  it('a bad company type → 400 naming it', async () => {
    // Not a company type of the contract: sent as written.
    const badType = await server.raw('staff', 'GET', '/companies/za?companyType=Pirate');
    expect(badType.status).toBe(400);
    expect(badType.body.errors).toHaveProperty('companyType');
  });

  it('a page size over the companies maximum (500) is clamped', async () => {
    const { data, response } = await server.as('staff').connect.GET('/companies/{cca2}', { params: { path: ZA, query: { pageSize: 2000 } } });
    expect(response.status).toBe(200);
    expect(pageOf(data).paging.pageSize).toBe(500);
  });
});

describe('companies: add, edit, conflict, filter, export', () => {
  it('creates, filters by companyType and exports Companies.xlsx with the filter', async () => {
    const created = await server.as('management').connect.POST('/companies/{cca2}', {
      params: { path: ZA }, body: { companyName: 'Karoo Trust Couriers', companyType: 'Trust', email: 'k@t.test' },
    });
    expect(created.response.status).toBe(201);
    expect(created.data).toMatchObject({ companyName: 'Karoo Trust Couriers', companyType: 'Trust', isActive: true });
    const filtered = pageOf(await dataOf(server.as('staff').connect.GET('/companies/{cca2}', { params: { path: ZA, query: { companyType: 'Trust' } } })));
    expect(filtered.items.map((row) => row.companyName)).toEqual(['Karoo Trust Couriers']);

    // A file, not JSON: read as bytes.
    const token = await server.as('staff').token();
    const response = await fetch(`${server.url}/connect/companies/za?exportExcel=true&companyType=Trust`, { headers: bearer(token) });
    expect(response.headers.get('content-disposition')).toContain('filename="Companies.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const values: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    expect(values).toHaveLength(2);
    expect(values[1]).toContain('Karoo Trust Couriers');
  });

  it('an update from an old xmin → 409 with the current version', async () => {
    const blue = (await companyIds())['Blue Crane Foods']!;
    const first = await server.as('staff').connect.PUT('/companies/{cca2}/{id}', { params: inZa(blue.id), body: { companyName: 'Blue Crane Foods', vatNumber: '4001', xmin: blue.xmin } });
    expect(first.response.status).toBe(200);
    const second = await server.as('administrator').connect.PUT('/companies/{cca2}/{id}', { params: inZa(blue.id), body: { companyName: 'Blue Crane Foods', vatNumber: '4002', xmin: blue.xmin } });
    expect(second.response.status).toBe(409);
    expect(second.error).toMatchObject({ message: conflictMessage('company'), current: { id: blue.id, vatNumber: '4001', xmin: first.data!.xmin } });
  });

  it('an update without xmin → 400 naming it', async () => {
    const blue = (await companyIds())['Blue Crane Foods']!;
    // Deliberately without the required xmin: sent as written.
    const { status, body } = await server.raw('staff', 'PUT', `/companies/za/${blue.id}`, { companyName: 'X' });
    expect(status).toBe(400);
    expect(body.errors).toHaveProperty('xmin');
  });
});
