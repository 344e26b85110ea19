// The tracking page's hub connection (src/machines/tracking: trackingHub) against the real server: it subscribes
// without a sign-in, says when it is live, passes on the positions published for its hash only, and unsubscribes
// and closes when the page is left; an operator's status change of the delivery reaches it too (issue 19).
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { deliveries } from '../../server/db/schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import type { TrackingEvent } from '../../src/machines/tracking/tracking.types';
import { startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  vi.stubEnv('VITE_HUBS_URL', `${server.url}/hubs`);
});
afterAll(async () => { vi.unstubAllEnvs(); await server?.close(); });

async function until(check: () => boolean, timeoutMs = 10_000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('trackingHub', () => {
  it('is live on the tracking hub and passes on its hash\'s positions only', async () => {
    const { trackingHub } = await import('../../src/machines/tracking/tracking.machine');
    const received: TrackingEvent[] = [];
    // A parent that records what the callback actor sends back.
    const parent = createMachine({
      invoke: { id: 'hub', src: trackingHub, input: { hash: 'hash-live' } },
      on: { '*': { actions: ({ event }) => { received.push(event as TrackingEvent); } } },
    });
    const actor = createActor(parent).start();
    await until(() => received.some((event) => event.type === 'hub.connected'));
    server.live.publish({ topic: 'TrackingUpdates', payload: { driverId: 5, lat: 1, lon: 2, time: 'x' }, scope: { trackingHashId: 'hash-other', driverId: 5 } });
    server.live.publish({ topic: 'TrackingUpdates', payload: { driverId: 5, lat: -33.9, lon: 18.4, time: '2026-11-26T09:00:00.000Z' }, scope: { trackingHashId: 'hash-live', driverId: 5 } });
    await until(() => received.some((event) => event.type === 'hub.update'));
    expect(received.filter((event) => event.type === 'hub.update')).toEqual([
      { type: 'hub.update', update: { driverId: 5, lat: -33.9, lon: 18.4, time: '2026-11-26T09:00:00.000Z' } },
    ]);
    actor.stop();
    // Left: no "down" reported for a connection the page closed itself.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received.some((event) => event.type === 'hub.down')).toBe(false);
  });
});

describe('a status change reaches the tracking page', () => {
  it('an operator cancels the delivery: its subscribers hear the new status, another delivery\'s do not', async () => {
    const { trackingHub } = await import('../../src/machines/tracking/tracking.machine');
    // A seeded delivery, Ready and in no job (server/db/seed-operations.ts), and its tracking hash as seeded.
    const [delivery] = await server.database.db.select().from(deliveries).where(eq(deliveries.waybill, 'WBJ0010'));
    expect(delivery!.trackingHash).toBe(createHash('sha256').update('courier-demo:WBJ0010').digest('hex').slice(0, 24));
    const received: Record<string, TrackingEvent[]> = { own: [], other: [] };
    const parent = (hash: string, into: TrackingEvent[]) => createMachine({
      invoke: { id: 'hub', src: trackingHub, input: { hash } },
      on: { '*': { actions: ({ event }) => { into.push(event as TrackingEvent); } } },
    });
    const own = createActor(parent(delivery!.trackingHash!, received.own!)).start();
    const other = createActor(parent('hash-of-another', received.other!)).start();
    await until(() => received.own!.some((event) => event.type === 'hub.connected') && received.other!.some((event) => event.type === 'hub.connected'));
    const cancelled = await server.as('management').connect.PUT('/deliveries/canceldelivery/{cca2}/{id}', { params: { path: { ...ZA, id: delivery!.id } } });
    expect(cancelled.response.status).toBe(200);
    await until(() => received.own!.some((event) => event.type === 'hub.update'));
    expect(received.own!.filter((event) => event.type === 'hub.update')).toEqual([
      { type: 'hub.update', update: { deliveryId: delivery!.id, logisticStatusId: cancelled.data!.logisticStatusId } },
    ]);
    expect(cancelled.data!.logisticStatusId).not.toBe(delivery!.logisticStatusId);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received.other!.some((event) => event.type === 'hub.update')).toBe(false);
    own.stop();
    other.stop();
  });
});
