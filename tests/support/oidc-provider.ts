import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
// @ts-expect-error -- oidc-provider ships no type declarations; the few members used are typed below.
import ProviderModule from 'oidc-provider';
import { freePort } from './free-port';

/** The claims the test provider vouches for; tests change them between logins. */
export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
}

interface ProviderContext {
  oidc: {
    client: { clientId: string };
    session: { accountId?: string };
    provider: ProviderInstance;
  };
}

interface GrantInstance {
  addOIDCScope(scope: string): void;
  save(): Promise<string>;
}

interface ProviderInstance {
  callback(): (request: IncomingMessage, response: ServerResponse) => void;
  interactionFinished(
    request: IncomingMessage,
    response: ServerResponse,
    result: Record<string, unknown>,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>;
  Grant: new (init: { accountId: string; clientId: string }) => GrantInstance;
}

const Provider = ProviderModule as new (issuer: string, configuration: Record<string, unknown>) => ProviderInstance;

/** Where the test provider will listen and our server's client at it: known before either starts. */
export interface TestOidcSettings {
  port: number;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface TestOidcProvider extends TestOidcSettings {
  /** Who the next login signs in as (the interaction logs in without asking). */
  account: TestAccount;
  /** When set, interactions refuse the login with this OAuth error (e.g. access_denied). */
  refuseWith: string | undefined;
  close(): Promise<void>;
}

/** Picks the provider's port, so our server can be started with the issuer before the provider knows its redirect URIs. */
export async function reserveTestOidcProvider(): Promise<TestOidcSettings> {
  const port = await freePort();
  return {
    port,
    issuer: `http://127.0.0.1:${port}`,
    clientId: 'courier-test',
    clientSecret: 'courier-test-secret-with-enough-entropy-0123456789',
  };
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on a loopback port, with one confidential client
 * (client_secret_basic, PKCE) for our server and an interaction that signs `account` in at once and grants
 * openid, email and profile without a consent screen. Never the internet.
 */
export async function startTestOidcProvider(
  settings: TestOidcSettings,
  options: { redirectUris: string[]; account: TestAccount },
): Promise<TestOidcProvider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const state: TestOidcProvider = { ...settings, account: options.account, refuseWith: undefined, close: async () => undefined };

  const provider = new Provider(settings.issuer, {
    clients: [{
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
      redirect_uris: options.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    }],
    findAccount: async (_context: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => (sub === state.account.sub ? { ...state.account } : { sub }),
    }),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
    interactions: { url: (_context: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    // First-party client: grant the requested scopes without a consent screen.
    async loadExistingGrant(context: ProviderContext) {
      const accountId = context.oidc.session.accountId;
      if (!accountId) return undefined;
      const grant = new context.oidc.provider.Grant({ accountId, clientId: context.oidc.client.clientId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    cookies: { keys: ['test-provider-cookie-key'] },
    ttl: { AccessToken: 600, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test' }] },
  });

  const handle = provider.callback();
  const server: Server = createServer((request, response) => {
    if (request.url?.startsWith('/interaction/')) {
      const result = state.refuseWith
        ? { error: state.refuseWith, error_description: 'The test provider refused the login.' }
        : { login: { accountId: state.account.sub } };
      provider.interactionFinished(request, response, result, { mergeWithLastSubmission: false }).catch((error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      });
      return;
    }
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(settings.port, '127.0.0.1', resolve));
  state.close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return state;
}

/**
 * What a browser does after our server answers the authorization URL: follows the provider's redirects with its
 * cookies until the provider sends it back to us, and answers that callback URL (code, state, iss).
 */
export async function followToCallback(authorizationUrl: string, callbackPrefix: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: jar.size ? { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') } : {},
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const [name = '', value = ''] = pair.split('=');
      const expired = attributes.some((attribute) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(attribute));
      if (expired || value === '') jar.delete(name.trim());
      else jar.set(name.trim(), value);
    }
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) {
      throw new Error(`the provider stopped at ${url} with ${response.status}: ${await response.text()}`);
    }
    url = new URL(location, url).href;
    if (url.startsWith(callbackPrefix)) return url;
  }
  throw new Error('the provider redirected too often');
}
