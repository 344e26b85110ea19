import { HubConnectionState } from '@microsoft/signalr';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../../src/lib/error-catalogue';
import { LIVE_TEXTS } from '../../src/lib/realtime';
import { hubClient, nextEvent, rawHub, RS, sleep } from './realtime-support';
import { startTestServer, type TestServer } from './support';

const KEEP_ALIVE_MS = 200;
const CLIENT_TIMEOUT_MS = 1500;
const ADMIN = 'administrator@demo.test';

let server: TestServer;
let adminToken: string;

beforeAll(async () => {
  server = await startTestServer({ hubKeepAliveMs: KEEP_ALIVE_MS, hubClientTimeoutMs: CLIENT_TIMEOUT_MS });
  adminToken = await server.tokenFor(ADMIN);
});
let serverClosed = false;
afterAll(async () => {
  if (!serverClosed) await server?.close();
});

describe('negotiate', () => {
  it('answers version 1 with a connection id, a token and the WebSockets transport', async () => {
    const response = await fetch(`${server.url}/hubs/dashboard/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'text/plain;charset=UTF-8' },
      body: '',
    });
    expect(response.status).toBe(200);
    const body = await response.json() as Record<string, unknown>;
    expect(body).toEqual({
      negotiateVersion: 1,
      connectionId: expect.any(String),
      connectionToken: expect.any(String),
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
    });
    expect(body.connectionId).not.toBe(body.connectionToken);
  });

  it('refuses a missing, forged or expired token with 401', async () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${server.url}/hubs/dashboard/negotiate?negotiateVersion=1`, { method: 'POST', headers });
    expect((await post({})).status).toBe(401);
    expect((await post({ Authorization: `Bearer ${adminToken.slice(0, -4)}AAAA` })).status).toBe(401);
    const expired = await server.tokenFor(ADMIN, -10);
    const response = await post({ Authorization: `Bearer ${expired}` });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'The access token has expired' });
  });

  it('refuses a socket without a valid token with 401', async () => {
    const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/hubs/dashboard?id=unknown`);
    const status = await new Promise<number | undefined>((resolve) => {
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode));
      socket.on('open', () => resolve(101));
    });
    expect(status).toBe(401);
  });
});

describe('handshake', () => {
  it('answers the json protocol version 1 with an empty record', async () => {
    const hub = await rawHub(server, 'dashboard', adminToken);
    hub.send(`{"protocol":"json","version":1}${RS}`);
    expect(await hub.next(() => true)).toEqual({});
    hub.socket.close();
  });

  it('answers an unknown protocol or version with an error record and closes', async () => {
    const messagepack = await rawHub(server, 'dashboard', adminToken);
    messagepack.send(`{"protocol":"messagepack","version":1}${RS}`);
    expect(await messagepack.next(() => true)).toEqual({ error: LIVE_TEXTS.protocolNotSupported('messagepack') });
    await messagepack.closed;

    const version = await rawHub(server, 'dashboard', adminToken);
    version.send(`{"protocol":"json","version":7}${RS}`);
    expect(await version.next(() => true)).toEqual({ error: LIVE_TEXTS.versionNotSupported(7, 'json') });
    await version.closed;
  });
});

describe('invocations with the official client', () => {
  it('completes an invocation with an id, and one without an id takes effect without a completion', async () => {
    const client = hubClient(server, 'dashboard', () => adminToken);
    await client.start();
    expect(client.state).toBe(HubConnectionState.Connected);
    await expect(client.invoke('subscribeToJobs')).resolves.toBeUndefined();
    // `send` carries no invocationId: no completion, but the subscription is made.
    await client.send('subscribeToDeliveries');
    await sleep(100);
    const delivery = nextEvent(client, 'delivery');
    server.live.publish({ topic: 'Deliveries', payload: { id: 41, xmin: 3 }, scope: { companyId: 1, storeId: 1 } });
    expect(await delivery).toEqual({ id: 41, xmin: 3 });
    await client.stop();
  });

  it('answers an unknown method or bad arguments with a completion error', async () => {
    const client = hubClient(server, 'dashboard', () => adminToken);
    await client.start();
    await expect(client.invoke('launchRockets')).rejects.toThrow(LIVE_TEXTS.unknownMethod('launchRockets'));
    await expect(client.invoke('subscribeToWebNotifications', 'all')).rejects.toThrow(LIVE_TEXTS.badArguments('subscribeToWebNotifications'));
    expect(client.state).toBe(HubConnectionState.Connected);
    await client.stop();
  });

  it('refuses a subscription the role may not make with a completion error', async () => {
    const client = hubClient(server, 'dashboard', async () => server.tokenFor('customer@demo.test'));
    await client.start();
    await expect(client.invoke('subscribeToDeliveries')).rejects.toThrow(ERROR_TEXTS.forbidden);
    await expect(client.invoke('subscribeToWebNotifications', [1, 2])).resolves.toBeUndefined();
    await client.stop();
  });

  it('raw: a completion for an id, none without one', async () => {
    const hub = await rawHub(server, 'dashboard', adminToken);
    hub.send(`{"protocol":"json","version":1}${RS}`);
    hub.send(`{"type":1,"target":"subscribeToUsers","arguments":[]}${RS}{"type":1,"invocationId":"7","target":"subscribeToJobs","arguments":[]}${RS}`);
    expect(await hub.next((message) => message.type === 3)).toEqual({ type: 3, invocationId: '7' });
    expect(hub.received.filter((text) => JSON.parse(text).type === 3)).toHaveLength(1);
    hub.socket.close();
  });
});

describe('keep-alive, timeout and expiry', () => {
  it('pings every keep-alive interval', async () => {
    const hub = await rawHub(server, 'dashboard', adminToken);
    hub.send(`{"protocol":"json","version":1}${RS}`);
    const began = Date.now();
    await hub.next((message) => message.type === 6, KEEP_ALIVE_MS * 3);
    expect(Date.now() - began).toBeLessThan(KEEP_ALIVE_MS * 3);
    hub.socket.close();
  });

  it('drops a client silent for the client timeout, and keeps one that pings', async () => {
    const silent = await rawHub(server, 'dashboard', adminToken);
    const chatty = await rawHub(server, 'dashboard', adminToken);
    silent.send(`{"protocol":"json","version":1}${RS}`);
    chatty.send(`{"protocol":"json","version":1}${RS}`);
    const pinger = setInterval(() => chatty.send(`{"type":6}${RS}`), KEEP_ALIVE_MS);
    const began = Date.now();
    await silent.closed;
    const elapsed = Date.now() - began;
    expect(elapsed).toBeGreaterThanOrEqual(CLIENT_TIMEOUT_MS - 100);
    expect(elapsed).toBeLessThan(CLIENT_TIMEOUT_MS + 1500);
    expect(await silent.next((message) => message.type === 7)).toMatchObject({ type: 7, error: expect.stringContaining('timeout') });
    await sleep(CLIENT_TIMEOUT_MS);
    expect(chatty.socket.readyState).toBe(WebSocket.OPEN);
    clearInterval(pinger);
    chatty.socket.close();
  });

  it('takes the token from access_token on the socket URL and never logs it', async () => {
    const token = await server.tokenFor('management@demo.test');
    const hub = await rawHub(server, 'dashboard', token, { tokenInQuery: true });
    hub.send(`{"protocol":"json","version":1}${RS}{"type":1,"invocationId":"1","target":"subscribeToUsers","arguments":[]}${RS}`);
    expect(await hub.next((message) => message.type === 3)).toEqual({ type: 3, invocationId: '1' });
    hub.socket.close();
    const logs = server.logs.join('');
    expect(logs).toContain('hub connection opened');
    expect(logs).toContain('access_token=[redacted]');
    expect(logs).not.toContain(token);
    expect(logs).not.toContain(adminToken);
  });

  it('closes the connection with an error when its token expires', async () => {
    const token = await server.tokenFor(ADMIN, 2);
    const client = hubClient(server, 'dashboard', () => token);
    const closed = new Promise<Error | undefined>((resolve) => client.onclose(resolve));
    await client.start();
    const error = await closed;
    expect(error?.message).toContain(LIVE_TEXTS.tokenExpired);
  });
});

describe('shutdown', () => {
  it('sends Close with allowReconnect to every client', async () => {
    const client = hubClient(server, 'dashboard', () => adminToken);
    const closed = new Promise<Error | undefined>((resolve) => client.onclose(resolve));
    await client.start();
    const hub = await rawHub(server, 'identity', adminToken);
    hub.send(`{"protocol":"json","version":1}${RS}`);
    await hub.next(() => true);
    serverClosed = true;
    await server.close();
    expect(await hub.next((message) => message.type === 7)).toEqual({ type: 7, error: LIVE_TEXTS.shuttingDown, allowReconnect: true });
    expect((await closed)?.message).toContain(LIVE_TEXTS.shuttingDown);
  });
});
