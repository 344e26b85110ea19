import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../db/database';
import { authChallenges } from '../db/schema';

/** A pending ceremony (passkey registration or login, an external login) keyed by its challenge or state. */
export interface NewChallenge {
  id: string;
  kind: string;
  userId?: number | null;
  data?: string;
  ttlSeconds: number;
}

/** Stores a pending ceremony; stale ones are swept whenever a new one is stored. */
export async function storeChallenge(db: Database, challenge: NewChallenge): Promise<void> {
  await db.delete(authChallenges).where(lt(authChallenges.expiresAt, new Date()));
  await db.insert(authChallenges).values({
    id: challenge.id,
    kind: challenge.kind,
    ...(challenge.userId !== undefined && { userId: challenge.userId }),
    data: challenge.data ?? '{}',
    expiresAt: new Date(Date.now() + challenge.ttlSeconds * 1000),
  });
}

/**
 * Takes the pending ceremony a response answers, once: whoever deletes the row owns it, so a replay finds
 * nothing. An expired one is taken too, and answered as missing.
 */
export async function takeChallenge(db: Database, id: string, kind: string, userId?: number) {
  const [row] = await db
    .delete(authChallenges)
    .where(and(
      eq(authChallenges.id, id),
      eq(authChallenges.kind, kind),
      ...(userId === undefined ? [] : [eq(authChallenges.userId, userId)]),
    ))
    .returning();
  return row && row.expiresAt.getTime() > Date.now() ? row : undefined;
}
