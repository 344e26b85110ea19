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
import { storeChallenge, takeChallenge } from '../auth/challenges';
import { EXTERNAL_LOGIN_TEXTS, userForIdentity } from '../auth/external-logins';
import { signInProvenUser } from '../auth/passwordless';
import { enforceThrottle } from '../auth/throttle';
import { badRequest, HttpError, notFound } from '../http/errors';
import type { AppContext } from '../context';
import type { Handlers } from './handler-types';

type ExternalOperations = 'externalProviders' | 'externalAuthorize' | 'externalLogin';

export { EXTERNAL_LOGIN_TEXTS } from '../auth/external-logins';

/** The origin the caller reached us on (scheme, host and port), as a browser would write it. */
function requestOrigin(request: FastifyRequest): string {
  return new URL(`${request.protocol}://${request.headers.host ?? request.hostname}`).origin;
}

const withoutQuery = (url: URL) => `${url.origin}${url.pathname}`;

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
      await storeChallenge(context.db, {
        id: authorization.state,
        kind: OIDC_CHALLENGE_KIND,
        data: JSON.stringify(authorization.pending satisfies OidcPendingLogin),
        ttlSeconds: OIDC_CHALLENGE_TTL_SECONDS,
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
      const challenge = await takeChallenge(context.db, state, OIDC_CHALLENGE_KIND);
      if (!challenge) throw badRequest('callbackUrl', EXTERNAL_LOGIN_TEXTS.unknownState);
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
      const userId = await userForIdentity(context.db, provider, identity);
      return signInProvenUser(context, request, reply, userId);
    },
  };
}
