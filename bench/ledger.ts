// The ledger at scale (issue 15) on PostgreSQL: (a) an account's statement page over 1,000,000 entries through our
// server (HTTP, token, scope, validation, JSON) against the very same statements (server/domain/finance.ts
// statementQueries, .toSQL()) through `pg`; (b) the balance read at 1k, 100k and 1M entries through our server, beside
// the sum of the entries through `pg` (what an O(n) read costs); (c) 1,000 concurrent duplicated pay requests (one
// Idempotency-Key) by account balance and by saved card → charges counted in the ledger and in the provider sandbox;
// (d) the ledger property test with more runs. Needs DATABASE_URL (an administrator URL; a database of its own is
// created and dropped); skipped without one.
import { spawnSync } from 'node:child_process';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { rebuildBalanceCache } from '../server/domain/ledger';
import { verifyAccessToken } from '../server/auth/tokens';
import { accountQuery, statementQueries } from '../server/domain/finance';
import { requirePortal } from '../server/domain/portals';
import { accounts, ledgerTransactions, paymentCards, payments, users } from '../server/db/schema';
import { SYSTEM_ACCOUNTS } from '../server/db/seed-booking';
import { bookedWithAccount } from '../tests/api/booking-helpers';
import { bearer, startTestServer, type TestServer } from '../tests/api/support';
import type { Benchmark, BenchResult, BenchRow } from './types';
import { reachable } from './postgres';

const ENTRIES = Number(process.env.BENCH_LEDGER_ENTRIES ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_LEDGER_REQUESTS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_LEDGER_CONCURRENCY ?? 1);
const DUPLICATES = Number(process.env.BENCH_LEDGER_DUPLICATES ?? 1000);
const PROPERTY_RUNS = Number(process.env.BENCH_LEDGER_PROPERTY_RUNS ?? 100);
const WARM_UP = 30;
const PAGE_SIZE = 20;
const DEEP_PAGE = 500;

/**
 * The statement's two sides in turn, `concurrency` at a time: call i of each side runs back to back, the server's
 * first on even i and the pg side's first on odd i, so a change in the machine's load falls on both alike. Latencies
 * of the calls that succeeded, and how many failed (an answer other than 200, or an error), per side.
 */
async function alternate(total: number, concurrency: number, sides: [() => Promise<void>, () => Promise<void>]) {
  const results = sides.map(() => ({ latencies: [] as number[], failed: 0, firstError: undefined as string | undefined }));
  const timed = async (side: 0 | 1) => {
    const began = performance.now();
    try {
      await sides[side]();
      results[side]!.latencies.push(performance.now() - began);
    } catch (error) {
      results[side]!.failed += 1;
      results[side]!.firstError ??= (error as Error).message;
    }
  };
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < total) {
      const i = next;
      next += 1;
      const order: Array<0 | 1> = i % 2 === 0 ? [0, 1] : [1, 0];
      for (const side of order) await timed(side);
    }
  }));
  return results;
}

/** Runs `total` calls of `work`, `concurrency` at a time; the latency of each in ms (a failure throws: no figure). */
async function load(total: number, concurrency: number, work: () => Promise<void>): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < total) {
      next += 1;
      const began = performance.now();
      await work();
      latencies.push(performance.now() - began);
    }
  }));
  return latencies;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/**
 * Adds balanced transactions `from`..`to` (1-based) to the account, one entry on it each: two Deposits from the
 * platform's funding account, an Invoice to revenue, a Withdraw to funding, in turn; every 1,000th an Invoice reversal
 * of the Invoice before it. One minute apart from 2025-01-01 at 50 s each (the last in mid 2026).
 */
async function addEntries(pool: pg.Pool, ids: { portal: number; account: number; funding: number; revenue: number; base: number }, from: number, to: number) {
  const kind = `case when g % 1000 = 999 then 'reversal' when g % 4 in (0, 1) then 'Deposit' when g % 4 = 2 then 'Invoice' else 'Withdraw' end`;
  await pool.query(`
    INSERT INTO ledger_transactions (id, portal_id, transaction_type, description, reversal_of_id, created_at)
    SELECT $1 + g, $2, case k when 'reversal' then 'Invoice reversal' else k end,
      case k when 'reversal' then 'Reversal of bench invoice ' || (g - 1) else 'Bench ' || lower(k) || ' ' || g end,
      case k when 'reversal' then $1 + g - 1 end,
      timestamptz '2025-01-01 00:00:00+00' + g * interval '50 seconds'
    FROM generate_series($3::int, $4::int) AS g, LATERAL (SELECT ${kind} AS k) AS kinds`, [ids.base, ids.portal, from, to]);
  // The account's side: a Deposit credits it (negative), an Invoice and a Withdraw debit it, a reversal mirrors.
  await pool.query(`
    INSERT INTO ledger_entries (transaction_id, account_id, amount_cents)
    SELECT $1 + g, side.account_id, side.amount
    FROM generate_series($2::int, $3::int) AS g,
      LATERAL (SELECT ${kind} AS k) AS kinds,
      LATERAL (SELECT case k when 'Deposit' then -1000 when 'Invoice' then 700 when 'Withdraw' then 200 else -700 end AS amount) AS amounts,
      LATERAL (VALUES (1, $4::int, amounts.amount), (2, case when k in ('Invoice', 'reversal') then $5::int else $6::int end, -amounts.amount)) AS side(n, account_id, amount)
    ORDER BY g, side.n`, [ids.base, from, to, ids.account, ids.revenue, ids.funding]);
  await pool.query(`SELECT setval(pg_get_serial_sequence('ledger_transactions', 'id'), (SELECT max(id) FROM ledger_transactions))`);
}

function skipped(reason: string): BenchResult {
  return {
    rows: [{ name: 'account statement p95', figure: `skipped: ${reason}`, baseline: null, unit: 'ms' }],
    notes: ['Set DATABASE_URL to a PostgreSQL administrator URL to run it (a database of its own is created and dropped).'],
  };
}

/** 1,000 requests at once with one Idempotency-Key; answers the statuses seen. */
async function duplicated(url: string, init: RequestInit): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  await Promise.all(Array.from({ length: DUPLICATES }, async () => {
    const response = await fetch(url, init);
    await response.arrayBuffer();
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  }));
  return statuses;
}
const statusText = (statuses: Map<number, number>) => [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${n}× ${status}`).join(', ');

async function payTwice(server: TestServer, notes: string[]): Promise<BenchRow[]> {
  const db = server.database.db;
  const rows: BenchRow[] = [];
  const invoices = async (deliveryId: number) => (await db.select({ id: ledgerTransactions.id }).from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.deliveryId, deliveryId), eq(ledgerTransactions.transactionType, 'Invoice')))).length;
  const paymentRows = async (deliveryId: number) => (await db.select({ id: payments.id }).from(payments).where(eq(payments.deliveryId, deliveryId))).length;

  // By account balance: the seeded customer's Prepay account.
  const byBalance = await bookedWithAccount(server.as('customer').connect);
  const customerToken = await server.tokenFor('customer@demo.test', 3600);
  const balanceStatuses = await duplicated(`${server.url}/connect/deliveries/payByBalance/za/${byBalance.deliveryId}`, {
    method: 'PUT', headers: { ...bearer(customerToken), 'Idempotency-Key': `bench-balance-${byBalance.deliveryId}` },
  });
  const balanceInvoices = await invoices(byBalance.deliveryId);
  rows.push({ name: `${DUPLICATES} concurrent payByBalance, one key: Invoices posted`, figure: balanceInvoices, baseline: 1, baselineName: 'exactly one', unit: 'charges' });
  notes.push(`payByBalance answers: ${statusText(balanceStatuses)}; payments rows for the delivery: ${await paymentRows(byBalance.deliveryId)}.`);

  // By saved card: a registration in the sandbox and the card on the payer's account, as tests/api/payments-saved-card.test.ts.
  const byCard = await bookedWithAccount(server.as('twofactor').connect);
  const registrationId = `bench-reg-${byCard.deliveryId}`;
  server.sandbox.state.registrations.set(registrationId, { id: registrationId, brand: 'VISA', holder: 'Bench', last4: '4242', expiryMonth: '12', expiryYear: '2099', deleted: false });
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'twofactor@demo.test'));
  const [card] = await db.insert(paymentCards).values({
    accountId: byCard.accountId, userId: owner!.id, registrationId, paymentBrand: 'VISA', paymentType: 'DB', holder: 'Bench', lastFourDigits: '4242', expiryMonth: 12, expiryYear: 2099,
  }).returning();
  const chargesBefore = server.sandbox.state.charges;
  const cardToken = await server.tokenFor('twofactor@demo.test', 3600);
  const cardStatuses = await duplicated(`${server.url}/connect/deliveries/payBySavedCard/za/${byCard.deliveryId}`, {
    method: 'PUT', headers: { ...bearer(cardToken), 'Idempotency-Key': `bench-card-${byCard.deliveryId}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ paymentCardId: card!.id }),
  });
  const providerCharges = server.sandbox.state.charges - chargesBefore;
  rows.push({ name: `${DUPLICATES} concurrent payBySavedCard, one key: provider sandbox charges`, figure: providerCharges, baseline: 1, baselineName: 'exactly one', unit: 'charges' });
  rows.push({ name: `${DUPLICATES} concurrent payBySavedCard, one key: Invoices posted`, figure: await invoices(byCard.deliveryId), baseline: 1, baselineName: 'exactly one', unit: 'charges' });
  notes.push(`payBySavedCard answers: ${statusText(cardStatuses)}; payments rows for the delivery: ${await paymentRows(byCard.deliveryId)}.`);
  return rows;
}

/** The ledger property test (tests/api/ledger-properties.test.ts) with more runs, in a child vitest. */
function propertyRun(notes: string[]): BenchRow {
  const began = performance.now();
  const child = spawnSync('npx', ['vitest', 'run', '--project', 'api', 'tests/api/ledger-properties.test.ts'], {
    env: { ...process.env, LEDGER_PROPERTY_RUNS: String(PROPERTY_RUNS), LEDGER_PROPERTY_TIMEOUT_MS: String(PROPERTY_RUNS * 30_000) }, encoding: 'utf8', timeout: PROPERTY_RUNS * 60_000,
  });
  const seconds = (performance.now() - began) / 1000;
  const output = `${child.stdout}\n${child.stderr}`;
  const passed = child.status === 0;
  if (!passed) notes.push(`property run FAILED:\n${output.split('\n').filter((line) => line.trim()).slice(-40).join('\n')}`);
  return { name: `ledger property test, ${PROPERTY_RUNS} random sequences`, figure: passed ? `passed in ${seconds.toFixed(0)} s` : `FAILED after ${seconds.toFixed(0)} s`, baseline: null, unit: '' };
}

export async function runLedger(): Promise<BenchResult> {
  const admin = process.env.DATABASE_URL;
  if (!admin) return skipped('no PostgreSQL (DATABASE_URL is not set)');
  const unreachable = await reachable(admin);
  if (unreachable) return skipped(`PostgreSQL not reachable (${unreachable})`);

  const server = await startTestServer({ logLevel: 'warn' });
  const pool = new pg.Pool({ connectionString: server.config.databaseUrl, max: 10 });
  const rows: BenchRow[] = [];
  const notes: string[] = [];
  const details: Record<string, unknown> = {};
  try {
    const db = server.database.db;
    const portal = await requirePortal(db, 'za');
    const [blue] = (await pool.query<{ id: number }>(`select id from companies where company_name = 'Blue Crane Foods'`)).rows;
    const created = await server.raw('administrator', 'POST', '/accounts/za/manage', { accountName: 'Bench statement', accountType: 'Prepay', companyId: blue!.id });
    if (created.status !== 201) throw new Error(`account not created: ${created.status} ${JSON.stringify(created.body)}`);
    const accountId = created.body.id as number;
    const system = async (code: string) => (await db.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.portalId, portal.id), eq(accounts.systemCode, code))))[0]!.id;
    const [{ base }] = (await pool.query<{ base: number }>('select coalesce(max(id), 0) + 1000 as base from ledger_transactions')).rows as [{ base: number }];
    const ids = { portal: portal.id, account: accountId, funding: await system(SYSTEM_ACCOUNTS.funding), revenue: await system(SYSTEM_ACCOUNTS.revenue), base: Number(base) };

    const token = await server.tokenFor('administrator@demo.test', 3600);
    const headers = bearer(token);
    const getJson = async (url: string) => {
      const response = await fetch(url, { headers });
      const body = await response.json() as Record<string, unknown>;
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(body)}`);
      return body;
    };

    // (b) The balance read as the account grows: our server's GET /accounts/za/{id} (its balance, as every screen reads
    // it) against summing the entries through pg.
    const accountUrl = `${server.url}/connect/accounts/za/${accountId}`;
    let seeded = 0;
    let seedMs = 0;
    for (const size of [1_000, 100_000, ENTRIES].filter((value, index, all) => value <= ENTRIES && all.indexOf(value) === index)) {
      const began = performance.now();
      for (let from = seeded + 1; from <= size; from += 250_000) await addEntries(pool, ids, from, Math.min(size, from + 249_999));
      await db.transaction((tx) => rebuildBalanceCache(tx, accountId));
      // As autovacuum leaves a table at rest (visibility map and statistics), so the plans are the steady state's.
      for (const table of ['ledger_entries', 'ledger_transactions', 'account_statement_lines']) await pool.query(`VACUUM ANALYZE ${table}`);
      seedMs += performance.now() - began;
      seeded = size;
      let balance = 0;
      let summed = 0;
      const viaServer = async () => { balance = Number((await getJson(accountUrl)).balance); };
      const viaSum = async () => { summed = -Number((await pool.query('select sum(amount_cents) as s from ledger_entries where account_id = $1', [accountId])).rows[0].s); };
      await load(WARM_UP, 1, viaServer);
      await load(Math.min(WARM_UP, 5), 1, viaSum);
      if (balance !== summed) throw new Error(`the server reads a balance of ${balance}, the entries sum to ${summed}`);
      const server50 = percentile(await load(100, 1, viaServer), 50);
      const sum50 = percentile(await load(size >= 1_000_000 ? 10 : 30, 1, viaSum), 50);
      rows.push({ name: `balance read (GET account), ${size.toLocaleString('en')} entries, p50`, figure: server50, baseline: sum50, baselineName: 'sum of the entries through pg', unit: 'ms' });
    }
    notes.push(`Seeded ${seeded.toLocaleString('en')} entries on the account (${(seeded * 2).toLocaleString('en')} entries in all, balanced against the platform's funding and revenue accounts) with generate_series in ${(seedMs / 1000).toFixed(1)} s.`);

    // (a) The statement: first page, a deep page and the screen's filters, through our server and as the same SQL.
    const permissions = await verifyAccessToken(server.keys, token);
    // Seeded entries are 50 s apart from 2025-01-01: a month in the middle of the account's history, and its last month.
    const dayOf = (entry: number) => new Date(Date.UTC(2025, 0, 1) + entry * 50_000).toISOString().slice(0, 10);
    const middle = { startDate: dayOf(seeded / 2), endDate: dayOf(seeded / 2 + 29 * 1728) };
    const latest = { startDate: dayOf(seeded - 29 * 1728), endDate: dayOf(seeded) };
    // 1,728 entries a day: a month a year before the last entry (the far-back range of issue 15).
    const yearBack = { startDate: dayOf(seeded - 365 * 1728 - 29 * 1728), endDate: dayOf(seeded - 365 * 1728) };
    const cases: Array<{ name: string; query: Parameters<typeof statementQueries>[4] }> = [
      { name: 'first page', query: { page: 1, pageSize: PAGE_SIZE } },
      { name: `page ${DEEP_PAGE}`, query: { page: DEEP_PAGE, pageSize: PAGE_SIZE } },
      { name: `filtered: Deposit, Posted, ${latest.startDate}..${latest.endDate}`, query: { page: 1, pageSize: PAGE_SIZE, transactionType: 'Deposit', transactionStatus: 'Posted', ...latest } },
      { name: `filtered: Deposit, Posted, ${middle.startDate}..${middle.endDate}`, query: { page: 1, pageSize: PAGE_SIZE, transactionType: 'Deposit', transactionStatus: 'Posted', ...middle } },
      { name: `filtered as above, page ${DEEP_PAGE / 10}`, query: { page: DEEP_PAGE / 10, pageSize: PAGE_SIZE, transactionType: 'Deposit', transactionStatus: 'Posted', ...middle } },
      ...(seeded > 400 * 1728 ? [
        { name: `dates only: ${yearBack.startDate}..${yearBack.endDate} (a year back)`, query: { page: 1, pageSize: PAGE_SIZE, ...yearBack } },
        { name: `dates only: ${latest.startDate}..${latest.endDate} (the last month)`, query: { page: 1, pageSize: PAGE_SIZE, ...latest } },
      ] : []),
    ];
    const plans: Record<string, { page: string; count: string }> = {};
    details.plans = plans;
    const failures: Record<string, { server: number; pg: number; firstError?: string }> = {};
    details.failures = failures;
    for (const { name, query } of cases) {
      const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString();
      const url = `${server.url}/connect/accounts/za/${accountId}/transactions?${search}`;
      let fromServer: Array<{ id: number }> = [];
      const viaServer = async () => { fromServer = (await getJson(url)).items as Array<{ id: number }>; };
      // The same statements the handler runs, as it runs them: the account in scope, the page, its count and (a
      // filtered page) the planner's estimate, at once.
      const accountSql = accountQuery(db, portal, permissions, accountId).toSQL();
      const [account] = await accountQuery(db, portal, permissions, accountId);
      const statements = statementQueries(db, portal, accountId, account!.kept, query);
      const pageSql = statements.page().toSQL();
      const countSql = statements.count().toSQL();
      const estimateSql = statements.unfiltered ? undefined : new PgDialect().sqlToQuery(statements.estimateStatement());
      let fromPg: Array<{ id: number }> = [];
      const viaPg = async () => {
        const [, page] = await Promise.all([
          pool.query(accountSql.sql, accountSql.params), pool.query<unknown[]>({ text: pageSql.sql, values: pageSql.params, rowMode: 'array' }), pool.query(countSql.sql, countSql.params),
          estimateSql && pool.query(estimateSql.sql, estimateSql.params),
        ]);
        // The page's first column is the transaction's id (drizzle names it by its column, not its key).
        fromPg = page.rows.map((row) => ({ id: Number(row[0]) }));
      };
      await load(WARM_UP, CONCURRENCY, viaServer);
      await load(WARM_UP, CONCURRENCY, viaPg);
      // The plans, for the JSON results (and the notes with BENCH_LEDGER_EXPLAIN=1).
      const explain = async (statement: { sql: string; params: unknown[] }) => (await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, statement.params)).rows.map((line: Record<string, string>) => Object.values(line)[0]).join('\n');
      plans[name] = { page: await explain(pageSql), count: await explain(countSql) };
      if (process.env.BENCH_LEDGER_EXPLAIN) notes.push(`${name} plans:\n${plans[name].page}\n${plans[name].count}`);
      // The same page on both sides: the same transactions in the same order.
      const ids = (page: Array<{ id: number }>) => page.map((line) => line.id).join(',');
      if (fromPg.length === 0 || ids(fromPg) !== ids(fromServer)) throw new Error(`${name}: pg read [${ids(fromPg)}], the server [${ids(fromServer)}]`);
      const [viaServerResult, viaPgResult] = await alternate(REQUESTS, CONCURRENCY, [viaServer, viaPg]);
      failures[name] = { server: viaServerResult!.failed, pg: viaPgResult!.failed, ...(viaServerResult!.firstError && { firstError: viaServerResult!.firstError }) };
      const failed = viaServerResult!.failed + viaPgResult!.failed;
      if (failed > 0) notes.push(`${name}: ${viaServerResult!.failed} server and ${viaPgResult!.failed} pg requests FAILED (first: ${viaServerResult!.firstError ?? viaPgResult!.firstError}); the figures are of the rest.`);
      rows.push({
        name: `statement ${name}, p95${failed > 0 ? ` (${viaServerResult!.failed} + ${viaPgResult!.failed} of ${REQUESTS} failed)` : ''}`,
        figure: percentile(viaServerResult!.latencies, 95), baseline: percentile(viaPgResult!.latencies, 95),
        baselineName: 'same SQL through pg', unit: 'ms', budgetKey: 'ledgerStatementP95Ms',
      });
    }
    notes.push(`Statement: ${REQUESTS} requests per case and side after ${WARM_UP} warm-up, ${CONCURRENCY} at a time, the two sides in turn; page size ${PAGE_SIZE}; the pg side runs the account read, the page, its count and (filtered) the estimate at once, as the handler does; failed requests: ${Object.values(failures).reduce((sum, case_) => sum + case_.server + case_.pg, 0)}.`);

    // (c) Duplicated concurrent pay requests.
    rows.push(...await payTwice(server, notes));
  } finally {
    await pool.end();
    await server.close();
  }
  // (d) The property test, with more runs than npm test gives it.
  if (PROPERTY_RUNS > 0) rows.push(propertyRun(notes));
  notes.push('Client and server share one Node process: the server side includes the load generator\'s own CPU.');
  return { rows, notes, details };
}

const benchmark: Benchmark = { name: 'ledger', run: runLedger };
export default benchmark;

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runLedger();
  for (const row of result.rows) {
    console.log(`${row.name}: ${typeof row.figure === 'number' ? `${row.figure.toFixed(1)} ${row.unit}` : row.figure}`
      + (typeof row.baseline === 'number' ? ` (baseline ${row.baselineName}: ${row.baseline.toFixed(1)} ${row.unit})` : ''));
  }
  for (const note of result.notes) console.log(`  - ${note}`);
}
