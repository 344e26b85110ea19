import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessTokenClaims } from '../../server/auth/tokens';
import { apiKeys, companies, users } from '../../server/db/schema';
import { decideOperationAccess, OPERATION_ACCESS } from '../../src/lib/access';
import { INTEGRATION_TEXTS } from '../../src/lib/integrations';
import { conflictMessage } from '../../src/lib/resource-texts';
import type { SeededLogin } from '../support/seeded-users';
import { bearer, dataOf, fieldErrors, inZa, pageOf, startTestServer, ZA, type TestServer } from './support';

const admin = () => server.as('administrator').connect;

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

async function companyId(name: string): Promise<number> {
  const [row] = await server.database.db.select({ id: companies.id }).from(companies).where(eq(companies.companyName, name));
  return row!.id;
}

/** A connect call authenticated with an API key instead of a token. */
async function withKey(key: string, path: string) {
  const response = await fetch(`${server.url}/connect${path}`, { headers: bearer(key) });
  return { status: response.status, body: await response.json() };
}

describe('API clients: create, use the key, regenerate, deactivate', () => {
  it('creates a public API user with a key shown once; the key acts as that user (its company\'s webhooks)', async () => {
    const acme = await companyId('Acme Retail');
    const answer = await admin().POST('/api-clients/{cca2}', { params: { path: ZA },
      body: { clientName: 'Acme ERP', email: 'Acme.ERP@clients.test', companyId: acme } });
    expect(answer.response.status).toBe(201);
    const created = { body: answer.data! };
    expect(created.body).toMatchObject({ clientName: 'Acme ERP', email: 'acme.erp@clients.test', companyId: acme, companyName: 'Acme Retail', authType: 'ApiKey', isActive: true });
    expect(created.body.apiKey).toMatch(/^ck_[0-9a-f]{8}_[\w-]{40,}$/);
    expect(created.body.keyPrefix).toBe(created.body.apiKey.split('_').slice(0, 2).join('_'));
    // The same key store as PUT v1/token/apikey: hashed, never the key itself.
    const stored = await server.database.db.select().from(apiKeys).where(eq(apiKeys.userId, created.body.userId));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(created.body.apiKey);
    const [user] = await server.database.db.select().from(users).where(eq(users.id, created.body.userId));
    expect(user!.roles).toEqual(['PublicApiUser']);

    const read = await dataOf(admin().GET('/api-clients/{cca2}/{id}', { params: inZa(created.body.id) }));
    expect(read).not.toHaveProperty('apiKey');
    expect(read.keyPrefix).toBe(created.body.keyPrefix);

    // The key works as a bearer token with the API user's permissions: webhooks yes, companies no.
    const hook = await fetch(`${server.url}/connect/webhooks/za`, {
      method: 'POST', headers: { ...bearer(created.body.apiKey), 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: 'https://erp.test/hook', eventTypes: ['delivery.updated'] }),
    });
    expect(hook.status).toBe(201);
    expect((await hook.json()).companyId).toBe(acme);
    expect((await withKey(created.body.apiKey, '/companies/za')).status).toBe(403);
    const used = await dataOf(admin().GET('/api-clients/{cca2}/{id}', { params: inZa(created.body.id) }));
    expect(used.lastUsedAt).not.toBeNull();

    // A new key replaces the old one at once.
    const regenerated = await admin().PUT('/api-clients/regeneratekey/{cca2}/{id}', { params: inZa(created.body.id) });
    expect(regenerated.response.status).toBe(200);
    const newKey = regenerated.data!.apiKey;
    expect(newKey).not.toBe(created.body.apiKey);
    expect((await withKey(created.body.apiKey, '/webhooks/za')).status).toBe(401);
    expect((await withKey(newKey, '/webhooks/za')).status).toBe(200);

    // Deactivating revokes the key; an inactive client gets no new key.
    const deactivated = await admin().PUT('/api-clients/{cca2}/{id}', { params: inZa(created.body.id),
      body: { clientName: 'Acme ERP', isActive: false, xmin: regenerated.data!.xmin } });
    expect(deactivated.response.status).toBe(200);
    expect(deactivated.data).toMatchObject({ isActive: false, keyPrefix: null });
    expect((await withKey(newKey, '/webhooks/za')).status).toBe(401);
    const refused = await admin().PUT('/api-clients/regeneratekey/{cca2}/{id}', { params: inZa(created.body.id) });
    expect(refused.response.status).toBe(409);
    expect(refused.error).toMatchObject({ message: INTEGRATION_TEXTS.inactiveClient });

    const inactive = await dataOf(admin().GET('/api-clients/{cca2}', { params: { path: ZA, query: { isActive: false, authType: 'ApiKey', search: 'erp' } } }));
    expect(pageOf(inactive).items.map((item) => item.id)).toEqual([created.body.id]);
  });

  it('the seeded demo API user is listed as a client', async () => {
    const list = await dataOf(admin().GET('/api-clients/{cca2}', { params: { path: ZA, query: { search: 'api@demo' } } }));
    expect(pageOf(list).items).toEqual([expect.objectContaining({ clientName: 'Demo API client', email: 'api@demo.test', companyName: 'Acme Retail' })]);
  });
});

describe('API clients: access, validation, conflicts', () => {
  it.each<SeededLogin>(['administrator', 'api', 'management', 'staff', 'company.admin', 'customer'])(
    'access by role from the shared table: %s', async (login) => {
      const user = server.as(login);
      const { permissions } = await verifyAccessTokenClaims(server.keys, await user.token());
      const expected = decideOperationAccess(OPERATION_ACCESS.getapiclients, permissions) === 'allowed' ? 200 : 403;
      expect((await user.connect.GET('/api-clients/{cca2}', { params: { path: ZA } })).response.status).toBe(expected);
      const created = await user.connect.POST('/api-clients/{cca2}', { params: { path: ZA }, body: { clientName: `By ${user.email}`, email: `by.${user.email}` } });
      expect(created.response.status).toBe(expected === 200 ? 201 : 403);
    });

  it('bad input names the field; a used email is 409; an unknown company or client is 404', async () => {
    const create = (body: { clientName: string; email: string; companyId?: number }) => admin().POST('/api-clients/{cca2}', { params: { path: ZA }, body });
    const noName = await create({ clientName: '', email: 'x@clients.test' });
    expect(noName.response.status).toBe(400);
    expect(fieldErrors(noName.error)).toHaveProperty('clientName');
    const badEmail = await create({ clientName: 'X', email: 'not-an-email' });
    expect(fieldErrors(badEmail.error)).toHaveProperty('email');
    // Not an auth type of the contract: sent as written.
    const badAuth = await server.raw('administrator', 'GET', '/api-clients/za?authType=Password');
    expect(badAuth.body.errors).toHaveProperty('authType');
    const taken = await create({ clientName: 'Dup', email: server.as('customer').email });
    expect(taken.response.status).toBe(409);
    expect(taken.error).toMatchObject({ message: INTEGRATION_TEXTS.emailInUse('customer@demo.test') });
    const company = await create({ clientName: 'Nowhere', email: 'nowhere@clients.test', companyId: 999999 });
    expect(company.response.status).toBe(404);
    const [nobody] = await server.database.db.select().from(users).where(eq(users.email, 'nowhere@clients.test'));
    expect(nobody).toBeUndefined();
    expect((await admin().GET('/api-clients/{cca2}/{id}', { params: inZa(999999) })).response.status).toBe(404);
    // Another portal's client is not found in this one.
    const created = await dataOf(create({ clientName: 'ZA only', email: 'za.only@clients.test' }));
    expect((await admin().GET('/api-clients/{cca2}/{id}', { params: { path: { cca2: 'ke', id: created.id } } })).response.status).toBe(404);
  });

  it('an update with a stale xmin answers 409 with the current version', async () => {
    const created = await dataOf(admin().POST('/api-clients/{cca2}', { params: { path: ZA }, body: { clientName: 'Versioned', email: 'versioned@clients.test' } }));
    const first = await admin().PUT('/api-clients/{cca2}/{id}', { params: inZa(created.id), body: { clientName: 'Versioned 2', xmin: created.xmin } });
    expect(first.response.status).toBe(200);
    const stale = await admin().PUT('/api-clients/{cca2}/{id}', { params: inZa(created.id), body: { clientName: 'Versioned 3', xmin: created.xmin } });
    expect(stale.response.status).toBe(409);
    expect(stale.error).toMatchObject({ message: conflictMessage('API client'), current: { clientName: 'Versioned 2', xmin: first.data!.xmin } });
  });
});
