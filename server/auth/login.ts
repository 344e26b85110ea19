import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { AUTH_TEXTS } from '../../src/lib/error-catalogue';
import type { Database } from '../db/database';
import { users } from '../db/schema';
import { HttpError } from '../http/errors';
import type { AppContext } from '../context';
import { assertNotLocked, clearFailedLogins, recordFailedLogin } from './lockout';
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
 * The password step of a login: one 401 for an unknown user and a wrong password, with similar timing (the
 * same scrypt runs); 423 while locked; failures counted towards the lock; success clears them.
 */
export async function authenticatePassword(context: AppContext, reply: FastifyReply, email: string, password: string): Promise<UserRow> {
  const user = await findUserByEmail(context.db, email);
  if (user) assertNotLocked(reply, user);
  const matches = await passwordMatches(user, password);
  if (!user || !matches) {
    if (user) await recordFailedLogin(context, reply, user.id);
    throw new HttpError(401, AUTH_TEXTS.invalidCredentials);
  }
  await clearFailedLogins(context.db, user);
  return user;
}

/** Computes the dummy hash ahead of the first login, so that one is not slower for unknown users. */
export function warmUpPasswordCheck(): void {
  void dummy();
}
