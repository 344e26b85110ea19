import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Logger } from 'pino';
import { projectPath } from '../paths';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The rows of raw SQL: `db.execute` answers `{ rows }` on PGlite and on node-postgres alike. */
export async function rowsOf<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  if (result && typeof result === 'object' && 'rows' in result && Array.isArray(result.rows)) return result.rows as Row[];
  throw new Error('unexpected result shape from db.execute');
}

/** Plain SQL on the same database, for libraries that bring their own SQL (the job queue, server/jobs). */
export interface SqlExecutor {
  /** With values: one parameterised statement; without: the text may hold several statements. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The connection the ORM uses, as plain SQL: PGlite itself, or the same pg pool (no second pool). */
  sql: SqlExecutor;
  /** Applies the committed migrations not yet applied; answers how many it applied. */
  migrate(): Promise<number>;
  /** Refreshes planner statistics; PGlite runs no autovacuum, so without it indexes go unused. */
  analyze(): Promise<void>;
  /**
   * LISTEN on a channel: `pg_notify` from any connection (any server process on PostgreSQL) reaches the
   * listener once its transaction commits. Answers the unlisten.
   */
  listen: Listen;
  /** The whole embedded database as one file (PGlite only): tests start every server of a run from one seeded copy. */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

export type Listen = (channel: string, listener: (payload: string) => void) => Promise<() => Promise<void>>;

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  inMemory: boolean;
  /** An in-memory database starts as a copy of this dump (of `dump()`) instead of empty. */
  template?: Blob;
  logger: Logger;
}

const migrationsFolder = projectPath('server', 'db', 'migrations');

/** Thrown when the database cannot be reached at start-up; main prints it as one line. */
export class DatabaseUnreachableError extends Error {}

export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable DATABASE_URL)';
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.logger);
  let client: PGlite;
  if (options.inMemory) {
    client = new PGlite(options.template && { loadDataDir: options.template });
  } else {
    const directory = join(options.dataDir, 'pglite');
    await mkdir(directory, { recursive: true });
    client = new PGlite(directory);
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  const executor = pgliteExecutor(client);
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    sql: executor,
    migrate: () => migratePgliteInOneGo(client),
    analyze: async () => { await db.execute(sql`ANALYZE`); },
    listen: (channel, listener) => client.listen(channel, listener),
    dump: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

/**
 * PGlite runs a parameterised statement with `query` and a script (several statements, e.g. a migration or a
 * BEGIN ... COMMIT block) with `exec`; the answer is the last statement's rows, as pg's would be for one.
 */
function pgliteExecutor(client: PGlite): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      const answered = results.filter((result) => result.fields.length > 0);
      return { rows: answered.at(-1)?.rows ?? [] };
    },
  };
}

/**
 * drizzle's migrator, as one script: the same table and rows (drizzle.__drizzle_migrations: each applied migration's
 * hash and journal time; a migration is pending when its time is after the last recorded one), all pending
 * migrations in one transaction as drizzle runs them, but sent to PGlite in one `exec` instead of one query per
 * statement (a new database's 500-odd statements: ~40 % less CPU). A database already up to date is told by the
 * journal alone, without reading and hashing every migration file. Answers how many it applied.
 */
async function migratePgliteInOneGo(client: PGlite): Promise<number> {
  await client.exec(`CREATE SCHEMA IF NOT EXISTS "drizzle";
    CREATE TABLE IF NOT EXISTS "drizzle"."__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`);
  const { rows: [last] } = await client.query<{ created_at: string }>('select created_at from "drizzle"."__drizzle_migrations" order by created_at desc limit 1');
  const applied = last ? Number(last.created_at) : undefined;
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  if (applied !== undefined && journal.entries.every((entry) => entry.when <= applied)) return 0;
  const pending = readMigrationFiles({ migrationsFolder }).filter((migration) => applied === undefined || applied < migration.folderMillis);
  if (pending.length === 0) return 0;
  const script = pending.flatMap((migration) => [
    ...migration.sql,
    `insert into "drizzle"."__drizzle_migrations" ("hash", "created_at") values ('${migration.hash}', ${Number(migration.folderMillis)})`,
  ]);
  try {
    // Empty statements (a chunk ending in its own semicolon) are allowed.
    await client.exec(['BEGIN', ...script, 'COMMIT'].join(';\n'));
  } catch (error) {
    await client.exec('ROLLBACK').catch(() => undefined);
    throw error;
  }
  return pending.length;
}

/** How many migrations drizzle has recorded as applied (none before the first, when its table does not exist). */
async function recordedMigrations(executor: SqlExecutor): Promise<number> {
  const { rows: [table] } = await executor.executeSql("select to_regclass('drizzle.__drizzle_migrations') is not null as present");
  if (!table?.present) return 0;
  const { rows: [count] } = await executor.executeSql('select count(*)::int as applied from drizzle.__drizzle_migrations');
  return Number(count?.applied ?? 0);
}

async function counted(executor: SqlExecutor, migrate: () => Promise<void>): Promise<number> {
  const before = await recordedMigrations(executor);
  await migrate();
  return (await recordedMigrations(executor)) - before;
}

/** How long a request waits for a pooled connection before it answers 503. */
export const DATABASE_POOL_WAIT_MS = 5000;

async function openPostgres(databaseUrl: string, logger: Logger): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: DATABASE_POOL_WAIT_MS });
  // An idle client losing its connection must not crash the process; requests then answer 503 until it is back.
  pool.on('error', (error) => logger.warn({ err: error }, 'database connection lost'));
  try {
    const probe = await pool.connect();
    probe.release();
  } catch (error) {
    await pool.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message || (error as NodeJS.ErrnoException).code : String(error);
    throw new DatabaseUnreachableError(`Database unreachable at ${redactDatabaseUrl(databaseUrl)}: ${reason}`);
  }
  const db = drizzlePg({ client: pool, schema });
  const listener = createPostgresListener(databaseUrl, logger);
  const executor: SqlExecutor = { executeSql: (text, values) => pool.query(text, values) };
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    sql: executor,
    migrate: () => counted(executor, () => migratePg(db, { migrationsFolder })),
    analyze: async () => { await db.execute(sql`ANALYZE`); },
    listen: listener.listen,
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

/** How long the LISTEN connection waits before it reconnects after losing the server. */
const LISTEN_RECONNECT_MS = 2000;

/**
 * One dedicated connection for every LISTEN of the process (a pooled one would be handed to queries). It is
 * opened on the first listen and reconnects, re-listening, when the server goes away; notifications sent
 * while it is down are lost, which every listener here tolerates (they are prompts, not records).
 */
function createPostgresListener(databaseUrl: string, logger: Logger): { listen: Listen; close(): Promise<void> } {
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const quoted = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

  function reconnectLater(): void {
    if (closed) return;
    retry = setTimeout(() => {
      connecting = connect();
      connecting.catch(() => { connecting = undefined; reconnectLater(); });
    }, LISTEN_RECONNECT_MS);
  }

  async function connect(): Promise<pg.Client> {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', ({ channel, payload }) => {
      for (const listener of listeners.get(channel) ?? []) listener(payload ?? '');
    });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = undefined;
      connecting = undefined;
      if (error) logger.warn({ err: error }, 'database LISTEN connection lost');
      reconnectLater();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    await next.connect();
    for (const channel of listeners.keys()) await next.query(`LISTEN ${quoted(channel)}`);
    client = next;
    return next;
  }

  return {
    async listen(channel, listener) {
      const first = !listeners.has(channel);
      const set = listeners.get(channel) ?? new Set();
      set.add(listener);
      listeners.set(channel, set);
      const connection = client ?? await (connecting ??= connect());
      // LISTEN twice is harmless; a connection opened meanwhile may have listed the channels before this one.
      if (first) await connection.query(`LISTEN ${quoted(channel)}`);
      return async () => {
        set.delete(listener);
        if (set.size > 0) return;
        listeners.delete(channel);
        await client?.query(`UNLISTEN ${quoted(channel)}`).catch(() => undefined);
      };
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const open = client;
      client = undefined;
      await open?.end().catch(() => undefined);
    },
  };
}

const unavailableCodes = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH',
  '08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03',
]);

/**
 * True when an error (or its cause) means the database cannot be reached right now — gone, or every pooled
 * connection busy past the pool's wait (pg-pool's 'timeout exceeded when trying to connect'): both pass.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && unavailableCodes.has(candidate.code)) return true;
    if (typeof candidate.message === 'string' && /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(candidate.message)) return true;
    current = candidate.cause;
  }
  return false;
}
