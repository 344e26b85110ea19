import { and, desc, eq, sql } from 'drizzle-orm';
import type { components } from '../../src/api/generated/connect';
import { hasAnyRole, STAFF_ROLES, type Permissions } from '../../src/lib/roles';
import type { Database } from '../db/database';
import { accounts, driverDeposits, users } from '../db/schema';
import { notFound } from '../http/errors';
import { BANK_SYSTEM_CODE } from './finance-admin';
import { postTransaction, systemAccountId, type Tx } from './ledger';

// The deposit modal (issue 20): a driver's cash deposit of cash-on-delivery money, stored, shown and posted to the
// ledger (docs/decisions.md, "Driver deposits in the ledger"): a Cash Debit (the driver's account owes the cash
// collected on delivery, the platform's `cod` account holds it for the merchants) and a Cash Credit (the platform's
// `bank` received it, the driver's account is cleared), in the same database transaction as the deposit's row.

type S = components['schemas'];

export interface DepositContext {
  db: Database;
  portalId: number;
  permissions: Permissions;
}

async function requireDriver(ctx: DepositContext, driverId: number): Promise<void> {
  if (!hasAnyRole(ctx.permissions, STAFF_ROLES) && driverId !== ctx.permissions.id) throw notFound(`driver ${driverId}`);
  const [driver] = await ctx.db.select({ id: users.id }).from(users)
    .where(and(eq(users.id, driverId), sql`${users.roles} && array['Driver', 'Partner']::text[]`));
  if (!driver) throw notFound(`driver ${driverId}`);
}

const shown = (row: typeof driverDeposits.$inferSelect): S['DriverDeposit'] => ({
  id: row.id, driverId: row.driverId, amountCents: row.amountCents, reference: row.reference, note: row.note,
  depositedAt: row.depositedAt.toISOString(), recordedByUserId: row.recordedByUserId, createdAt: row.createdAt.toISOString(),
});

export async function listDeposits(ctx: DepositContext, driverId: number): Promise<S['DriverDeposits']> {
  await requireDriver(ctx, driverId);
  const rows = await ctx.db.select().from(driverDeposits)
    .where(and(eq(driverDeposits.portalId, ctx.portalId), eq(driverDeposits.driverId, driverId))).orderBy(desc(driverDeposits.depositedAt), desc(driverDeposits.id));
  // The account the postings went to (driverAccountId's choice), so a finance reader can open them in the statement.
  const [account] = await ctx.db.select({ id: accounts.id }).from(accounts)
    .where(and(eq(accounts.portalId, ctx.portalId), eq(accounts.userId, driverId), eq(accounts.accountType, 'Payable'))).orderBy(accounts.id).limit(1);
  return { items: rows.map(shown), totalCents: rows.reduce((sum, row) => sum + row.amountCents, 0), accountId: account?.id ?? null };
}

/** The driver's own Payable account (what the platform and the driver owe each other), opened on their first deposit. */
export async function driverAccountId(tx: Tx, portalId: number, driverId: number): Promise<number> {
  const [own] = await tx.select({ id: accounts.id }).from(accounts)
    .where(and(eq(accounts.portalId, portalId), eq(accounts.userId, driverId), eq(accounts.accountType, 'Payable'))).orderBy(accounts.id).limit(1);
  if (own) return own.id;
  const [driver] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, driverId));
  const [created] = await tx.insert(accounts).values({
    portalId, accountName: `${driver!.firstName} ${driver!.lastName}`.trim(), accountType: 'Payable', userId: driverId,
  }).returning({ id: accounts.id });
  return created!.id;
}

/**
 * Idempotent: the same key (per portal) records the deposit once and answers the first record. The ledger postings
 * are made only by the call whose insert won, in its transaction, so a replay (or a concurrent twin, which waits on
 * the unique key) posts nothing more.
 */
export async function recordDeposit(ctx: DepositContext, driverId: number, form: S['DriverDepositForm']): Promise<S['DriverDeposit']> {
  await requireDriver(ctx, driverId);
  const inserted = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(driverDeposits).values({
      portalId: ctx.portalId, driverId, amountCents: form.amountCents, reference: form.reference.trim(), note: form.note?.trim() || null,
      depositedAt: new Date(form.depositedAt), recordedByUserId: ctx.permissions.id, idempotencyKey: form.idempotencyKey,
    }).onConflictDoNothing({ target: [driverDeposits.portalId, driverDeposits.idempotencyKey] }).returning();
    if (!row) return undefined;
    const driverAccount = await driverAccountId(tx, ctx.portalId, driverId);
    const [cod, bank] = [await systemAccountId(tx, ctx.portalId, 'cod'), await systemAccountId(tx, ctx.portalId, BANK_SYSTEM_CODE)];
    await postTransaction(tx, {
      portalId: ctx.portalId, transactionType: 'Cash Debit', description: `Cash on delivery handed in, deposit ${row.id} (${row.reference})`,
      entries: [{ accountId: driverAccount, amountCents: row.amountCents }, { accountId: cod, amountCents: -row.amountCents }],
    });
    await postTransaction(tx, {
      portalId: ctx.portalId, transactionType: 'Cash Credit', description: `Cash deposit ${row.id} (${row.reference})`,
      entries: [{ accountId: bank, amountCents: row.amountCents }, { accountId: driverAccount, amountCents: -row.amountCents }],
    });
    return row;
  });
  if (inserted) return shown(inserted);
  const [first] = await ctx.db.select().from(driverDeposits)
    .where(and(eq(driverDeposits.portalId, ctx.portalId), eq(driverDeposits.idempotencyKey, form.idempotencyKey)));
  return shown(first!);
}
