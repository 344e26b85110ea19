import { eq, sql, type AnyColumn } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { AUTH_TEXTS, waitText } from '../../src/lib/error-catalogue';
import type { Database } from '../db/database';
import { signInFailures, users } from '../db/schema';
import { HttpError } from '../http/errors';
import type { AppContext } from '../context';

type LockState = { lockedUntil: Date | null };

/** 423 with Retry-After while the account's lock period runs. Every way of signing in checks it. */
export function assertNotLocked(reply: FastifyReply, user: LockState, now = new Date()): void {
  if (user.lockedUntil && user.lockedUntil > now) throw lockedError(reply, user.lockedUntil, now);
}

function lockedError(reply: FastifyReply, until: Date, now: Date): HttpError {
  const seconds = Math.ceil((until.getTime() - now.getTime()) / 1000);
  reply.header('Retry-After', String(Math.max(1, seconds)));
  return new HttpError(423, AUTH_TEXTS.accountLocked(waitText(seconds)));
}

/**
 * Counts a failed sign-in (one statement, so racing attempts all count). At the threshold the account locks
 * until now + lockoutSeconds and the count starts again, so after the lock the user has the full number of
 * tries. Throws 423 when this attempt locked the account.
 */
export async function recordFailedLogin(context: AppContext, reply: FastifyReply, userId: number): Promise<void> {
  const { reached, until } = lockTerms(context, users.failedLoginCount);
  const [row] = await context.db.update(users).set({
    failedLoginCount: sql`case when ${reached} then 0 else ${users.failedLoginCount} + 1 end`,
    lockedUntil: sql`case when ${reached} then ${until}::timestamptz else ${users.lockedUntil} end`,
  }).where(eq(users.id, userId)).returning({ lockedUntil: users.lockedUntil });
  throwIfLockedNow(reply, row?.lockedUntil ?? null);
}

/** The same count and lock for an email that has no account, so that its answers match an account's. */
export async function recordFailedUnknownEmail(context: AppContext, reply: FastifyReply, email: string): Promise<void> {
  const { reached, until } = lockTerms(context, signInFailures.failedCount);
  await context.db.insert(signInFailures).values({ email }).onConflictDoNothing();
  const [row] = await context.db.update(signInFailures).set({
    failedCount: sql`case when ${reached} then 0 else ${signInFailures.failedCount} + 1 end`,
    lockedUntil: sql`case when ${reached} then ${until}::timestamptz else ${signInFailures.lockedUntil} end`,
    updatedAt: new Date(),
  }).where(eq(signInFailures.email, email)).returning({ lockedUntil: signInFailures.lockedUntil });
  throwIfLockedNow(reply, row?.lockedUntil ?? null);
}

/** The lock of an email without an account (see recordFailedUnknownEmail). */
export async function unknownEmailLock(db: Pick<Database, 'select'>, email: string): Promise<LockState> {
  const [row] = await db.select({ lockedUntil: signInFailures.lockedUntil }).from(signInFailures).where(eq(signInFailures.email, email));
  return { lockedUntil: row?.lockedUntil ?? null };
}

function lockTerms(context: AppContext, count: AnyColumn) {
  const { lockoutThreshold, lockoutSeconds } = context.config;
  // The application's clock decides locks (it also reads them), not the database server's.
  return { reached: sql`${count} + 1 >= ${lockoutThreshold}`, until: new Date(Date.now() + lockoutSeconds * 1000).toISOString() };
}

function throwIfLockedNow(reply: FastifyReply, lockedUntil: Date | null) {
  const now = new Date();
  if (lockedUntil && lockedUntil > now) throw lockedError(reply, lockedUntil, now);
}

export const isLocked = (state: LockState, now = new Date()) => state.lockedUntil !== null && state.lockedUntil > now;

/** A successful sign-in (or a password reset) clears the count and any lock. */
export async function clearFailedLogins(db: Pick<Database, 'update'>, user: { id: number; failedLoginCount: number; lockedUntil: Date | null }) {
  if (user.failedLoginCount === 0 && user.lockedUntil === null) return;
  await db.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, user.id));
}
