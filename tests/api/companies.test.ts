import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessTokenClaims } from '../../server/auth/tokens';
import { decideOperationAccess, OPERATION_ACCESS } from '../../src/lib/access';
import { conflictMessage } from '../../src/lib/resources/texts';
import { bearer, callAs, startTestServer, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const ROLE_USERS = [
  'administrator@demo.test', 'management@demo.test', 'staff@demo.test', 'company.admin@demo.test', 'company.operator@demo.test',
  'company.user@demo.test', 'store.admin@demo.test', 'store.operator@demo.test', 'partner@demo.test', 'customer@demo.test',
];

const call = (email: string, method: string, path: string, body?: unknown) => callAs(server, email, method, path, body);

async function companyIds(): Promise<Record<string, { id: number; xmin: string }>> {
  const { body } = await call('administrator@demo.test', 'GET', '/companies/za?sortby=id');
  return Object.fromEntries((body.items as { companyName: string; id: number; xmin: string }[]).map((row) => [row.companyName, row]));
}

describe('companies: access by role from the shared table', () => {
  it.each(ROLE_USERS)('%s', async (email) => {
    const { permissions } = await verifyAccessTokenClaims(server.keys, await server.tokenFor(email));
    const acme = (await companyIds())['Acme Retail']!;
    const expected = (operation: keyof typeof OPERATION_ACCESS) => (decideOperationAccess(OPERATION_ACCESS[operation], permissions) === 'allowed' ? 200 : 403);
    expect((await call(email, 'GET', '/companies/za')).status).toBe(expected('getcompanies'));
    expect((await call(email, 'GET', `/companies/za/${acme.id}`)).status).toBe(expected('getcompany'));
  });
});

describe('companies: scope', () => {
  it('a company administrator\'s select offers only its own company, and a foreign one by search finds nothing', async () => {
    const { status, body } = await call('company.admin@demo.test', 'GET', '/companies/za?select=true');
    expect(status).toBe(200);
    expect(body.map((option: { value: string }) => option.value)).toEqual(['Acme Retail']);
    const foreign = await call('company.admin@demo.test', 'GET', '/companies/za?select=true&search=Crane');
    expect(foreign.body).toEqual([]);
  });
});

describe('companies: validation', () => {
  // Unknown filters and sorts and short searches: list-validation.test.ts.
  it('a bad company type → 400 naming it', async () => {
    const badType = await call('staff@demo.test', 'GET', '/companies/za?companyType=Pirate');
    expect(badType.status).toBe(400);
    expect(badType.body.errors).toHaveProperty('companyType');
  });

  it('a page size over the companies maximum (500) is clamped', async () => {
    const { status, body } = await call('staff@demo.test', 'GET', '/companies/za?pageSize=2000');
    expect(status).toBe(200);
    expect(body.paging.pageSize).toBe(500);
  });
});

describe('companies: add, edit, conflict, filter, export', () => {
  it('creates, filters by companyType and exports Companies.xlsx with the filter', async () => {
    const created = await call('management@demo.test', 'POST', '/companies/za', { companyName: 'Karoo Trust Couriers', companyType: 'Trust', email: 'k@t.test' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ companyName: 'Karoo Trust Couriers', companyType: 'Trust', isActive: true });
    const filtered = await call('staff@demo.test', 'GET', '/companies/za?companyType=Trust');
    expect(filtered.body.items.map((row: { companyName: string }) => row.companyName)).toEqual(['Karoo Trust Couriers']);

    const token = await server.tokenFor('staff@demo.test');
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
    const first = await call('staff@demo.test', 'PUT', `/companies/za/${blue.id}`, { companyName: 'Blue Crane Foods', vatNumber: '4001', xmin: blue.xmin });
    expect(first.status).toBe(200);
    const second = await call('administrator@demo.test', 'PUT', `/companies/za/${blue.id}`, { companyName: 'Blue Crane Foods', vatNumber: '4002', xmin: blue.xmin });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ message: conflictMessage('company'), current: { id: blue.id, vatNumber: '4001', xmin: first.body.xmin } });
  });

  it('an update without xmin → 400 naming it', async () => {
    const blue = (await companyIds())['Blue Crane Foods']!;
    const { status, body } = await call('staff@demo.test', 'PUT', `/companies/za/${blue.id}`, { companyName: 'X' });
    expect(status).toBe(400);
    expect(body.errors).toHaveProperty('xmin');
  });
});
