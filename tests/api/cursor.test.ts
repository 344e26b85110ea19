import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cursorBatches } from '../../server/db/cursor';
import { rowsOf } from '../../server/db/database';
import { startTestServer, type TestServer } from './support';

// Exports read their rows through one cursor as arrays (server/db/cursor.ts; bench/reports.ts exports 1M rows, bench/export.ts 100,000).
let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

describe('exports read through a cursor', () => {
  it('yields every row once as an array, in the statement\'s order, a batch at a time', async () => {
    const seen: unknown[][] = [];
    const sizes: number[] = [];
    for await (const batch of cursorBatches(server.database.db, sql`select g as n, 'x' || g as label from generate_series(1, 2500) g order by g desc`, 1000)) {
      expect(batch.columns).toEqual(['n', 'label']);
      sizes.push(batch.rows.length);
      seen.push(...batch.rows);
    }
    expect(sizes).toEqual([1000, 1000, 500]);
    expect(seen).toHaveLength(2500);
    expect(seen[0]).toEqual([2500, 'x2500']);
    expect(seen.at(-1)).toEqual([1, 'x1']);
  });

  it('leaves dates and timestamps as the text the database sends, as the ORM\'s raw queries do', async () => {
    const batches = [];
    for await (const batch of cursorBatches(server.database.db, sql`select date '2026-03-01' as day, timestamptz '2026-03-01 10:00:00+00' as at, 2.5::numeric as n`, 10)) {
      batches.push(batch);
    }
    const [day, at, n] = batches[0]!.rows[0]!;
    expect(day).toBe('2026-03-01');
    expect(typeof at).toBe('string');
    expect(new Date(String(at)).toISOString()).toBe('2026-03-01T10:00:00.000Z');
    expect(n).toBe('2.5');
  });

  it('runs its settings in the cursor\'s transaction', async () => {
    const values: unknown[] = [];
    for await (const batch of cursorBatches(server.database.db, sql`select current_setting('work_mem') as memory`, 10, [sql`set local work_mem = '7MB'`])) {
      values.push(...batch.rows.map((row) => row[0]));
    }
    expect(values).toEqual(['7MB']);
  });

  it('ends its transaction when the reader stops early, and the database answers again', async () => {
    let taken = 0;
    for await (const batch of cursorBatches(server.database.db, sql`select g from generate_series(1, 5000) g`, 1000)) {
      taken += batch.rows.length;
      break;
    }
    expect(taken).toBe(1000);
    const [after] = await rowsOf<{ one: number }>(server.database.db, sql`select 1 as one`);
    expect(after?.one).toBe(1);
  });

  it('passes a failing statement\'s error to the reader', async () => {
    const read = async () => {
      for await (const _batch of cursorBatches(server.database.db, sql`select 1 / (g - 3) from generate_series(1, 5) g`, 2)) { /* reads on */ }
    };
    const error = await read().then(() => undefined, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error).cause ?? error)).toMatch(/division by zero/);
    const [after] = await rowsOf<{ one: number }>(server.database.db, sql`select 1 as one`);
    expect(after?.one).toBe(1);
  });
});
