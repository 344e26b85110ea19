import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXTS } from '../../src/lib/error-catalogue';
import { impersonationAudit, refreshTokenFamilies } from '../../server/db/schema';
import {
  ADMIN, claimsOf, cookieHeader, cookiesOf, DEMO_PASSWORD, login, raw, sleep, userIdOf, withConfig,
} from './identity-support';
import { bearer, startTestServer, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer({ throttlePerAddress: 10_000, throttlePerAccount: 10_000 }); });
afterAll(async () => { await server?.close(); });

const impersonate = (jwt: string, userId: number, headers: Record<string, string> = {}) =>
  raw(server, 'POST', '/identity/v1/auth/impersonate', { body: { userId }, headers: { ...bearer(jwt), ...headers } });
const stop = (jwt: string, headers: Record<string, string> = {}) =>
  raw(server, 'POST', '/identity/v1/auth/impersonate/stop', { headers: { ...bearer(jwt), ...headers } });
const auditOf = (familyId: string) =>
  server.database.db.select().from(impersonationAudit).where(eq(impersonationAudit.familyId, familyId)).orderBy(asc(impersonationAudit.id));

describe('impersonate', () => {
  it('gives an administrator the target\'s tokens with an act claim, in a family ending after the window; audited', async () => {
    const admin = await login(server, ADMIN);
    const adminId = await userIdOf(server, ADMIN);
    const targetId = await userIdOf(server, 'store.user@demo.test');
    const { status, body } = await impersonate(admin.jwtToken, targetId);
    expect(status).toBe(200);
    expect(body).toEqual({ jwtToken: expect.any(String), refreshToken: expect.any(String) });
    const claims = claimsOf(body!.jwtToken as string);
    expect(claims).toMatchObject({ id: targetId, email: 'store.user@demo.test', isStoreUser: true, isAdministrator: false });
    expect(claims.act).toEqual({ id: adminId, email: ADMIN });
    const [family] = await server.database.db.select().from(refreshTokenFamilies).where(eq(refreshTokenFamilies.id, claims.sid!));
    expect(family!.impersonatorId).toBe(adminId);
    const window = family!.absoluteExpiresAt.getTime() - family!.createdAt.getTime();
    expect(Math.abs(window - server.config.impersonationWindowSeconds * 1000)).toBeLessThan(5000);
    expect(await auditOf(claims.sid!)).toEqual([
      expect.objectContaining({ actorId: adminId, targetId, action: 'start', ip: expect.any(String) }),
    ]);
    // The impersonation token acts as the target, and a refresh keeps the act claim.
    const profile = await server.identity.GET('/v1/profile', { headers: bearer(body!.jwtToken as string) });
    expect(profile.data?.email).toBe('store.user@demo.test');
    const refreshed = await raw(server, 'POST', '/identity/v1/auth/refreshToken', { body: { refreshToken: body!.refreshToken } });
    expect(claimsOf(refreshed.body!.jwtToken as string).act).toEqual({ id: adminId, email: ADMIN });

    const stopped = await stop(refreshed.body!.jwtToken as string);
    expect(stopped.status).toBe(204);
    expect((await auditOf(claims.sid!)).map((row) => row.action)).toEqual(['start', 'stop']);
    const after = await raw(server, 'POST', '/identity/v1/auth/refreshToken', { body: { refreshToken: refreshed.body!.refreshToken } });
    expect(after.status).toBe(401);
  });

  it('an administrator may impersonate management and staff operators', async () => {
    const admin = await login(server, ADMIN);
    for (const email of ['management@demo.test', 'staff@demo.test']) {
      const { status, body } = await impersonate(admin.jwtToken, await userIdOf(server, email));
      expect(status, email).toBe(200);
      expect((await stop(body!.jwtToken as string)).status).toBe(204);
    }
  });

  it('is refused for non-administrators, for administrators as targets, for oneself and while impersonating', async () => {
    const admin = await login(server, ADMIN);
    const customerId = await userIdOf(server, 'customer@demo.test');
    for (const email of ['management@demo.test', 'staff@demo.test', 'customer@demo.test']) {
      const caller = await server.tokenFor(email);
      const refused = await impersonate(caller, customerId);
      expect(refused.status, email).toBe(403);
    }
    const created = await server.identity.POST('/v1/profile', {
      body: { email: 'second.admin@demo.test', firstName: 'Second', lastName: 'Admin', roles: ['Administrator'] },
      headers: bearer(admin.jwtToken),
    });
    expect(created.response.status).toBe(201);
    const equal = await impersonate(admin.jwtToken, created.data!.id);
    expect(equal.status).toBe(403);
    expect(equal.body!.message).toBe(AUTH_TEXTS.impersonatePrivileged);
    const self = await impersonate(admin.jwtToken, await userIdOf(server, ADMIN));
    expect(self.status).toBe(400);
    expect(self.body!.errors).toHaveProperty('userId');
    const unknown = await impersonate(admin.jwtToken, 999_999);
    expect(unknown.status).toBe(404);
    const bad = await impersonate(admin.jwtToken, 'seven' as unknown as number);
    expect(bad.status).toBe(400);
    expect(bad.body!.errors).toHaveProperty('userId');
    const anonymous = await raw(server, 'POST', '/identity/v1/auth/impersonate', { body: { userId: customerId } });
    expect(anonymous.status).toBe(401);
    // While impersonating, the token is the target's: not an administrator any more.
    const acting = await impersonate(admin.jwtToken, customerId);
    const nested = await impersonate(acting.body!.jwtToken as string, await userIdOf(server, 'driver@demo.test'));
    expect(nested.status).toBe(403);
    await stop(acting.body!.jwtToken as string);
  });

  it('cannot be refreshed past the impersonation window (440)', async () => {
    await withConfig(server, { impersonationWindowSeconds: 1 }, async () => {
      const admin = await login(server, ADMIN);
      const { body } = await impersonate(admin.jwtToken, await userIdOf(server, 'driver@demo.test'));
      expect((await raw(server, 'POST', '/identity/v1/auth/refreshToken', { body: { refreshToken: body!.refreshToken } })).status).toBe(200);
      await sleep(1100);
      const expired = await raw(server, 'POST', '/identity/v1/auth/refreshToken', { body: { refreshToken: body!.refreshToken } });
      expect(expired.status).toBe(440);
    });
  });
});

describe('impersonation with cookies (the web app)', () => {
  it('keeps the main login\'s cookie untouched; the impersonation cookie wins on refresh; stop drops only it', async () => {
    const cookie = { 'x-token-transport': 'cookie' };
    const signIn = await raw(server, 'POST', '/identity/v1/auth/login', { body: { email: ADMIN, password: DEMO_PASSWORD }, headers: cookie });
    const main = cookiesOf(signIn.response).get('courier_rt')!.value;
    const adminJwt = signIn.body!.jwtToken as string;

    const started = await impersonate(adminJwt, await userIdOf(server, 'store.user@demo.test'), { ...cookie, ...cookieHeader({ courier_rt: main }) });
    expect(started.status).toBe(200);
    expect(started.body).not.toHaveProperty('refreshToken');
    const set = cookiesOf(started.response);
    expect(set.has('courier_rt')).toBe(false);
    const imp = set.get('courier_rt_imp')!;
    expect(imp.attributes).toMatch(/HttpOnly/i);
    expect(imp.attributes).toMatch(/SameSite=Strict/i);
    expect(imp.attributes).toMatch(/Path=\/identity\/v1\/auth/);

    // A reload while impersonating stays impersonating.
    const reload = await raw(server, 'POST', '/identity/v1/auth/refreshToken', {
      headers: { ...cookie, ...cookieHeader({ courier_rt: main, courier_rt_imp: imp.value }) },
    });
    expect(reload.status).toBe(200);
    expect(claimsOf(reload.body!.jwtToken as string).act?.email).toBe(ADMIN);
    const reloadCookies = cookiesOf(reload.response);
    expect(reloadCookies.has('courier_rt')).toBe(false);
    const impRotated = reloadCookies.get('courier_rt_imp')!.value;

    const stopped = await stop(reload.body!.jwtToken as string, cookieHeader({ courier_rt: main, courier_rt_imp: impRotated }));
    expect(stopped.status).toBe(204);
    const stopCookies = cookiesOf(stopped.response);
    expect(stopCookies.get('courier_rt_imp')?.value).toBe('');
    expect(stopCookies.has('courier_rt')).toBe(false);

    // The browser may still send the dead impersonation cookie: the main login takes over and the dead one is dropped.
    const back = await raw(server, 'POST', '/identity/v1/auth/refreshToken', {
      headers: { ...cookie, ...cookieHeader({ courier_rt: main, courier_rt_imp: impRotated }) },
    });
    expect(back.status).toBe(200);
    const backClaims = claimsOf(back.body!.jwtToken as string);
    expect(backClaims.email).toBe(ADMIN);
    expect(backClaims.act).toBeUndefined();
    expect(cookiesOf(back.response).get('courier_rt_imp')?.value).toBe('');
    expect(cookiesOf(back.response).get('courier_rt')?.value).toEqual(expect.any(String));
  });

  it('stopping needs an impersonation token (409 otherwise) and a token at all (401)', async () => {
    const plain = await stop(await server.tokenFor('customer@demo.test'));
    expect(plain.status).toBe(409);
    expect(plain.body!.message).toBe(AUTH_TEXTS.notImpersonating);
    expect((await raw(server, 'POST', '/identity/v1/auth/impersonate/stop')).status).toBe(401);
  });

  it('logout during an impersonation ends it too, and audits the stop', async () => {
    const admin = await login(server, ADMIN);
    const { body } = await impersonate(admin.jwtToken, await userIdOf(server, 'partner@demo.test'));
    const sid = claimsOf(body!.jwtToken as string).sid!;
    const out = await raw(server, 'POST', '/identity/v1/auth/logout', { body: { refreshToken: body!.refreshToken } });
    expect(out.status).toBe(204);
    expect((await auditOf(sid)).map((row) => row.action)).toEqual(['start', 'stop']);
  });
});
