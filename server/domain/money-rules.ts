// The money rules every debit of a customer account passes (issue 15), in one place: a Prepay account never below
// zero, a PostPay account never beyond its credit limit, an advance never beyond the credit limit. And the
// idempotency of money commands: the same key answers the first result, the same key with another body 422, a key
// still in flight 409.
import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import { accountCreditLimits, accounts, idempotencyKeys } from '../db/schema';
import { HttpError } from '../http/errors';
import { accountBalance, type Tx } from './ledger';

export const MONEY_TEXTS = {
  prepayBelowZero: (account: string) => `The Prepay account "${account}" cannot go below zero.`,
  beyondCreditLimit: (account: string, limit: string) => `The account "${account}" cannot go beyond its credit limit of ${limit}.`,
  advanceBeyondLimit: (account: string, limit: string) => `An advance on the account "${account}" cannot go beyond its credit limit of ${limit}.`,
  keyReused: 'This Idempotency-Key was already used for another request.',
  keyInFlight: 'A request with this Idempotency-Key is still being processed. Please wait for its outcome.',
} as const;

const amount = (cents: number) => (cents / 100).toFixed(2);

export type Debit = 'payment' | 'withdrawal' | 'advance';

/**
 * Refuses (422, naming the account) a debit of `cents` that would take the account below what it may reach. Locks
 * the account row first, so two debits of one account are checked one after the other. `pendingCents` is what
 * other requests already promised out of it.
 */
export async function requireWithinLimit(tx: Tx, accountId: number, cents: number, debit: Debit = 'payment', pendingCents = 0): Promise<void> {
  const account = await lockAccountForDebit(tx, accountId);
  if (!account || account.type === 'System') return;
  const refusal = limitRefusal(account, (await accountBalance(tx, accountId)) - pendingCents - cents, debit);
  if (refusal) throw new HttpError(422, refusal);
}

/**
 * requireWithinLimit's rule for an account (its name, type and credit limit, read under its lock) and the balance a
 * debit would leave: the refusal's text, or undefined. A delivery batch checks each of its rows with it, keeping the
 * locked account's balance as it books.
 */
export function limitRefusal(account: { name: string; type: string; limit: number | null }, after: number, debit: Debit = 'payment'): string | undefined {
  if (account.type === 'System') return undefined;
  if (debit === 'advance') {
    // An advance is credit against future pay: as far as the credit limit, whatever the account's type.
    return after < -(account.limit ?? 0) ? MONEY_TEXTS.advanceBeyondLimit(account.name, amount(account.limit ?? 0)) : undefined;
  }
  if (account.type === 'Prepay' && after < 0) return MONEY_TEXTS.prepayBelowZero(account.name);
  if (account.type === 'PostPay' && account.limit !== null && after < -account.limit) return MONEY_TEXTS.beyondCreditLimit(account.name, amount(account.limit));
  return undefined;
}

/** The account's name, type and credit limit, locked for the rest of the transaction (what limitRefusal needs). */
export async function lockAccountForDebit(tx: Tx, accountId: number) {
  const [account] = await tx.select({ name: accounts.accountName, type: accounts.accountType, limit: accountCreditLimits.creditLimitCents })
    .from(accounts).leftJoin(accountCreditLimits, eq(accountCreditLimits.accountId, accounts.id))
    .where(eq(accounts.id, accountId)).for('update', { of: accounts });
  return account;
}

/** Keys order-independent, so the same body sent with its fields in another order is the same request. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A claim older than this belongs to a process that died mid-command (its transaction rolled back): taken over. */
const STALE_CLAIM_MS = 60_000;

export interface IdempotentCommand { key: string; userId: number; operation: string; request: unknown }

/**
 * Runs a money command once per Idempotency-Key: claims the key (committed on its own, so a duplicate sees it in
 * flight), runs the command in one database transaction that also stores its answer, and on failure lets the key
 * go (nothing was written, so a retry may run it). A repeat answers the stored result.
 */
export async function idempotent<Result>(db: Database, command: IdempotentCommand, run: (tx: Tx) => Promise<Result>): Promise<Result> {
  const requestHash = createHash('sha256').update(`${command.operation}\n${stableJson(command.request)}`).digest('hex');
  const claimed = await claim(db, command, requestHash);
  if (!claimed.owned) return claimed.response as Result;
  try {
    return await db.transaction(async (tx) => {
      const result = await run(tx);
      await tx.update(idempotencyKeys).set({ statusCode: 200, response: result ?? null }).where(eq(idempotencyKeys.key, command.key));
      return result;
    });
  } catch (error) {
    await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.key, command.key), isNull(idempotencyKeys.statusCode)));
    throw error;
  }
}

async function claim(db: Database, command: IdempotentCommand, requestHash: string): Promise<{ owned: true } | { owned: false; response: unknown }> {
  try {
    const inserted = await db.insert(idempotencyKeys).values({ key: command.key, userId: command.userId, operation: command.operation, requestHash })
      .onConflictDoNothing().returning({ key: idempotencyKeys.key });
    if (inserted.length) return { owned: true };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, command.key));
  if (!row) return claim(db, command, requestHash); // let go between our insert and our read
  if (row.userId !== command.userId || row.operation !== command.operation || row.requestHash !== requestHash) throw new HttpError(422, MONEY_TEXTS.keyReused);
  if (row.statusCode !== null) return { owned: false, response: row.response };
  const taken = await db.update(idempotencyKeys).set({ createdAt: new Date() })
    .where(and(eq(idempotencyKeys.key, command.key), isNull(idempotencyKeys.statusCode), lt(idempotencyKeys.createdAt, sql`now() - ${`${STALE_CLAIM_MS} milliseconds`}::interval`)))
    .returning({ key: idempotencyKeys.key });
  if (taken.length) return { owned: true };
  throw new HttpError(409, MONEY_TEXTS.keyInFlight);
}
