import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXTS, VALIDATION_TEXTS } from '../../src/lib/error-catalogue';
import { apiKeys, companies, stores } from '../../server/db/schema';
import { ADMIN, latestCode, login, raw, userIdOf } from './identity-support';
import { bearer, startTestServer, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer({ throttlePerAddress: 10_000, throttlePerAccount: 10_000 }); });
afterAll(async () => { await server?.close(); });

const as = async (email: string) => bearer(await server.tokenFor(email));

describe('getProfile', () => {
  it('answers the caller\'s profile with company, two-factor and picture flags', async () => {
    const { data, response } = await server.identity.GET('/v1/profile', { headers: await as('company.admin@demo.test') });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({
      email: 'company.admin@demo.test', firstName: 'Carla', emailConfirmed: true, phoneNumberConfirmed: true,
      contactCountryCode: 'ZA', company: { companyName: 'Acme Retail' }, twoFactorEnabled: false, hasProfilePicture: false,
    });
    const twoFactor = await server.identity.GET('/v1/profile', { headers: await as('twofactor@demo.test') });
    expect(twoFactor.data).toMatchObject({ twoFactorEnabled: true, company: null });
  });

  it('401 without a token or with a bad one', async () => {
    expect((await raw(server, 'GET', '/identity/v1/profile')).status).toBe(401);
    expect((await raw(server, 'GET', '/identity/v1/profile', { headers: bearer('not.a.jwt') })).status).toBe(401);
  });
});

describe('updateProfile', () => {
  it('updates the caller\'s own details; a changed phone number is unconfirmed again', async () => {
    const headers = await as('partner@demo.test');
    const before = await server.identity.GET('/v1/profile', { headers });
    expect(before.data!.phoneNumberConfirmed).toBe(true);
    const same = await server.identity.PUT('/v1/profile', {
      body: { firstName: ' Precious ', lastName: 'Partner', contactCountryCode: 'za', phoneNumber: before.data!.phoneNumber, unitName: 'Unit 5', unitNumber: '5' },
      headers,
    });
    expect(same.data).toMatchObject({ firstName: 'Precious', contactCountryCode: 'ZA', unitName: 'Unit 5', phoneNumberConfirmed: true });
    const changed = await server.identity.PUT('/v1/profile', {
      body: { firstName: 'Precious', lastName: 'Partner', contactCountryCode: 'ZA', phoneNumber: '0825550999', unitName: null },
      headers,
    });
    expect(changed.data).toMatchObject({ phoneNumber: '+27825550999', phoneNumberConfirmed: false, unitName: null });
  });

  it('refuses bad input naming the field', async () => {
    const headers = await as('driver@demo.test');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ lastName: 'x', contactCountryCode: 'ZA' }, 'firstName'],
      [{ firstName: 'x', lastName: 'x', contactCountryCode: 'ZAF' }, 'contactCountryCode'],
      [{ firstName: 'x', lastName: 'x', contactCountryCode: 'ZA', phoneNumber: 'call me' }, 'phoneNumber'],
      [{ firstName: 'x', lastName: 'x', contactCountryCode: 'NA', phoneNumber: '081 555 0100' }, 'phoneNumber'],
      [{ firstName: 'x', lastName: 'x', contactCountryCode: 'ZA', email: 'new@demo.test' }, 'email'],
    ];
    for (const [body, field] of cases) {
      const answer = await raw(server, 'PUT', '/identity/v1/profile', { body, headers });
      expect(answer.status, field).toBe(400);
      expect(answer.body!.errors, field).toHaveProperty(field);
    }
    const invalid = await raw(server, 'PUT', '/identity/v1/profile', { body: cases[2]![0], headers });
    expect(invalid.body!.errors).toEqual({ phoneNumber: [VALIDATION_TEXTS.phoneInvalid] });
    expect((await raw(server, 'PUT', '/identity/v1/profile', { body: { firstName: 'x', lastName: 'x', contactCountryCode: 'ZA' } })).status).toBe(401);
  });
});

describe('createProfile (back office)', () => {
  it('creates a user without a password and emails a code with which they set one', async () => {
    const created = await server.identity.POST('/v1/profile', {
      body: { email: 'New.Driver@demo.test', firstName: 'Neo', lastName: 'Driver', roles: ['Driver'], phoneNumber: '+27 82 555 0177' },
      headers: await as('staff@demo.test'),
    });
    expect(created.response.status).toBe(201);
    expect(created.data).toMatchObject({ email: 'new.driver@demo.test', emailConfirmed: false, phoneNumber: '+27825550177', companyId: null });
    const code = await latestCode(server, 'new.driver@demo.test', 'passwordReset');
    // No password yet: a login attempt is the ordinary 401.
    expect((await raw(server, 'POST', '/identity/v1/auth/login', { body: { email: 'new.driver@demo.test', password: '!' } })).status).toBe(401);
    const reset = await raw(server, 'POST', '/identity/v1/auth/resetPassword', {
      body: { email: 'new.driver@demo.test', code, password: 'Chosen-password-1' },
    });
    expect(reset.status).toBe(200);
    const tokens = await login(server, 'new.driver@demo.test', 'Chosen-password-1');
    const profile = await server.identity.GET('/v1/profile', { headers: bearer(tokens.jwtToken) });
    expect(profile.data!.emailConfirmed).toBe(true);
  });

  it('places store and company users: a store fixes its company; both must exist', async () => {
    const [store] = await server.database.db.select().from(stores).limit(1);
    const headers = await as('management@demo.test');
    const storeUser = await server.identity.POST('/v1/profile', {
      body: { email: 'placed.store@demo.test', firstName: 'S', lastName: 'U', roles: ['StoreUser'], storeId: store!.id },
      headers,
    });
    expect(storeUser.response.status).toBe(201);
    expect(storeUser.data).toMatchObject({ storeId: store!.id, companyId: store!.companyId });
    const [otherCompany] = await server.database.db.select().from(companies).where(eq(companies.companyName, 'Blue Crane Foods'));
    const mismatch = await raw(server, 'POST', '/identity/v1/profile', {
      body: { email: 'mismatch@demo.test', firstName: 'S', lastName: 'U', storeId: store!.id, companyId: otherCompany!.id }, headers,
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body!.errors).toHaveProperty('storeId');
    for (const [body, field] of [
      [{ companyId: 999_999 }, 'companyId'],
      [{ storeId: 999_999 }, 'storeId'],
      [{ roles: ['StoreOperator'] }, 'storeId'],
      [{ roles: ['CompanyUser'] }, 'companyId'],
      [{ roles: ['Wizard'] }, 'roles.0'],
      [{ email: 'bad' }, 'email'],
      [{ isAdministrator: true }, 'isAdministrator'],
    ] as const) {
      const answer = await raw(server, 'POST', '/identity/v1/profile', {
        body: { email: `case.${field}@demo.test`, firstName: 'A', lastName: 'B', ...body }, headers,
      });
      expect(answer.status, field).toBe(400);
      expect(answer.body!.errors, field).toHaveProperty(field);
    }
  });

  it('grants only roles of at most the caller\'s rank; 409 for a taken email; staff only', async () => {
    const staff = await as('staff@demo.test');
    const refused = await raw(server, 'POST', '/identity/v1/profile', {
      body: { email: 'would.be.manager@demo.test', firstName: 'M', lastName: 'M', roles: ['ManagementOperator'] }, headers: staff,
    });
    expect(refused.status).toBe(403);
    expect(refused.body!.message).toBe(AUTH_TEXTS.roleNotGrantable('ManagementOperator'));
    const peer = await raw(server, 'POST', '/identity/v1/profile', {
      body: { email: 'another.staff@demo.test', firstName: 'S', lastName: 'S', roles: ['StaffOperator'] }, headers: staff,
    });
    expect(peer.status).toBe(201);
    const management = await raw(server, 'POST', '/identity/v1/profile', {
      body: { email: 'would.be.admin@demo.test', firstName: 'A', lastName: 'A', roles: ['Administrator'] }, headers: await as('management@demo.test'),
    });
    expect(management.status).toBe(403);
    const taken = await raw(server, 'POST', '/identity/v1/profile', {
      body: { email: 'CUSTOMER@demo.test', firstName: 'C', lastName: 'C' }, headers: staff,
    });
    expect(taken.status).toBe(409);
    for (const email of ['company.admin@demo.test', 'customer@demo.test', 'partner@demo.test']) {
      const answer = await raw(server, 'POST', '/identity/v1/profile', {
        body: { email: 'nobody.new@demo.test', firstName: 'N', lastName: 'N' }, headers: await as(email),
      });
      expect(answer.status, email).toBe(403);
    }
    expect((await raw(server, 'POST', '/identity/v1/profile', { body: { email: 'n@demo.test', firstName: 'N', lastName: 'N' } })).status).toBe(401);
  });
});

describe('API keys', () => {
  it('issues ck_<prefix>_<secret> once, stores only a hash, and the previous key stops working', async () => {
    const headers = await as('api@demo.test');
    const first = await server.identity.PUT('/v1/token/apikey', { headers });
    expect(first.response.status).toBe(200);
    expect(first.data!.apiKey).toMatch(/^ck_[0-9a-f]{8}_[\w-]{40,}$/);
    expect(first.data!.apiKey.startsWith(`${first.data!.prefix}_`)).toBe(true);
    const [stored] = await server.database.db.select().from(apiKeys).where(eq(apiKeys.id, first.data!.id));
    // The secret is base64url, so it may itself contain '_': it is everything after the prefix.
    expect(stored!.secretHash).not.toContain(first.data!.apiKey.slice(first.data!.prefix.length + 1));

    // The key is a bearer for its user's permissions.
    const profile = await raw(server, 'GET', '/identity/v1/profile', { headers: bearer(first.data!.apiKey) });
    expect(profile.status).toBe(200);
    expect(profile.body!.email).toBe('api@demo.test');
    const current = await server.identity.GET('/v1/token/apikey/{id}', { params: { path: { id: first.data!.userId } }, headers });
    expect(current.data).toMatchObject({ id: first.data!.id, prefix: first.data!.prefix, lastUsedAt: expect.any(String) });
    expect(current.data).not.toHaveProperty('apiKey');

    const second = await server.identity.PUT('/v1/token/apikey', { headers });
    expect(second.data!.apiKey).not.toBe(first.data!.apiKey);
    const old = await raw(server, 'GET', '/identity/v1/profile', { headers: bearer(first.data!.apiKey) });
    expect(old.status).toBe(401);
    expect(old.body!.message).toBe(AUTH_TEXTS.apiKeyInvalid);
    expect((await raw(server, 'GET', '/identity/v1/profile', { headers: bearer(second.data!.apiKey) })).status).toBe(200);
    expect((await raw(server, 'GET', '/identity/v1/profile', { headers: bearer(`${second.data!.apiKey}x`) })).status).toBe(401);
    // The access table still applies to key holders: a public API user is no administrator.
    expect((await raw(server, 'GET', '/identity/v1/outbox', { headers: bearer(second.data!.apiKey) })).status).toBe(403);
  });

  it('is created by administrators and public API users only', async () => {
    for (const email of ['customer@demo.test', 'management@demo.test', 'store.admin@demo.test']) {
      expect((await raw(server, 'PUT', '/identity/v1/token/apikey', { headers: await as(email) })).status, email).toBe(403);
    }
    expect((await raw(server, 'PUT', '/identity/v1/token/apikey', { headers: await as(ADMIN) })).status).toBe(200);
    expect((await raw(server, 'PUT', '/identity/v1/token/apikey')).status).toBe(401);
  });

  it('is read by its owner or an administrator; 403 for others; 404 when there is none; 400 for a bad id', async () => {
    const apiUser = await userIdOf(server, 'api@demo.test');
    await server.identity.PUT('/v1/token/apikey', { headers: await as('api@demo.test') });
    const get = async (id: number | string, email: string) =>
      raw(server, 'GET', `/identity/v1/token/apikey/${id}`, { headers: await as(email) });
    expect((await get(apiUser, ADMIN)).status).toBe(200);
    expect((await get(apiUser, 'customer@demo.test')).status).toBe(403);
    expect((await get(apiUser, 'management@demo.test')).status).toBe(403);
    expect((await get(await userIdOf(server, 'customer@demo.test'), 'customer@demo.test')).status).toBe(404);
    const bad = await get('abc', ADMIN);
    expect(bad.status).toBe(400);
    expect(bad.body!.errors).toHaveProperty('id');
    expect((await raw(server, 'GET', `/identity/v1/token/apikey/${apiUser}`)).status).toBe(401);
  });
});
