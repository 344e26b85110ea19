import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import createClient from 'openapi-fetch';
import pg from 'pg';
import { inject } from 'vitest';
import type { paths as ConnectPaths } from '../../src/api/generated/connect';
import type { paths as IdentityPaths } from '../../src/api/generated/identity';
import { signAccessToken } from '../../server/auth/tokens';
import type { ServerConfig } from '../../server/config';
import { refreshTokenFamilies, users } from '../../server/db/schema';
import { startServer, type RunningServer } from '../../server/server';
import { startPaymentSandbox, type RunningSandbox } from '../../server/payments/sandbox';
import { emailOf, type SeededLogin } from '../support/seeded-users';

export type ConnectClient = ReturnType<typeof createClient<ConnectPaths>>;
type IdentityClient = ReturnType<typeof createClient<IdentityPaths>>;

/** The typed clients of one seeded user: every request carries a fresh bearer token of that user. */
export interface SignedIn {
  email: string;
  /** A fresh access token of this user (for sockets, hubs and headers the clients do not send). */
  token(): Promise<string>;
  connect: ConnectClient;
  identity: IdentityClient;
}

export interface TestServer extends RunningServer {
  /** Every log line the server wrote, to check what never appears in logs. */
  logs: string[];
  /** A valid access token for a seeded user, signed by the server's own key. */
  tokenFor(email: string, ttlSeconds?: number): Promise<string>;
  /** Anonymous typed clients (no token). */
  connect: ConnectClient;
  identity: IdentityClient;
  /** Typed clients signed in as a seeded user: `server.as('administrator').connect.GET(...)`. */
  as(login: SeededLogin): SignedIn;
  /**
   * One request as it is written, for what the typed clients cannot send: malformed input, unknown query
   * parameters, raw headers. `login` undefined sends no token; `path` is under /connect.
   */
  raw<T = any>(login: SeededLogin | undefined, method: HttpMethod, path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer<T>>; // eslint-disable-line @typescript-eslint/no-explicit-any
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
  // The run's seeded template, unless the test changes what seeding depends on (the router) or the database.
  const fromTemplate = !config.router && !config.geocoder && !config.databaseUrl && config.inMemoryDatabase === undefined;
  const database = await freshPostgresDatabase(config.databaseUrl, fromTemplate);
  const sandbox = await startPaymentSandbox();
  const server = await startServer({
    seed: !(database?.fromTemplate),
    template: fromTemplate && !database ? await pgliteTemplate() : undefined,
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
      expensiveCallsPerMinute: 1_000_000,
      maxEventLoopDelayMs: 0,
      ...config,
      ...(database && { databaseUrl: database.url }),
    },
    env: { DATABASE_URL: process.env.DATABASE_URL },
    logDestination,
  });
  async function tokenFor(email: string, ttlSeconds = 300) {
    const [user] = await server.database.db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    if (!user) throw new Error(`no seeded user ${email}`);
    // A real session (refresh-token family): the server checks every access token's session.
    const [family] = await server.database.db.insert(refreshTokenFamilies).values({ userId: user.id, absoluteExpiresAt: new Date(Date.now() + 86_400_000) }).returning();
    return signAccessToken(server.keys, user, ttlSeconds, undefined, family!.id);
  }
  const clients = (headers: Record<string, string>) => ({
    connect: createClient<ConnectPaths>({ baseUrl: `${server.url}/connect`, headers }),
    identity: createClient<IdentityPaths>({ baseUrl: `${server.url}/identity`, headers }),
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
    ...clients({}),
    tokenFor,
    as(login) {
      const email = emailOf(login);
      const signedIn = clients({});
      // A token per request, as a signed-in app sends its current one; a long test never outlives it.
      const withToken = { async onRequest({ request }: { request: Request }) {
        request.headers.set('Authorization', `Bearer ${await tokenFor(email)}`);
        return request;
      } };
      signedIn.connect.use(withToken);
      signedIn.identity.use(withToken);
      return { email, token: () => tokenFor(email), ...signedIn };
    },
    async raw(login, method, path, body, headers = {}) {
      const token = login && await tokenFor(emailOf(login));
      const response = await fetch(`${server.url}/connect${path}`, {
        method,
        headers: { ...(token && bearer(token)), ...(body !== undefined && { 'Content-Type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      const json = (response.headers.get('content-type') ?? '').includes('json');
      return { status: response.status, body: text && json ? JSON.parse(text) : text || undefined, headers: response.headers };
    },
  };
}

/**
 * Against a PostgreSQL server each test file gets a database of its own, so files run in parallel without
 * sharing rows or racing each other's migrations. `via` is the URL the server will use (maybe through a hop).
 */
export async function freshPostgresDatabase(via?: string, fromTemplate = false) {
  const admin = process.env.DATABASE_URL;
  if (!admin) return undefined;
  const name = `courier_test_${randomBytes(6).toString('hex')}`;
  const template = fromTemplate ? provided('postgresTemplate') : undefined;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await client.end();
  const url = new URL(via ?? admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    /** Created as a copy of the run's migrated, seeded database. */
    fromTemplate: Boolean(template),
    async drop() {
      const dropper = new pg.Client({ connectionString: admin });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * What the API project's global setup provided; undefined elsewhere (the component tests start this server in a
 * process of their own, outside the test runner, and seed it there).
 */
function provided<Key extends 'pgliteTemplate' | 'postgresTemplate'>(key: Key): string | undefined {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

/** The run's seeded PGlite database (tests/api/global-setup.ts), read once per file. */
let template: Promise<Blob> | undefined;
function pgliteTemplate(): Promise<Blob> | undefined {
  const file = provided('pgliteTemplate');
  if (!file) return undefined;
  template ??= readFile(file).then((bytes) => new Blob([bytes]));
  return template;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The data of a typed call that must succeed (the old helpers' `.body` read without a status check):
 * fails the test with the status and the error when the call did not.
 */
export async function dataOf<R extends { data?: unknown; error?: unknown; response: Response }>(call: Promise<R>): Promise<NonNullable<R['data']>> {
  const { data, error, response } = await call;
  if (data === undefined || data === null) throw new Error(`${response.url}: ${response.status} ${JSON.stringify(error)}`);
  return data as NonNullable<R['data']>;
}

/** A list's page, where the same operation may answer select options or a file instead; fails otherwise. */
export function pageOf<Answer>(answer: Answer): Extract<Answer, { items: unknown }> {
  if (!answer || typeof answer !== 'object' || !('items' in answer)) throw new Error(`a page was expected: ${JSON.stringify(answer)}`);
  return answer as Extract<Answer, { items: unknown }>;
}

/** The field errors of a 400 answer's envelope; undefined for an answer without them. */
export function fieldErrors(error: unknown): Record<string, string[]> | undefined {
  return error && typeof error === 'object' && 'errors' in error ? error.errors as Record<string, string[]> : undefined;
}

/** The portal most tests call: `params: { path: ZA }`, `params: { path: { ...ZA, id } }`. */
export const ZA = { cca2: 'za' } as const;
/** The query parameters of a connect list (GET), for helpers that take some of them: `ListQuery<'/jobs/{cca2}'>`. */
export type ListQuery<Path extends keyof ConnectPaths> = ConnectPaths[Path] extends { get: { parameters: { query?: infer Query } } } ? NonNullable<Query> : never;

/** The path parameters of one row in the ZA portal: `params: inZa(id)`. */
export const inZa = (id: number) => ({ path: { ...ZA, id } });

// Answers are parsed JSON that each test reads as it expects.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface Answer<T = any> { status: number; body: T; headers: Headers }
