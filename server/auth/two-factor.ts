import { eq } from 'drizzle-orm';
import { AUTH_TEXTS } from '../../src/lib/error-catalogue';
import { users } from '../db/schema';
import { badRequest, HttpError } from '../http/errors';
import type { AppContext } from '../context';
import { checkCode, resendCode, sendCode } from './codes';
import { clearFailedLogins } from './lockout';
import type { UserRow } from './login';
import { issueSession, type SessionTokens } from './sessions';

/** The password was right and two-factor is on: a code goes by email; the answer is the challenge's hash. */
export async function startTwoFactorLogin(context: AppContext, user: UserRow): Promise<string> {
  return context.db.transaction((tx) => sendCode(tx, context.config, {
    userId: user.id, purpose: 'twoFactorLogin', recipient: user.email,
  }));
}

const challengeEnded = () => new HttpError(401, AUTH_TEXTS.twoFactorChallengeEnded);

/**
 * Completes a two-factor login. The code is single use and attempt-limited: a wrong one is a 400 naming
 * `code`; the last allowed wrong attempt, an expired or used challenge is a 401 (log in again).
 */
export async function verifyTwoFactorLogin(
  context: AppContext,
  twoFactorHash: string,
  code: string,
): Promise<SessionTokens> {
  const result = await context.db.transaction(async (tx) => {
    const check = await checkCode(tx, context.config, { challengeId: twoFactorHash, purpose: 'twoFactorLogin', code });
    if (check.status !== 'valid') return check.status;
    const [user] = await tx.select().from(users).where(eq(users.id, check.row.userId)).limit(1);
    if (!user) return 'closed' as const;
    // The emailed code proves the owner: it lets them in through a lock others caused, and clears it.
    await clearFailedLogins(tx, user);
    return issueSession(context, user.id, { db: tx });
  });
  if (result === 'wrong') throw badRequest('code', AUTH_TEXTS.codeInvalid);
  if (result === 'closed') throw challengeEnded();
  return result;
}

/** A fresh code for a pending two-factor login; the previous code stops working. */
export async function resendTwoFactorLogin(context: AppContext, twoFactorHash: string): Promise<void> {
  const sent = await context.db.transaction((tx) => resendCode(tx, context.config, twoFactorHash, 'twoFactorLogin', async (row) => {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId)).limit(1);
    return user?.email;
  }));
  if (!sent) throw challengeEnded();
}
