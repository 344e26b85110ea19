import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from './database';

/** One batch read from a cursor: its rows as arrays in the statement's column order, and the columns' names. */
export interface RowBatch {
  columns: string[];
  rows: unknown[][];
}

const dialect = new PgDialect();

/**
 * Types left as the text PostgreSQL sends, as the ORM's raw queries leave them (drizzle-orm's node-postgres and
 * PGlite sessions): timestamps, dates and intervals, and their arrays. Everything else is parsed as the driver does.
 */
const TEXT_TYPES = [1114, 1184, 1082, 1186, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;
const pgTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') => (TEXT_TYPES.includes(oid) ? asText : pg.types.getTypeParser(oid, format ?? 'text')),
};
const pgliteParsers = Object.fromEntries(TEXT_TYPES.map((oid) => [oid, asText]));

type ArrayQuery = (text: string, params: unknown[]) => Promise<RowBatch>;

/** Runs `work` in a transaction on one connection of its own (PostgreSQL) or PGlite's, its queries answering arrays. */
async function inTransaction(db: Database, work: (query: ArrayQuery) => Promise<void>): Promise<void> {
  const client: unknown = Reflect.get(db, '$client');
  if (client instanceof pg.Pool) {
    const connection = await client.connect();
    let broken: Error | undefined;
    try {
      await connection.query('begin');
      await work(async (text, params) => {
        const result = await connection.query<unknown[]>({ text, values: params, rowMode: 'array', types: pgTypes });
        return { columns: result.fields.map((field) => field.name), rows: result.rows };
      });
      await connection.query('commit');
    } catch (error) {
      await connection.query('rollback').catch((failure: unknown) => { broken = failure instanceof Error ? failure : new Error(String(failure)); });
      throw error;
    } finally {
      // A connection that could not even roll back is closed, not handed to the next request.
      connection.release(broken);
    }
    return;
  }
  if (client instanceof PGlite) {
    await client.transaction(async (tx) => work(async (text, params) => {
      const result = await tx.query<unknown[]>(text, params, { rowMode: 'array', parsers: pgliteParsers });
      return { columns: result.fields.map((field) => field.name), rows: result.rows };
    }));
    return;
  }
  throw new Error('cursorBatches: neither a pg pool nor PGlite behind the database');
}

/**
 * The rows of one statement through a server-side cursor (DECLARE ... FETCH), in a transaction of its own, `batch`
 * rows at a time as arrays: no ORM mapping and no object per row. Back-pressure: the next batch is fetched only when
 * the consumer asks for it, so at most one batch is held (the one being written). The statement runs once however
 * long its result; `settings` (e.g. `set local jit = off`) run first in the same transaction. Stopping early (a
 * client gone) closes the cursor and ends the transaction.
 */
export async function* cursorBatches(db: Database, statement: SQL, batch: number, settings: SQL[] = []): AsyncGenerator<RowBatch> {
  let handOver: ((next: RowBatch | undefined) => void) | undefined;
  let askForMore: ((more: boolean) => void) | undefined;
  let outcome: { error: unknown } | undefined;
  const wanted = () => new Promise<boolean>((resolve) => { askForMore = resolve; });
  let nextWanted = wanted();
  const reader = inTransaction(db, async (query) => {
    for (const setting of settings) {
      const compiled = dialect.sqlToQuery(setting);
      await query(compiled.sql, compiled.params);
    }
    const compiled = dialect.sqlToQuery(statement);
    await query(`declare row_export no scroll cursor for ${compiled.sql}`, compiled.params);
    for (;;) {
      if (!await nextWanted) break;
      nextWanted = wanted();
      const next = await query(`fetch ${batch} from row_export`, []);
      handOver?.(next);
      if (next.rows.length < batch) break;
    }
    await query('close row_export', []);
  }).catch((error: unknown) => { outcome = { error }; }).finally(() => handOver?.(undefined));
  try {
    for (;;) {
      const next = new Promise<RowBatch | undefined>((resolve) => { handOver = resolve; });
      askForMore?.(true);
      const rows = await next;
      if (!rows) break;
      if (rows.rows.length > 0) yield rows;
      if (rows.rows.length < batch) break;
    }
  } finally {
    askForMore?.(false);
    await reader;
  }
  if (outcome) throw outcome.error;
}
