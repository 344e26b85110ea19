import { and, desc, eq, sql } from 'drizzle-orm';
import type { components } from '../../src/api/generated/connect';
import { hasAnyRole, STAFF_ROLES, type Permissions } from '../../src/lib/roles';
import type { Database } from '../db/database';
import { driverDeposits, users } from '../db/schema';
import { notFound } from '../http/errors';

// The deposit modal (issue 20): a driver's cash deposit of cash-on-delivery money, stored and shown. The ledger
// posting (Cash Credit / Cash Debit) is finance's and not made here.

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
  return { items: rows.map(shown), totalCents: rows.reduce((sum, row) => sum + row.amountCents, 0) };
}

/** Idempotent: the same key (per portal) records the deposit once and answers the first record. */
export async function recordDeposit(ctx: DepositContext, driverId: number, form: S['DriverDepositForm']): Promise<S['DriverDeposit']> {
  await requireDriver(ctx, driverId);
  const [inserted] = await ctx.db.insert(driverDeposits).values({
    portalId: ctx.portalId, driverId, amountCents: form.amountCents, reference: form.reference.trim(), note: form.note?.trim() || null,
    depositedAt: new Date(form.depositedAt), recordedByUserId: ctx.permissions.id, idempotencyKey: form.idempotencyKey,
  }).onConflictDoNothing({ target: [driverDeposits.portalId, driverDeposits.idempotencyKey] }).returning();
  if (inserted) return shown(inserted);
  const [first] = await ctx.db.select().from(driverDeposits)
    .where(and(eq(driverDeposits.portalId, ctx.portalId), eq(driverDeposits.idempotencyKey, form.idempotencyKey)));
  return shown(first!);
}
