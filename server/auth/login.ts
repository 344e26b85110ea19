import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { AUTH_TEXTS } from '../../src/lib/error-catalogue';
import type { Database } from '../db/database';
import { users } from '../db/schema';
import { HttpError } from '../http/errors';
import type { AppContext } from '../context';
import { assertNotLocked, clearFailedLogins, isLocked, recordFailedLogin, recordFailedUnknownEmail, unknownEmailLock } from './lockout';
import { hashPassword, verifyPassword } from './passwords';

export type UserRow = typeof users.$inferSelect;

/** Emails are kept lower-case and trimmed; lookups compare lower-case too (the unique index is on lower(email)). */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Pick<Database, 'select'>, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(sql`lower(${users.email})`, normaliseEmail(email))).limit(1);
  return user;
}

/** Users created in the back office have no password until they set one with their emailed code. */
export const NO_PASSWORD = '!';
const hasPassword = (hash: string) => hash.startsWith('scrypt$');

let dummyHash: Promise<string> | undefined;
/** Checked when there is no usable hash, so an unknown email costs the same scrypt as a wrong password. */
const dummy = () => (dummyHash ??= hashPassword(randomBytes(18).toString('base64url')));

/** Compares a password against a user's hash in constant work, whether or not there is a user or a hash. */
export async function passwordMatches(user: Pick<UserRow, 'passwordHash'> | undefined, password: string): Promise<boolean> {
  const usable = user && hasPassword(user.passwordHash);
  const matches = await verifyPassword(password, usable ? user.passwordHash : await dummy());
  return Boolean(usable && matches);
}

/**
 * The password step of a login. An unknown email and a wrong password get the same answers with the same work
 * (the same scrypt runs, failures are counted and locked alike, 401 then 423 at the threshold), so no answer
 * tells which emails have an account. A lock is a slowdown, not a door anyone can shut: the right password
 * during a lock is answered with a code sent to the account's email (`emailCodeRequired`), which lets the
 * owner in and clears the lock. Success clears the failures.
 */
export async function authenticatePassword(context: AppContext, reply: FastifyReply, email: string, password: string): Promise<{ user: UserRow; emailCodeRequired: boolean }> {
  const user = await findUserByEmail(context.db, email);
  const lock = user ?? await unknownEmailLock(context.db, normaliseEmail(email));
  const matches = await passwordMatches(user, password);
  if (user && matches) {
    if (isLocked(user)) return { user, emailCodeRequired: true };
    await clearFailedLogins(context.db, user);
    return { user, emailCodeRequired: false };
  }
  assertNotLocked(reply, lock);
  if (user) await recordFailedLogin(context, reply, user.id);
  else await recordFailedUnknownEmail(context, reply, normaliseEmail(email));
  throw new HttpError(401, AUTH_TEXTS.invalidCredentials);
}

/** Computes the dummy hash ahead of the first login, so that one is not slower for unknown users. */
export function warmUpPasswordCheck(): void {
  void dummy();
}
