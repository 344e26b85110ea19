// The ledger: append-only, balanced transactions in integer cents. Debit positive, credit negative; a customer
// account's balance (what it holds) is minus the sum of its entries. Nothing here updates or deletes a row:
// a correction is a reversal transaction.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { reversalTypeOf, type LedgerTransactionType } from '../../src/lib/finance-texts';
import type { Database } from '../db/database';
import { reserveIds } from '../db/ids';
import { accountBalances, accounts, accountStatementLines, ledgerEntries, ledgerTransactions } from '../db/schema';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export interface PostingEntry { accountId: number; amountCents: number }

export interface Posting {
  portalId: number;
  transactionType: LedgerTransactionType;
  description: string;
  deliveryId?: number | null;
  paymentId?: number | null;
  reversalOfId?: number | null;
  entries: readonly PostingEntry[];
  /** When the money moved, if not now: the demo seed dates its sales at their payments (never later than now). */
  postedAt?: Date;
}

export class UnbalancedPostingError extends Error {}

/** Writes one balanced transaction; throws before writing anything if the entries do not sum to zero. */
export async function postTransaction(tx: Tx, posting: Posting): Promise<number> {
  const entries = posting.entries.filter((entry) => entry.amountCents !== 0);
  if (entries.some((entry) => !Number.isSafeInteger(entry.amountCents))) throw new UnbalancedPostingError('amounts must be integer cents');
  const sum = entries.reduce((total, entry) => total + entry.amountCents, 0);
  if (sum !== 0 || entries.length < 2) throw new UnbalancedPostingError(`unbalanced posting (${sum})`);
  // The customer accounts posted to, locked in id order before the transaction takes its id: their statement lines
  // then follow the order of the transactions (bench/ledger.ts, docs/benchmarks.md).
  const kept = await tx.select({ id: accounts.id }).from(accounts)
    .where(and(inArray(accounts.id, [...new Set(entries.map((entry) => entry.accountId))]), isNull(accounts.systemCode)))
    .orderBy(asc(accounts.id)).for('no key update');
  const [row] = await tx.insert(ledgerTransactions).values({
    portalId: posting.portalId,
    transactionType: posting.transactionType,
    description: posting.description,
    deliveryId: posting.deliveryId ?? null,
    paymentId: posting.paymentId ?? null,
    reversalOfId: posting.reversalOfId ?? null,
    // When the accounts' locks are held, not when the database transaction began: a customer account's lines are then
    // dated in their order (a statement reads by date: finance.ts statementQueries).
    createdAt: posting.postedAt ?? sql`clock_timestamp()`,
  }).returning({ id: ledgerTransactions.id, createdAt: ledgerTransactions.createdAt });
  const written = await tx.insert(ledgerEntries).values(entries.map((entry) => ({ ...entry, transactionId: row!.id })))
    .returning({ id: ledgerEntries.id, accountId: ledgerEntries.accountId, amountCents: ledgerEntries.amountCents });
  for (const { id: accountId } of kept) {
    const [cached] = await tx.select().from(accountBalances).where(eq(accountBalances.accountId, accountId));
    // An account whose entries predate the cache: its lines are written from all its entries, these included.
    if (!cached) {
      await rebuildBalanceCache(tx, accountId);
      continue;
    }
    let balance = cached.balanceCents;
    const lines = written.filter((entry) => entry.accountId === accountId).sort((a, b) => a.id - b.id).map((entry) => {
      balance -= entry.amountCents;
      return { entryId: entry.id, accountId, transactionId: row!.id, transactionType: posting.transactionType, createdAt: row!.createdAt, amountCents: entry.amountCents, balanceAfterCents: balance };
    });
    await tx.insert(accountStatementLines).values(lines);
    await tx.update(accountBalances).set({ balanceCents: balance, entries: cached.entries + lines.length }).where(eq(accountBalances.accountId, accountId));
  }
  return row!.id;
}

/**
 * Brings a customer account's cached balance and statement lines up to its entries: lines for the entries that have
 * none (appended in statement order after the last line), then the balance. Used when an account is first posted to
 * after the cache was introduced, and by the benchmark after it bulk-inserts entries. Locks the account row.
 */
export async function rebuildBalanceCache(tx: Tx, accountId: number): Promise<void> {
  const [account] = await tx.select({ systemCode: accounts.systemCode }).from(accounts).where(eq(accounts.id, accountId)).for('no key update');
  if (!account || account.systemCode !== null) return;
  await tx.execute(sql`insert into ${accountStatementLines} (entry_id, account_id, transaction_id, transaction_type, created_at, amount_cents, balance_after_cents)
    select e.id, e.account_id, e.transaction_id, t.transaction_type, t.created_at, e.amount_cents,
      coalesce((select l.balance_after_cents from ${accountStatementLines} l where l.account_id = ${accountId} order by l.transaction_id desc, l.entry_id desc limit 1), 0)
        - sum(e.amount_cents) over (order by e.transaction_id, e.id)
    from ${ledgerEntries} e join ${ledgerTransactions} t on t.id = e.transaction_id
    where e.account_id = ${accountId} and e.id > coalesce((select max(l.entry_id) from ${accountStatementLines} l where l.account_id = ${accountId}), 0)`);
  await tx.execute(sql`insert into ${accountBalances} (account_id, balance_cents, entries)
    select ${accountId}, coalesce((select l.balance_after_cents from ${accountStatementLines} l where l.account_id = ${accountId} order by l.transaction_id desc, l.entry_id desc limit 1), 0),
      (select count(*) from ${accountStatementLines} l where l.account_id = ${accountId})
    on conflict (account_id) do update set balance_cents = excluded.balance_cents, entries = excluded.entries`);
}

/** Reverses a transaction with mirrored entries (at most once: a unique index on reversal_of_id). */
export async function reverseTransaction(tx: Tx, transactionId: number, description: string): Promise<number> {
  const [original] = await tx.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, transactionId));
  if (!original) throw new Error(`no ledger transaction ${transactionId}`);
  const entries = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, transactionId));
  return postTransaction(tx, {
    portalId: original.portalId,
    transactionType: reversalTypeOf(original.transactionType),
    description,
    deliveryId: original.deliveryId,
    reversalOfId: original.id,
    entries: entries.map((entry) => ({ accountId: entry.accountId, amountCents: -entry.amountCents })),
  });
}

/** What a customer account holds (cents; negative = owed). */
export async function accountBalance(tx: Tx, accountId: number): Promise<number> {
  const [cached] = await tx.select({ cents: accountBalances.balanceCents }).from(accountBalances).where(eq(accountBalances.accountId, accountId));
  if (cached) return cached.cents;
  const [row] = await tx.select({ sum: sql<string | null>`sum(${ledgerEntries.amountCents})` }).from(ledgerEntries).where(eq(ledgerEntries.accountId, accountId));
  return -Number(row?.sum ?? 0) || 0; // never -0
}

export async function systemAccountId(tx: Tx, portalId: number, code: string): Promise<number> {
  const [row] = await tx.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.portalId, portalId), eq(accounts.systemCode, code)));
  if (row) return row.id;
  const [created] = await tx.insert(accounts).values({ portalId, accountName: `Platform ${code}`, accountType: 'System', systemCode: code })
    .onConflictDoNothing().returning({ id: accounts.id });
  if (created) return created.id;
  return systemAccountId(tx, portalId, code);
}

/**
 * Many balanced transactions in one go, each exactly as postTransaction writes it (its entries, the customer
 * accounts' statement lines and cached balance), with one INSERT per table instead of one per posting: a delivery
 * batch books hundreds of sales per database transaction. Nothing is written if any posting is unbalanced.
 * Answers the transactions' ids, in the postings' order.
 */
export async function postTransactions(tx: Tx, postings: readonly Posting[]): Promise<number[]> {
  if (postings.length === 0) return [];
  const kept = postings.map((posting) => {
    const entries = posting.entries.filter((entry) => entry.amountCents !== 0);
    if (entries.some((entry) => !Number.isSafeInteger(entry.amountCents))) throw new UnbalancedPostingError('amounts must be integer cents');
    const sum = entries.reduce((total, entry) => total + entry.amountCents, 0);
    if (sum !== 0 || entries.length < 2) throw new UnbalancedPostingError(`unbalanced posting (${sum})`);
    return entries;
  });
  const customer = await tx.select({ id: accounts.id }).from(accounts)
    .where(and(inArray(accounts.id, [...new Set(kept.flat().map((entry) => entry.accountId))]), isNull(accounts.systemCode)))
    .orderBy(asc(accounts.id)).for('no key update');
  const transactionIds = await reserveIds(tx, 'ledger_transactions', postings.length);
  const entryIds = await reserveIds(tx, 'ledger_entries', kept.reduce((total, entries) => total + entries.length, 0));
  const written = await tx.insert(ledgerTransactions).values(postings.map((posting, index) => ({
    id: transactionIds[index]!, portalId: posting.portalId, transactionType: posting.transactionType, description: posting.description,
    deliveryId: posting.deliveryId ?? null, paymentId: posting.paymentId ?? null, reversalOfId: posting.reversalOfId ?? null,
    ...(posting.postedAt && { createdAt: posting.postedAt }),
  }))).returning({ id: ledgerTransactions.id, createdAt: ledgerTransactions.createdAt });
  const createdAt = new Map(written.map((row) => [row.id, row.createdAt]));
  let next = 0;
  const entries = kept.flatMap((list, index) => list.map((entry) => ({ id: entryIds[next++]!, transactionId: transactionIds[index]!, accountId: entry.accountId, amountCents: entry.amountCents })));
  const typeOf = new Map(postings.map((posting, index) => [transactionIds[index]!, posting.transactionType]));
  for (let start = 0; start < entries.length; start += 5000) await tx.insert(ledgerEntries).values(entries.slice(start, start + 5000));
  for (const { id: accountId } of customer) {
    const [cached] = await tx.select().from(accountBalances).where(eq(accountBalances.accountId, accountId));
    if (!cached) {
      await rebuildBalanceCache(tx, accountId);
      continue;
    }
    let balance = cached.balanceCents;
    const lines = entries.filter((entry) => entry.accountId === accountId).map((entry) => {
      balance -= entry.amountCents;
      return { entryId: entry.id, accountId, transactionId: entry.transactionId, transactionType: typeOf.get(entry.transactionId)!, createdAt: createdAt.get(entry.transactionId)!, amountCents: entry.amountCents, balanceAfterCents: balance };
    });
    for (let start = 0; start < lines.length; start += 5000) await tx.insert(accountStatementLines).values(lines.slice(start, start + 5000));
    await tx.update(accountBalances).set({ balanceCents: balance, entries: cached.entries + lines.length }).where(eq(accountBalances.accountId, accountId));
  }
  return transactionIds;
}
