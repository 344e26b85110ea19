// `npm run ledger:verify` (issue 15): proves the ledger from its rows. Every transaction balanced; every account's
// balance as the screens derive it equal to the sum of its entries, recomputed here entry by entry; no row of the
// ledger changed after it was posted; every money command's key and cause posted once. Reads only.
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/database';
import { balanceSql } from './finance';

export interface LedgerViolation {
  /** Which invariant: balanced, entries, balance, floor, appendOnly, reversal, idempotency. */
  rule: string;
  message: string;
}

export interface LedgerReport {
  transactions: number;
  entries: number;
  accounts: number;
  violations: LedgerViolation[];
  /** Facts worth knowing that are not violations (a stale claim of a command that died). */
  notes: string[];
}

type Row = Record<string, unknown>;

const rows = (db: Database, query: SQL) => rowsOf<Row>(db, query);

const cents = (value: unknown) => Number(value ?? 0);
const money = (value: number) => `${value < 0 ? '-' : ''}R ${(Math.abs(value) / 100).toFixed(2)}`;

/** Entries read in pages of this many (keyset on id), so a large ledger is summed without holding it as one answer. */
const PAGE = 50_000;

export async function verifyLedger(db: Database): Promise<LedgerReport> {
  const violations: LedgerViolation[] = [];
  const notes: string[] = [];
  const violation = (rule: string, message: string) => violations.push({ rule, message });

  // 1. Every transaction's entries sum to zero: summed here entry by entry, not by the database's aggregate.
  const byTransaction = new Map<number, { sum: number; count: number }>();
  const byAccount = new Map<number, number>();
  let entries = 0;
  for (let last = 0; ;) {
    const page = await rows(db, sql`select id, transaction_id, account_id, amount_cents from ledger_entries where id > ${last} order by id limit ${PAGE}`);
    for (const entry of page) {
      const transactionId = Number(entry.transaction_id);
      const amount = cents(entry.amount_cents);
      const seen = byTransaction.get(transactionId) ?? { sum: 0, count: 0 };
      seen.sum += amount;
      seen.count += 1;
      byTransaction.set(transactionId, seen);
      byAccount.set(Number(entry.account_id), (byAccount.get(Number(entry.account_id)) ?? 0) + amount);
    }
    entries += page.length;
    if (page.length < PAGE) break;
    last = Number(page.at(-1)!.id);
  }
  const transactions = await rows(db, sql`select id, transaction_type, reversal_of_id from ledger_transactions order by id`);
  for (const transaction of transactions) {
    const id = Number(transaction.id);
    const seen = byTransaction.get(id);
    if (seen && seen.sum !== 0) violation('balanced', `transaction #${id} (${String(transaction.transaction_type)}) is unbalanced: its entries sum to ${seen.sum} cents`);
    // postTransaction writes at least two entries; fewer means entries went missing.
    if (!seen || seen.count < 2) violation('entries', `transaction #${id} (${String(transaction.transaction_type)}) has ${seen?.count ?? 0} entries (a posting has at least two: entries were deleted)`);
  }
  for (const row of await rows(db, sql`select e.id, e.transaction_id, a.portal_id as account_portal, t.portal_id from ledger_entries e
      join accounts a on a.id = e.account_id join ledger_transactions t on t.id = e.transaction_id where a.portal_id <> t.portal_id`)) {
    violation('entries', `entry #${String(row.id)} of transaction #${String(row.transaction_id)} posts to an account of another portal`);
  }

  // 2. Each account's balance as the Accounts screen and the floors derive it equals minus the sum of its entries.
  const accountRows = await rows(db, sql`select a.id, a.account_name, a.account_type, l.credit_limit_cents,
      ${sql.raw(`(select -coalesce(sum(amount_cents), 0) from ledger_entries where account_id = a.id)`)} as derived
    from accounts a left join account_credit_limits l on l.account_id = a.id order by a.id`);
  // The screens' own expression, so a change to how they derive a balance is verified too.
  const shown = new Map((await rows(db, sql`select ${sql.raw('accounts.id')} as id, ${balanceSql} as balance from accounts`))
    .map((row) => [Number(row.id), cents(row.balance)]));
  for (const account of accountRows) {
    const id = Number(account.id);
    const name = `account #${id} "${String(account.account_name)}"`;
    const recomputed = -(byAccount.get(id) ?? 0) || 0;
    for (const [what, value] of [['derived', cents(account.derived)], ['shown', shown.get(id) ?? 0]] as const) {
      if (value !== recomputed) violation('balance', `${name}: ${what} balance ${money(value)} differs from the sum of its entries ${money(recomputed)}`);
    }
    if (!Number.isSafeInteger(recomputed)) violation('balance', `${name}: balance ${recomputed} is not a whole number of cents`);
    // The floors every debit passes (money-rules.ts): what a refused debit would have been.
    if (account.account_type === 'Prepay' && recomputed < 0) violation('floor', `${name} (Prepay) is below zero: ${money(recomputed)}`);
    const limit = account.credit_limit_cents === null || account.credit_limit_cents === undefined ? undefined : cents(account.credit_limit_cents);
    if (account.account_type === 'PostPay' && limit !== undefined && recomputed < -limit) {
      violation('floor', `${name} (PostPay) is beyond its credit limit of ${money(limit)}: ${money(recomputed)}`);
    }
  }
  // The kept statement lines (finance.ts reads them): one per entry of a kept account, its amount, and the running
  // balance over the account's entries in statement order; the kept entry count too.
  for (const row of await rows(db, sql`select entry_id, account_id, line, reason from (
        select e.id as entry_id, e.account_id, l.entry_id as line,
          case when l.entry_id is null then 'has no statement line'
            when l.account_id <> e.account_id or l.transaction_id <> e.transaction_id or l.amount_cents <> e.amount_cents then 'has a statement line of another amount or account'
            when l.balance_after_cents <> -sum(e.amount_cents) over (partition by e.account_id order by e.transaction_id, e.id) then 'has a statement line whose balance after is not the running sum of the entries'
          end as reason
        from ledger_entries e join account_balances b on b.account_id = e.account_id left join account_statement_lines l on l.entry_id = e.id) checked
      where reason is not null order by entry_id limit 50`)) {
    violation('balance', `entry #${String(row.entry_id)} of account #${String(row.account_id)} ${String(row.reason)}`);
  }
  for (const row of await rows(db, sql`select b.account_id, b.entries, (select count(*) from account_statement_lines l where l.account_id = b.account_id) as lines,
        (select count(*) from ledger_entries e where e.account_id = b.account_id) as posted
      from account_balances b order by b.account_id`)) {
    if (cents(row.entries) !== cents(row.posted) || cents(row.lines) !== cents(row.posted)) {
      violation('balance', `account #${String(row.account_id)}: ${String(row.posted)} entries, but ${String(row.lines)} statement lines and a kept count of ${String(row.entries)}`);
    }
  }
  for (const accountId of byAccount.keys()) {
    if (!shown.has(accountId)) violation('entries', `entries post to account #${accountId}, which does not exist`);
  }

  // 3. Append-only. PostgreSQL stamps each row version with the transaction that wrote it (xmin): a posting's entries
  // are written by one statement, and its header no later than them. An entry rewritten afterwards carries another
  // stamp than its siblings; a header rewritten afterwards is newer than its entries. (A dump and restore re-stamps
  // every row: verify before one, or read these as the restore's.)
  for (const row of await rows(db, sql`select t.id, t.transaction_type,
        count(distinct e.xmin::text) as versions, min(age(e.xmin)) as newest_entry, age(t.xmin) as header
      from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
      group by t.id, t.transaction_type, t.xmin
      having count(distinct e.xmin::text) > 1 or age(t.xmin) < min(age(e.xmin))
      order by t.id`)) {
    const id = String(row.id);
    if (cents(row.versions) > 1) violation('appendOnly', `transaction #${id}: its entries were changed after it was posted (written by ${String(row.versions)} different database transactions)`);
    else violation('appendOnly', `transaction #${id}: the transaction was updated after its entries were posted`);
  }
  // Deleted postings leave their causes pointing nowhere where no foreign key guards the link.
  for (const row of await rows(db, sql`select r.id, r.reversal_of_id from ledger_transactions r
      where r.reversal_of_id is not null and not exists (select 1 from ledger_transactions o where o.id = r.reversal_of_id)`)) {
    violation('appendOnly', `transaction #${String(row.id)} reverses transaction #${String(row.reversal_of_id)}, which no longer exists`);
  }

  // 4. Reversals mirror what they reverse, entry for entry, and are of the reversal type; a reversal is never reversed.
  for (const row of await rows(db, sql`select r.id, r.transaction_type, o.id as original, o.transaction_type as original_type,
        (select string_agg(account_id || ':' || (-amount_cents), ',' order by account_id, -amount_cents) from ledger_entries where transaction_id = o.id) as expected,
        (select string_agg(account_id || ':' || amount_cents, ',' order by account_id, amount_cents) from ledger_entries where transaction_id = r.id) as actual
      from ledger_transactions r join ledger_transactions o on o.id = r.reversal_of_id order by r.id`)) {
    const id = String(row.id);
    if (row.transaction_type !== `${String(row.original_type)} reversal`) violation('reversal', `transaction #${id} (${String(row.transaction_type)}) reverses #${String(row.original)} (${String(row.original_type)}) but is not its reversal type`);
    if (row.expected !== row.actual) violation('reversal', `transaction #${id} does not mirror the entries of #${String(row.original)}, which it reverses`);
  }

  // 5. Every command posted once: no posting claimed by two causes, each cause's posting of its own amount, a delivery
  // invoiced and refunded at most once, a key on one payment and one request.
  for (const row of await rows(db, sql`select ledger_transaction_id, string_agg(source, ', ' order by source) as sources from (
        select ledger_transaction_id, 'withdrawal/advance request #' || id as source from payout_requests where ledger_transaction_id is not null
        union all select ledger_transaction_id, 'funds allocation #' || id from funds_allocations
        union all select ledger_transaction_id, 'adjustment #' || id from adjustment_items
        union all select ledger_transaction_id, 'job pay posting #' || id from job_pay_postings
        union all select id, 'payment #' || payment_id from ledger_transactions where payment_id is not null) causes
      group by ledger_transaction_id having count(*) > 1 order by ledger_transaction_id`)) {
    violation('idempotency', `transaction #${String(row.ledger_transaction_id)} is claimed by more than one command: ${String(row.sources)}`);
  }
  for (const row of await rows(db, sql`select idempotency_key, count(*) as n from payments group by idempotency_key having count(*) > 1
      union all select idempotency_key, count(*) from payout_requests group by idempotency_key having count(*) > 1`)) {
    violation('idempotency', `the Idempotency-Key "${String(row.idempotency_key)}" was used by ${String(row.n)} commands`);
  }
  for (const row of await rows(db, sql`select p.id, p.kind, p.status, p.amount_cents, p.ledger_transaction_id,
        (select sum(amount_cents) from ledger_entries e where e.transaction_id = p.ledger_transaction_id and e.account_id = p.account_id) as posted
      from payout_requests p
      where (p.status = 'completed') <> (p.ledger_transaction_id is not null)
         or (p.ledger_transaction_id is not null and coalesce((select sum(amount_cents) from ledger_entries e where e.transaction_id = p.ledger_transaction_id and e.account_id = p.account_id), 0) <> p.amount_cents)
      order by p.id`)) {
    const what = `${String(row.kind).toLowerCase()} request #${String(row.id)} (${String(row.status)})`;
    if (row.ledger_transaction_id === null) violation('idempotency', `${what} was completed but posted nothing`);
    else if (row.status !== 'completed') violation('idempotency', `${what} has a posting (#${String(row.ledger_transaction_id)}) but is not completed`);
    else violation('idempotency', `${what} of ${money(cents(row.amount_cents))}: its posting #${String(row.ledger_transaction_id)} debits the account ${money(cents(row.posted))}`);
  }
  for (const row of await rows(db, sql`select f.id, f.amount_cents, f.ledger_transaction_id,
        (select -coalesce(sum(amount_cents), 0) from ledger_entries e where e.transaction_id = f.ledger_transaction_id and e.account_id = f.account_id) as posted
      from funds_allocations f
      where (select -coalesce(sum(amount_cents), 0) from ledger_entries e where e.transaction_id = f.ledger_transaction_id and e.account_id = f.account_id) <> f.amount_cents
      order by f.id`)) {
    violation('idempotency', `funds allocation #${String(row.id)} of ${money(cents(row.amount_cents))}: its posting #${String(row.ledger_transaction_id)} credits the account ${money(cents(row.posted))}`);
  }
  for (const row of await rows(db, sql`select r.id, r.amount_cents, sum(f.amount_cents) as allocated from funds_received r join funds_allocations f on f.funds_received_id = r.id
      group by r.id, r.amount_cents having sum(f.amount_cents) > r.amount_cents order by r.id`)) {
    violation('idempotency', `funds received #${String(row.id)} of ${money(cents(row.amount_cents))} is allocated ${money(cents(row.allocated))}`);
  }
  for (const row of await rows(db, sql`select delivery_id, kind, count(*) as n, string_agg('#' || id, ', ' order by id) as ids from (
        select t.id, t.delivery_id, case when t.transaction_type = 'Invoice' then 'invoiced' else 'refunded' end as kind from ledger_transactions t
        where t.delivery_id is not null and t.reversal_of_id is null
          and (t.transaction_type = 'Invoice' or (t.transaction_type = 'Credit' and (t.description like 'Full refund%' or t.description like 'Refund less fee%')))
          and not exists (select 1 from ledger_transactions r where r.reversal_of_id = t.id)) sales
      group by delivery_id, kind having count(*) > 1 order by delivery_id`)) {
    violation('idempotency', `delivery ${String(row.delivery_id)} was ${String(row.kind)} ${String(row.n)} times: transactions ${String(row.ids)}`);
  }
  // A job's driver pay stands once: each completion's posting is reversed before the job is paid again.
  for (const row of await rows(db, sql`select p.job_id, count(*) as n, string_agg('#' || p.ledger_transaction_id, ', ' order by p.id) as ids
      from job_pay_postings p
      where not p.is_reversal and not exists (select 1 from ledger_transactions r where r.reversal_of_id = p.ledger_transaction_id)
      group by p.job_id having count(*) > 1 order by p.job_id`)) {
    violation('idempotency', `job ${String(row.job_id)} was paid ${String(row.n)} times: transactions ${String(row.ids)}`);
  }
  for (const row of await rows(db, sql`select key, operation from idempotency_keys where status_code is null and created_at < now() - interval '60 seconds' order by created_at`)) {
    notes.push(`the key "${String(row.key)}" (${String(row.operation)}) was claimed over a minute ago and never answered: its command died before posting anything; a retry takes it over`);
  }

  return { transactions: transactions.length, entries, accounts: accountRows.length, violations, notes };
}

export function formatLedgerReport(report: LedgerReport): string {
  const lines = [`Ledger: ${report.transactions} transactions, ${report.entries} entries, ${report.accounts} accounts.`];
  for (const note of report.notes) lines.push(`note: ${note}`);
  if (report.violations.length === 0) lines.push('OK: every transaction balances, every balance equals its entries, nothing was changed after posting, every command posted once.');
  else {
    lines.push(`${report.violations.length} violation${report.violations.length === 1 ? '' : 's'}:`);
    for (const violation of report.violations) lines.push(`  [${violation.rule}] ${violation.message}`);
  }
  return lines.join('\n');
}
