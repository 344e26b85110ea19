// `npm run ledger:verify` (issue 15): the seeded ledger passes, as a function and as the command over the configured
// database; a row written behind the ledger's back (an unbalanced entry, an entry rewritten in place) fails it, and
// the command exits 1 naming each.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf, type Database } from '../../server/db/database';
import { verifyLedger } from '../../server/domain/ledger-verify';
import { createLogger } from '../../server/logger';
import { startTestServer, type TestServer } from './support';

// On PGlite the command opens the server's data directory, so the server is closed first (one process per
// directory); on PostgreSQL (DATABASE_URL) both use the test's own database while the server runs.
const onPostgres = Boolean(process.env.DATABASE_URL);
let dataDir: string;
let server: TestServer;
let serverOpen = false;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ledger-verify-'));
  server = await startTestServer(onPostgres ? {} : { inMemoryDatabase: false, dataDir });
  serverOpen = true;
});
afterAll(async () => {
  if (serverOpen) await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function withDatabase<T>(run: (db: Database) => Promise<T>): Promise<T> {
  if (onPostgres) return run(server.database.db);
  const database = await openDatabase({ databaseUrl: undefined, dataDir, inMemory: false, logger: createLogger('warn') });
  try {
    return await run(database.db);
  } finally {
    await database.close();
  }
}

function ledgerVerify(): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/ledger-verify.ts'], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: onPostgres ? server.config.databaseUrl : '' },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  return new Promise((done) => child.on('exit', (code) => done({ code, output })));
}

const first = async (db: Database, query: ReturnType<typeof sql>) => (await rowsOf<Record<string, unknown>>(db, query))[0]!;

describe('ledger:verify', () => {
  it('passes over the seeded ledger: every transaction balanced, every balance its entries, nothing rewritten', async () => {
    const report = await verifyLedger(server.database.db);
    expect(report.violations).toEqual([]);
    expect(report.transactions).toBeGreaterThan(0);
    expect(report.entries).toBeGreaterThanOrEqual(report.transactions * 2);
  });

  it('as the command over the configured database: prints the summary and exits 0', async () => {
    if (!onPostgres) {
      await server.close();
      serverOpen = false;
    }
    const { code, output } = await ledgerVerify();
    expect(output).toMatch(/Ledger: \d+ transactions, \d+ entries, \d+ accounts\./);
    expect(output).toContain('OK: every transaction balances');
    expect(code).toBe(0);
  }, 60_000);

  it('an unbalanced entry inserted with SQL and an entry rewritten in place: exits 1 naming each', async () => {
    const { unbalanced, rewritten } = await withDatabase(async (db) => {
      const { id: unbalanced } = await first(db, sql`select min(id) as id from ledger_transactions`);
      const { id: rewritten } = await first(db, sql`select max(id) as id from ledger_transactions`);
      const { id: revenue } = await first(db, sql`select id from accounts where system_code = 'revenue' limit 1`);
      await db.execute(sql`insert into ledger_entries (transaction_id, account_id, amount_cents) values (${unbalanced}, ${revenue}, 123)`);
      // Same amount, but a new row version: an edit, which the ledger never makes.
      await db.execute(sql`update ledger_entries set amount_cents = amount_cents where id = (select min(id) from ledger_entries where transaction_id = ${rewritten})`);
      return { unbalanced: Number(unbalanced), rewritten: Number(rewritten) };
    });
    const { code, output } = await ledgerVerify();
    expect(code).toBe(1);
    expect(output).toContain(`[balanced] transaction #${unbalanced} (`);
    expect(output).toContain('is unbalanced: its entries sum to 123 cents');
    expect(output).toContain(`[appendOnly] transaction #${rewritten}: its entries were changed after it was posted`);

    const report = await withDatabase(verifyLedger);
    expect(report.violations).toEqual(expect.arrayContaining([
      expect.objectContaining({ rule: 'balanced', message: expect.stringContaining(`transaction #${unbalanced} `) }),
      expect.objectContaining({ rule: 'appendOnly', message: expect.stringContaining(`transaction #${rewritten}:`) }),
    ]));
  }, 60_000);
});
