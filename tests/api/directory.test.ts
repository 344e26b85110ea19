import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestServer, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

async function stores(email: string, query: Record<string, string> = {}) {
  const token = await server.tokenFor(email);
  const response = await fetch(`${server.url}/connect/stores/za?${new URLSearchParams(query)}`, { headers: bearer(token) });
  return { status: response.status, body: await response.json() };
}

const names = (body: { items?: { storeName: string }[] } | { value: string }[]) =>
  (Array.isArray(body) ? body.map((option) => option.value) : body.items!.map((store) => store.storeName)).sort();

const ALL_STORES = ['Acme Sandton City', 'Acme Sea Point', 'Blue Crane Durbanville', 'Blue Crane Rosebank'];

describe('bearer token verification', () => {
  it('no token → 401 with the catalogue text', async () => {
    const response = await fetch(`${server.url}/connect/stores/za`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthorized request. Please login and try again.' });
  });

  it('a token signed by someone else → 401', async () => {
    const token = await server.tokenFor('administrator@demo.test');
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(86)}`;
    const response = await fetch(`${server.url}/connect/stores/za`, { headers: bearer(forged) });
    expect(response.status).toBe(401);
  });

  it('an expired token → 401 saying so', async () => {
    const token = await server.tokenFor('administrator@demo.test', 1);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const response = await fetch(`${server.url}/connect/stores/za`, { headers: bearer(token) });
    expect(response.status).toBe(401);
    expect((await response.json()).message).toBe('The access token has expired');
  });

  it('the profile of the token holder', async () => {
    const token = await server.tokenFor('company.admin@demo.test');
    const { data, response } = await server.identity.GET('/v1/profile', { headers: bearer(token) });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ email: 'company.admin@demo.test', emailConfirmed: true, company: { companyName: 'Acme Retail' } });
  });
});

describe('GET /connect/stores/{cca2}: access by role', () => {
  it.each(['administrator@demo.test', 'management@demo.test', 'staff@demo.test'])('%s sees every store of the portal', async (email) => {
    const { status, body } = await stores(email);
    expect(status).toBe(200);
    expect(names(body)).toEqual(ALL_STORES);
    expect(body.paging).toEqual({ page: 1, pageSize: 20, totalItems: 4, totalPages: 1 });
    expect(body.items[0].xmin).toMatch(/^\d+$/);
  });

  it.each(['driver@demo.test', 'partner@demo.test', 'customer@demo.test', 'company.user@demo.test', 'store.user@demo.test'])(
    '%s may not open the stores list (403)', async (email) => {
      const { status, body } = await stores(email);
      expect(status).toBe(403);
      expect(body.message).toBe("Access denied. You don't have the appropriate permissions to perform the current action.");
    });

  it('drivers may not use the store select either', async () => {
    expect((await stores('driver@demo.test', { select: 'true' })).status).toBe(403);
  });
});

describe('GET /connect/stores/{cca2}: company and store scope from the token', () => {
  it('a company administrator sees only its company\'s stores', async () => {
    const { body } = await stores('company.admin@demo.test');
    expect(names(body)).toEqual(['Acme Sandton City', 'Acme Sea Point']);
  });

  it('asking for another company by filter returns no row', async () => {
    const { body: all } = await stores('administrator@demo.test');
    const blueCraneId = all.items.find((store: { storeName: string }) => store.storeName === 'Blue Crane Rosebank').companyId;
    const { status, body } = await stores('company.admin@demo.test', { companyid: String(blueCraneId) });
    expect(status).toBe(200);
    expect(body.items).toEqual([]);
  });

  it('a store operator sees only its own store', async () => {
    expect(names((await stores('store.operator@demo.test')).body)).toEqual(['Acme Sea Point']);
  });

  it('company and store users get select options within their scope', async () => {
    const company = await stores('company.user@demo.test', { select: 'true' });
    expect(company.status).toBe(200);
    expect(names(company.body)).toEqual(['Acme Sandton City', 'Acme Sea Point']);
    expect(company.body[0]).toEqual({ key: expect.stringMatching(/^\d+$/), value: expect.any(String) });
    expect(names((await stores('store.user@demo.test', { select: 'true' })).body)).toEqual(['Acme Sea Point']);
  });

  it('select with a search term narrows the options', async () => {
    const { body } = await stores('administrator@demo.test', { select: 'true', search: 'crane' });
    expect(names(body)).toEqual(['Blue Crane Durbanville', 'Blue Crane Rosebank']);
  });
});

describe('list query parameters', () => {
  it('pages and sorts', async () => {
    const { body } = await stores('administrator@demo.test', { pageSize: '3', page: '2', sortby: 'storeName', sortdirection: 'desc' });
    expect(body.paging).toEqual({ page: 2, pageSize: 3, totalItems: 4, totalPages: 2 });
    expect(body.items.map((store: { storeName: string }) => store.storeName)).toEqual(['Acme Sandton City']);
  });

  // Short searches and unknown sorts, on every list: list-validation.test.ts.
  it('a page size over the maximum → 400 naming pageSize', async () => {
    const { status, body } = await stores('administrator@demo.test', { pageSize: '5001' });
    expect(status).toBe(400);
    expect(body.errors).toHaveProperty('pageSize');
  });

  it('an unknown portal → 404', async () => {
    const token = await server.tokenFor('administrator@demo.test');
    const response = await fetch(`${server.url}/connect/stores/qq`, { headers: bearer(token) });
    expect(response.status).toBe(404);
  });
});

describe('GET /connect/companies/{cca2}', () => {
  it('staff list every company with xmin', async () => {
    const token = await server.tokenFor('staff@demo.test');
    const { data } = await server.connect.GET('/companies/{cca2}', { params: { path: { cca2: 'za' } }, headers: bearer(token) });
    const page = data as { items: { companyName: string; xmin: string }[] };
    // The demo partner's company too (server/db/seed-partners.ts, issues 17 and 20).
    expect(page.items.map((company) => company.companyName)).toEqual(['Acme Retail', 'Blue Crane Foods', 'Precious Logistics']);
    expect(page.items.every((company) => /^\d+$/.test(company.xmin))).toBe(true);
  });

  it('a company user gets only its own company as a select option, and no list', async () => {
    const token = await server.tokenFor('company.user@demo.test');
    const select = await fetch(`${server.url}/connect/companies/za?select=true`, { headers: bearer(token) });
    expect((await select.json()).map((option: { value: string }) => option.value)).toEqual(['Acme Retail']);
    const list = await fetch(`${server.url}/connect/companies/za`, { headers: bearer(token) });
    expect(list.status).toBe(403);
  });
});
