import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runWhenQuiet } from './when-quiet';

let server: Server | undefined;
afterEach(async () => { await new Promise((done) => server?.close(done) ?? done(undefined)); server = undefined; });

/** A server whose requests are answered only when the test says so. */
async function heldServer(): Promise<{ url: string; release: () => void; arrived: () => Promise<void> }> {
  const held: Array<() => void> = [];
  let arrive = () => undefined as void;
  const first = new Promise<void>((done) => { arrive = done; });
  server = createServer((_request, response) => { held.push(() => response.end('ok')); arrive(); });
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    release: () => { for (const answer of held.splice(0)) answer(); },
    // The first request has reached the server (is in flight), however slow the machine.
    arrived: () => first,
  };
}

const tick = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('runWhenQuiet', () => {
  it('waits while a request is in flight, then for the quiet period after it', async () => {
    const { url, release, arrived } = await heldServer();
    let ran = 0;
    // Watching from the server's start, as the server does; a request arrives and is held. The quiet period is long
    // enough for the request to arrive first on a loaded machine; past it, the request still in flight holds the run.
    const quiet = runWhenQuiet(server!, async () => { ran += 1; }, { quietMs: 500, maxWaitMs: 60_000 });
    const pending = fetch(url).then((response) => response.text());
    await arrived();
    await tick(700);
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
