import { HubConnectionState } from '@microsoft/signalr';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERROR_TEXTS } from '../../src/lib/error-catalogue';
import { LIVE_TEXTS } from '../../src/lib/realtime';
import { hubClient, nextEvent, rawHub, RS } from './realtime-support';
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
/** The timers the hub server's connections use (keep-alive, client timeout), faked by the keep-alive tests. */
const SERVER_TIMERS = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] as const;
const realSetTimeout = globalThis.setTimeout;
/** Waits on real time, with a bound, while the server's timers are fake. */
async function realUntil(check: () => boolean, what: string) {
  const deadline = performance.now() + 10_000;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => realSetTimeout(resolve, 10));
  }
}

/** A WebSocket ping's pong: the server has read (and handled) everything the client sent before it. */
const roundTrip = (hub: { socket: WebSocket }) => new Promise<void>((resolve) => {
  hub.socket.once('pong', () => resolve());
  hub.socket.ping();
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
    // The server handles a connection's messages in order: once a later invocation completes, the send was handled
    // (a fixed wait was not always long enough on a busy machine).
    await client.invoke('subscribeToUsers');
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

describe('live messages coalesced', () => {
  it('sends the live messages of one interval as one frame, in order, and a completion after them', async () => {
    const hub = await rawHub(server, 'dashboard', adminToken);
    const frames: string[] = [];
    hub.socket.on('message', (data) => frames.push(String(data)));
    hub.send(`{"protocol":"json","version":1}${RS}`);
    hub.send(`{"type":1,"invocationId":"1","target":"subscribeToDeliveries","arguments":[]}${RS}{"type":1,"invocationId":"2","target":"subscribeToJobs","arguments":[]}${RS}`);
    await hub.next((message) => message.invocationId === '2');
    frames.length = 0;
    server.live.publish({ topic: 'Deliveries', payload: { id: 1, xmin: 1 }, scope: { companyId: 1, storeId: 1 } });
    server.live.publish({ topic: 'Jobs', payload: { id: 2, xmin: 1 }, scope: { companyId: 1 } });
    server.live.publish({ topic: 'Deliveries', payload: { id: 3, xmin: 1 }, scope: { companyId: 1, storeId: 1 } });
    // Asked before the interval ends: the completion waits behind the messages already queued.
    hub.send(`{"type":1,"invocationId":"3","target":"subscribeToUsers","arguments":[]}${RS}`);
    await hub.next((message) => message.invocationId === '3');
    const records = frames.flatMap((text) => text.split(RS).filter(Boolean).map((record) => JSON.parse(record) as { target?: string; arguments?: [{ id: number }]; invocationId?: string }));
    expect(records.map((record) => record.invocationId ?? `${record.target} ${record.arguments?.[0].id}`)).toEqual(['delivery 1', 'job 2', 'delivery 3', '3']);
    expect(frames[0]!.split(RS).filter(Boolean)).toHaveLength(3);
    hub.socket.close();
  });
});

describe('keep-alive, timeout and expiry', () => {
  it('pings every keep-alive interval', async () => {
    // The server's timers run on a fake clock the test steps by exactly one interval at a time, so what is asserted
    // (a ping at each interval, none before) does not depend on how busy the machine is; the client timeout is on
    // that clock too (on real time a stalled machine let it close the connection first). The sockets and the waits
    // run on real time.
    vi.useFakeTimers({ toFake: [...SERVER_TIMERS] });
    try {
      const hub = await rawHub(server, 'dashboard', adminToken);
      hub.send(`{"protocol":"json","version":1}${RS}`);
      await realUntil(() => hub.received.length > 0, 'the handshake answer');
      expect(hub.received).toEqual(['{}']);
      const pings = () => hub.received.filter((text) => (JSON.parse(text) as { type?: number }).type === 6).length;
      for (let interval = 1; interval <= 3; interval += 1) {
        // Short of the interval the server's ping has not run (it is the interval's callback): none more yet.
        vi.advanceTimersByTime(KEEP_ALIVE_MS - 1);
        expect(pings()).toBe(interval - 1);
        vi.advanceTimersByTime(1);
        // Sent now; it arrives once the socket is read.
        await realUntil(() => pings() === interval, `ping ${interval}`);
      }
      hub.socket.close();
      await hub.closed;
    } finally {
      vi.useRealTimers();
    }
  });

  it('drops a client silent for the client timeout, and keeps one that pings', async () => {
    // The server's timers run on a fake clock the test steps (a busy machine stalls real timers by more than the
    // timeout: a client pinging every 200 ms was dropped). The sockets and the waits below run on real time.
    vi.useFakeTimers({ toFake: [...SERVER_TIMERS] });
    try {
      const silent = await rawHub(server, 'dashboard', adminToken);
      const chatty = await rawHub(server, 'dashboard', adminToken);
      let silentClosed = false;
      void silent.closed.then(() => { silentClosed = true; });
      const parsed = (hub: typeof silent) => hub.received.map((text) => JSON.parse(text) as Record<string, unknown>);
      silent.send(`{"protocol":"json","version":1}${RS}`);
      chatty.send(`{"protocol":"json","version":1}${RS}`);
      await realUntil(() => silent.received.length > 0 && chatty.received.length > 0, 'the handshake answers');
      // The client timeout counts from each connection's last message (the handshake, both read now).
      vi.advanceTimersByTime(CLIENT_TIMEOUT_MS / 2);
      chatty.send(`{"type":6}${RS}`);
      await roundTrip(chatty);
      vi.advanceTimersByTime(CLIENT_TIMEOUT_MS / 2 - 1);
      await roundTrip(silent);
      expect(silentClosed).toBe(false);
      // The silent client's timeout elapses: Close with the reason, then the socket ends.
      vi.advanceTimersByTime(1);
      await silent.closed;
      expect(parsed(silent).find((message) => message.type === 7)).toMatchObject({ type: 7, error: expect.stringContaining('timeout') });
      // The pinging client stays as long as its pings come within the timeout...
      for (let step = 0; step < 3; step += 1) {
        chatty.send(`{"type":6}${RS}`);
        await roundTrip(chatty);
        vi.advanceTimersByTime(CLIENT_TIMEOUT_MS - 1);
        await roundTrip(chatty);
        expect(chatty.socket.readyState).toBe(WebSocket.OPEN);
      }
      // ...and is dropped as well once they stop.
      vi.advanceTimersByTime(1);
      await chatty.closed;
      expect(parsed(chatty).find((message) => message.type === 7)).toMatchObject({ type: 7, error: expect.stringContaining('timeout') });
    } finally {
      vi.useRealTimers();
    }
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
    // The clock is fake (the server's timers and Date): the test steps it to the token's expiry, short of the client
    // timeout. On real time a busy machine let the client timeout (1.5 s) close the connection before a 2 s token
    // expired.
    vi.useFakeTimers({ toFake: [...SERVER_TIMERS, 'Date'] });
    try {
      const token = await server.tokenFor(ADMIN, 1);
      const { exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number };
      const left = exp * 1000 - Date.now();
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThanOrEqual(1000);
      const hub = await rawHub(server, 'dashboard', token);
      let closed = false;
      void hub.closed.then(() => { closed = true; });
      hub.send(`{"protocol":"json","version":1}${RS}`);
      await realUntil(() => hub.received.length > 0, 'the handshake answer');
      vi.advanceTimersByTime(left - 1);
      await roundTrip(hub);
      expect(closed).toBe(false);
      vi.advanceTimersByTime(1);
      await hub.closed;
      expect(hub.received.map((text) => JSON.parse(text) as Record<string, unknown>).find((message) => message.type === 7))
        .toEqual({ type: 7, error: LIVE_TEXTS.tokenExpired, allowReconnect: true });
    } finally {
      vi.useRealTimers();
    }
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
