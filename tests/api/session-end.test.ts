// Every end of a session ends its access tokens at once, not when they expire: logout, reuse detection,
// impersonation stop and window end, deactivation — each within one request, over HTTP and on the hubs. A session
// that reached its end answers 440 (000 section 8), any other end 401.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endSessionNow } from '../../server/auth/sessions';
import { signAccessToken } from '../../server/auth/tokens';
import { AUTH_TEXTS } from '../../src/lib/error-catalogue';
import { userAdminDetails, users } from '../../server/db/schema';
import { ADMIN, claimsOf, login, raw, sleep, userIdOf, withConfig } from './identity-support';
import { hubClient } from './realtime-support';
import { bearer, startTestServer, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer({ throttlePerAddress: 10_000, throttlePerAccount: 10_000 }); });
afterAll(async () => { await server?.close(); });

const profileStatus = async (jwt: string) => (await server.identity.GET('/v1/profile', { headers: bearer(jwt) })).response.status;
const negotiateStatus = async (jwt: string) =>
  (await fetch(`${server.url}/hubs/dashboard/negotiate?negotiateVersion=1`, { method: 'POST', headers: bearer(jwt) })).status;

describe('access ends with the session', () => {
  it('logout', async () => {
    const session = await login(server, 'customer@demo.test');
    expect(await profileStatus(session.jwtToken)).toBe(200);
    expect((await raw(server, 'POST', '/identity/v1/auth/logout', { body: { refreshToken: session.refreshToken } })).status).toBe(204);
    const after = await server.identity.GET('/v1/profile', { headers: bearer(session.jwtToken) });
    expect(after.response.status).toBe(401);
    expect(after.error?.message).toBe('The session of this access token has ended');
    expect(await negotiateStatus(session.jwtToken)).toBe(401);
  });

  it('reuse of a rotated refresh token revokes the family, and its access tokens with it', async () => {
    await withConfig(server, { refreshReuseGraceSeconds: 0 }, async () => {
      const session = await login(server, 'driver@demo.test');
      const rotated = await raw(server, 'POST', '/identity/v1/auth/refreshToken', { body: { refreshToken: session.refreshToken } });
      expect(rotated.status).toBe(200);
      await sleep(1100);
      expect((await raw(server, 'POST', '/identity/v1/auth/refreshToken', { body: { refreshToken: session.refreshToken } })).status).toBe(401);
      expect(await profileStatus(session.jwtToken)).toBe(401);
      expect(await profileStatus(String(rotated.body!.jwtToken))).toBe(401);
    });
  });

  it('impersonation stop, and the end of the impersonation window', async () => {
    const admin = await login(server, ADMIN);
    const customerId = await userIdOf(server, 'customer@demo.test');
    const started = await raw(server, 'POST', '/identity/v1/auth/impersonate', { body: { userId: customerId }, headers: bearer(admin.jwtToken) });
    const impersonation = String(started.body!.jwtToken);
    expect(claimsOf(impersonation).act?.email).toBe(ADMIN);
    expect(await profileStatus(impersonation)).toBe(200);
    expect((await raw(server, 'POST', '/identity/v1/auth/impersonate/stop', { headers: bearer(impersonation) })).status).toBeLessThan(300);
    expect(await profileStatus(impersonation)).toBe(401);
    expect(await profileStatus(admin.jwtToken)).toBe(200);

    await withConfig(server, { impersonationWindowSeconds: 1 }, async () => {
      const short = await raw(server, 'POST', '/identity/v1/auth/impersonate', { body: { userId: customerId }, headers: bearer(admin.jwtToken) });
      const token = String(short.body!.jwtToken);
      expect(await profileStatus(token)).toBe(200);
      await sleep(1200);
      // The access token itself is valid for 15 minutes; the window is not: the session expired (440, as the refresh).
      const after = await server.identity.GET('/v1/profile', { headers: bearer(token) });
      expect(after.response.status).toBe(440);
      expect(after.error?.message).toBe(AUTH_TEXTS.sessionExpired);
    });
  });

  it('a session past its end answers 440 to every call with its access tokens; one ended before its end stays 401', async () => {
    const session = await login(server, 'customer@demo.test');
    const list = () => server.connect.GET('/deliveries/{cca2}/mine', { params: { path: { cca2: 'za' } }, headers: bearer(session.jwtToken) });
    expect((await list()).response.status).toBe(200);
    expect(await endSessionNow(server.database.db, session.refreshToken)).toBe(true);
    const [profile, deliveries] = await Promise.all([server.identity.GET('/v1/profile', { headers: bearer(session.jwtToken) }), list()]);
    expect([profile.response.status, deliveries.response.status]).toEqual([440, 440]);
    expect(deliveries.error?.message).toBe(AUTH_TEXTS.sessionExpired);
    expect((await raw(server, 'POST', '/identity/v1/auth/refreshToken', { body: { refreshToken: session.refreshToken } })).status).toBe(440);
    // Logged out after its end: ended by someone, the 401 of every other end.
    expect((await raw(server, 'POST', '/identity/v1/auth/logout', { body: { refreshToken: session.refreshToken } })).status).toBe(204);
    expect(await profileStatus(session.jwtToken)).toBe(401);
  });

  it('deactivation', async () => {
    const session = await login(server, 'assistant@demo.test');
    const userId = Number(claimsOf(session.jwtToken).id);
    expect(await profileStatus(session.jwtToken)).toBe(200);
    await server.database.db.insert(userAdminDetails).values({ userId, isActive: false })
      .onConflictDoUpdate({ target: userAdminDetails.userId, set: { isActive: false } });
    try {
      expect(await profileStatus(session.jwtToken)).toBe(401);
    } finally {
      await server.database.db.update(userAdminDetails).set({ isActive: true }).where(eq(userAdminDetails.userId, userId));
    }
    expect(await profileStatus(session.jwtToken)).toBe(200);
  });

  it('a signed token that names no session, or a session that is not its user\'s, is refused', async () => {
    const [customer] = await server.database.db.select().from(users).where(eq(users.email, 'customer@demo.test'));
    expect(await profileStatus(await signAccessToken(server.keys, customer!, 300))).toBe(401);
    const other = await login(server, 'staff@demo.test');
    const borrowed = await signAccessToken(server.keys, customer!, 300, undefined, claimsOf(other.jwtToken).sid);
    expect(await profileStatus(borrowed)).toBe(401);
    expect(await profileStatus(await signAccessToken(server.keys, customer!, 300, undefined, 'not-a-uuid'))).toBe(401);
  });
});

/** An open dashboard connection (the official client) and how it ends. */
async function openHub(jwt: string) {
  const connection = hubClient(server, 'dashboard', () => jwt);
  const ended = new Promise<string>((resolve) => connection.onclose((error) => resolve(error?.message ?? 'closed without error')));
  await connection.start();
  return { connection, ended };
}

/** Resolves with the close reason, or fails if the connection is still open after `ms`. */
function closedWithin(ended: Promise<string>, ms: number): Promise<string> {
  return Promise.race([ended, sleep(ms).then(() => { throw new Error(`hub connection still open after ${ms} ms`); })]);
}

describe('hub connections already open end with the session', () => {
  it('logout closes them at once', async () => {
    const session = await login(server, 'customer@demo.test');
    const hub = await openHub(session.jwtToken);
    const other = await openHub((await login(server, 'customer@demo.test')).jwtToken);
    expect((await raw(server, 'POST', '/identity/v1/auth/logout', { body: { refreshToken: session.refreshToken } })).status).toBe(204);
    expect(await closedWithin(hub.ended, 2000)).toContain('The session has ended');
    // Another session of the same user is not touched.
    expect(other.connection.state).toBe('Connected');
    await other.connection.stop();
  });

  it('impersonation stop and the end of the impersonation window close them', async () => {
    const admin = await login(server, ADMIN);
    const customerId = await userIdOf(server, 'customer@demo.test');
    const started = await raw(server, 'POST', '/identity/v1/auth/impersonate', { body: { userId: customerId }, headers: bearer(admin.jwtToken) });
    const impersonation = String(started.body!.jwtToken);
    const hub = await openHub(impersonation);
    const adminHub = await openHub(admin.jwtToken);
    expect((await raw(server, 'POST', '/identity/v1/auth/impersonate/stop', { headers: bearer(impersonation) })).status).toBeLessThan(300);
    expect(await closedWithin(hub.ended, 2000)).toContain('The session has ended');
    expect(adminHub.connection.state).toBe('Connected');
    await adminHub.connection.stop();

    await withConfig(server, { impersonationWindowSeconds: 1 }, async () => {
      const short = await raw(server, 'POST', '/identity/v1/auth/impersonate', { body: { userId: customerId }, headers: bearer(admin.jwtToken) });
      const windowed = await openHub(String(short.body!.jwtToken));
      // The token is valid for 15 minutes; the window closes the connection after one second.
      expect(await closedWithin(windowed.ended, 3000)).toContain('The access token has expired');
    });
  });

  it('deactivation in the back office closes them', async () => {
    const session = await login(server, 'assistant@demo.test');
    const userId = Number(claimsOf(session.jwtToken).id);
    const hub = await openHub(session.jwtToken);
    const admin = server.as('administrator');
    const opened = await admin.connect.GET('/users/{cca2}/{id}', { params: { path: { cca2: 'za', id: userId } } });
    expect(opened.response.status).toBe(200);
    const { firstName, lastName, xmin } = opened.data!;
    const deactivated = await admin.connect.PUT('/users/{cca2}/{id}', {
      params: { path: { cca2: 'za', id: userId } }, body: { firstName, lastName, isActive: false, xmin },
    });
    try {
      expect(deactivated.response.status).toBe(200);
      expect(await closedWithin(hub.ended, 2000)).toContain('The session has ended');
    } finally {
      await server.database.db.update(userAdminDetails).set({ isActive: true }).where(eq(userAdminDetails.userId, userId));
    }
  });
});
