import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { EXPORT_BATCH_SIZE, EXPORT_CONTENT_TYPE } from '../../src/lib/constants';

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
 * Streams an .xlsx file to the reply with exceljs's streaming writer: rows are read in keyset batches and
 * committed to the zip stream as they come, so the whole result is never held in memory; the writer waits
 * for the client to drain before reading the next batch. A failure after the headers were sent can only
 * abort the download (the browser sees a truncated file and says the export failed).
 */
export function streamExport<Row extends { id: number }>(reply: FastifyReply, spec: ExportSpec<Row>): FastifyReply {
  const output = new PassThrough();
  const limit = spec.batchSize ?? EXPORT_BATCH_SIZE;
  reply
    .header('Content-Type', EXPORT_CONTENT_TYPE)
    .header('Content-Disposition', `attachment; filename="${spec.fileName}.xlsx"; filename*=UTF-8''${encodeURIComponent(spec.fileName)}.xlsx`)
    .header('Cache-Control', 'no-store');
  if (spec.total !== undefined) reply.header('X-Total-Count', String(spec.total));
  reply.send(output);

  void (async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: false, useSharedStrings: false });
    const sheet = workbook.addWorksheet(spec.fileName.slice(0, 31));
    sheet.columns = spec.columns.map((column, index) => ({ header: column.header, key: `c${index}`, width: column.width ?? 20 }));
    let last: Row | undefined;
    for (;;) {
      const rows = await spec.batch(last, limit);
      for (const row of rows) sheet.addRow(spec.columns.map((column) => column.value(row) ?? null)).commit();
      if (rows.length < limit) break;
      last = rows.at(-1);
      if (output.writableNeedDrain) await once(output, 'drain');
      if (output.destroyed) return;
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    reply.log.error({ err: error }, 'export failed');
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply;
}
