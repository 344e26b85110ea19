import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../server/db/database';
import { startTestServer, type TestServer } from './support';
import { freePort } from '../support/free-port';

/** A TCP hop between the server and its database that the test can cut and restore. */
function cuttableLink(target: { host: string; port: number }) {
  let listener: net.Server | undefined;
  const sockets = new Set<net.Socket>();
  return {
    async open(port: number) {
      listener = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => { client.destroy(); upstream.destroy(); });
        }
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((resolve) => listener!.listen(port, '127.0.0.1', resolve));
    },
    async cut() {
      const closing = new Promise((resolve) => listener?.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closing;
    },
  };
}

describe('the database is unreachable at start-up', () => {
  it('the server says so in one clear line and exits non-zero', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/serve.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: `postgres://courier:s3cret-pw@127.0.0.1:${port}/courier`,
        PORT: '0',
        DATA_DIR: await mkdtemp(join(tmpdir(), 'courier-unreachable-')),
        WEB_ROOT: '/nonexistent',
        LOG_LEVEL: 'warn',
      },
    });
    let output = '';
    child.stdout.on('data', (chunk) => { output += chunk; });
    child.stderr.on('data', (chunk) => { output += chunk; });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).not.toBe(0);
    // Besides the start-up progress (indented lines: "Opening the database: failed after …"), one line: no stack.
    const lines = output.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('  '));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(`Database unreachable at postgres://courier:***@127.0.0.1:${port}/courier: connect ECONNREFUSED 127.0.0.1:${port}`);
    expect(output).not.toContain('s3cret-pw');
  }, 30_000);
});

describe('the database goes away during requests', () => {
  let pglite: PGlite | undefined;
  let socketServer: PGLiteSocketServer | undefined;
  let server: TestServer;
  let link: ReturnType<typeof cuttableLink>;
  let linkPort: number;

  beforeAll(async () => {
    // The PostgreSQL pass runs this against the real server; the default pass puts PGlite behind its socket server.
    let target: { host: string; port: number; url: (port: number) => string };
    if (process.env.DATABASE_URL) {
      const url = new URL(process.env.DATABASE_URL);
      target = {
        host: url.hostname, port: Number(url.port || 5432),
        url: (port) => { const hop = new URL(url); hop.hostname = '127.0.0.1'; hop.port = String(port); return hop.toString(); },
      };
    } else {
      pglite = new PGlite();
      const port = await freePort();
      socketServer = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port, maxConnections: 10 });
      await socketServer.start();
      target = { host: '127.0.0.1', port, url: (hopPort) => `postgres://postgres@127.0.0.1:${hopPort}/postgres?sslmode=disable` };
    }
    link = cuttableLink(target);
    linkPort = await freePort();
    await link.open(linkPort);
    server = await startTestServer({ databaseUrl: target.url(linkPort), inMemoryDatabase: false, logLevel: 'fatal' });
  });

  afterAll(async () => {
    await server?.close();
    await link?.cut();
    await socketServer?.stop();
    await pglite?.close();
  });

  it('answers 503 with the envelope while it is gone, and recovers when it is back', async () => {
    // Up first (a loaded machine may answer the load limiter's 503 for a moment).
    await expect.poll(async () => (await fetch(`${server.url}/connect/countries/za`)).status, { timeout: 30_000, interval: 500 }).toBe(200);

    await link.cut();
    const during = await fetch(`${server.url}/connect/countries/za`);
    expect(during.status).toBe(503);
    expect(during.headers.get('retry-after')).toBe('5');
    expect(await during.json()).toEqual({ message: 'The service is temporarily unavailable. Please try again shortly.' });

    // A real server gives the pool's new connection a new session, without the old one's prepared statements;
    // PGlite's socket server serves every connection from its one session, so it forgets them here instead.
    await pglite?.exec('DEALLOCATE ALL');
    await link.open(linkPort);
    const after = await fetch(`${server.url}/connect/countries/za`);
    expect(after.status).toBe(200);
    expect((await after.json()).currency).toBe('ZAR');
  }, 60_000);
});

describe('every pooled connection is busy', () => {
  it("pg-pool's wait timing out counts as the database being unavailable (503, not 500)", async () => {
    const pglite = new PGlite();
    const port = await freePort();
    const socketServer = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port, maxConnections: 10 });
    await socketServer.start();
    const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres?sslmode=disable`, max: 1, connectionTimeoutMillis: 200 });
    try {
      const held = await pool.connect();
      const waited = await pool.connect().then((client) => { client.release(); return undefined; }, (error: unknown) => error);
      held.release();
      expect(waited).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(waited)).toBe(true);
      expect(isDatabaseUnavailable(new Error('duplicate key value violates unique constraint'))).toBe(false);
    } finally {
      await pool.end();
      await socketServer.stop();
      await pglite.close();
    }
  }, 30_000);
});
