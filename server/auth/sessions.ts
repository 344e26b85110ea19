import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components } from '../../src/api/generated/identity';
import { USERS_ADMIN_TEXTS } from '../../src/lib/users-admin-texts';
import { impersonationAudit, refreshTokenFamilies, refreshTokens, userAdminDetails, users } from '../db/schema';
import { HttpError } from '../http/errors';
import type { Permissions } from '../../src/lib/roles';
import type { AppContext } from '../context';
import { InvalidTokenError, signAccessToken, verifyAccessTokenClaims, type Actor } from './tokens';

export type AuthResponse = components['schemas']['AuthResponse'];

declare module 'fastify' {
  interface FastifyRequest {
    /** The refresh token family (login session) of the bearer access token, from its `sid` claim. */
    sessionId: string | undefined;
  }
}

export interface SessionTokens {
  jwtToken: string;
  refreshToken: string;
  /** True when the family is an impersonation (decides which cookie carries it). */
  impersonation: boolean;
}

/** Refresh tokens are random and stored only as this hash. */
export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('base64url');
export const newRefreshToken = () => randomBytes(32).toString('base64url');

/** The two cookies of the web app: the main login, and the impersonation kept beside it. */
export const REFRESH_COOKIE = 'courier_rt';
export const IMPERSONATION_COOKIE = 'courier_rt_imp';
export const REFRESH_COOKIE_PATH = '/identity/v1/auth';
/**
 * Says only that this browser holds a session, for every path: the refresh cookie is sent to the auth calls alone,
 * so without this the server could not tell a signed-in visitor of a public page (who gets the app, with their
 * menus) from a visitor (who gets the page rendered ahead of time). HttpOnly; it grants nothing.
 */
export const SIGNED_IN_COOKIE = 'courier_signed_in';

type Executor = Pick<AppContext['db'], 'select' | 'insert' | 'update' | 'execute'>;

/** The access token of a user as the database has them now (roles, confirmations, scope). */
export async function accessTokenFor(
  context: AppContext,
  userId: number,
  act?: Actor,
  db: Executor = context.db,
  sessionId?: string,
): Promise<string> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new Error(`user ${userId} vanished while signing in`);
  return signAccessToken(context.keys, user, context.config.accessTokenTtlSeconds, act, sessionId);
}

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An access token's session as the token's checks need it, or undefined when there is none for that user: when it
 * ends (its absolute end: an impersonation's window, or the end the browser suite's fault switch brings), and whether
 * it is still live: its refresh-token family not revoked (logout, reuse detection, impersonation stop, password
 * change, deactivation) and its user active. One primary-key read per request.
 */
export async function sessionOf(db: Pick<AppContext['db'], 'select'>, sid: string, userId: number): Promise<{ endsAt: Date; live: boolean } | undefined> {
  if (!SESSION_ID.test(sid)) return undefined;
  let statement = sessionStatements.get(db);
  if (!statement) {
    statement = sessionStatement(db);
    sessionStatements.set(db, statement);
  }
  const [row] = await statement.execute({ sid, userId });
  return row && { endsAt: row.endsAt, live: row.live };
}

/** The session check, built once per database and run as a named prepared statement (docs/benchmarks.md). */
const sessionStatement = (db: Pick<AppContext['db'], 'select'>) => db.select({
  endsAt: refreshTokenFamilies.absoluteExpiresAt,
  live: sql<boolean>`${refreshTokenFamilies.revokedAt} is null and coalesce(${userAdminDetails.isActive}, true)`,
})
  .from(refreshTokenFamilies)
  .leftJoin(userAdminDetails, eq(userAdminDetails.userId, refreshTokenFamilies.userId))
  .where(and(eq(refreshTokenFamilies.id, sql.placeholder('sid')), eq(refreshTokenFamilies.userId, sql.placeholder('userId'))))
  .limit(1).prepare('session_of_token');
const sessionStatements = new WeakMap<Pick<AppContext['db'], 'select'>, ReturnType<typeof sessionStatement>>();

/**
 * A bearer access token checked in full: signature, issuer and expiry, then its session (sessionOf), so that every
 * end of a session ends its access tokens at once rather than when they expire: a session ended by someone is
 * 'ended' (401), one past its absolute end 'sessionExpired' (440, as the refresh answers it). `endsAt` is the
 * earlier of the token's expiry and the session's absolute end (an impersonation window may close first).
 */
export async function authenticateAccessToken(
  context: Pick<AppContext, 'db' | 'keys'>,
  token: string,
): Promise<{ permissions: Permissions; sid: string; endsAt: Date }> {
  const { permissions, sid, expiresAt } = await verifyAccessTokenClaims(context.keys, token);
  const session = sid ? await sessionOf(context.db, sid, permissions.id) : undefined;
  if (!sid || !session?.live) throw new InvalidTokenError('ended');
  if (session.endsAt.getTime() <= Date.now()) throw new InvalidTokenError('sessionExpired');
  return { permissions, sid, endsAt: session.endsAt < expiresAt ? session.endsAt : expiresAt };
}

/**
 * Starts a login session: a new refresh-token family and its first token, and an access token. Every way of
 * signing in (password, two-factor, external, passkey, impersonation) ends here.
 */
export async function issueSession(
  context: AppContext,
  userId: number,
  options: { impersonator?: Actor; db?: Executor } = {},
): Promise<SessionTokens & { familyId: string }> {
  const db = options.db ?? context.db;
  // Every way of signing in ends here: a user deactivated in the back office (users screen) gets no session.
  const [inactive] = await db.select({ userId: userAdminDetails.userId }).from(userAdminDetails)
    .where(and(eq(userAdminDetails.userId, userId), eq(userAdminDetails.isActive, false))).limit(1);
  if (inactive) throw new HttpError(423, USERS_ADMIN_TEXTS.accountInactive);
  const now = Date.now();
  const lifetime = options.impersonator ? context.config.impersonationWindowSeconds : context.config.refreshTokenTtlSeconds;
  const [family] = await db.insert(refreshTokenFamilies).values({
    userId,
    impersonatorId: options.impersonator?.id ?? null,
    absoluteExpiresAt: new Date(now + lifetime * 1000),
  }).returning({ id: refreshTokenFamilies.id });
  const refreshToken = newRefreshToken();
  await db.insert(refreshTokens).values({
    familyId: family!.id,
    tokenHash: hashRefreshToken(refreshToken),
    expiresAt: new Date(now + Math.min(lifetime, context.config.refreshTokenTtlSeconds) * 1000),
  });
  return {
    jwtToken: await accessTokenFor(context, userId, options.impersonator, db, family!.id),
    refreshToken,
    impersonation: Boolean(options.impersonator),
    familyId: family!.id,
  };
}

export type RefreshOutcome =
  | { ok: true; tokens: SessionTokens }
  /** 401: unknown, revoked, or reused (the family has just been revoked); 440: the session has expired. */
  | { ok: false; status: 401 | 440; reason: 'unknown' | 'revoked' | 'reuse' | 'expired' };

/**
 * Exchanges a refresh token for a new one and a fresh access token. The family row is locked first, so
 * requests racing with the same token are decided one after the other on PGlite and PostgreSQL alike:
 * - a token rotated less than refreshReuseGraceSeconds ago is a parallel refresh: a sibling token of the same
 *   family is answered;
 * - a token rotated earlier is a reuse (stolen or replayed): the whole family is revoked;
 * - an expired token, or a family past its absolute expiry (an impersonation window), is a 440.
 */
export async function refreshSession(context: AppContext, presented: string): Promise<RefreshOutcome> {
  const tokenHash = hashRefreshToken(presented);
  return context.db.transaction(async (tx) => {
    const [found] = await tx.select({ familyId: refreshTokens.familyId }).from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
    if (!found) return { ok: false, status: 401, reason: 'unknown' } as const;
    const [family] = await tx.select().from(refreshTokenFamilies)
      .where(eq(refreshTokenFamilies.id, found.familyId)).for('update');
    // Read again under the family lock: a racing refresh may just have rotated it.
    const [token] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
    if (!family || !token) return { ok: false, status: 401, reason: 'unknown' } as const;
    if (family.revokedAt) return { ok: false, status: 401, reason: 'revoked' } as const;
    const now = new Date();
    if (token.rotatedAt && now.getTime() - token.rotatedAt.getTime() >= context.config.refreshReuseGraceSeconds * 1000) {
      await revokeFamilies(tx, [family.id], 'reuse');
      return { ok: false, status: 401, reason: 'reuse' } as const;
    }
    if (token.expiresAt <= now || family.absoluteExpiresAt <= now) return { ok: false, status: 440, reason: 'expired' } as const;

    let impersonator: Actor | undefined;
    if (family.impersonatorId !== null) {
      const [actor] = await tx.select().from(users).where(eq(users.id, family.impersonatorId)).limit(1);
      // An administrator who lost the role cannot keep acting for someone.
      if (!actor?.roles.includes('Administrator')) {
        await revokeFamilies(tx, [family.id], 'impersonatorRevoked');
        return { ok: false, status: 401, reason: 'revoked' } as const;
      }
      impersonator = { id: actor.id, email: actor.email };
    }
    if (!token.rotatedAt) {
      await tx.update(refreshTokens).set({ rotatedAt: now }).where(eq(refreshTokens.id, token.id));
    }
    const refreshToken = newRefreshToken();
    const expiresAt = Math.min(now.getTime() + context.config.refreshTokenTtlSeconds * 1000, family.absoluteExpiresAt.getTime());
    await tx.insert(refreshTokens).values({ familyId: family.id, tokenHash: hashRefreshToken(refreshToken), expiresAt: new Date(expiresAt) });
    return {
      ok: true,
      tokens: {
        jwtToken: await accessTokenFor(context, family.userId, impersonator, tx, family.id),
        refreshToken,
        impersonation: impersonator !== undefined,
      },
    } as const;
  });
}

/** The family of a refresh token, whatever its state (logout accepts rotated and expired tokens). */
export async function familyOfToken(db: Executor, presented: string) {
  const [row] = await db.select({ family: refreshTokenFamilies }).from(refreshTokens)
    .innerJoin(refreshTokenFamilies, eq(refreshTokenFamilies.id, refreshTokens.familyId))
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(presented))).limit(1);
  return row?.family;
}

/**
 * Brings a refresh token's session to its absolute end now (the browser suite's stand-in for time passing, see
 * server/http/fault-switch.ts): its next refresh answers 440. False when the token belongs to no session.
 */
export async function endSessionNow(db: Executor, presented: string): Promise<boolean> {
  const family = await familyOfToken(db, presented);
  if (!family) return false;
  await db.update(refreshTokenFamilies).set({ absoluteExpiresAt: new Date() }).where(eq(refreshTokenFamilies.id, family.id));
  return true;
}

/** The same for the session of a valid access token (the fault switch's armed 440). False when it names none. */
export async function endSessionOfAccessToken(context: Pick<AppContext, 'db' | 'keys'>, token: string): Promise<boolean> {
  const { sid, permissions } = await verifyAccessTokenClaims(context.keys, token).catch(() => ({ sid: undefined, permissions: undefined }));
  if (!sid || !permissions || !SESSION_ID.test(sid)) return false;
  const ended = await context.db.update(refreshTokenFamilies).set({ absoluteExpiresAt: new Date() })
    .where(and(eq(refreshTokenFamilies.id, sid), eq(refreshTokenFamilies.userId, permissions.id))).returning({ id: refreshTokenFamilies.id });
  return ended.length > 0;
}

/**
 * Revokes families that are still active, and writes the audit 'stop' row of each impersonation among them.
 * Answers the families it revoked.
 */
export async function revokeFamilies(tx: Executor, familyIds: string[], reason: string, ip?: string) {
  if (familyIds.length === 0) return [];
  const revoked = await tx.update(refreshTokenFamilies).set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(inArray(refreshTokenFamilies.id, familyIds), isNull(refreshTokenFamilies.revokedAt)))
    .returning();
  const impersonations = revoked.filter((family) => family.impersonatorId !== null);
  if (impersonations.length > 0) {
    await tx.insert(impersonationAudit).values(impersonations.map((family) => ({
      actorId: family.impersonatorId!, targetId: family.userId, action: 'stop', familyId: family.id, ip: ip ?? null,
    })));
  }
  await announceSessionsEnded(tx, revoked.map((family) => family.id));
  return revoked;
}

/** The channel on which ended sessions (refresh-token family ids, comma-separated) are announced. */
export const SESSIONS_ENDED_CHANNEL = 'sessions_ended';
/** NOTIFY payloads are limited to 8000 bytes: 36-character ids go out in batches well under it. */
const IDS_PER_NOTIFICATION = 150;

/**
 * Tells every server process that these sessions ended, so their open hub connections close at once rather
 * than when their access token expires. NOTIFY is transactional: nothing is sent if the revocation rolls back.
 */
async function announceSessionsEnded(tx: Executor, familyIds: string[]): Promise<void> {
  for (let start = 0; start < familyIds.length; start += IDS_PER_NOTIFICATION) {
    const batch = familyIds.slice(start, start + IDS_PER_NOTIFICATION).join(',');
    await tx.execute(sql`select pg_notify(${SESSIONS_ENDED_CHANNEL}, ${batch})`);
  }
}

/** Every active session of a user, but the one named (the caller's own, after a password change). */
export async function revokeUserFamilies(tx: Executor, userId: number, reason: string, exceptFamilyId?: string) {
  const active = await tx.select({ id: refreshTokenFamilies.id }).from(refreshTokenFamilies)
    .where(and(
      eq(refreshTokenFamilies.userId, userId),
      isNull(refreshTokenFamilies.revokedAt),
      exceptFamilyId ? ne(refreshTokenFamilies.id, exceptFamilyId) : undefined,
    ));
  return revokeFamilies(tx, active.map((row) => row.id), reason);
}

export function wantsCookieTransport(request: FastifyRequest): boolean {
  return request.headers['x-token-transport'] === 'cookie';
}

const cookieOptions = (request: FastifyRequest) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: request.protocol === 'https',
  path: REFRESH_COOKIE_PATH,
});

const signedInCookieOptions = (request: FastifyRequest) => ({ httpOnly: true, sameSite: 'lax' as const, secure: request.protocol === 'https', path: '/' });

/**
 * Answers tokens the way the caller asked: in the body (API clients), or with the refresh token only in an
 * HttpOnly SameSite=Strict cookie (the web app), so no script can read it. `transport` overrides the header:
 * a token that came from a cookie goes back only in a cookie.
 */
export function sendTokens(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  tokens: SessionTokens,
  transport?: 'cookie' | 'body',
): AuthResponse {
  const cookie = transport ? transport === 'cookie' : wantsCookieTransport(request);
  if (!cookie) return { jwtToken: tokens.jwtToken, refreshToken: tokens.refreshToken };
  reply.setCookie(tokens.impersonation ? IMPERSONATION_COOKIE : REFRESH_COOKIE, tokens.refreshToken, {
    ...cookieOptions(request),
    maxAge: tokens.impersonation ? context.config.impersonationWindowSeconds : context.config.refreshTokenTtlSeconds,
  });
  if (!tokens.impersonation) reply.setCookie(SIGNED_IN_COOKIE, '1', { ...signedInCookieOptions(request), maxAge: context.config.refreshTokenTtlSeconds });
  return { jwtToken: tokens.jwtToken };
}

/** Drops refresh cookies (logout clears both; stopping an impersonation only its own). */
export function clearRefreshCookies(request: FastifyRequest, reply: FastifyReply, names: string[] = [REFRESH_COOKIE, IMPERSONATION_COOKIE]) {
  for (const name of names) reply.clearCookie(name, cookieOptions(request));
  if (names.includes(REFRESH_COOKIE)) reply.clearCookie(SIGNED_IN_COOKIE, signedInCookieOptions(request));
}
