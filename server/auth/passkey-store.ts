import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { passkeys, users } from '../db/schema';

export type PasskeyRow = typeof passkeys.$inferSelect;

/** A passkey as the profile lists it (never its key material). */
export const publicPasskey = (row: PasskeyRow) => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export async function listUserPasskeys(db: Database, userId: number) {
  const rows = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
  return rows.map(publicPasskey);
}

/** Removes one of the user's passkeys; false when the user has no passkey with that id. */
export async function deleteUserPasskey(db: Database, userId: number, id: string): Promise<boolean> {
  const removed = await db.delete(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId))).returning({ id: passkeys.id });
  return removed.length > 0;
}

/** Who registers a passkey (names for the authenticator) and the credentials the user already has. */
export async function registrationSubject(db: Database, userId: number) {
  const [user] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return undefined;
  const existing = await db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId));
  return { user, existing };
}

/** Stores a verified passkey; undefined when that credential is already registered. */
export async function savePasskey(db: Database, values: typeof passkeys.$inferInsert) {
  const [stored] = await db.insert(passkeys).values(values).onConflictDoNothing().returning();
  return stored && publicPasskey(stored);
}

export async function findPasskey(db: Database, id: string): Promise<PasskeyRow | undefined> {
  const [passkey] = await db.select().from(passkeys).where(eq(passkeys.id, id)).limit(1);
  return passkey;
}

/** After a login: the authenticator's new signature counter, and when the passkey was last used. */
export async function recordPasskeyUse(db: Database, id: string, counter: number): Promise<void> {
  await db.update(passkeys).set({ counter, lastUsedAt: new Date() }).where(eq(passkeys.id, id));
}
