// Request validators and response serializers compile on a route's first call (server/http/compile-on-first-use.ts):
// a schema that does not compile would otherwise only show when someone first calls its route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestServer, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server?.close(); });

describe('schemas compiled on first use', () => {
  it('a route validates and serializes on its first call as it would have compiled at start', async () => {
    const refused = await fetch(`${server.url}/connect/companies/za?pageSize=lots`, { headers: bearer(await server.tokenFor('administrator@demo.test')) });
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toMatch(/pageSize/);
    const served = await fetch(`${server.url}/connect/countries/za`);
    expect(served.status).toBe(200);
    expect(Object.keys(await served.json()).length).toBeGreaterThan(0);
  });

  it("every other route's request and response schemas compile", () => {
    expect(server.app.compilePending()).toBeGreaterThan(500);
    expect(server.app.compilePending()).toBe(0);
  });
});
