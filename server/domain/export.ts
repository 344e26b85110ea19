import { EXPORT_BATCH_SIZE } from '../../src/lib/constants';

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
