import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessTokenClaims } from '../../server/auth/tokens';
import { apiKeys, companies, users } from '../../server/db/schema';
import { decideOperationAccess, OPERATION_ACCESS } from '../../src/lib/access';
import { INTEGRATION_TEXTS } from '../../src/lib/integrations';
import { conflictMessage } from '../../src/lib/resource-texts';
import { call, type S } from './operations-support';
import { bearer, startTestServer, type TestServer } from './support';

const ADMIN = 'administrator@demo.test';

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
    const created = await call<S['ApiClientWithKey']>(server, ADMIN, 'POST', '/api-clients/za',
      { clientName: 'Acme ERP', email: 'Acme.ERP@clients.test', companyId: acme });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ clientName: 'Acme ERP', email: 'acme.erp@clients.test', companyId: acme, companyName: 'Acme Retail', authType: 'ApiKey', isActive: true });
    expect(created.body.apiKey).toMatch(/^ck_[0-9a-f]{8}_[\w-]{40,}$/);
    expect(created.body.keyPrefix).toBe(created.body.apiKey.split('_').slice(0, 2).join('_'));
    // The same key store as PUT v1/token/apikey: hashed, never the key itself.
    const stored = await server.database.db.select().from(apiKeys).where(eq(apiKeys.userId, created.body.userId));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(created.body.apiKey);
    const [user] = await server.database.db.select().from(users).where(eq(users.id, created.body.userId));
    expect(user!.roles).toEqual(['PublicApiUser']);

    const read = await call<S['ApiClient']>(server, ADMIN, 'GET', `/api-clients/za/${created.body.id}`);
    expect(read.body).not.toHaveProperty('apiKey');
    expect(read.body.keyPrefix).toBe(created.body.keyPrefix);

    // The key works as a bearer token with the API user's permissions: webhooks yes, companies no.
    const hook = await fetch(`${server.url}/connect/webhooks/za`, {
      method: 'POST', headers: { ...bearer(created.body.apiKey), 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: 'https://erp.test/hook', eventTypes: ['delivery.updated'] }),
    });
    expect(hook.status).toBe(201);
    expect((await hook.json()).companyId).toBe(acme);
    expect((await withKey(created.body.apiKey, '/companies/za')).status).toBe(403);
    const used = await call<S['ApiClient']>(server, ADMIN, 'GET', `/api-clients/za/${created.body.id}`);
    expect(used.body.lastUsedAt).not.toBeNull();

    // A new key replaces the old one at once.
    const regenerated = await call<S['ApiClientWithKey']>(server, ADMIN, 'PUT', `/api-clients/regeneratekey/za/${created.body.id}`);
    expect(regenerated.status).toBe(200);
    expect(regenerated.body.apiKey).not.toBe(created.body.apiKey);
    expect((await withKey(created.body.apiKey, '/webhooks/za')).status).toBe(401);
    expect((await withKey(regenerated.body.apiKey, '/webhooks/za')).status).toBe(200);

    // Deactivating revokes the key; an inactive client gets no new key.
    const deactivated = await call<S['ApiClient']>(server, ADMIN, 'PUT', `/api-clients/za/${created.body.id}`,
      { clientName: 'Acme ERP', isActive: false, xmin: regenerated.body.xmin });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body).toMatchObject({ isActive: false, keyPrefix: null });
    expect((await withKey(regenerated.body.apiKey, '/webhooks/za')).status).toBe(401);
    const refused = await call(server, ADMIN, 'PUT', `/api-clients/regeneratekey/za/${created.body.id}`);
    expect(refused).toMatchObject({ status: 409, body: { message: INTEGRATION_TEXTS.inactiveClient } });

    const inactive = await call<S['ApiClientPage']>(server, ADMIN, 'GET', '/api-clients/za?isActive=false&authType=ApiKey&search=erp');
    expect(inactive.body.items.map((item) => item.id)).toEqual([created.body.id]);
  });

  it('the seeded demo API user is listed as a client', async () => {
    const list = await call<S['ApiClientPage']>(server, ADMIN, 'GET', '/api-clients/za?search=api@demo');
    expect(list.body.items).toEqual([expect.objectContaining({ clientName: 'Demo API client', email: 'api@demo.test', companyName: 'Acme Retail' })]);
  });
});

describe('API clients: access, validation, conflicts', () => {
  it.each([ADMIN, 'api@demo.test', 'management@demo.test', 'staff@demo.test', 'company.admin@demo.test', 'customer@demo.test'])(
    'access by role from the shared table: %s', async (email) => {
      const { permissions } = await verifyAccessTokenClaims(server.keys, await server.tokenFor(email));
      const expected = decideOperationAccess(OPERATION_ACCESS.getapiclients, permissions) === 'allowed' ? 200 : 403;
      expect((await call(server, email, 'GET', '/api-clients/za')).status).toBe(expected);
      const created = await call(server, email, 'POST', '/api-clients/za', { clientName: `By ${email}`, email: `by.${email}` });
      expect(created.status).toBe(expected === 200 ? 201 : 403);
    });

  it('bad input names the field; a used email is 409; an unknown company or client is 404', async () => {
    const noName = await call(server, ADMIN, 'POST', '/api-clients/za', { clientName: '', email: 'x@clients.test' });
    expect(noName.status).toBe(400);
    expect(noName.body.errors).toHaveProperty('clientName');
    const badEmail = await call(server, ADMIN, 'POST', '/api-clients/za', { clientName: 'X', email: 'not-an-email' });
    expect(badEmail.body.errors).toHaveProperty('email');
    const badAuth = await call(server, ADMIN, 'GET', '/api-clients/za?authType=Password');
    expect(badAuth.body.errors).toHaveProperty('authType');
    const taken = await call(server, ADMIN, 'POST', '/api-clients/za', { clientName: 'Dup', email: 'customer@demo.test' });
    expect(taken).toMatchObject({ status: 409, body: { message: INTEGRATION_TEXTS.emailInUse('customer@demo.test') } });
    const company = await call(server, ADMIN, 'POST', '/api-clients/za', { clientName: 'Nowhere', email: 'nowhere@clients.test', companyId: 999999 });
    expect(company.status).toBe(404);
    const [nobody] = await server.database.db.select().from(users).where(eq(users.email, 'nowhere@clients.test'));
    expect(nobody).toBeUndefined();
    expect((await call(server, ADMIN, 'GET', '/api-clients/za/999999')).status).toBe(404);
    // Another portal's client is not found in this one.
    const created = await call<S['ApiClientWithKey']>(server, ADMIN, 'POST', '/api-clients/za', { clientName: 'ZA only', email: 'za.only@clients.test' });
    expect((await call(server, ADMIN, 'GET', `/api-clients/ke/${created.body.id}`)).status).toBe(404);
  });

  it('an update with a stale xmin answers 409 with the current version', async () => {
    const created = await call<S['ApiClientWithKey']>(server, ADMIN, 'POST', '/api-clients/za', { clientName: 'Versioned', email: 'versioned@clients.test' });
    const first = await call<S['ApiClient']>(server, ADMIN, 'PUT', `/api-clients/za/${created.body.id}`, { clientName: 'Versioned 2', xmin: created.body.xmin });
    expect(first.status).toBe(200);
    const stale = await call(server, ADMIN, 'PUT', `/api-clients/za/${created.body.id}`, { clientName: 'Versioned 3', xmin: created.body.xmin });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ message: conflictMessage('API client'), current: { clientName: 'Versioned 2', xmin: first.body.xmin } });
  });
});
