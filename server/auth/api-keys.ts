import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Permissions } from '../../src/lib/roles';
import { apiKeys, users } from '../db/schema';
import type { AppContext } from '../context';
import { permissionsOf } from './tokens';

/** Public API keys look like `ck_<prefix>_<secret>`; only a hash of the whole key is stored. */
export const API_KEY_MARK = 'ck_';
const hashApiKey = (key: string) => createHash('sha256').update(key).digest('base64url');

export const isApiKey = (bearer: string) => bearer.startsWith(API_KEY_MARK);

/** Don't write lastUsedAt more often than this per key (one write per request would be wasteful). */
const LAST_USED_RESOLUTION_MS = 60_000;

/** A new key for the user; the previous one stops working. The secret is answered once. */
export async function createApiKey(context: AppContext, userId: number) {
  const prefix = `${API_KEY_MARK}${randomBytes(4).toString('hex')}`;
  const apiKey = `${prefix}_${randomBytes(32).toString('base64url')}`;
  return context.db.transaction(async (tx) => {
    await tx.update(apiKeys).set({ revokedAt: new Date() }).where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
    const [row] = await tx.insert(apiKeys).values({ userId, prefix, secretHash: hashApiKey(apiKey) }).returning();
    return { id: row!.id, userId, apiKey, prefix, createdAt: row!.createdAt.toISOString() };
  });
}

/** The user's current key, without its secret. */
export async function currentApiKey(context: AppContext, userId: number) {
  const [row] = await context.db.select().from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.id)).limit(1);
  if (!row) return undefined;
  return { id: row.id, userId: row.userId, prefix: row.prefix, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null };
}

/** The permissions an API key grants (its user's, as they are now), or undefined for an unknown or revoked key. */
export async function authenticateApiKey(context: AppContext, key: string): Promise<Permissions | undefined> {
  const [row] = await context.db.select({ key: apiKeys, user: users }).from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.secretHash, hashApiKey(key)), isNull(apiKeys.revokedAt))).limit(1);
  if (!row || !key.startsWith(`${row.key.prefix}_`)) return undefined;
  const now = Date.now();
  if (!row.key.lastUsedAt || now - row.key.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await context.db.update(apiKeys).set({ lastUsedAt: new Date(now) }).where(eq(apiKeys.id, row.key.id));
  }
  return permissionsOf(row.user);
}
