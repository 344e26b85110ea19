import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessTokenClaims } from '../../server/auth/tokens';
import { decideOperationAccess, OPERATION_ACCESS } from '../../src/lib/access';
import { AUTH_TEXTS } from '../../src/lib/error-catalogue';
import { conflictMessage } from '../../src/lib/resources/texts';
import { USERS_ADMIN_TEXTS } from '../../src/lib/users-admin-texts';
import { bearer, startTestServer, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const ROLE_USERS = [
  'administrator@demo.test', 'management@demo.test', 'staff@demo.test', 'company.admin@demo.test', 'company.operator@demo.test',
  'store.admin@demo.test', 'partner@demo.test', 'driver@demo.test', 'customer@demo.test',
];

async function call(email: string, method: string, path: string, body?: unknown, base = '/connect') {
  const token = await server.tokenFor(email);
  const response = await fetch(`${server.url}${base}${path}`, {
    method,
    headers: { ...bearer(token), ...(body !== undefined && { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, text };
}

async function userByEmail(email: string) {
  const { body } = await call('administrator@demo.test', 'GET', `/users/za?search=${encodeURIComponent(email)}`);
  return (body.items as { id: number; email: string; xmin: string; firstName: string; lastName: string }[]).find((row) => row.email === email)!;
}

describe('users: access by role from the shared table', () => {
  it.each(ROLE_USERS)('%s', async (email) => {
    const { permissions } = await verifyAccessTokenClaims(server.keys, await server.tokenFor(email));
    const driver = await userByEmail('driver@demo.test');
    const expected = (operation: keyof typeof OPERATION_ACCESS) => (decideOperationAccess(OPERATION_ACCESS[operation], permissions) === 'allowed' ? 200 : 403);
    expect((await call(email, 'GET', '/users/za')).status).toBe(expected('getusers'));
    expect((await call(email, 'GET', `/users/za/${driver.id}`)).status).toBe(expected('getuser'));
    const update = await call(email, 'PUT', `/users/za/${driver.id}`, { firstName: driver.firstName, lastName: driver.lastName, xmin: '0' });
    // Allowed callers get past the access check and meet the stale xmin.
    expect(update.status).toBe(expected('updateuser') === 200 ? 409 : 403);
  });
});

describe('users: the list', () => {
  it('never answers a password hash, code or token', async () => {
    const { status, text } = await call('staff@demo.test', 'GET', '/users/za?pageSize=100');
    expect(status).toBe(200);
    expect(text).not.toMatch(/passwordHash|password_hash|scrypt|refreshToken|tokenHash/i);
  });

  it('filters by roles, companyid, storeid, verified and isActive; searches; sorts', async () => {
    const drivers = await call('staff@demo.test', 'GET', '/users/za?roles=Driver&pageSize=100');
    expect(drivers.body.items.length).toBeGreaterThan(0);
    expect(drivers.body.items.every((row: { roles: string[] }) => row.roles.includes('Driver'))).toBe(true);
    const admin = await userByEmail('company.admin@demo.test');
    const company = await call('staff@demo.test', 'GET', `/users/za?companyid=${(await call('staff@demo.test', 'GET', `/users/za/${admin.id}`)).body.companyId}&pageSize=100`);
    expect(company.body.items.map((row: { email: string }) => row.email)).toEqual(expect.arrayContaining(['company.admin@demo.test', 'store.admin@demo.test']));
    expect(company.body.items.every((row: { companyName: string }) => row.companyName === 'Acme Retail')).toBe(true);
    const storeAdmin = (await call('staff@demo.test', 'GET', `/users/za/${(await userByEmail('store.admin@demo.test')).id}`)).body;
    const store = await call('staff@demo.test', 'GET', `/users/za?storeid=${storeAdmin.storeId}&pageSize=100`);
    expect(store.body.items.every((row: { storeId: number }) => row.storeId === storeAdmin.storeId)).toBe(true);
    const unverified = await call('staff@demo.test', 'GET', '/users/za?verified=false&pageSize=100');
    expect(unverified.body.items.map((row: { email: string }) => row.email)).toContain('unconfirmed@demo.test');
    expect(unverified.body.items.every((row: { emailConfirmed: boolean }) => !row.emailConfirmed)).toBe(true);
    const sorted = await call('staff@demo.test', 'GET', '/users/za?sortby=email&sortdirection=desc&pageSize=5');
    const emails = sorted.body.items.map((row: { email: string }) => row.email);
    expect(emails).toEqual([...emails].sort().reverse());
    const select = await call('staff@demo.test', 'GET', '/users/za?select=true&search=Dumisani');
    expect(select.body).toEqual([{ key: String((await userByEmail('driver@demo.test')).id), value: 'Dumisani Driver (driver@demo.test)' }]);
  });

  // Unknown filters and sorts and short searches: list-validation.test.ts.
  it('an unknown role → 400 naming roles', async () => {
    const badRole = await call('staff@demo.test', 'GET', '/users/za?roles=Pirate');
    expect(badRole.status).toBe(400);
    expect(badRole.body.errors).toHaveProperty('roles');
  });

  it('exports Users.xlsx with the filters', async () => {
    const token = await server.tokenFor('staff@demo.test');
    const response = await fetch(`${server.url}/connect/users/za?exportExcel=true&roles=Driver`, { headers: bearer(token) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('filename="Users.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const values: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    expect(values[0]).toEqual(expect.arrayContaining(['Email', 'Roles', 'Verified', 'Active']));
    expect(values.length - 1).toBe(Number(response.headers.get('x-total-count')));
    expect(values.slice(1).every((row) => String(row[5]).includes('Driver'))).toBe(true);
  });
});

describe('users: add (createProfile), edit, conflict, scope', () => {
  it('a new user is made by createProfile (an invitation, no password) and then edited here', async () => {
    const created = await call('management@demo.test', 'POST', '/v1/profile', {
      email: 'new.driver@demo.test', firstName: 'Nandi', lastName: 'New', roles: ['Driver'],
    }, '/identity');
    expect(created.status).toBe(201);
    const user = await call('staff@demo.test', 'GET', `/users/za/${created.body.id}`);
    expect(user.body).toMatchObject({ email: 'new.driver@demo.test', roles: ['Driver'], emailConfirmed: false, isActive: true });
    const outbox = await call('administrator@demo.test', 'GET', '/v1/outbox?recipient=new.driver@demo.test', undefined, '/identity');
    expect(outbox.body.length).toBeGreaterThan(0);

    const updated = await call('staff@demo.test', 'PUT', `/users/za/${created.body.id}`, {
      firstName: 'Nandi', lastName: 'Newer', phoneNumber: '0821234567', isActive: false, xmin: user.body.xmin,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ lastName: 'Newer', fullName: 'Nandi Newer', phoneNumber: '+27821234567', isActive: false });
    const inactive = await call('staff@demo.test', 'GET', '/users/za?isActive=false&pageSize=100');
    expect(inactive.body.items.map((row: { id: number }) => row.id)).toContain(created.body.id);

    const stale = await call('administrator@demo.test', 'PUT', `/users/za/${created.body.id}`, { firstName: 'X', lastName: 'Y', xmin: user.body.xmin });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ message: conflictMessage('user'), current: { id: created.body.id, lastName: 'Newer', xmin: updated.body.xmin } });
  });

  it('bad input names the field; a staff operator cannot grant or edit a higher role', async () => {
    const driver = await userByEmail('driver@demo.test');
    const missingXmin = await call('staff@demo.test', 'PUT', `/users/za/${driver.id}`, { firstName: 'A', lastName: 'B' });
    expect(missingXmin.status).toBe(400);
    expect(missingXmin.body.errors).toHaveProperty('xmin');
    const unknownField = await call('staff@demo.test', 'PUT', `/users/za/${driver.id}`, { firstName: 'A', lastName: 'B', xmin: driver.xmin, email: 'x@y.test' });
    expect(unknownField.status).toBe(400);
    const blank = await call('staff@demo.test', 'PUT', `/users/za/${driver.id}`, { firstName: '  ', lastName: 'B', xmin: driver.xmin });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toHaveProperty('firstName');
    const storeRole = await call('staff@demo.test', 'PUT', `/users/za/${driver.id}`, { firstName: 'Dumisani', lastName: 'Driver', roles: ['StoreOperator'], xmin: driver.xmin });
    expect(storeRole.status).toBe(400);
    expect(storeRole.body.errors.storeId).toEqual([AUTH_TEXTS.storeRequired]);
    const grant = await call('staff@demo.test', 'PUT', `/users/za/${driver.id}`, { firstName: 'Dumisani', lastName: 'Driver', roles: ['Administrator'], xmin: driver.xmin });
    expect(grant.status).toBe(403);
    expect(grant.body.errors.roles).toEqual([AUTH_TEXTS.roleNotGrantable('Administrator')]);
    const admin = await userByEmail('administrator@demo.test');
    const higher = await call('staff@demo.test', 'PUT', `/users/za/${admin.id}`, { firstName: 'Ada', lastName: 'Changed', xmin: admin.xmin });
    expect(higher.status).toBe(403);
    expect((await userByEmail('administrator@demo.test')).lastName).toBe('Administrator');
  });

  it('a user of another portal\'s company is 404 here (no row), visible in its own portal', async () => {
    const company = await call('administrator@demo.test', 'POST', '/companies/ke', { companyName: 'Nairobi Couriers' });
    expect(company.status).toBe(201);
    const created = await call('administrator@demo.test', 'POST', '/v1/profile', {
      email: 'ke.admin@demo.test', firstName: 'Wanjiru', lastName: 'Kamau', roles: ['CompanyAdministrator'], companyId: company.body.id,
    }, '/identity');
    expect(created.status).toBe(201);
    expect((await call('staff@demo.test', 'GET', `/users/za/${created.body.id}`)).status).toBe(404);
    const list = await call('staff@demo.test', 'GET', '/users/za?search=ke.admin');
    expect(list.body.items).toEqual([]);
    const foreignFilter = await call('staff@demo.test', 'GET', `/users/za?companyid=${company.body.id}`);
    expect(foreignFilter.body.items).toEqual([]);
    const update = await call('staff@demo.test', 'PUT', `/users/za/${created.body.id}`, { firstName: 'X', lastName: 'Y', xmin: '1' });
    expect(update.status).toBe(404);
    expect((await call('staff@demo.test', 'GET', `/users/ke/${created.body.id}`)).body.firstName).toBe('Wanjiru');
  });
});

describe('users: public API key', () => {
  it('shows the prefix of the user\'s current key, never the secret', async () => {
    const issued = await call('api@demo.test', 'PUT', '/v1/token/apikey', undefined, '/identity');
    expect(issued.status).toBe(200);
    const user = await userByEmail('api@demo.test');
    const { body, text } = await call('staff@demo.test', 'GET', `/users/za/${user.id}`);
    expect(body.publicApiKeyPrefix).toBe(issued.body.prefix);
    expect(text).not.toContain(issued.body.apiKey);
    expect((await call('staff@demo.test', 'GET', `/users/za/${(await userByEmail('driver@demo.test')).id}`)).body.publicApiKeyPrefix).toBeNull();
  });
});

describe('users: deactivation', () => {
  const login = () => fetch(`${server.url}/identity/v1/auth/login`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'superhero@demo.test', password: 'Demo-password-1' }),
  });
  const refresh = (refreshToken: string) => fetch(`${server.url}/identity/v1/auth/refreshToken`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ refreshToken }),
  });

  it('ends the user\'s sessions and refuses sign-in (423) until reactivated', async () => {
    const session = await login();
    expect(session.status).toBe(200);
    const { refreshToken } = await session.json() as { refreshToken: string };
    const user = await userByEmail('superhero@demo.test');
    const off = await call('administrator@demo.test', 'PUT', `/users/za/${user.id}`, { firstName: user.firstName, lastName: user.lastName, isActive: false, xmin: user.xmin });
    expect(off.body.isActive).toBe(false);
    expect((await refresh(refreshToken)).status).toBeGreaterThanOrEqual(400);
    const refused = await login();
    expect(refused.status).toBe(423);
    expect((await refused.json() as { message: string }).message).toBe(USERS_ADMIN_TEXTS.accountInactive);
    const on = await call('administrator@demo.test', 'PUT', `/users/za/${user.id}`, { firstName: user.firstName, lastName: user.lastName, isActive: true, xmin: off.body.xmin });
    expect(on.body.isActive).toBe(true);
    expect((await login()).status).toBe(200);
  });
});
