// The ledger: append-only, balanced transactions in integer cents. Debit positive, credit negative; a customer
// account's balance (what it holds) is minus the sum of its entries. Nothing here updates or deletes a row:
// a correction is a reversal transaction.
import { and, eq, sql } from 'drizzle-orm';
import { reversalTypeOf, type LedgerTransactionType } from '../../src/lib/finance-texts';
import type { Database } from '../db/database';
import { accounts, ledgerEntries, ledgerTransactions } from '../db/schema';

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
  const [row] = await tx.insert(ledgerTransactions).values({
    portalId: posting.portalId,
    transactionType: posting.transactionType,
    description: posting.description,
    deliveryId: posting.deliveryId ?? null,
    paymentId: posting.paymentId ?? null,
    reversalOfId: posting.reversalOfId ?? null,
    ...(posting.postedAt && { createdAt: posting.postedAt }),
  }).returning({ id: ledgerTransactions.id });
  await tx.insert(ledgerEntries).values(entries.map((entry) => ({ ...entry, transactionId: row!.id })));
  return row!.id;
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
