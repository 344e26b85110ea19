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
