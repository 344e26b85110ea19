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

describe('text that cannot be stored, numbers out of range and undeclared content types are 400 and 415, never 500', () => {
  const send = async (method: string, path: string, options: { body?: string; type?: string; token?: string } = {}) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { ...(options.body !== undefined && { 'content-type': options.type ?? 'application/json' }), ...(options.token && { Authorization: `Bearer ${options.token}` }) },
      body: options.body,
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };

  it('a NUL or an unpaired surrogate in any text: path, query or body, signed in or not → 400 naming the field', async () => {
    const nul = await send('POST', '/identity/v1/auth/login', { body: JSON.stringify({ email: 'a\u0000b@demo.test', password: 'x' }) });
    expect([nul.status, Object.keys(nul.body.errors)]).toEqual([400, ['email']]);
    const surrogate = await send('POST', '/connect/errors/frontend', { body: JSON.stringify({ Error: 'half \ud800 a pair', Url: '/' }) });
    expect([surrogate.status, Object.keys(surrogate.body.errors)]).toEqual([400, ['Error']]);
    const inPath = await send('GET', '/connect/tracking/ZA/%00');
    expect(inPath.status).toBe(400);
    const token = await server.tokenFor('administrator@demo.test');
    const inQuery = await send('GET', '/connect/companies/za?search=ab%00c', { token });
    expect([inQuery.status, Object.keys(inQuery.body.errors)]).toEqual([400, ['search']]);
  });

  it('ids and numbers beyond 32 bits, and numbers that are not finite → 400 naming the field', async () => {
    const token = await server.tokenFor('administrator@demo.test');
    const apiKey = await send('GET', '/identity/v1/token/apikey/2147483648', { token });
    expect(apiKey.status).toBe(400);
    expect(apiKey.body.message).toContain('id');
    const impersonate = await send('POST', '/identity/v1/auth/impersonate', { token, body: JSON.stringify({ userId: 2147483648 }) });
    expect([impersonate.status, Object.keys(impersonate.body.errors ?? {})]).toEqual([400, ['userId']]);
    const page = await send('GET', '/connect/companies/za?page=1e400', { token });
    expect(page.status).toBe(400);
    expect(page.body.message).toContain('page');
  });

  it('a body of a type the operation does not declare → 415, before any handler runs', async () => {
    const login = await send('POST', '/identity/v1/auth/login', { body: 'email=a&password=b', type: 'text/plain' });
    expect(login.status).toBe(415);
    expect(login.body.message).toBe('Unsupported content type: text/plain');
    const token = await server.tokenFor('administrator@demo.test');
    const bulk = await send('PUT', '/connect/deliveries/bulkUpdateDeliveryDate/za', { token, body: '[1,2]', type: 'text/plain' });
    expect(bulk.status).toBe(415);
  });
});
