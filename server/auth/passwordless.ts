import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_TEXTS } from '../../src/lib/error-catalogue';
import { users } from '../db/schema';
import { HttpError } from '../http/errors';
import type { AppContext } from '../context';
import { assertNotLocked, clearFailedLogins } from './lockout';
import { issueSession, sendTokens, type AuthResponse } from './sessions';

/**
 * The end of a sign-in that proved who the user is without a password (an external provider, a passkey): a
 * locked account stays locked (423 with Retry-After), otherwise the failed-attempt count starts over and a
 * session is issued the way the caller asked for its tokens.
 */
export async function signInProvenUser(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<AuthResponse> {
  const [user] = await context.db
    .select({ id: users.id, lockedUntil: users.lockedUntil, failedLoginCount: users.failedLoginCount })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw new HttpError(401, ERROR_TEXTS.unauthorized);
  assertNotLocked(reply, user);
  await clearFailedLogins(context.db, user);
  return sendTokens(context, request, reply, await issueSession(context, userId));
}
