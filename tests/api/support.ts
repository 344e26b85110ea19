import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import createClient from 'openapi-fetch';
import pg from 'pg';
import type { paths as ConnectPaths } from '../../src/api/generated/connect';
import type { paths as IdentityPaths } from '../../src/api/generated/identity';
import { signAccessToken } from '../../server/auth/tokens';
import type { ServerConfig } from '../../server/config';
import { refreshTokenFamilies, users } from '../../server/db/schema';
import { startServer, type RunningServer } from '../../server/server';
import { startPaymentSandbox, type RunningSandbox } from '../../server/payments/sandbox';

export interface TestServer extends RunningServer {
  /** Every log line the server wrote, to check what never appears in logs. */
  logs: string[];
  /** A valid access token for a seeded user, signed by the server's own key. */
  tokenFor(email: string, ttlSeconds?: number): Promise<string>;
  connect: ReturnType<typeof createClient<ConnectPaths>>;
  identity: ReturnType<typeof createClient<IdentityPaths>>;
  /** The card provider sandbox the server talks to (booking and payment tests). */
  sandbox: RunningSandbox;
}

/**
 * The real server over HTTP on a free loopback port: a fresh in-memory PGlite, or the PostgreSQL server of
 * DATABASE_URL when the suite runs against one (the CI's PostgreSQL pass).
 */
export async function startTestServer(config: Partial<ServerConfig> = {}): Promise<TestServer> {
  const logs: string[] = [];
  const logDestination = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const dataDir = await mkdtemp(join(tmpdir(), 'courier-api-'));
  const database = await freshPostgresDatabase(config.databaseUrl);
  const sandbox = await startPaymentSandbox();
  const server = await startServer({
    config: {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      inMemoryDatabase: !process.env.DATABASE_URL,
      webRoot: join(dataDir, 'no-web'),
      logLevel: 'info',
      paymentProviderUrl: sandbox.url,
      // Every test of a file comes from one loopback address: the edge limits are tested on their own.
      anonymousWritesPerMinute: 1_000_000,
      maxEventLoopDelayMs: 0,
      ...config,
      ...(database && { databaseUrl: database.url }),
    },
    env: { DATABASE_URL: process.env.DATABASE_URL },
    logDestination,
  });
  return {
    ...server,
    async close() {
      await server.close();
      await sandbox.close();
      await database?.drop();
    },
    logs,
    sandbox,
    connect: createClient<ConnectPaths>({ baseUrl: `${server.url}/connect` }),
    identity: createClient<IdentityPaths>({ baseUrl: `${server.url}/identity` }),
    async tokenFor(email, ttlSeconds = 300) {
      const [user] = await server.database.db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
      if (!user) throw new Error(`no seeded user ${email}`);
      // A real session (refresh-token family), as the server checks every access token's session.
      const [family] = await server.database.db.insert(refreshTokenFamilies).values({ userId: user.id, absoluteExpiresAt: new Date(Date.now() + 86_400_000) }).returning();
      return signAccessToken(server.keys, user, ttlSeconds, undefined, family!.id);
    },
  };
}

/**
 * Against a PostgreSQL server each test file gets a database of its own, so files run in parallel without
 * sharing rows or racing each other's migrations. `via` is the URL the server will use (maybe through a hop).
 */
async function freshPostgresDatabase(via: string | undefined) {
  const admin = process.env.DATABASE_URL;
  if (!admin) return undefined;
  const name = `courier_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(via ?? admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: admin });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

// Answers are parsed JSON that each test reads as it expects.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface Answer<T = any> { status: number; body: T; headers: Headers }

/** One call to the connect API as a seeded user (by email), answered as status and parsed JSON body. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function callAs<T = any>(server: TestServer, email: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
  const token = await server.tokenFor(email);
  const response = await fetch(`${server.url}/connect${path}`, {
    method,
    headers: { ...bearer(token), ...(body !== undefined && { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}
