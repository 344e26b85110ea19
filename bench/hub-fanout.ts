// Hub fan-out: one published message to 1,000 subscribed hub connections on loopback (negotiate, JSON hub
// protocol handshake, subscribeToDeliveries, scope check per connection), against a bare `ws` server
// broadcasting the same frame to 1,000 sockets, measured the same way in the same run.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import pino from 'pino';
import WebSocket, { WebSocketServer } from 'ws';
import { loadSigningKeys, signAccessToken } from '../server/auth/tokens';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { refreshTokenFamilies, users } from '../server/db/schema';
import { createJobQueue } from '../server/jobs/queue';
import { attachRealtime } from '../server/realtime/hub-server';
import { createLive } from '../server/realtime/publish';
import type { Benchmark } from './types';

const CLIENTS = 1000;
const MESSAGES = 200;
const RS = '\u001e';
const payload = { id: 1, logisticStatus: 10001, xmin: 7, storeId: 3, companyId: 2, note: 'x'.repeat(200) };

/** Waits until every socket has counted `expected` messages; resolves with the elapsed ms. */
function whenAll(counts: number[], expected: number, began: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 60_000;
    const check = () => {
      if (counts.every((count) => count >= expected)) resolve(performance.now() - began);
      else if (Date.now() > deadline) reject(new Error(`only ${counts.filter((count) => count >= expected).length} clients got everything`));
      else setImmediate(check);
    };
    check();
  });
}

function open(url: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

async function hubRun(): Promise<{ ms: number; perMessageMs: number }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-hub-'));
  const keys = await loadSigningKeys(dataDir, undefined);
  const logger = pino({ level: 'silent' });
  const live = createLive({ logger });
  const config = loadConfig({}, { dataDir });
  // A real database for the session behind the token (every access token's session is checked at connect).
  const database = await openDatabase({ databaseUrl: undefined, dataDir, inMemory: true, logger });
  await database.migrate();
  const [user] = await database.db.insert(users).values({ email: 'administrator@demo.test', passwordHash: '!', firstName: 'A', lastName: 'B', roles: ['Administrator'] }).returning();
  const [family] = await database.db.insert(refreshTokenFamilies).values({ userId: user!.id, absoluteExpiresAt: new Date(Date.now() + 3_600_000) }).returning();
  const app = Fastify();
  // The hubs use no job: an unstarted queue completes the context.
  await attachRealtime(app, { config, keys, live, db: database.db, listen: database.listen, jobs: createJobQueue({ sql: database.sql, logger }) }, logger);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const token = await signAccessToken(keys, user!, 600, undefined, family!.id);
  const counts = new Array<number>(CLIENTS).fill(0);
  const sockets: WebSocket[] = [];
  for (let index = 0; index < CLIENTS; index++) {
    const negotiated = await fetch(`http://127.0.0.1:${port}/hubs/dashboard/negotiate?negotiateVersion=1`, {
      method: 'POST', headers: { Authorization: `Bearer ${token}` },
    });
    const { connectionToken } = await negotiated.json() as { connectionToken: string };
    const socket = await open(`ws://127.0.0.1:${port}/hubs/dashboard?id=${connectionToken}`, { Authorization: `Bearer ${token}` });
    const subscribed = new Promise<void>((resolve) => {
      socket.on('message', (data) => {
        const text = String(data);
        if (text.includes('"type":3')) resolve();
        for (const record of text.split(RS)) if (record.startsWith('{"type":1')) counts[index]! += 1;
      });
    });
    socket.send(`{"protocol":"json","version":1}${RS}{"type":1,"invocationId":"1","target":"subscribeToDeliveries","arguments":[]}${RS}`);
    await subscribed;
    sockets.push(socket);
  }
  const began = performance.now();
  for (let message = 0; message < MESSAGES; message++) {
    live.publish({ topic: 'Deliveries', payload, scope: { companyId: 2, storeId: 3 } });
  }
  const ms = await whenAll(counts, MESSAGES, began);
  for (const socket of sockets) socket.terminate();
  await app.close();
  await live.close();
  await database.close();
  return { ms, perMessageMs: ms / MESSAGES };
}

async function rawRun(): Promise<{ ms: number; perMessageMs: number }> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  const counts = new Array<number>(CLIENTS).fill(0);
  const sockets: WebSocket[] = [];
  for (let index = 0; index < CLIENTS; index++) {
    const socket = await open(`ws://127.0.0.1:${port}/`);
    socket.on('message', () => { counts[index]! += 1; });
    sockets.push(socket);
  }
  while (server.clients.size < CLIENTS) await new Promise((resolve) => setTimeout(resolve, 10));
  const frame = `${JSON.stringify({ type: 1, target: 'delivery', arguments: [payload] })}${RS}`;
  const began = performance.now();
  for (let message = 0; message < MESSAGES; message++) {
    for (const client of server.clients) client.send(frame);
  }
  const ms = await whenAll(counts, MESSAGES, began);
  for (const socket of sockets) socket.terminate();
  await new Promise((resolve) => server.close(resolve));
  return { ms, perMessageMs: ms / MESSAGES };
}

const benchmark: Benchmark = {
  name: 'Hub fan-out (1,000 clients, loopback)',
  async run() {
    const raw = await rawRun();
    const hub = await hubRun();
    const rate = (run: { ms: number }) => (CLIENTS * MESSAGES) / (run.ms / 1000);
    return {
      rows: [
        { name: `${MESSAGES} messages to ${CLIENTS} clients, all delivered`, figure: hub.ms, baseline: raw.ms, baselineName: 'raw ws broadcast', unit: 'ms' },
        { name: 'per message, all clients', figure: hub.perMessageMs, baseline: raw.perMessageMs, baselineName: 'raw ws broadcast', unit: 'ms/msg' },
        { name: 'deliveries per second', figure: Math.round(rate(hub)), baseline: Math.round(rate(raw)), baselineName: 'raw ws broadcast', unit: 'msg/s' },
      ],
      notes: [
        'Hub: the real server/realtime code on a bare Fastify server (no database): negotiate with a bearer token, JSON handshake, subscribeToDeliveries, then live.publish (in-process backplane), scope check per connection, frame serialised once per message.',
        'Baseline: a bare ws WebSocketServer sending the same pre-serialised frame to every socket.',
        'Clients are plain ws sockets in the same Node process (the client side costs the same in both runs); timed from the first publish until every client has counted every message.',
      ],
      details: { clients: CLIENTS, messages: MESSAGES, hub, raw },
    };
  },
};

export default benchmark;
