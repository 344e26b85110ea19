import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components } from '../../src/api/generated/identity';
import { refreshTokenFamilies, refreshTokens, users } from '../db/schema';
import type { AppContext } from '../routes/context';
import { signAccessToken, type Actor } from './tokens';

export type AuthResponse = components['schemas']['AuthResponse'];

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

type Executor = Pick<AppContext['db'], 'select' | 'insert' | 'update'>;

/** The access token of a user as the database has them now (roles, confirmations, scope). */
export async function accessTokenFor(context: AppContext, userId: number, act?: Actor, db: Executor = context.db): Promise<string> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new Error(`user ${userId} vanished while signing in`);
  return signAccessToken(context.keys, user, context.config.accessTokenTtlSeconds, act);
}

/**
 * Starts a login session: a new refresh-token family and its first token, and an access token. Every way of
 * signing in (password, two-factor, external, passkey, impersonation) ends here.
 */
export async function issueSession(
  context: AppContext,
  userId: number,
  options: { impersonator?: Actor; db?: Executor } = {},
): Promise<SessionTokens> {
  const db = options.db ?? context.db;
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
    jwtToken: await accessTokenFor(context, userId, options.impersonator, db),
    refreshToken,
    impersonation: Boolean(options.impersonator),
  };
}

export function wantsCookieTransport(request: FastifyRequest): boolean {
  return request.headers['x-token-transport'] === 'cookie';
}

/**
 * Answers tokens the way the caller asked: in the body (API clients), or with the refresh token only in an
 * HttpOnly SameSite=Strict cookie (the web app), so no script can read it.
 */
export function sendTokens(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  tokens: SessionTokens,
): AuthResponse {
  if (!wantsCookieTransport(request)) return { jwtToken: tokens.jwtToken, refreshToken: tokens.refreshToken };
  reply.setCookie(tokens.impersonation ? IMPERSONATION_COOKIE : REFRESH_COOKIE, tokens.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: REFRESH_COOKIE_PATH,
    maxAge: tokens.impersonation ? context.config.impersonationWindowSeconds : context.config.refreshTokenTtlSeconds,
  });
  return { jwtToken: tokens.jwtToken };
}
