import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runWhenQuiet } from './when-quiet';

let server: Server | undefined;
afterEach(async () => { await new Promise((done) => server?.close(done) ?? done(undefined)); server = undefined; });

/** A server whose requests are answered only when the test says so. */
async function heldServer(): Promise<{ url: string; release: () => void }> {
  const held: Array<() => void> = [];
  server = createServer((_request, response) => { held.push(() => response.end('ok')); });
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, release: () => { for (const answer of held.splice(0)) answer(); } };
}

const tick = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('runWhenQuiet', () => {
  it('waits while a request is in flight, then for the quiet period after it', async () => {
    const { url, release } = await heldServer();
    let ran = 0;
    const pending = fetch(url).then((response) => response.text());
    await tick(20);
    const quiet = runWhenQuiet(server!, async () => { ran += 1; }, { quietMs: 40, maxWaitMs: 60_000 });
    await tick(150);
    expect(ran).toBe(0);
    release();
    await pending;
    await quiet.done;
    expect(ran).toBe(1);
  });

  it('runs after the longest wait even while requests keep coming', async () => {
    const { url } = await heldServer();
    let ran = 0;
    const quiet = runWhenQuiet(server!, async () => { ran += 1; }, { quietMs: 40, maxWaitMs: 120 });
    void fetch(url).catch(() => undefined);
    await quiet.done;
    expect(ran).toBe(1);
    server!.closeAllConnections();
  });

  it('a cancelled wait never runs and settles at once', async () => {
    await heldServer();
    let ran = 0;
    const quiet = runWhenQuiet(server!, async () => { ran += 1; }, { quietMs: 20, maxWaitMs: 40 });
    quiet.cancel();
    await quiet.done;
    await tick(80);
    expect(ran).toBe(0);
  });
});
