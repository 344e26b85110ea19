import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AUTH_TEXTS } from '../../src/lib/error-catalogue';
import type { Permissions, Role } from '../../src/lib/roles';
import { impersonationAudit, refreshTokenFamilies, users } from '../db/schema';
import { badRequest, HttpError, notFound } from '../http/errors';
import type { AppContext } from '../context';
import { issueSession, revokeFamilies, type SessionTokens } from './sessions';

/** Privilege order for impersonation and for granting roles: everyone else ranks 0. */
const RANKS: Partial<Record<Role, number>> = { Administrator: 3, ManagementOperator: 2, StaffOperator: 1 };

export function rankOfRole(role: string): number {
  return RANKS[role as Role] ?? 0;
}

export function privilegeRank(roles: readonly string[]): number {
  return Math.max(0, ...roles.map(rankOfRole));
}

export function rankOfPermissions(permissions: Permissions): number {
  if (permissions.isAdministrator) return 3;
  if (permissions.isManagementOperator) return 2;
  if (permissions.isStaffOperator) return 1;
  return 0;
}

/**
 * An administrator signs in as another user: tokens with `act` naming the administrator, in a family that
 * ends impersonationWindowSeconds after the start however often it is refreshed; the start is audited.
 * Never oneself, never a user of equal or higher privilege, never while already impersonating.
 */
export async function startImpersonation(
  context: AppContext,
  request: FastifyRequest,
  caller: Permissions,
  targetId: number,
): Promise<SessionTokens> {
  if (caller.act) throw new HttpError(403, AUTH_TEXTS.alreadyImpersonating);
  if (targetId === caller.id) throw badRequest('userId', AUTH_TEXTS.impersonateSelf);
  return context.db.transaction(async (tx) => {
    const [target] = await tx.select({ id: users.id, roles: users.roles }).from(users).where(eq(users.id, targetId)).limit(1);
    if (!target) throw notFound(`user ${targetId}`);
    if (privilegeRank(target.roles) >= rankOfPermissions(caller)) throw new HttpError(403, AUTH_TEXTS.impersonatePrivileged);
    const tokens = await issueSession(context, target.id, { impersonator: { id: caller.id, email: caller.email }, db: tx });
    await tx.insert(impersonationAudit).values({
      actorId: caller.id, targetId: target.id, action: 'start', familyId: tokens.familyId, ip: request.ip,
    });
    return tokens;
  });
}

/**
 * Ends the caller's impersonation: the family of the bearer token (its `sid`), or, for a token without one,
 * every open impersonation of this user by this administrator. The revocation writes the audit 'stop' row.
 */
export async function stopImpersonation(context: AppContext, request: FastifyRequest, caller: Permissions): Promise<void> {
  const act = caller.act;
  if (!act) throw new HttpError(409, AUTH_TEXTS.notImpersonating);
  await context.db.transaction(async (tx) => {
    const open = await tx.select({ id: refreshTokenFamilies.id }).from(refreshTokenFamilies).where(and(
      eq(refreshTokenFamilies.userId, caller.id),
      eq(refreshTokenFamilies.impersonatorId, act.id),
      isNull(refreshTokenFamilies.revokedAt),
      request.sessionId ? eq(refreshTokenFamilies.id, request.sessionId) : undefined,
    ));
    const revoked = await revokeFamilies(tx, open.map((row) => row.id), 'impersonationStopped', request.ip);
    if (revoked.length === 0) {
      // Already ended (expired window, logout): still record that the administrator stopped.
      await tx.insert(impersonationAudit).values({
        actorId: act.id, targetId: caller.id, action: 'stop', familyId: request.sessionId ?? null, ip: request.ip,
      });
    }
  });
}
