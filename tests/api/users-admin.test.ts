import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessTokenClaims } from '../../server/auth/tokens';
import { decideOperationAccess, OPERATION_ACCESS } from '../../src/lib/access';
import { AUTH_TEXTS } from '../../src/lib/error-catalogue';
import { conflictMessage } from '../../src/lib/resource-texts';
import { USERS_ADMIN_TEXTS } from '../../src/lib/users-admin-texts';
import type { SeededLogin } from '../support/seeded-users';
import { bearer, dataOf, fieldErrors, inZa, pageOf, startTestServer, ZA, type ListQuery, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const ROLE_USERS: SeededLogin[] = ['administrator', 'management', 'staff', 'company.admin', 'company.operator', 'store.admin', 'partner', 'driver', 'customer'];

const staff = () => server.as('staff').connect;
const admin = () => server.as('administrator').connect;
const users = async (query: ListQuery<'/users/{cca2}'>) => pageOf(await dataOf(staff().GET('/users/{cca2}', { params: { path: ZA, query } }))).items;
const user = (id: number, login: SeededLogin = 'staff', cca2 = 'za') =>
  server.as(login).connect.GET('/users/{cca2}/{id}', { params: { path: { cca2, id } } });
type UserUpdate = { firstName: string; lastName: string; phoneNumber?: string; isActive?: boolean; roles?: ('StoreOperator' | 'Administrator')[]; xmin: string };
const update = (id: number, body: UserUpdate, login: SeededLogin = 'staff') =>
  server.as(login).connect.PUT('/users/{cca2}/{id}', { params: inZa(id), body });

async function userByEmail(email: string) {
  const page = pageOf(await dataOf(admin().GET('/users/{cca2}', { params: { path: ZA, query: { search: email } } })));
  return page.items.find((row) => row.email === email)!;
}

describe('users: access by role from the shared table', () => {
  it.each(ROLE_USERS)('%s', async (login) => {
    const { permissions } = await verifyAccessTokenClaims(server.keys, await server.as(login).token());
    const driver = await userByEmail('driver@demo.test');
    const expected = (operation: keyof typeof OPERATION_ACCESS) => (decideOperationAccess(OPERATION_ACCESS[operation], permissions) === 'allowed' ? 200 : 403);
    expect((await server.as(login).connect.GET('/users/{cca2}', { params: { path: ZA } })).response.status).toBe(expected('getusers'));
    expect((await user(driver.id, login)).response.status).toBe(expected('getuser'));
    const updated = await update(driver.id, { firstName: driver.firstName, lastName: driver.lastName, xmin: '0' }, login);
    // Allowed callers get past the access check and meet the stale xmin.
    expect(updated.response.status).toBe(expected('updateuser') === 200 ? 409 : 403);
  });
});

describe('users: the list', () => {
  it('never answers a password hash, code or token', async () => {
    // The text as sent, not as parsed.
    const { data: text, response } = await staff().GET('/users/{cca2}', { params: { path: ZA, query: { pageSize: 100 } }, parseAs: 'text' });
    expect(response.status).toBe(200);
    expect(text).not.toMatch(/passwordHash|password_hash|scrypt|refreshToken|tokenHash/i);
  });

  it('filters by roles, companyid, storeid, verified and isActive; searches; sorts', async () => {
    const drivers = await users({ roles: 'Driver', pageSize: 100 });
    expect(drivers.length).toBeGreaterThan(0);
    expect(drivers.every((row) => row.roles.includes('Driver'))).toBe(true);
    const companyAdmin = await userByEmail('company.admin@demo.test');
    const company = await users({ companyid: (await dataOf(user(companyAdmin.id))).companyId!, pageSize: 100 });
    expect(company.map((row) => row.email)).toEqual(expect.arrayContaining(['company.admin@demo.test', 'store.admin@demo.test']));
    expect(company.every((row) => row.companyName === 'Acme Retail')).toBe(true);
    const storeAdmin = await dataOf(user((await userByEmail('store.admin@demo.test')).id));
    const store = await users({ storeid: storeAdmin.storeId!, pageSize: 100 });
    expect(store.every((row) => row.storeId === storeAdmin.storeId)).toBe(true);
    const unverified = await users({ verified: false, pageSize: 100 });
    expect(unverified.map((row) => row.email)).toContain('unconfirmed@demo.test');
    expect(unverified.every((row) => !row.emailConfirmed)).toBe(true);
    const sorted = await users({ sortby: 'email', sortdirection: 'desc', pageSize: 5 });
    const emails = sorted.map((row) => row.email);
    expect(emails).toEqual([...emails].sort().reverse());
    const select = await staff().GET('/users/{cca2}', { params: { path: ZA, query: { select: true, search: 'Dumisani' } } });
    expect(select.data).toEqual([{ key: String((await userByEmail('driver@demo.test')).id), value: 'Dumisani Driver (driver@demo.test)' }]);
  });

  it('search finds a user by the full name \'First Last\' and its beginning, as well as by one word or the email', async () => {
    // Issue 'What a new user trips over' #10: 'Dumisani Driver' found nothing (each name column holds one word).
    const found = async (search: string) => pageOf(await dataOf(admin().GET('/users/{cca2}', { params: { path: ZA, query: { search, pageSize: 100 } } })))
      .items.map((row) => row.email);
    for (const search of ['Dumisani Driver', 'dumisani driver', 'Dumisani Dr', 'Dumisani  Driver', 'sani Dri', 'Dumisani', 'driver@demo.test']) {
      expect(await found(search), search).toContain('driver@demo.test');
    }
    // The reversed order is not a full name this search knows; a wrong last name finds no one.
    expect(await found('Driver Dumisani')).toEqual([]);
    expect(await found('Dumisani Nobody')).toEqual([]);
  });

  // Unknown filters and sorts and short searches: list-validation.test.ts.
  it('an unknown role → 400 naming roles', async () => {
    // Not a role of the contract: sent as written.
    const badRole = await server.raw('staff', 'GET', '/users/za?roles=Pirate');
    expect(badRole.status).toBe(400);
    expect(badRole.body.errors).toHaveProperty('roles');
  });

  it('exports the filtered users: Drivers.xlsx for the Driver role (000 section 9), Users.xlsx otherwise', async () => {
    const token = await server.as('staff').token();
    const response = await fetch(`${server.url}/connect/users/za?exportExcel=true&roles=Driver`, { headers: bearer(token) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('filename="Drivers.xlsx"');
    const all = await fetch(`${server.url}/connect/users/za?exportExcel=true&roles=Administrator`, { headers: bearer(token) });
    expect(all.headers.get('content-disposition')).toContain('filename="Users.xlsx"');
    await all.arrayBuffer();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const values: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    expect(values[0]).toEqual(expect.arrayContaining(['Email', 'Roles', 'Verified', 'Active']));
    expect(values.length - 1).toBe(Number(response.headers.get('x-total-count')));
    expect(values.slice(1).every((row) => String(row[5]).includes('Driver'))).toBe(true);
  });

  it('exports Assistants.xlsx: the assistants of this portal only, for staff only', async () => {
    const created = await server.as('management').identity.POST('/v1/profile', { body: {
      email: 'new.assistant@demo.test', firstName: 'Ayanda', lastName: 'Assist', roles: ['Assistant'],
    } });
    const id = created.data!.id;
    const companyId = (await userByEmail('company.admin@demo.test')).companyId!;
    const opened = await user(id);
    // An assistant of a ZA company: the ZA export lists them, another portal's does not.
    const moved = await server.raw('staff', 'PUT', `/users/za/${id}`, { firstName: 'Ayanda', lastName: 'Assist', roles: ['Assistant'], companyId, xmin: opened.data!.xmin });
    expect(moved.status).toBe(200);
    const emailsOf = async (cca2: string, login: SeededLogin = 'staff') => {
      const response = await fetch(`${server.url}/connect/users/${cca2}?exportExcel=true&roles=Assistant`, { headers: bearer(await server.as(login).token()) });
      if (response.status !== 200) return response.status;
      expect(response.headers.get('content-disposition')).toContain('filename="Assistants.xlsx"');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await response.arrayBuffer());
      const emails: unknown[] = [];
      workbook.worksheets[0]!.eachRow((row, index) => { if (index > 1) emails.push(row.getCell(2).value); });
      return emails;
    };
    // The seeded assistant has no company: a user of every portal.
    expect(await emailsOf('za')).toEqual(expect.arrayContaining(['new.assistant@demo.test', 'assistant@demo.test']));
    expect(await emailsOf('na')).toEqual(['assistant@demo.test']);
    expect(await emailsOf('za', 'company.admin')).toBe(403);
  });
});

describe('users: add (createProfile), edit, conflict, scope', () => {
  it('a new user is made by createProfile (an invitation, no password) and then edited here', async () => {
    const created = await server.as('management').identity.POST('/v1/profile', { body: {
      email: 'new.driver@demo.test', firstName: 'Nandi', lastName: 'New', roles: ['Driver'],
    } });
    expect(created.response.status).toBe(201);
    const id = created.data!.id;
    const opened = await user(id);
    expect(opened.data).toMatchObject({ email: 'new.driver@demo.test', roles: ['Driver'], emailConfirmed: false, isActive: true });
    const outbox = await server.as('administrator').identity.GET('/v1/outbox', { params: { query: { recipient: 'new.driver@demo.test' } } });
    expect(outbox.data!.length).toBeGreaterThan(0);

    const updated = await update(id, { firstName: 'Nandi', lastName: 'Newer', phoneNumber: '0821234567', isActive: false, xmin: opened.data!.xmin });
    expect(updated.response.status).toBe(200);
    expect(updated.data).toMatchObject({ lastName: 'Newer', fullName: 'Nandi Newer', phoneNumber: '+27821234567', isActive: false });
    const inactive = await users({ isActive: false, pageSize: 100 });
    expect(inactive.map((row) => row.id)).toContain(id);

    const stale = await update(id, { firstName: 'X', lastName: 'Y', xmin: opened.data!.xmin }, 'administrator');
    expect(stale.response.status).toBe(409);
    expect(stale.error).toMatchObject({ message: conflictMessage('user'), current: { id, lastName: 'Newer', xmin: updated.data!.xmin } });
  });

  it('bad input names the field; a staff operator cannot grant or edit a higher role', async () => {
    const driver = await userByEmail('driver@demo.test');
    // Bodies the contract refuses (no xmin, a field it lacks), sent as written.
    const missingXmin = await server.raw('staff', 'PUT', `/users/za/${driver.id}`, { firstName: 'A', lastName: 'B' });
    expect(missingXmin.status).toBe(400);
    expect(missingXmin.body.errors).toHaveProperty('xmin');
    const unknownField = await server.raw('staff', 'PUT', `/users/za/${driver.id}`, { firstName: 'A', lastName: 'B', xmin: driver.xmin, email: 'x@y.test' });
    expect(unknownField.status).toBe(400);
    const blank = await update(driver.id, { firstName: '  ', lastName: 'B', xmin: driver.xmin });
    expect(blank.response.status).toBe(400);
    expect(fieldErrors(blank.error)).toHaveProperty('firstName');
    const storeRole = await update(driver.id, { firstName: 'Dumisani', lastName: 'Driver', roles: ['StoreOperator'], xmin: driver.xmin });
    expect(storeRole.response.status).toBe(400);
    expect(fieldErrors(storeRole.error)?.storeId).toEqual([AUTH_TEXTS.storeRequired]);
    const grant = await update(driver.id, { firstName: 'Dumisani', lastName: 'Driver', roles: ['Administrator'], xmin: driver.xmin });
    expect(grant.response.status).toBe(403);
    expect(fieldErrors(grant.error)?.roles).toEqual([AUTH_TEXTS.roleNotGrantable('Administrator')]);
    const administrator = await userByEmail('administrator@demo.test');
    const higher = await update(administrator.id, { firstName: 'Ada', lastName: 'Changed', xmin: administrator.xmin });
    expect(higher.response.status).toBe(403);
    expect((await userByEmail('administrator@demo.test')).lastName).toBe('Administrator');
  });

  it('a user of another portal\'s company is 404 here (no row), visible in its own portal', async () => {
    const company = await admin().POST('/companies/{cca2}', { params: { path: { cca2: 'ke' } }, body: { companyName: 'Nairobi Couriers' } });
    expect(company.response.status).toBe(201);
    const created = await server.as('administrator').identity.POST('/v1/profile', { body: {
      email: 'ke.admin@demo.test', firstName: 'Wanjiru', lastName: 'Kamau', roles: ['CompanyAdministrator'], companyId: company.data!.id,
    } });
    expect(created.response.status).toBe(201);
    const id = created.data!.id;
    expect((await user(id)).response.status).toBe(404);
    expect(await users({ search: 'ke.admin' })).toEqual([]);
    expect(await users({ companyid: company.data!.id })).toEqual([]);
    const updated = await update(id, { firstName: 'X', lastName: 'Y', xmin: '1' });
    expect(updated.response.status).toBe(404);
    expect((await dataOf(user(id, 'staff', 'ke'))).firstName).toBe('Wanjiru');
  });
});

describe('users: public API key', () => {
  it('shows the prefix of the user\'s current key, never the secret', async () => {
    const issued = await server.as('api').identity.PUT('/v1/token/apikey');
    expect(issued.response.status).toBe(200);
    const apiUser = await userByEmail('api@demo.test');
    // The text as sent, to be sure the secret is nowhere in it.
    const { data: text } = await staff().GET('/users/{cca2}/{id}', { params: inZa(apiUser.id), parseAs: 'text' });
    expect(JSON.parse(text!).publicApiKeyPrefix).toBe(issued.data!.prefix);
    expect(text).not.toContain(issued.data!.apiKey);
    expect((await dataOf(user((await userByEmail('driver@demo.test')).id))).publicApiKeyPrefix).toBeNull();
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
    const superhero = await userByEmail('superhero@demo.test');
    const off = await dataOf(update(superhero.id, { firstName: superhero.firstName, lastName: superhero.lastName, isActive: false, xmin: superhero.xmin }, 'administrator'));
    expect(off.isActive).toBe(false);
    expect((await refresh(refreshToken)).status).toBeGreaterThanOrEqual(400);
    const refused = await login();
    expect(refused.status).toBe(423);
    expect((await refused.json() as { message: string }).message).toBe(USERS_ADMIN_TEXTS.accountInactive);
    const on = await dataOf(update(superhero.id, { firstName: superhero.firstName, lastName: superhero.lastName, isActive: true, xmin: off.xmin }, 'administrator'));
    expect(on.isActive).toBe(true);
    expect((await login()).status).toBe(200);
  });
});
