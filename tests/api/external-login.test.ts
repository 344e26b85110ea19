import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessToken } from '../../server/auth/tokens';
import { authChallenges, externalLogins, users } from '../../server/db/schema';
import { EXTERNAL_LOGIN_TEXTS } from '../../server/routes/identity-external';
import { followToCallback, reserveTestOidcProvider, startTestOidcProvider, type TestOidcProvider } from '../support/oidc-provider';
import { startTestServer, type TestServer } from './support';

const PROVIDER_NAME = 'Test Identity';

let server: TestServer;
let provider: TestOidcProvider;
let redirectUri: string;

beforeAll(async () => {
  const settings = await reserveTestOidcProvider();
  server = await startTestServer({
    oidcIssuer: settings.issuer,
    oidcClientId: settings.clientId,
    oidcClientSecret: settings.clientSecret,
    oidcProviderName: PROVIDER_NAME,
  });
  redirectUri = `${server.url}/login/external`;
  provider = await startTestOidcProvider(settings, {
    redirectUris: [redirectUri],
    account: { sub: 'first-subject', email: 'ext.new@example.test', email_verified: true, given_name: 'Exta', family_name: 'Ernal' },
  });
});
afterAll(async () => {
  await provider?.close();
  await server?.close();
});

async function authorize() {
  const { data, response, error } = await server.identity.POST('/v1/external/authorize', { body: { provider: 'oidc', redirectUri } });
  expect(response.status, JSON.stringify(error)).toBe(200);
  return data!.authorizationUrl;
}

/** The whole browser round trip: our authorize, the provider's pages, back to our callback address. */
async function callbackFromProvider() {
  return followToCallback(await authorize(), redirectUri);
}

async function login(callbackUrl: string, transport?: 'cookie') {
  return server.identity.POST('/v1/external/login', {
    body: { provider: 'oidc', callbackUrl },
    ...(transport && { params: { header: { 'X-Token-Transport': transport } } }),
  });
}

async function userIdOf(jwtToken: string | undefined) {
  expect(jwtToken).toBeTruthy();
  return (await verifyAccessToken(server.keys, jwtToken!)).id;
}

const userByEmail = async (email: string) =>
  (await server.database.db.select().from(users).where(eq(sql`lower(${users.email})`, email)))[0];

describe('GET /identity/v1/external/providers', () => {
  it('lists the configured OpenID Connect provider by its display name', async () => {
    const { data, response } = await server.identity.GET('/v1/external/providers');
    expect(response.status).toBe(200);
    expect(data).toEqual([{ id: 'oidc', name: PROVIDER_NAME }]);
  });
});

describe('POST /identity/v1/external/authorize', () => {
  it("answers the provider's authorization URL with PKCE S256, state and nonce, and keeps them single use", async () => {
    const url = new URL(await authorize());
    expect(url.origin).toBe(provider.issuer);
    const params = url.searchParams;
    expect(params.get('client_id')).toBe(provider.clientId);
    expect(params.get('redirect_uri')).toBe(redirectUri);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('scope')).toBe('openid email profile');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('nonce')).toBeTruthy();
    const [stored] = await server.database.db.select().from(authChallenges).where(eq(authChallenges.id, params.get('state')!));
    expect(stored).toMatchObject({ kind: 'oidc' });
    expect(stored!.expiresAt.getTime()).toBeGreaterThan(Date.now());
    // The verifier stays on the server; only its hash went to the provider.
    expect(JSON.parse(stored!.data).codeVerifier).not.toBe(params.get('code_challenge'));
  });

  it('refuses a redirectUri on another origin, naming the field', async () => {
    const { error, response } = await server.identity.POST('/v1/external/authorize', {
      body: { provider: 'oidc', redirectUri: 'https://attacker.example/login/external' },
    });
    expect(response.status).toBe(400);
    expect(Object.keys(error?.errors ?? {})).toEqual(['redirectUri']);
  });

  it('refuses a redirectUri with a query (the provider would not match it)', async () => {
    const { error, response } = await server.identity.POST('/v1/external/authorize', {
      body: { provider: 'oidc', redirectUri: `${redirectUri}?next=/admin` },
    });
    expect(response.status).toBe(400);
    expect(Object.keys(error?.errors ?? {})).toEqual(['redirectUri']);
  });

  it('answers 404 for a provider that is not configured', async () => {
    const { response } = await server.identity.POST('/v1/external/authorize', { body: { provider: 'google', redirectUri } });
    expect(response.status).toBe(404);
  });
});

describe('POST /identity/v1/external/login', () => {
  it('creates a normal user for a new verified identity and signs in; the next login is the same user', async () => {
    provider.account = { sub: 'new-subject', email: 'Ext.Created@Example.test', email_verified: true, given_name: 'Exta', family_name: 'Ernal' };
    const { data, response } = await login(await callbackFromProvider());
    expect(response.status).toBe(200);
    expect(data?.refreshToken).toBeTruthy();
    const created = await userByEmail('ext.created@example.test');
    expect(created).toMatchObject({ firstName: 'Exta', lastName: 'Ernal', emailConfirmed: true, roles: [] });
    expect(await userIdOf(data?.jwtToken)).toBe(created!.id);
    const permissions = await verifyAccessToken(server.keys, data!.jwtToken!);
    expect(permissions).toMatchObject({ email: 'ext.created@example.test', emailConfirmed: true, isNormalUser: true });

    // The account has no usable password: a password login cannot get in.
    const passwordLogin = await server.identity.POST('/v1/auth/login', { body: { email: 'ext.created@example.test', password: '!external' } });
    expect(passwordLogin.response.status).toBe(401);

    const again = await login(await callbackFromProvider());
    expect(again.response.status).toBe(200);
    expect(await userIdOf(again.data?.jwtToken)).toBe(created!.id);
    const links = await server.database.db.select().from(externalLogins).where(eq(externalLogins.subject, 'new-subject'));
    expect(links).toEqual([expect.objectContaining({ provider: 'oidc', userId: created!.id })]);
  });

  it('links to the existing account with the same email when the provider verified it', async () => {
    const customer = await userByEmail('customer@demo.test');
    provider.account = { sub: 'customer-at-provider', email: 'customer@demo.test', email_verified: true, name: 'Someone Else' };
    const { data, response } = await login(await callbackFromProvider(), 'cookie');
    expect(response.status).toBe(200);
    // Cookie transport: the refresh token only in the HttpOnly cookie.
    expect(data?.refreshToken).toBeUndefined();
    expect(response.headers.get('set-cookie')).toMatch(/courier_rt=.+HttpOnly/i);
    expect(await userIdOf(data?.jwtToken)).toBe(customer!.id);
    // The existing profile is kept, not overwritten by the provider's names.
    expect(await userByEmail('customer@demo.test')).toMatchObject({ firstName: customer!.firstName, lastName: customer!.lastName });
    const [link] = await server.database.db.select().from(externalLogins)
      .where(and(eq(externalLogins.provider, 'oidc'), eq(externalLogins.subject, 'customer-at-provider')));
    expect(link?.userId).toBe(customer!.id);
  });

  it('never links to an existing account by an email the provider did not verify', async () => {
    provider.account = { sub: 'unverified-subject', email: 'administrator@demo.test', email_verified: false };
    const { error, response } = await login(await callbackFromProvider());
    expect(response.status).toBe(401);
    expect(error?.message).toMatch(/already exists/);
    const links = await server.database.db.select().from(externalLogins).where(eq(externalLogins.subject, 'unverified-subject'));
    expect(links).toEqual([]);
  });

  it('creates an unconfirmed user for a new address the provider did not verify', async () => {
    provider.account = { sub: 'fresh-unverified', email: 'ext.unverified@example.test', email_verified: false, name: 'Una Verified' };
    const { response } = await login(await callbackFromProvider());
    expect(response.status).toBe(200);
    expect(await userByEmail('ext.unverified@example.test')).toMatchObject({ emailConfirmed: false, firstName: 'Una', lastName: 'Verified' });
  });

  it('refuses a callback whose state was already used, naming callbackUrl', async () => {
    provider.account = { sub: 'new-subject', email: 'ext.created@example.test', email_verified: true };
    const callbackUrl = await callbackFromProvider();
    expect((await login(callbackUrl)).response.status).toBe(200);
    const replay = await login(callbackUrl);
    expect(replay.response.status).toBe(400);
    expect(Object.keys(replay.error?.errors ?? {})).toEqual(['callbackUrl']);
  });

  it('refuses a callback with an unknown state, naming callbackUrl', async () => {
    const { error, response } = await login(`${redirectUri}?code=made-up&state=never-issued`);
    expect(response.status).toBe(400);
    expect(Object.keys(error?.errors ?? {})).toEqual(['callbackUrl']);
  });

  it('answers 401 when the provider refuses the login', async () => {
    provider.refuseWith = 'access_denied';
    try {
      const callbackUrl = await callbackFromProvider();
      expect(new URL(callbackUrl).searchParams.get('error')).toBe('access_denied');
      const { response } = await login(callbackUrl);
      expect(response.status).toBe(401);
    } finally {
      provider.refuseWith = undefined;
    }
  });

  it('answers 401 when the code was tampered with (the provider refuses the exchange)', async () => {
    const callbackUrl = new URL(await callbackFromProvider());
    callbackUrl.searchParams.set('code', 'tampered');
    const { response } = await login(callbackUrl.href);
    expect(response.status).toBe(401);
  });

  it('answers 423 for a locked account, and signs in once the lock has passed', async () => {
    const customer = await userByEmail('customer@demo.test');
    provider.account = { sub: 'customer-at-provider', email: 'customer@demo.test', email_verified: true };
    await server.database.db.update(users).set({ lockedUntil: new Date(Date.now() + 60_000), failedLoginCount: 5 }).where(eq(users.id, customer!.id));
    const locked = await login(await callbackFromProvider());
    expect(locked.response.status).toBe(423);
    expect(Number(locked.response.headers.get('retry-after'))).toBeGreaterThan(0);

    await server.database.db.update(users).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(users.id, customer!.id));
    const { response } = await login(await callbackFromProvider());
    expect(response.status).toBe(200);
    expect((await userByEmail('customer@demo.test'))?.failedLoginCount).toBe(0);
  });
});

describe('external login when the provider cannot be reached', () => {
  let offline: TestServer;
  beforeAll(async () => {
    const nobody = await reserveTestOidcProvider();
    offline = await startTestServer({ oidcIssuer: nobody.issuer, oidcClientId: nobody.clientId, oidcClientSecret: nobody.clientSecret });
  });
  afterAll(async () => { await offline?.close(); });

  it('answers 503 to authorize (and tries discovery again next time)', async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const { response, error } = await offline.identity.POST('/v1/external/authorize', {
        body: { provider: 'oidc', redirectUri: `${offline.url}/login/external` },
      });
      expect(response.status).toBe(503);
      expect(error?.message).toBe(EXTERNAL_LOGIN_TEXTS.unavailable);
    }
  });
});

describe('external login when no provider is configured', () => {
  let plain: TestServer;
  beforeAll(async () => { plain = await startTestServer(); });
  afterAll(async () => { await plain?.close(); });

  it('lists no providers and answers 404 to authorize', async () => {
    const providers = await plain.identity.GET('/v1/external/providers');
    expect(providers.data).toEqual([]);
    const { response } = await plain.identity.POST('/v1/external/authorize', {
      body: { provider: 'oidc', redirectUri: `${plain.url}/login/external` },
    });
    expect(response.status).toBe(404);
  });
});
