import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSession } from '../../server/auth/sessions';
import { verifyAccessToken } from '../../server/auth/tokens';
import { authChallenges, passkeys, users } from '../../server/db/schema';
import { PASSKEY_TEXTS } from '../../server/routes/identity-passkeys';
import { PASSKEY_TIMEOUT_MS } from '../../server/auth/passkeys';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { bearer, startTestServer, type TestServer } from './support';

let server: TestServer;
let customerId: number;
let customerToken: string;
let storeUserToken: string;

beforeAll(async () => {
  server = await startTestServer();
  customerToken = await server.tokenFor('customer@demo.test');
  storeUserToken = await server.tokenFor('store.user@demo.test');
  customerId = (await verifyAccessToken(server.keys, customerToken)).id;
});
afterAll(async () => { await server?.close(); });

async function registrationOptions(token: string) {
  const { data, response } = await server.identity.POST('/v1/passkeys/registration/options', { headers: bearer(token) });
  expect(response.status).toBe(200);
  return data!;
}

async function registerPasskey(authenticator: SoftAuthenticator, token: string, name?: string) {
  const response = await authenticator.register(await registrationOptions(token));
  return server.identity.POST('/v1/passkeys/registration/verify', {
    headers: bearer(token),
    body: { ...(name !== undefined && { name }), response },
  });
}

async function loginOptions() {
  const { data, response } = await server.identity.POST('/v1/passkeys/login/options');
  expect(response.status).toBe(200);
  return data!;
}

const passkeyLogin = (response: AuthenticationResponseJSON, transport?: 'cookie') =>
  server.identity.POST('/v1/passkeys/login/verify', {
    body: { response },
    ...(transport && { params: { header: { 'X-Token-Transport': transport } } }),
  });

describe('passkey registration (signed in)', () => {
  it('offers creation options for a discoverable credential of this site and the caller', async () => {
    const options = await registrationOptions(customerToken);
    expect(options.rp).toEqual({ name: 'Courier', id: '127.0.0.1' });
    expect(isoBase64URL.toUTF8String(options.user.id)).toBe(String(customerId));
    expect(options.user.name).toBe('customer@demo.test');
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'preferred' });
    expect(options.pubKeyCredParams.map((param) => param.alg)).toContain(-7);
    // The response is serialised with the contract's schema: every field the server sets must be in it.
    expect(options).toMatchObject({ timeout: PASSKEY_TIMEOUT_MS, attestation: 'none', extensions: { credProps: true }, excludeCredentials: [] });
    const [stored] = await server.database.db.select().from(authChallenges).where(eq(authChallenges.id, options.challenge));
    expect(stored).toMatchObject({ kind: 'passkey-register', userId: customerId });
  });

  it('needs a signed-in caller', async () => {
    const { response } = await server.identity.POST('/v1/passkeys/registration/options');
    expect(response.status).toBe(401);
  });

  it('stores a verified passkey with its name, lists it, and excludes it from the next registration', async () => {
    const authenticator = new SoftAuthenticator(server.url);
    const { data, response, error } = await registerPasskey(authenticator, customerToken, '  Work laptop ');
    expect(response.status, JSON.stringify(error)).toBe(200);
    expect(data).toEqual({ id: authenticator.credentials[0]!.id, name: 'Work laptop', createdAt: expect.any(String), lastUsedAt: null });

    const list = await server.identity.GET('/v1/passkeys', { headers: bearer(customerToken) });
    expect(list.data).toContainEqual(data);
    const next = await registrationOptions(customerToken);
    expect(next.excludeCredentials?.map((credential) => credential.id)).toContain(data!.id);
    // Another user sees none of them.
    const others = await server.identity.GET('/v1/passkeys', { headers: bearer(storeUserToken) });
    expect(others.data?.map((passkey) => passkey.id)).not.toContain(data!.id);
  });

  it('names an unnamed passkey after the day it was added', async () => {
    // The server reads its clock between these two readings (CI may run across midnight UTC).
    const before = `Passkey ${new Date().toISOString().slice(0, 10)}`;
    const { data } = await registerPasskey(new SoftAuthenticator(server.url), customerToken);
    const after = `Passkey ${new Date().toISOString().slice(0, 10)}`;
    expect(data?.name).toMatch(/^Passkey \d{4}-\d{2}-\d{2}$/);
    expect([before, after]).toContain(data?.name);
  });

  it('refuses a registration made on another origin, naming response', async () => {
    const authenticator = new SoftAuthenticator(server.url);
    const response = await authenticator.register(await registrationOptions(customerToken), { origin: 'https://attacker.example' });
    const { error, response: answer } = await server.identity.POST('/v1/passkeys/registration/verify', {
      headers: bearer(customerToken),
      body: { response },
    });
    expect(answer.status).toBe(400);
    expect(Object.keys(error?.errors ?? {})).toEqual(['response']);
    expect(error?.message).toMatch(/origin/);
  });

  it('refuses a registration challenge issued to someone else, and each challenge once', async () => {
    const authenticator = new SoftAuthenticator(server.url);
    const response = await authenticator.register(await registrationOptions(customerToken));
    const asOther = await server.identity.POST('/v1/passkeys/registration/verify', {
      headers: bearer(storeUserToken),
      body: { response },
    });
    expect(asOther.response.status).toBe(400);
    expect(asOther.error?.message).toBe(PASSKEY_TEXTS.registrationExpired);

    const fresh = await authenticator.register(await registrationOptions(customerToken));
    const first = await server.identity.POST('/v1/passkeys/registration/verify', { headers: bearer(customerToken), body: { response: fresh } });
    expect(first.response.status).toBe(200);
    const replay = await server.identity.POST('/v1/passkeys/registration/verify', { headers: bearer(customerToken), body: { response: fresh } });
    expect(replay.response.status).toBe(400);
    expect(replay.error?.message).toBe(PASSKEY_TEXTS.registrationExpired);
  });

  it('refuses to add or remove passkeys while impersonating', async () => {
    const [admin] = await server.database.db.select().from(users).where(eq(sql`lower(${users.email})`, 'administrator@demo.test'));
    const [customer] = await server.database.db.select().from(users).where(eq(users.id, customerId));
    const impersonation = (await issueSession(server.context, customer!.id, { impersonator: { id: admin!.id, email: admin!.email } })).jwtToken;
    const { response } = await server.identity.POST('/v1/passkeys/registration/options', { headers: bearer(impersonation) });
    expect(response.status).toBe(403);
    const removal = await server.identity.DELETE('/v1/passkeys/{id}', { headers: bearer(impersonation), params: { path: { id: 'any' } } });
    expect(removal.response.status).toBe(403);
  });
});

describe('passkey login (biometric)', () => {
  let authenticator: SoftAuthenticator;
  beforeAll(async () => {
    authenticator = new SoftAuthenticator(server.url);
    const { response } = await registerPasskey(authenticator, customerToken, 'Phone');
    expect(response.status).toBe(200);
  });

  it('offers request options with no allowCredentials, the challenge being the handle of the login', async () => {
    const options = await loginOptions();
    expect(options.rpId).toBe('127.0.0.1');
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options).toMatchObject({ timeout: PASSKEY_TIMEOUT_MS, userVerification: 'preferred' });
    const [stored] = await server.database.db.select().from(authChallenges).where(eq(authChallenges.id, options.challenge));
    expect(stored).toMatchObject({ kind: 'passkey-login', userId: null });
  });

  it('signs in as the owner of the passkey, and records its use', async () => {
    const { data, response } = await passkeyLogin(await authenticator.authenticate(await loginOptions()));
    expect(response.status).toBe(200);
    expect(data?.refreshToken).toBeTruthy();
    expect((await verifyAccessToken(server.keys, data!.jwtToken!)).id).toBe(customerId);
    const [stored] = await server.database.db.select().from(passkeys).where(eq(passkeys.id, authenticator.credentials[0]!.id));
    expect(stored?.counter).toBe(1);
    expect(stored?.lastUsedAt).toBeInstanceOf(Date);
  });

  it('keeps the refresh token in the HttpOnly cookie for the web app', async () => {
    const { data, response } = await passkeyLogin(await authenticator.authenticate(await loginOptions()), 'cookie');
    expect(response.status).toBe(200);
    expect(data?.refreshToken).toBeUndefined();
    expect(response.headers.get('set-cookie')).toMatch(/courier_rt=.+HttpOnly/i);
  });

  it('uses each login challenge once', async () => {
    const assertion = await authenticator.authenticate(await loginOptions());
    expect((await passkeyLogin(assertion)).response.status).toBe(200);
    const replay = await passkeyLogin(assertion);
    expect(replay.response.status).toBe(401);
    expect(replay.error?.message).toBe(PASSKEY_TEXTS.loginExpired);
  });

  it('refuses an assertion made on another origin', async () => {
    const assertion = await authenticator.authenticate(await loginOptions(), { origin: 'https://attacker.example' });
    expect((await passkeyLogin(assertion)).response.status).toBe(401);
  });

  it('refuses a challenge the server never issued', async () => {
    const options = await loginOptions();
    const assertion = await authenticator.authenticate(options, { challenge: isoBase64URL.fromUTF8String('made-up-challenge') });
    const { error, response } = await passkeyLogin(assertion);
    expect(response.status).toBe(401);
    expect(error?.message).toBe(PASSKEY_TEXTS.loginExpired);
  });

  it('answers 401 for a credential this server does not know', async () => {
    const stranger = new SoftAuthenticator(server.url);
    // A passkey made for this site but never registered here.
    await stranger.register(await registrationOptions(storeUserToken));
    const { response, error } = await passkeyLogin(await stranger.authenticate(await loginOptions()));
    expect(response.status).toBe(401);
    expect(error?.message).toMatch(/not registered/);
  });

  it('refuses an assertion whose user handle names another user', async () => {
    const assertion = await authenticator.authenticate(await loginOptions());
    const tampered = { ...assertion, response: { ...assertion.response, userHandle: isoBase64URL.fromUTF8String(String(customerId + 1)) } };
    expect((await passkeyLogin(tampered)).response.status).toBe(401);
  });

  it('answers 400 naming the fields of response for something that is not an authenticator response', async () => {
    // Not what the typed client can send: the contract's schema of the assertion refuses it before the handler.
    const response = await fetch(`${server.url}/identity/v1/passkeys/login/verify`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ response: { id: 'x', response: { clientDataJSON: 42 } } }),
    });
    expect(response.status).toBe(400);
    const { errors } = (await response.json()) as { errors?: Record<string, string[]> };
    expect(Object.keys(errors ?? {})).toEqual(expect.arrayContaining(['response.rawId', 'response.response.clientDataJSON']));
    expect(Object.keys(errors ?? {}).every((field) => field.startsWith('response.'))).toBe(true);
  });

  it('answers 423 while the account is locked', async () => {
    await server.database.db.update(users).set({ lockedUntil: new Date(Date.now() + 60_000) }).where(eq(users.id, customerId));
    try {
      const { response } = await passkeyLogin(await authenticator.authenticate(await loginOptions()));
      expect(response.status).toBe(423);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await server.database.db.update(users).set({ lockedUntil: null }).where(eq(users.id, customerId));
    }
  });
});

describe('DELETE /identity/v1/passkeys/{id}', () => {
  it("cannot remove another user's passkey (404), and the owner can (204), after which it no longer signs in", async () => {
    const authenticator = new SoftAuthenticator(server.url);
    const { data } = await registerPasskey(authenticator, customerToken, 'To remove');
    const id = data!.id;

    const byOther = await server.identity.DELETE('/v1/passkeys/{id}', { headers: bearer(storeUserToken), params: { path: { id } } });
    expect(byOther.response.status).toBe(404);
    expect(await server.database.db.select().from(passkeys).where(eq(passkeys.id, id))).toHaveLength(1);

    const byOwner = await server.identity.DELETE('/v1/passkeys/{id}', { headers: bearer(customerToken), params: { path: { id } } });
    expect(byOwner.response.status).toBe(204);
    const list = await server.identity.GET('/v1/passkeys', { headers: bearer(customerToken) });
    expect(list.data?.map((passkey) => passkey.id)).not.toContain(id);
    expect((await passkeyLogin(await authenticator.authenticate(await loginOptions()))).response.status).toBe(401);

    const again = await server.identity.DELETE('/v1/passkeys/{id}', { headers: bearer(customerToken), params: { path: { id } } });
    expect(again.response.status).toBe(404);
  });
});
