import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { oneTimeCodes } from '../db/schema';
import { enqueueMessage } from '../messaging/outbox';
import { codeMessage, type CodeTemplate } from '../messaging/templates';

/** What a code confirms. */
export type CodePurpose = 'twoFactorLogin' | 'twoFactorToggle' | 'emailVerification' | 'phoneVerification' | 'passwordReset';

type Executor = Pick<Database, 'select' | 'insert' | 'update'>;
type CodeRow = typeof oneTimeCodes.$inferSelect;
type CodeLimits = Pick<ServerConfig, 'codeTtlSeconds' | 'codeMaxAttempts'>;

const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
const hashCode = (challengeId: string, code: string) => createHash('sha256').update(`${challengeId}:${code}`).digest();
export const newChallengeId = () => randomBytes(32).toString('base64url');

/**
 * Sends a fresh single-use code for a purpose (email or SMS through the outbox, in the caller's transaction).
 * Earlier open codes of the same user and purpose stop working. Answers the challenge id (a two-factor login's
 * twoFactorHash).
 */
export async function sendCode(
  tx: Executor,
  limits: CodeLimits,
  options: { userId: number; purpose: CodePurpose; recipient: string; target?: string; template?: CodeTemplate },
): Promise<string> {
  const now = new Date();
  await tx.update(oneTimeCodes).set({ consumedAt: now })
    .where(and(eq(oneTimeCodes.userId, options.userId), eq(oneTimeCodes.purpose, options.purpose), isNull(oneTimeCodes.consumedAt)));
  const challengeId = newChallengeId();
  const code = newCode();
  await tx.insert(oneTimeCodes).values({
    userId: options.userId,
    purpose: options.purpose,
    challengeId,
    codeHash: hashCode(challengeId, code).toString('base64url'),
    target: options.target ?? null,
    expiresAt: new Date(now.getTime() + limits.codeTtlSeconds * 1000),
  });
  await enqueueCodeMessage(tx, limits, options, code);
  return challengeId;
}

async function enqueueCodeMessage(
  tx: Executor,
  limits: CodeLimits,
  options: { userId: number; purpose: CodePurpose; recipient: string; template?: CodeTemplate },
  code: string,
) {
  const message = codeMessage(options.template ?? options.purpose, code, limits.codeTtlSeconds);
  await enqueueMessage(tx, { userId: options.userId, purpose: options.purpose, recipient: options.recipient, ...message });
}

/**
 * A new code for an open challenge (two-factor "resend"): same challenge id, new code and expiry; the old code
 * stops working. Attempts already spent stay spent, so resending never buys more guesses.
 */
export async function resendCode(
  tx: Executor,
  limits: CodeLimits,
  challengeId: string,
  purpose: CodePurpose,
  recipientOf: (row: CodeRow) => Promise<string | undefined>,
): Promise<boolean> {
  const [row] = await tx.select().from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.challengeId, challengeId), eq(oneTimeCodes.purpose, purpose))).for('update');
  if (!row || row.consumedAt || row.attempts >= limits.codeMaxAttempts) return false;
  const recipient = await recipientOf(row);
  if (!recipient) return false;
  const code = newCode();
  await tx.update(oneTimeCodes).set({
    codeHash: hashCode(challengeId, code).toString('base64url'),
    expiresAt: new Date(Date.now() + limits.codeTtlSeconds * 1000),
  }).where(eq(oneTimeCodes.id, row.id));
  await enqueueCodeMessage(tx, limits, { userId: row.userId, purpose, recipient }, code);
  return true;
}

export type CodeCheck =
  | { status: 'valid'; row: CodeRow }
  /** Wrong code; the challenge is still open. */
  | { status: 'wrong' }
  /** No open challenge: unknown, used, expired, or its last attempt was just spent. */
  | { status: 'closed' };

/**
 * Checks a code (locking its row): a valid one is consumed; a wrong one spends an attempt, and the last
 * attempt closes the challenge. Run it in the transaction that applies what the code confirms, and let that
 * transaction commit even when the code is wrong (the spent attempt must stay spent).
 */
export async function checkCode(
  tx: Executor,
  limits: CodeLimits,
  where: { purpose: CodePurpose; code: string } & ({ challengeId: string } | { userId: number }),
): Promise<CodeCheck> {
  const [row] = 'challengeId' in where
    ? await tx.select().from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.challengeId, where.challengeId), eq(oneTimeCodes.purpose, where.purpose))).for('update')
    : await tx.select().from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, where.userId), eq(oneTimeCodes.purpose, where.purpose), isNull(oneTimeCodes.consumedAt)))
      .orderBy(desc(oneTimeCodes.id)).limit(1).for('update');
  const now = new Date();
  if (!row || row.consumedAt || row.expiresAt <= now || row.attempts >= limits.codeMaxAttempts) return { status: 'closed' };
  const expected = Buffer.from(row.codeHash, 'base64url');
  const given = hashCode(row.challengeId, where.code);
  if (expected.length === given.length && timingSafeEqual(expected, given)) {
    await tx.update(oneTimeCodes).set({ consumedAt: now, attempts: sql`${oneTimeCodes.attempts} + 1` }).where(eq(oneTimeCodes.id, row.id));
    return { status: 'valid', row };
  }
  const attempts = row.attempts + 1;
  const exhausted = attempts >= limits.codeMaxAttempts;
  await tx.update(oneTimeCodes).set({ attempts, ...(exhausted && { consumedAt: now }) }).where(eq(oneTimeCodes.id, row.id));
  return exhausted ? { status: 'closed' } : { status: 'wrong' };
}
