import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createConnection } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port';
import { hubClient, nextEvent, sleep } from './realtime-support';
import { startTestServer, type TestServer } from './support';

const REDIS_SERVER = '/usr/bin/redis-server';
const hasRedis = existsSync(REDIS_SERVER);
if (!hasRedis) console.warn(`realtime-redis: skipped, ${REDIS_SERVER} is missing (apt-get install -y redis-server)`);

let redis: ChildProcess | undefined;
let redisUrl = '';
const servers: TestServer[] = [];

async function listening(port: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' }, () => { socket.end(); resolve(true); });
      socket.on('error', () => resolve(false));
    });
    if (up) return;
    if (Date.now() > deadline) throw new Error('redis-server did not start');
    await sleep(50);
  }
}

describe.skipIf(!hasRedis)('Redis backplane: two server processes, one set of clients', () => {
  beforeAll(async () => {
    const port = await freePort();
    redis = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await listening(port);
    redisUrl = `redis://127.0.0.1:${port}`;
    // Two servers, each its own database: fan-out needs only the shared Redis channel.
    servers.push(await startTestServer({ redisUrl }), await startTestServer({ redisUrl }));
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    redis?.kill('SIGTERM');
  });

  it('a change published on one process reaches a client of the other, scope still applied', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    expect(a.live.mode).toBe('redis');
    const adminA = await a.tokenFor('administrator@demo.test');
    const onA = hubClient(a, 'dashboard', () => adminA);
    const adminB = await b.tokenFor('administrator@demo.test');
    const storeB = await b.tokenFor('store.user@demo.test');
    const onB = hubClient(b, 'dashboard', () => adminB);
    const storeOnB = hubClient(b, 'dashboard', () => storeB);
    const storeGot: number[] = [];
    storeOnB.on('delivery', (payload: { id: number }) => storeGot.push(payload.id));
    await Promise.all([onA.start(), onB.start(), storeOnB.start()]);
    await Promise.all([onA.invoke('subscribeToDeliveries'), onB.invoke('subscribeToDeliveries'), storeOnB.invoke('subscribeToDeliveries')]);

    const fromA = nextEvent<{ id: number }>(onB, 'delivery');
    const atA = nextEvent<{ id: number }>(onA, 'delivery');
    a.live.publish({ topic: 'Deliveries', payload: { id: 501 }, scope: { companyId: 999_999, storeId: 999_999 } });
    expect(await fromA).toEqual({ id: 501 });
    expect(await atA).toEqual({ id: 501 });

    const fromB = nextEvent<{ id: number }>(onA, 'delivery');
    b.live.publish({ topic: 'Deliveries', payload: { id: 502 }, scope: {} });
    expect(await fromB).toEqual({ id: 502 });
    await sleep(100);
    // The store user on B saw neither: one is another store's, the other has no store.
    expect(storeGot).toEqual([]);
    await Promise.all([onA.stop(), onB.stop(), storeOnB.stop()]);
  });
});
