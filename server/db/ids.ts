import { sql } from 'drizzle-orm';
import type { Tx } from '../domain/ledger';
import { rowsOf, type Database } from './database';

/**
 * n ids taken from a serial table's own sequence, in ascending order, for a multi-row INSERT that must know its
 * rows' ids before writing them (a delivery's waybill is made from its id; a batch's rows point at each other).
 */
export async function reserveIds(tx: Tx, table: string, n: number): Promise<number[]> {
  if (n === 0) return [];
  const rows = await rowsOf<{ id: number }>(tx as Database, sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${n}::int)`);
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

export type ColumnType = 'int' | 'text' | 'float8' | 'bool' | 'jsonb' | 'timestamptz';

/**
 * A multi-row INSERT as one array parameter per column (`insert … select … from unnest($1::int[], …)`): thousands
 * of rows cost a few dozen parameters, not one per cell, and no per-cell work in the ORM. Values are given in the
 * columns' order; jsonb values are objects (serialised here), timestamps Dates.
 */
export async function insertColumns(tx: Tx, table: string, columns: readonly (readonly [name: string, type: ColumnType])[], rows: readonly (readonly unknown[])[]): Promise<void> {
  if (rows.length === 0) return;
  const arrays = columns.map(([, type], index) => rows.map((row) => {
    const value = row[index];
    if (value === null || value === undefined) return null;
    if (type === 'jsonb') return JSON.stringify(value);
    if (type === 'timestamptz') return (value as Date).toISOString();
    return value;
  }));
  const names = sql.raw(columns.map(([name]) => `"${name}"`).join(', '));
  const picks = sql.raw(columns.map(([, type], index) => (type === 'jsonb' ? `c${index}::jsonb` : `c${index}`)).join(', '));
  const aliases = sql.raw(columns.map((_, index) => `c${index}`).join(', '));
  const unnested = sql.join(columns.map(([, type], index) => sql`${sql.param(arrays[index])}::${sql.raw(type === 'jsonb' ? 'text' : type)}[]`), sql`, `);
  await tx.execute(sql`insert into ${sql.raw(`"${table}"`)} (${names}) select ${picks} from unnest(${unnested}) as t(${aliases})`);
}
