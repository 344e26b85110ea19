import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/database';
import { cursorRows } from '../../server/domain/reports/runner';
import { startTestServer, type TestServer } from './support';

// A report export above REPORT_CURSOR_EXPORT_ROWS reads its table through one cursor (bench/reports.ts exports 1M rows).
let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

describe('report exports through a cursor', () => {
  it('yields every row once, in the statement\'s order, a batch at a time', async () => {
    const seen: number[] = [];
    for await (const row of cursorRows<{ n: number }>(server.database.db, sql`select g as n from generate_series(1, 2500) g order by g desc`, 1000)) {
      seen.push(row.n);
    }
    expect(seen).toHaveLength(2500);
    expect(seen[0]).toBe(2500);
    expect(seen.at(-1)).toBe(1);
  });

  it('ends its transaction when the reader stops early, and the database answers again', async () => {
    let taken = 0;
    for await (const _row of cursorRows(server.database.db, sql`select g from generate_series(1, 5000) g`, 1000)) {
      taken += 1;
      if (taken === 5) break;
    }
    expect(taken).toBe(5);
    const [after] = await rowsOf<{ one: number }>(server.database.db, sql`select 1 as one`);
    expect(after?.one).toBe(1);
  });

  it('passes a failing statement\'s error to the reader', async () => {
    const read = async () => {
      for await (const _row of cursorRows(server.database.db, sql`select 1 / (g - 3) from generate_series(1, 5) g`, 2)) { /* reads on */ }
    };
    const error = await read().then(() => undefined, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    // The driver's error arrives as the cause of the ORM's "Failed query" error.
    expect(String((error as Error).cause ?? error)).toMatch(/division by zero/);
    const [after] = await rowsOf<{ one: number }>(server.database.db, sql`select 1 as one`);
    expect(after?.one).toBe(1);
  });
});
