import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { EXPORT_BATCH_SIZE } from '../../src/lib/constants';
import { cursorBatches } from '../db/cursor';
import type { Database } from '../db/database';

/** One column of an export: the header the file shows and how a row gives its cell. */
export interface ExportColumn<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | Date | null | undefined;
  width?: number;
}

export interface ExportSpec<Row extends { id: number }> {
  /** The spec's file name without extension (000 section 9: "Companies", "Stores", "Users" ...). */
  fileName: string;
  columns: ExportColumn<Row>[];
  /** The next batch in the list's order after `last` (keyset), at most `limit` rows. */
  batch: (last: Row | undefined, limit: number) => Promise<Row[]>;
  /** How many rows the export will have, for the browser's progress (X-Total-Count). */
  total?: number;
  batchSize?: number;
}

/**
 * An export as the domain answers it: what the file is called, its columns, and its rows as an async
 * iterable. The HTTP layer writes the file (server/http/export.ts); the domain never sees a reply, so the
 * same export can be written by a job or a script.
 */
export class RowExport<Row> {
  constructor(
    readonly fileName: string,
    readonly columns: ExportColumn<Row>[],
    readonly rows: AsyncIterable<Row>,
    readonly total?: number,
  ) {}
}

/**
 * The rows of a list read in keyset batches as they are consumed: the whole result is never held in memory,
 * and the next batch is read only when the writer asks for more.
 */
export function rowExport<Row extends { id: number }>(spec: ExportSpec<Row>): RowExport<Row> {
  const limit = spec.batchSize ?? EXPORT_BATCH_SIZE;
  async function* rows() {
    let last: Row | undefined;
    for (;;) {
      const batch = await spec.batch(last, limit);
      yield* batch;
      if (batch.length < limit) return;
      last = batch.at(-1);
    }
  }
  return new RowExport(spec.fileName, spec.columns, rows(), spec.total);
}

/** What a cell of the file can hold. */
export type ExportCell = ReturnType<ExportColumn<never>['value']>;

/**
 * A column of an export read through a cursor (cursorExport): what it reads, and how that becomes the cell when the
 * value as the database sends it is not the cell (server/db/cursor.ts leaves timestamps and dates as text).
 */
export interface ExportField {
  header: string;
  field: PgColumn | SQL | SQL.Aliased;
  cell?: (value: unknown) => ExportCell;
  width?: number;
}

/** The fields for `db.select(...)` in the export's order (c0, c1, ...): a row read as an array has its cells in that order. */
export const exportSelection = (fields: readonly ExportField[]) => Object.fromEntries(fields.map((field, index) => [`c${index}`, field.field]));

/** The columns of an export whose rows are arrays in the fields' order. */
export const exportColumns = (fields: readonly ExportField[]): ExportColumn<unknown[]>[] => fields.map(({ header, width, cell }, index) => ({
  header,
  width,
  value: cell ? (row: unknown[]) => cell(row[index]) : (row: unknown[]) => row[index] as ExportCell,
}));

/**
 * An export whose rows are read by one statement through a cursor (server/db/cursor.ts) as arrays, a batch at a
 * time as the writer pulls (issue 23: no ORM mapping, one statement however many rows, one batch held).
 * `statement` selects `exportSelection(fields)` in the file's order.
 */
export function cursorExport(db: Database, fileName: string, fields: readonly ExportField[], statement: SQL, total?: number): RowExport<unknown[]> {
  async function* rows() {
    for await (const batch of cursorBatches(db, statement, EXPORT_BATCH_SIZE)) yield* batch.rows;
  }
  return new RowExport(fileName, exportColumns(fields), rows(), total);
}
