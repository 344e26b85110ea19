import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXTS } from '../../src/lib/error-catalogue';
import { refreshTokenFamilies, refreshTokens } from '../../server/db/schema';
import {
  claimsOf, cookieHeader, cookiesOf, DEMO_PASSWORD, login, raw, sleep, withConfig,
} from './identity-support';
import { bearer, startTestServer, type TestServer } from './support';

const generous = { throttlePerAddress: 10_000, throttlePerAccount: 10_000, lockoutThreshold: 1000 };

let server: TestServer;
beforeAll(async () => { server = await startTestServer(generous); });
afterAll(async () => { await server?.close(); });

const refresh = (target: TestServer, refreshToken: string) =>
  raw(target, 'POST', '/identity/v1/auth/refreshToken', { body: { refreshToken } });

describe('login → tokens', () => {
  it('answers a short-lived access token whose claims are the permissions, with the session id (sid)', async () => {
    const tokens = await login(server, 'store.user@demo.test');
    const claims = claimsOf(tokens.jwtToken);
    expect(claims).toMatchObject({ email: 'store.user@demo.test', isStoreUser: true, isNormalUser: true, isAdministrator: false, emailConfirmed: true });
    expect(typeof claims.sid).toBe('string');
    expect((claims.exp as number) - (claims.iat as number)).toBe(server.config.accessTokenTtlSeconds);
    expect(claims.act).toBeUndefined();
    // The refresh token is opaque and stored only hashed.
    const rows = await server.database.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, claims.sid!));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toBe(tokens.refreshToken);
    const profile = await server.identity.GET('/v1/profile', { headers: bearer(tokens.jwtToken) });
    expect(profile.data?.email).toBe('store.user@demo.test');
  });
});

describe('refresh token rotation', () => {
  it('rotates on every use: a new refresh token, a new access token, the same family', async () => {
    const first = await login(server, 'customer@demo.test');
    const second = await refresh(server, first.refreshToken);
    expect(second.status).toBe(200);
    expect(second.body!.refreshToken).toEqual(expect.any(String));
    expect(second.body!.refreshToken).not.toBe(first.refreshToken);
    expect(claimsOf(second.body!.jwtToken as string).sid).toBe(claimsOf(first.jwtToken).sid);
    const third = await refresh(server, second.body!.refreshToken as string);
    expect(third.status).toBe(200);
  });

  it('a rotated token presented again after the grace period revokes the whole family: its successor stops working too', async () => {
    await withConfig(server, { refreshReuseGraceSeconds: 0 }, async () => {
      const graceless = server;
      const first = await login(graceless, 'customer@demo.test');
      const second = await refresh(graceless, first.refreshToken);
      expect(second.status).toBe(200);
      const reuse = await refresh(graceless, first.refreshToken);
      expect(reuse.status).toBe(401);
      expect(reuse.body!.message).toBe(AUTH_TEXTS.sessionInvalid);
      const successor = await refresh(graceless, second.body!.refreshToken as string);
      expect(successor.status).toBe(401);
      const [family] = await graceless.database.db.select().from(refreshTokenFamilies)
        .where(eq(refreshTokenFamilies.id, claimsOf(first.jwtToken).sid!));
      expect(family).toMatchObject({ revokedReason: 'reuse' });
      expect(family!.revokedAt).not.toBeNull();
    });
  });

  it('two parallel refreshes with the same token both succeed, in the same family (the grace period)', async () => {
    const first = await login(server, 'partner@demo.test');
    const [a, b] = await Promise.all([refresh(server, first.refreshToken), refresh(server, first.refreshToken)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const sid = claimsOf(first.jwtToken).sid;
    expect(claimsOf(a.body!.jwtToken as string).sid).toBe(sid);
    expect(claimsOf(b.body!.jwtToken as string).sid).toBe(sid);
    expect(a.body!.refreshToken).not.toBe(b.body!.refreshToken);
    // Both successors keep working: no reuse was detected.
    expect((await refresh(server, a.body!.refreshToken as string)).status).toBe(200);
    expect((await refresh(server, b.body!.refreshToken as string)).status).toBe(200);
  });

  it('past the grace period the same race is a reuse', async () => {
    await withConfig(server, { refreshReuseGraceSeconds: 1 }, async () => {
      const first = await login(server, 'driver@demo.test');
      expect((await refresh(server, first.refreshToken)).status).toBe(200);
      expect((await refresh(server, first.refreshToken)).status).toBe(200);
      await sleep(1100);
      expect((await refresh(server, first.refreshToken)).status).toBe(401);
    });
  });

  it('an expired refresh token, or a family past its absolute expiry, is 440 (session expired)', async () => {
    await withConfig(server, { refreshTokenTtlSeconds: 1 }, async () => {
      const first = await login(server, 'customer@demo.test');
      await sleep(1100);
      const expired = await refresh(server, first.refreshToken);
      expect(expired.status).toBe(440);
      expect(expired.body!.message).toBe(AUTH_TEXTS.sessionExpired);
    });
    const tokens = await login(server, 'assistant@demo.test');
    await server.database.db.update(refreshTokenFamilies).set({ absoluteExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokenFamilies.id, claimsOf(tokens.jwtToken).sid!));
    expect((await refresh(server, tokens.refreshToken)).status).toBe(440);
  });

  it('an unknown refresh token is 401; a missing one is 401; bad input names the field', async () => {
    expect((await refresh(server, 'not-a-token')).status).toBe(401);
    expect((await raw(server, 'POST', '/identity/v1/auth/refreshToken', { body: {} })).status).toBe(401);
    const bad = await raw(server, 'POST', '/identity/v1/auth/refreshToken', { body: { refreshToken: 5 } });
    expect(bad.status).toBe(400);
    expect(bad.body!.errors).toHaveProperty('refreshToken');
    const unknown = await raw(server, 'POST', '/identity/v1/auth/refreshToken', { body: { refreshToken: 'x', extra: 1 } });
    expect(unknown.status).toBe(400);
    expect(unknown.body!.errors).toHaveProperty('extra');
  });
});

describe('cookie transport (the web app)', () => {
  const cookieLogin = () => raw(server, 'POST', '/identity/v1/auth/login', {
    body: { email: 'company.user@demo.test', password: DEMO_PASSWORD },
    headers: { 'x-token-transport': 'cookie' },
  });

  it('puts the refresh token only in an HttpOnly SameSite=Strict cookie on the auth path', async () => {
    const { status, body, response } = await cookieLogin();
    expect(status).toBe(200);
    expect(body!.jwtToken).toEqual(expect.any(String));
    expect(body).not.toHaveProperty('refreshToken');
    const cookie = cookiesOf(response).get('courier_rt');
    expect(cookie?.value).toMatch(/^[\w-]{40,}$/);
    expect(cookie!.attributes).toMatch(/HttpOnly/i);
    expect(cookie!.attributes).toMatch(/SameSite=Strict/i);
    expect(cookie!.attributes).toMatch(/Path=\/identity\/v1\/auth/);
    // Plain HTTP here: no Secure flag (it is set when served over TLS).
    expect(cookie!.attributes).not.toMatch(/Secure/i);
  });

  it('answers 204 to the web app\'s start-up check when there is no cookie at all (a first visit), 401 for a dead cookie', async () => {
    const first = await raw(server, 'POST', '/identity/v1/auth/refreshToken', { headers: { 'x-token-transport': 'cookie' } });
    expect(first.status).toBe(204);
    expect(first.body).toBeUndefined();
    const dead = await raw(server, 'POST', '/identity/v1/auth/refreshToken', {
      headers: { 'x-token-transport': 'cookie', ...cookieHeader({ courier_rt: 'not-a-token' }) },
    });
    expect(dead.status).toBe(401);
  });

  it('refreshes from the cookie, rotating it, with no token in the body', async () => {
    const login = cookiesOf((await cookieLogin()).response).get('courier_rt')!.value;
    const refreshed = await raw(server, 'POST', '/identity/v1/auth/refreshToken', {
      headers: { 'x-token-transport': 'cookie', ...cookieHeader({ courier_rt: login }) },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).not.toHaveProperty('refreshToken');
    const rotated = cookiesOf(refreshed.response).get('courier_rt')!.value;
    expect(rotated).not.toBe(login);
    // A token that came from the cookie goes back only in the cookie, even without the header.
    const again = await raw(server, 'POST', '/identity/v1/auth/refreshToken', { headers: cookieHeader({ courier_rt: rotated }) });
    expect(again.status).toBe(200);
    expect(again.body).not.toHaveProperty('refreshToken');
    expect(cookiesOf(again.response).get('courier_rt')?.value).toEqual(expect.any(String));
  });

  it('logout revokes the cookie\'s family and clears both cookies', async () => {
    const token = cookiesOf((await cookieLogin()).response).get('courier_rt')!.value;
    const out = await raw(server, 'POST', '/identity/v1/auth/logout', { headers: cookieHeader({ courier_rt: token }) });
    expect(out.status).toBe(204);
    const cleared = cookiesOf(out.response);
    for (const name of ['courier_rt', 'courier_rt_imp']) {
      expect(cleared.get(name)?.value).toBe('');
      expect(cleared.get(name)!.attributes).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/i);
    }
    const after = await raw(server, 'POST', '/identity/v1/auth/refreshToken', { headers: cookieHeader({ courier_rt: token }) });
    expect(after.status).toBe(401);
  });
});

describe('logout', () => {
  it('revokes the family of the body\'s refresh token (its access token cannot be refreshed any more)', async () => {
    const tokens = await login(server, 'superhero@demo.test');
    const out = await raw(server, 'POST', '/identity/v1/auth/logout', { body: { refreshToken: tokens.refreshToken } });
    expect(out.status).toBe(204);
    expect((await refresh(server, tokens.refreshToken)).status).toBe(401);
    const [family] = await server.database.db.select().from(refreshTokenFamilies)
      .where(eq(refreshTokenFamilies.id, claimsOf(tokens.jwtToken).sid!));
    expect(family!.revokedReason).toBe('logout');
  });

  it('answers 204 when nothing was valid, and 400 naming a field of the wrong type', async () => {
    expect((await raw(server, 'POST', '/identity/v1/auth/logout', { body: { refreshToken: 'nothing' } })).status).toBe(204);
    expect((await raw(server, 'POST', '/identity/v1/auth/logout')).status).toBe(204);
    const bad = await raw(server, 'POST', '/identity/v1/auth/logout', { body: { refreshToken: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.body!.errors).toHaveProperty('refreshToken');
  });
});

describe('logs', () => {
  it('never contain access tokens, refresh tokens or passwords', async () => {
    const tokens = await login(server, 'staff@demo.test');
    const refreshed = await refresh(server, tokens.refreshToken);
    await server.identity.GET('/v1/profile', { headers: bearer(tokens.jwtToken) });
    await raw(server, 'POST', '/identity/v1/auth/logout', { body: { refreshToken: refreshed.body!.refreshToken } });
    const all = server.logs.join('\n');
    expect(all.length).toBeGreaterThan(0);
    for (const secret of [tokens.jwtToken, tokens.refreshToken, refreshed.body!.jwtToken as string, refreshed.body!.refreshToken as string, DEMO_PASSWORD]) {
      expect(all).not.toContain(secret);
    }
  });
});
