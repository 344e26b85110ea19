// The tracking page's hub connection (src/machines/tracking: trackingHub) against the real server: it subscribes
// without a sign-in, says when it is live, passes on the positions published for its hash only, and unsubscribes
// and closes when the page is left.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import type { TrackingEvent } from '../../src/machines/tracking/tracking.types';
import { startTestServer, type TestServer } from './support';

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
