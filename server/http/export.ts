import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { EXPORT_CONTENT_TYPE } from '../../src/lib/constants';
import { RowExport } from '../domain/export';
import { loadExcel } from '../lazy-packages';

/**
 * Streams an export to the reply as .xlsx with exceljs's streaming writer: each row is committed to the zip
 * stream as the domain's iterable yields it, and the writer waits for the client to drain before pulling more.
 * A failure after the headers were sent can only abort the download (the browser sees a truncated file and
 * says the export failed).
 */
export function streamExport<Row>(reply: FastifyReply, file: RowExport<Row>): FastifyReply {
  const output = new PassThrough();
  reply
    .header('Content-Type', EXPORT_CONTENT_TYPE)
    .header('Content-Disposition', `attachment; filename="${file.fileName}.xlsx"; filename*=UTF-8''${encodeURIComponent(file.fileName)}.xlsx`)
    .header('Cache-Control', 'no-store');
  if (file.total !== undefined) reply.header('X-Total-Count', String(file.total));
  reply.send(output);

  void (async () => {
    const ExcelJS = await loadExcel();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: false, useSharedStrings: false });
    const sheet = workbook.addWorksheet(file.fileName.slice(0, 31));
    sheet.columns = file.columns.map((column, index) => ({ header: column.header, key: `c${index}`, width: column.width ?? 20 }));
    for await (const row of file.rows) {
      sheet.addRow(file.columns.map((column) => column.value(row) ?? null)).commit();
      // The zip's deflate runs behind the rows: wait for it as well as for the client, or the sheet's XML piles up.
      const backlog = zipBacklogOf(sheet);
      if (backlog) {
        // A client gone (output closed) stops the zip, so its backlog never drains: stop waiting then too. Whichever
        // comes first removes the other listener (left behind, a 'close' listener per wait piled up on the output).
        await new Promise<void>((resolve) => {
          const done = () => { backlog.removeListener('drain', done); output.off('close', done); resolve(); };
          backlog.once('drain', done);
          output.once('close', done);
        });
      }
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

/** A stream of readable-stream 2 (archiver's), whose writable side says when it is over its high-water mark. */
interface LegacyWritable {
  _writableState: { needDrain: boolean };
  once(event: 'drain', listener: () => void): unknown;
  removeListener(event: 'drain', listener: () => void): unknown;
}

const isLegacyWritable = (value: unknown): value is LegacyWritable => typeof value === 'object' && value !== null
  && typeof Reflect.get(value, 'once') === 'function' && typeof Reflect.get(value, 'removeListener') === 'function' && typeof Reflect.get(value, '_writableState') === 'object';

/**
 * The stream between a streaming worksheet and the zip, when it holds more than its high-water mark. exceljs's sheet
 * stream (StreamBuf) writes into archiver's PassThrough without heeding its answer, so the uncompressed XML of every
 * row not yet deflated waits there (777 MB for a 1,000,000-row report, docs/benchmarks.md); exceljs has no public
 * signal for it, hence the look inside. Undefined when there is no backlog or the internals are not as expected.
 */
function zipBacklogOf(sheet: object): LegacyWritable | undefined {
  const stream: unknown = Reflect.get(sheet, 'stream');
  const pipes: unknown = typeof stream === 'object' && stream !== null ? Reflect.get(stream, 'pipes') : undefined;
  const target: unknown = Array.isArray(pipes) ? pipes[0] : undefined;
  return isLegacyWritable(target) && target._writableState.needDrain ? target : undefined;
}

type JsonOf<Result> = Result extends RowExport<infer _Row> ? never : Result;

/** A list handler's answer: a domain export is streamed as a file, anything else is the JSON body. */
export function answer<Result>(reply: FastifyReply, result: Result): JsonOf<Result> | FastifyReply {
  return result instanceof RowExport ? streamExport(reply, result) : (result as JsonOf<Result>);
}
