import * as client from 'openid-client';
import type { ServerConfig } from '../config';

/** The one generic provider this server knows, as the API names it. */
export const OIDC_PROVIDER_ID = 'oidc';
/** How long a started external login may take at the provider (typing a password, a second factor). */
export const OIDC_CHALLENGE_TTL_SECONDS = 10 * 60;
export const OIDC_CHALLENGE_KIND = 'oidc';

export interface OidcSettings {
  issuer: URL;
  clientId: string;
  clientSecret: string | undefined;
  name: string;
}

/** The provider configured by the environment, or undefined when external login is off. */
export function oidcSettings(config: ServerConfig): OidcSettings | undefined {
  if (!config.oidcIssuer || !config.oidcClientId) return undefined;
  return {
    issuer: new URL(config.oidcIssuer),
    clientId: config.oidcClientId,
    clientSecret: config.oidcClientSecret,
    name: config.oidcProviderName,
  };
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Plain HTTP is allowed only for a provider on this machine (development and tests). */
export function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && (LOOPBACK_HOSTS.has(url.hostname) || url.hostname.endsWith('.localhost'));
}

/** What a login request keeps on the server between the redirect to the provider and the callback. */
export interface OidcPendingLogin {
  provider: string;
  codeVerifier: string;
  nonce: string;
  redirectUri: string;
}

/** The person the provider vouched for. */
export interface OidcIdentity {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  firstName: string | undefined;
  lastName: string | undefined;
}

/** The provider could not be reached (discovery or a back-channel call). */
export class OidcUnavailableError extends Error {}
/** The provider answered, but the login is not valid (refused, expired code, bad ID token...). */
export class OidcLoginError extends Error {}

function isNetworkFailure(error: unknown): boolean {
  // fetch rejects with a TypeError ("fetch failed") whose cause is the socket error; timeouts are aborts.
  if (error instanceof TypeError && error.message === 'fetch failed') return true;
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** First and last name from the standard claims, falling back to splitting `name`. */
function namesOf(claims: Record<string, unknown>): Pick<OidcIdentity, 'firstName' | 'lastName'> {
  const given = text(claims.given_name);
  const family = text(claims.family_name);
  if (given || family) return { firstName: given, lastName: family };
  const full = text(claims.name);
  if (!full) return { firstName: undefined, lastName: undefined };
  const [first, ...rest] = full.split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') || undefined };
}

/**
 * A relying party for one OpenID Connect provider. Discovery runs once, on first use, and is cached; a failed
 * discovery is forgotten so the next login tries again.
 */
export function createOidcClient(settings: OidcSettings) {
  let configuration: Promise<client.Configuration> | undefined;

  function discover(): Promise<client.Configuration> {
    configuration ??= client
      .discovery(
        settings.issuer,
        settings.clientId,
        settings.clientSecret ? { client_secret: settings.clientSecret } : undefined,
        // client_secret_basic is the OpenID Connect default; without a secret the client is public (PKCE only).
        settings.clientSecret ? client.ClientSecretBasic(settings.clientSecret) : client.None(),
        isLoopbackHttp(settings.issuer) ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        configuration = undefined;
        throw new OidcUnavailableError(`OpenID Connect discovery at ${settings.issuer.href} failed`, { cause: error });
      });
    return configuration;
  }

  return {
    settings,

    /** The provider's authorization URL and what to keep until its callback (PKCE S256, state, nonce). */
    async authorizationRequest(redirectUri: string): Promise<{ url: URL; state: string; pending: OidcPendingLogin }> {
      const config = await discover();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url, state, pending: { provider: OIDC_PROVIDER_ID, codeVerifier, nonce, redirectUri } };
    },

    /**
     * Exchanges the code of the callback URL and answers who signed in: the ID token's claims, completed from
     * the userinfo endpoint when the ID token carries no email (providers that conform to the ID token claim
     * rules put scope claims only there).
     */
    async completeLogin(callbackUrl: URL, state: string, pending: OidcPendingLogin): Promise<OidcIdentity> {
      const config = await discover();
      try {
        const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        const idClaims = tokens.claims();
        if (!idClaims) throw new OidcLoginError('the provider answered no ID token');
        let claims: Record<string, unknown> = { ...idClaims };
        if (!text(claims.email) && config.serverMetadata().userinfo_endpoint) {
          const userInfo = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
          // The ID token's own claims win; userinfo fills what it left out (its subject is checked to match).
          claims = { ...userInfo, ...Object.fromEntries(Object.entries(claims).filter(([, value]) => value !== undefined && value !== '')) };
        }
        return {
          subject: idClaims.sub,
          email: text(claims.email)?.toLowerCase(),
          emailVerified: claims.email_verified === true,
          ...namesOf(claims),
        };
      } catch (error) {
        if (error instanceof OidcLoginError) throw error;
        if (isNetworkFailure(error)) throw new OidcUnavailableError('the provider could not be reached', { cause: error });
        throw new OidcLoginError(error instanceof Error ? error.message : String(error), { cause: error });
      }
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
