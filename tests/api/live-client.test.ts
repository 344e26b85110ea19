// The browser's own hub client (src/api/realtime.ts, LiveClient: the SignalR JSON protocol over one WebSocket, issue 19)
// against the real hub server: events of a subscribed topic arrive, a hub method's error rejects, the server's close
// reason (token expired, session ended) reaches `closed()`, and a refused token fails the start.
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveClient } from '../../src/api/realtime';
import { LIVE_TEXTS, type IdentityUpdate } from '../../src/lib/realtime';
import { sleep } from './realtime-support';
import { dataOf, inZa, pageOf, startTestServer, ZA, type TestServer } from './support';

// The browser's WebSocket, in Node (ws implements its interface: onopen, onmessage with text data, onclose).
(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;

let server: TestServer;
const open: LiveClient[] = [];
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => {
  await Promise.all(open.map((client) => client.stop()));
  await server?.close();
});

function clientOf(hub: string, token: () => Promise<string | undefined> | string | undefined): LiveClient {
  const client = new LiveClient(`${server.url}/hubs/${hub}`, token);
  open.push(client);
  return client;
}

const admin = () => server.as('administrator').connect;
async function userByEmail(email: string) {
  return pageOf(await dataOf(admin().GET('/users/{cca2}', { params: { path: ZA, query: { search: email } } }))).items[0]!;
}

async function until(check: () => boolean) {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('expected messages did not arrive');
    await sleep(20);
  }
}

describe('LiveClient, the browser\'s hub client', () => {
  it('hears a subscribed topic\'s events (names matched case-insensitively) until it unsubscribes; stop closes without an error', async () => {
    const client = clientOf('identity', () => server.tokenFor('store.operator@demo.test'));
    const heard: IdentityUpdate[] = [];
    client.on('ReloadProfile', (payload) => heard.push(payload as IdentityUpdate));
    await client.start();
    expect(client.connected).toBe(true);
    const unsubscribe = await client.subscribe('MyIdentity');
    const user = await userByEmail('store.operator@demo.test');
    expect((await admin().PUT('/users/{cca2}/{id}', {
      params: inZa(user.id), body: { firstName: user.firstName, lastName: user.lastName, roles: ['StoreAdministrator'], xmin: user.xmin },
    })).response.status).toBe(200);
    await until(() => heard.length > 0);
    expect(heard).toEqual([{ userId: user.id, refreshToken: null, reloadProfile: true, revoked: false }]);

    await unsubscribe();
    const again = await userByEmail('store.operator@demo.test');
    expect((await admin().PUT('/users/{cca2}/{id}', {
      params: inZa(user.id), body: { firstName: again.firstName, lastName: again.lastName, roles: ['StoreOperator'], xmin: again.xmin },
    })).response.status).toBe(200);
    await sleep(300);
    expect(heard).toHaveLength(1);

    const closed = client.closed();
    await client.stop();
    expect(await closed).toEqual({ tokenExpired: false });
    expect(client.connected).toBe(false);
  });

  it('renews its subscriptions on a new start, and a hub method\'s error rejects with the server\'s message', async () => {
    const client = clientOf('identity', () => server.tokenFor('company.admin@demo.test'));
    await client.start();
    await client.subscribe('MyIdentity');
    await client.start();
    expect(client.connected).toBe(true);
    // The identity hub has no tracking topic: the server answers the invocation with an error, which rejects.
    await expect(client.subscribe('TrackingUpdates', 'no-such-hash', 0)).rejects.toThrow();
    expect(client.connected).toBe(true);
  });

  it('tells an expired token from another close, and fails the start with a refused token', async () => {
    const expiring = clientOf('identity', () => server.tokenFor('store.admin@demo.test', 1));
    await expiring.start();
    const closed = await Promise.race([expiring.closed(), sleep(8000).then(() => 'still open' as const)]);
    expect(closed).toEqual({ tokenExpired: true, error: LIVE_TEXTS.tokenExpired });

    const ended = clientOf('identity', () => server.tokenFor('driver@demo.test'));
    await ended.start();
    const endedClosed = ended.closed();
    const driver = await userByEmail('driver@demo.test');
    expect((await admin().PUT('/users/{cca2}/{id}', {
      params: inZa(driver.id), body: { firstName: driver.firstName, lastName: driver.lastName, isActive: false, xmin: driver.xmin },
    })).response.status).toBe(200);
    expect(await Promise.race([endedClosed, sleep(5000).then(() => 'still open' as const)])).toEqual({ tokenExpired: false, error: LIVE_TEXTS.sessionEnded });

    const refused = clientOf('identity', () => 'not-a-token');
    await expect(refused.start()).rejects.toThrow();
    expect(refused.connected).toBe(false);
  });
});
