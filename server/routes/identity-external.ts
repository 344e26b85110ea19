import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { operations } from '../../src/api/generated/identity';
import {
  createOidcClient,
  OIDC_CHALLENGE_KIND,
  OIDC_CHALLENGE_TTL_SECONDS,
  OIDC_PROVIDER_ID,
  OidcLoginError,
  oidcSettings,
  OidcUnavailableError,
  type OidcIdentity,
  type OidcPendingLogin,
} from '../auth/oidc';
import { signInProvenUser } from '../auth/passwordless';
import { enforceThrottle } from '../auth/throttle';
import { authChallenges, externalLogins, users } from '../db/schema';
import { badRequest, HttpError, notFound } from '../http/errors';
import type { AppContext } from '../context';
import type { Handlers } from './handler-types';

type ExternalOperations = 'externalProviders' | 'externalAuthorize' | 'externalLogin';

export const EXTERNAL_LOGIN_TEXTS = {
  foreignRedirect: 'redirectUri must be an address of this site',
  redirectWithQuery: 'redirectUri must not carry a query or a fragment',
  unknownState: 'callbackUrl does not belong to a pending sign-in (it expired or was already used); please start again',
  redirectMismatch: 'callbackUrl is not the address the sign-in was started for',
  unknownProvider: (provider: string) => `provider "${provider}" is not configured`,
  refused: 'The sign-in provider did not confirm the login. Please try again.',
  unavailable: 'The sign-in provider is unavailable. Please try again shortly.',
  noEmail: 'The sign-in provider did not share an email address, which an account needs.',
  unverifiedEmail:
    'An account with this email address already exists. Log in with your password: the sign-in provider has not verified this address.',
} as const;

/** Users created by an external login have no password until they set one with "forgot password". */
export const UNUSABLE_PASSWORD_HASH = '!external';

/** The origin the caller reached us on (scheme, host and port), as a browser would write it. */
function requestOrigin(request: FastifyRequest): string {
  return new URL(`${request.protocol}://${request.headers.host ?? request.hostname}`).origin;
}

const withoutQuery = (url: URL) => `${url.origin}${url.pathname}`;

/**
 * The user an external identity signs in as: the one already linked to (provider, subject); else the account
 * with the same email when the provider verified that address (linked from now on); else a new normal user.
 */
async function userForIdentity(context: AppContext, provider: string, identity: OidcIdentity): Promise<number> {
  return context.db.transaction(async (tx) => {
    const linkedUser = async () => {
      const [link] = await tx
        .select({ userId: externalLogins.userId })
        .from(externalLogins)
        .where(and(eq(externalLogins.provider, provider), eq(externalLogins.subject, identity.subject)))
        .limit(1);
      return link?.userId;
    };
    const linked = await linkedUser();
    if (linked !== undefined) return linked;
    if (!identity.email) throw new HttpError(401, EXTERNAL_LOGIN_TEXTS.noEmail);

    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, identity.email))
      .limit(1);
    let userId: number;
    if (existing) {
      if (!identity.emailVerified) throw new HttpError(401, EXTERNAL_LOGIN_TEXTS.unverifiedEmail);
      userId = existing.id;
      // The provider has just proved control of the address.
      await tx.update(users).set({ emailConfirmed: true }).where(eq(users.id, userId));
    } else {
      const [created] = await tx
        .insert(users)
        .values({
          email: identity.email,
          passwordHash: UNUSABLE_PASSWORD_HASH,
          firstName: identity.firstName ?? identity.email.split('@')[0] ?? '',
          lastName: identity.lastName ?? '',
          emailConfirmed: identity.emailVerified,
        })
        .returning({ id: users.id });
      userId = created!.id;
    }
    const inserted = await tx
      .insert(externalLogins)
      .values({ provider, subject: identity.subject, userId })
      .onConflictDoNothing()
      .returning({ userId: externalLogins.userId });
    // Two first logins of the same subject raced: the other one linked it.
    return inserted[0]?.userId ?? (await linkedUser()) ?? userId;
  });
}

/** External login over OpenID Connect, configured by the environment (OIDC_ISSUER, OIDC_CLIENT_ID ...). */
export function externalLoginHandlers(context: AppContext): Pick<Handlers<operations>, ExternalOperations> {
  const settings = oidcSettings(context.config);
  const oidc = settings && createOidcClient(settings);

  return {
    async externalProviders() {
      return oidc ? [{ id: OIDC_PROVIDER_ID, name: oidc.settings.name }] : [];
    },

    async externalAuthorize(request, reply) {
      const { provider, redirectUri } = request.body;
      if (!oidc || provider !== OIDC_PROVIDER_ID) throw notFound(`external provider ${provider}`);
      const redirect = new URL(redirectUri);
      // Only back to ourselves: the code must never be delivered to another site.
      if (redirect.origin !== requestOrigin(request)) throw badRequest('redirectUri', EXTERNAL_LOGIN_TEXTS.foreignRedirect);
      // The token request names the callback address without its query, so the two must be the same string.
      if (redirect.search || redirect.hash) throw badRequest('redirectUri', EXTERNAL_LOGIN_TEXTS.redirectWithQuery);
      // Each start stores a pending login: an anonymous caller must not be able to fill the table.
      enforceThrottle(context, request, reply, 'external-authorize');

      let authorization;
      try {
        authorization = await oidc.authorizationRequest(redirect.href);
      } catch (error) {
        if (!(error instanceof OidcUnavailableError)) throw error;
        request.log.warn({ err: error }, 'external login provider unavailable');
        throw new HttpError(503, EXTERNAL_LOGIN_TEXTS.unavailable);
      }
      await context.db.delete(authChallenges).where(lt(authChallenges.expiresAt, new Date()));
      await context.db.insert(authChallenges).values({
        id: authorization.state,
        kind: OIDC_CHALLENGE_KIND,
        data: JSON.stringify(authorization.pending satisfies OidcPendingLogin),
        expiresAt: new Date(Date.now() + OIDC_CHALLENGE_TTL_SECONDS * 1000),
      });
      return { authorizationUrl: authorization.url.href };
    },

    async externalLogin(request, reply) {
      const { provider } = request.body;
      if (!oidc || provider !== OIDC_PROVIDER_ID) throw badRequest('provider', EXTERNAL_LOGIN_TEXTS.unknownProvider(provider));
      enforceThrottle(context, request, reply, 'external-login');
      const callbackUrl = new URL(request.body.callbackUrl);
      const state = callbackUrl.searchParams.get('state');
      if (!state) throw badRequest('callbackUrl', EXTERNAL_LOGIN_TEXTS.unknownState);

      // Single use: whoever deletes the row owns the login; a replayed callback finds nothing.
      const [challenge] = await context.db
        .delete(authChallenges)
        .where(and(eq(authChallenges.id, state), eq(authChallenges.kind, OIDC_CHALLENGE_KIND)))
        .returning();
      if (!challenge || challenge.expiresAt.getTime() <= Date.now()) throw badRequest('callbackUrl', EXTERNAL_LOGIN_TEXTS.unknownState);
      const pending = JSON.parse(challenge.data) as OidcPendingLogin;
      if (pending.provider !== provider) throw badRequest('callbackUrl', EXTERNAL_LOGIN_TEXTS.unknownState);
      if (withoutQuery(callbackUrl) !== withoutQuery(new URL(pending.redirectUri))) {
        throw badRequest('callbackUrl', EXTERNAL_LOGIN_TEXTS.redirectMismatch);
      }

      let identity: OidcIdentity;
      try {
        identity = await oidc.completeLogin(callbackUrl, state, pending);
      } catch (error) {
        if (error instanceof OidcUnavailableError) {
          request.log.warn({ err: error }, 'external login provider unavailable');
          throw new HttpError(503, EXTERNAL_LOGIN_TEXTS.unavailable);
        }
        if (error instanceof OidcLoginError) {
          request.log.warn({ reason: error.message }, 'external login refused');
          throw new HttpError(401, EXTERNAL_LOGIN_TEXTS.refused);
        }
        throw error;
      }
      const userId = await userForIdentity(context, provider, identity);
      return signInProvenUser(context, request, reply, userId);
    },
  };
}
