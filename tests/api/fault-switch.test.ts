import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { EXPIRE_SESSION_PATH, FAULT_ARM_PATH, FAULT_COOKIE } from '../../server/http/fault-switch';
import { AUTH_TEXTS } from '../../src/lib/error-catalogue';
import { DEMO_PASSWORD } from './identity-support';
import { startTestServer, type TestServer } from './support';

// The browser suite's fault switch (server/http/fault-switch.ts): only with FAULT_OPERATIONS, one armed 500 per
// arming, only for the browser context (cookie) that armed it, answered by the server's own error handler; or, armed
// with 440, the calling session brought to its end so that the server's own check answers it.

describe('the fault switch of the browser suite', () => {
  let server: TestServer;
  let plain: TestServer;
  beforeAll(async () => {
    [server, plain] = await Promise.all([startTestServer({ faultOperations: ['getparceltypes'] }), startTestServer()]);
  });
  afterAll(async () => {
    await Promise.all([server?.close(), plain?.close()]);
  });

  const arm = (target: TestServer, body: unknown) => fetch(`${target.url}${FAULT_ARM_PATH}`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  const parcelTypes = async (scope?: string) => fetch(`${server.url}/connect/parceltypes`, {
    headers: { authorization: `Bearer ${await server.tokenFor('administrator@demo.test')}`, ...(scope && { cookie: `${FAULT_COOKIE}=${scope}` }) },
  });
  const status = async (answer: Promise<Response>) => { const response = await answer; await response.text(); return response.status; };

  it('answers one armed call of its context with the server\'s 500, then the real answer again', async () => {
    const armed = await arm(server, { operationId: 'getparceltypes', scope: 'context-1' });
    expect(armed.status).toBe(200);
    expect(await armed.json()).toEqual({ scope: 'context-1', operationId: 'getparceltypes', status: 500 });
    // Another browser context (no cookie, or another scope) is not touched.
    expect(await status(parcelTypes())).toBe(200);
    expect(await status(parcelTypes('context-2'))).toBe(200);
    const failed = await parcelTypes('context-1');
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ message: expect.stringMatching(/^Internal error \(request .+\)$/) });
    const again = await parcelTypes('context-1');
    expect(again.status).toBe(200);
    expect(Array.isArray(await again.json())).toBe(true);
  });

  it('refuses an operation FAULT_OPERATIONS does not name', async () => {
    const refused = await arm(server, { operationId: 'getquotes', scope: 'context-1' });
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toMatch(/FAULT_OPERATIONS/);
  });

  it('does not exist without FAULT_OPERATIONS, and FAULT_OPERATIONS is refused in production', async () => {
    const absent = await arm(plain, { operationId: 'getparceltypes', scope: 'context-1' });
    expect(absent.status).toBe(404);
    await absent.text();
    expect(loadConfig({}).faultOperations).toEqual([]);
    expect(loadConfig({ FAULT_OPERATIONS: 'getquotes, settimeslot' }).faultOperations).toEqual(['getquotes', 'settimeslot']);
    expect(() => loadConfig({ NODE_ENV: 'production', FAULT_OPERATIONS: 'getquotes' })).toThrow(/NODE_ENV=production/);
  });
});

describe('the session expiry switch of the browser suite', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ faultOperations: ['getparceltypes'], throttlePerAddress: 10_000, throttlePerAccount: 10_000 }); });
  afterAll(async () => { await server?.close(); });
  const post = (path: string, body: unknown) => fetch(`${server.url}${path}`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });

  it('ends a session now: its next refresh is the server\'s 440, and a token of no session is a 404', async () => {
    const login = await post('/identity/v1/auth/login', { email: 'administrator@demo.test', password: DEMO_PASSWORD });
    const { refreshToken } = await login.json() as { refreshToken: string };
    expect((await post(EXPIRE_SESSION_PATH, { refreshToken })).status).toBe(204);
    const refreshed = await post('/identity/v1/auth/refreshToken', { refreshToken });
    expect(refreshed.status).toBe(440);
    expect((await refreshed.json()).message).toBe(AUTH_TEXTS.sessionExpired);
    const unknown = await post(EXPIRE_SESSION_PATH, { refreshToken: 'no-such-token' });
    expect(unknown.status).toBe(404);
    await unknown.text();
  });

  it('an armed 440 brings the calling session to its end as the call arrives: the server\'s own 440, then for every call', async () => {
    const login = await post('/identity/v1/auth/login', { email: 'administrator@demo.test', password: DEMO_PASSWORD });
    const { jwtToken, refreshToken } = await login.json() as { jwtToken: string; refreshToken: string };
    const parcelTypes = (scope?: string) => fetch(`${server.url}/connect/parceltypes`, {
      headers: { authorization: `Bearer ${jwtToken}`, ...(scope && { cookie: `${FAULT_COOKIE}=${scope}` }) },
    });
    const armed = await post(FAULT_ARM_PATH, { operationId: 'getparceltypes', scope: 'session-1', status: 440 });
    expect(await armed.json()).toEqual({ scope: 'session-1', operationId: 'getparceltypes', status: 440 });
    // Another context's call is not touched.
    expect((await parcelTypes('session-2')).status).toBe(200);
    const ended = await parcelTypes('session-1');
    expect(ended.status).toBe(440);
    expect((await ended.json()).message).toBe(AUTH_TEXTS.sessionExpired);
    // Over at the server: without the cookie too, and for the refresh.
    expect((await parcelTypes()).status).toBe(440);
    expect((await post('/identity/v1/auth/refreshToken', { refreshToken })).status).toBe(440);
  });

  it('refuses another status, and an armed 440 whose call carries no session', async () => {
    const refused = await post(FAULT_ARM_PATH, { operationId: 'getparceltypes', status: 503 });
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe('status must be 500 or 440');
    await post(FAULT_ARM_PATH, { operationId: 'getparceltypes', scope: 'anonymous', status: 440 });
    const anonymous = await fetch(`${server.url}/connect/parceltypes`, { headers: { cookie: `${FAULT_COOKIE}=anonymous` } });
    expect(anonymous.status).toBe(400);
    expect((await anonymous.json()).message).toMatch(/armed with 440 came with no session to end/);
  });
});
