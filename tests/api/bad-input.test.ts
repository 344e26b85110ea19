import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer({ bodyLimit: 64 * 1024 }); });
afterAll(async () => { await server.close(); });

const postJson = (path: string, body: string) =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

describe('bad input never answers 500', () => {
  it('unknown API route → 404 envelope', async () => {
    for (const path of ['/connect/nothing-here', '/identity/v2/nope']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: `Not found: GET ${path}` });
    }
  });

  it('malformed JSON → 400', async () => {
    const response = await postJson('/connect/errors/frontend', '{"Error":');
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/not valid JSON/);
  });

  it('a field of the wrong type → 400 naming the field (bodies are not coerced)', async () => {
    const response = await postJson('/connect/errors/frontend', JSON.stringify({ Error: 5, Url: '/' }));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.errors).toHaveProperty('Error');
    expect(body.message).toContain('Error');
  });

  it('a missing required field → 400 naming it', async () => {
    const response = await postJson('/connect/errors/frontend', JSON.stringify({ Error: 'boom' }));
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual({ Url: ['Url is required'] });
  });

  it('an unknown field in a body → 400 (closed bodies), and nothing is written', async () => {
    const response = await postJson('/connect/errors/frontend', JSON.stringify({ Error: 'boom', Url: '/', isAdmin: true }));
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual({ isAdmin: ['isAdmin is not an allowed field'] });
  });

  it('an unknown query parameter → 400 naming it', async () => {
    const response = await fetch(`${server.url}/connect/countries/za?colour=red`);
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toHaveProperty('colour');
  });

  it('a body over the limit → 413 envelope', async () => {
    const response = await postJson('/connect/errors/frontend', JSON.stringify({ Error: 'x', Url: '/', Stack: 'y'.repeat(70 * 1024) }));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'The request body is too large.' });
  });
});

describe('POST /connect/errors/frontend', () => {
  it('records the error and answers its id', async () => {
    const response = await postJson('/connect/errors/frontend', JSON.stringify({
      Error: 'TypeError: x is undefined', Url: '/dashboard', Agent: 'Chromium', Stack: 'at f (app.js:1:1)', Auth: 'user 7',
    }));
    expect(response.status).toBe(201);
    const id = await response.json();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const rows = await server.database.db.query.frontendErrors.findMany();
    expect(rows.find((row) => row.id === id)).toMatchObject({ error: 'TypeError: x is undefined', url: '/dashboard', auth: 'user 7' });
  });
});

describe('security headers and logs', () => {
  it('sends a Content-Security-Policy and the usual hardening headers', async () => {
    const response = await fetch(`${server.url}/connect/countries/za`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('never prints a token, from a header or from a URL', async () => {
    const token = await server.tokenFor('administrator@demo.test');
    await fetch(`${server.url}/connect/stores/za?access_token=${token}`, { headers: { Authorization: `Bearer ${token}` } });
    await fetch(`${server.url}/identity/v1/profile`, { headers: { Authorization: `Bearer ${token}` } });
    const logs = server.logs.join('');
    expect(logs).toContain('/connect/stores/za');
    expect(logs).toContain('access_token=[redacted]');
    expect(logs).not.toContain(token);
    expect(logs).not.toContain(token.split('.')[2]!);
  });
});
