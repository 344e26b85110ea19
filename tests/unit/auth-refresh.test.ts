import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { api, ApiError, currentAccessToken } from '../../src/api';
import { authMachine } from '../../src/machines/auth/auth.machine';
import type { Profile } from '../../src/machines/auth/auth.types';
import { REFRESH_LOCK_NAME } from '../../src/machines/auth/tab-sync';
import { fakeToken } from '../support/fake-token';

/**
 * Single-flight refresh through the real clients and the real refresh actor: every request goes through a
 * fake fetch standing in for the server (installed before the clients capture `fetch`).
 */
const server = vi.hoisted(() => {
  const state = {
    refreshCalls: [] as Request[],
    /** What the refresh endpoint answers next. */
    refresh: { status: 200, token: '' },
    /** Authorization headers of the data requests. */
    authorizations: [] as (string | null)[],
    dataStatus: 200,
    refreshGate: Promise.resolve(),
  };
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const request = input as Request;
    const url = new URL(request.url);
    if (url.pathname.endsWith('/v1/auth/refreshToken')) {
      state.refreshCalls.push(request);
      await state.refreshGate;
      if (state.refresh.status !== 200) {
        return new Response(JSON.stringify({ message: 'Refresh failed' }), { status: state.refresh.status, headers: { 'Content-Type': 'application/json' } });
      }
      return new Response(JSON.stringify({ jwtToken: state.refresh.token }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }
    state.authorizations.push(request.headers.get('Authorization'));
    if (state.dataStatus !== 200) return new Response(JSON.stringify({ message: 'No' }), { status: state.dataStatus, headers: { 'Content-Type': 'application/json' } });
    return new Response(JSON.stringify({ cca2: 'ZA' }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  return state;
});

const profile: Profile = {
  id: 7, email: 'customer@demo.test', firstName: 'Cara', lastName: 'Customer', emailConfirmed: true, phoneNumberConfirmed: false,
  contactCountryCode: 'ZA', twoFactorEnabled: false, hasProfilePicture: false,
};

const nearExpiry = fakeToken({ id: 7, email: 'customer@demo.test', expiresIn: 100, nonce: 'old' });
const fresh = fakeToken({ id: 7, email: 'customer@demo.test', expiresIn: 900, nonce: 'new' });

async function signedInActor() {
  const machine = authMachine.provide({
    actors: { restoreSession: fromPromise(async () => ({ jwtToken: nearExpiry, profile })) },
  });
  const actor = createActor(machine).start();
  await waitFor(actor, (snapshot) => snapshot.matches('signedIn'));
  return actor;
}

const getCountry = () => api.connect.GET('/countries/{code}', { params: { path: { code: 'za' } } });

let release: () => void;

beforeEach(() => {
  server.refreshCalls = [];
  server.authorizations = [];
  server.dataStatus = 200;
  server.refresh = { status: 200, token: fresh };
  server.refreshGate = new Promise<void>((resolve) => { release = resolve; });
});

afterEach(() => {
  release();
  vi.unstubAllGlobals();
});

describe('single-flight token refresh', () => {
  it('5 concurrent requests near expiry: exactly one refresh (cookie transport), all sent with the new token', async () => {
    const actor = await signedInActor();
    const requests = Array.from({ length: 5 }, getCountry);
    await vi.waitFor(() => expect(server.refreshCalls).toHaveLength(1));
    release();
    const results = await Promise.all(requests);
    expect(results.every((result) => result.data?.cca2 === 'ZA')).toBe(true);
    expect(server.refreshCalls).toHaveLength(1);
    expect(server.refreshCalls[0]!.headers.get('X-Token-Transport')).toBe('cookie');
    expect(server.refreshCalls[0]!.credentials).toBe('same-origin');
    expect(server.refreshCalls[0]!.headers.get('Authorization')).toBeNull();
    expect(server.authorizations).toEqual(Array(5).fill(`Bearer ${fresh}`));
    expect(actor.getSnapshot().context.accessToken).toBe(fresh);
    expect(actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
    expect(currentAccessToken()).toBe(fresh);

    // The new token is far from expiry: the next request goes straight out.
    await getCountry();
    expect(server.refreshCalls).toHaveLength(1);
    actor.stop();
  });

  it('a refresh failing with 401 logs out; the waiting requests are cancelled', async () => {
    const actor = await signedInActor();
    server.refresh = { status: 401, token: '' };
    const requests = Array.from({ length: 5 }, () => getCountry().then(() => 'sent', (error: unknown) => error));
    release();
    const outcomes = await Promise.all(requests);
    expect(server.refreshCalls).toHaveLength(1);
    for (const outcome of outcomes) expect((outcome as ApiError).status).toBe(401);
    expect(server.authorizations).toEqual([]);
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches('signedOut')).toBe(true);
    expect(snapshot.context.accessToken).toBeNull();
    expect(currentAccessToken()).toBeUndefined();
    actor.stop();
  });

  it('a refresh failing with 500 rejects the waiting requests and keeps the session', async () => {
    const actor = await signedInActor();
    server.refresh = { status: 500, token: '' };
    const requests = Array.from({ length: 5 }, () => getCountry().then(() => 'sent', (error: unknown) => error));
    release();
    const outcomes = await Promise.all(requests);
    expect(server.refreshCalls).toHaveLength(1);
    for (const outcome of outcomes) {
      expect(outcome).toBeInstanceOf(ApiError);
      expect((outcome as ApiError).status).toBe(500);
    }
    expect(server.authorizations).toEqual([]);
    expect(actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
    expect(actor.getSnapshot().context.accessToken).toBe(nearExpiry);
    actor.stop();
  });

  it('a refresh answering 440 clears the tokens and shows the session-error screen', async () => {
    const actor = await signedInActor();
    server.refresh = { status: 440, token: '' };
    const outcome = getCountry().then(() => 'sent', (error: unknown) => error);
    release();
    expect(((await outcome) as ApiError).status).toBe(440);
    expect(actor.getSnapshot().matches('sessionExpired')).toBe(true);
    expect(actor.getSnapshot().context.accessToken).toBeNull();
    actor.stop();
  });

  it('a tab that gets the lock after another tab refreshed adopts the broadcast token instead of refreshing', async () => {
    // A Web Lock held by "another tab" until it has refreshed and broadcast.
    let releaseLock!: () => void;
    const held = new Promise<void>((resolve) => { releaseLock = resolve; });
    const names: string[] = [];
    vi.stubGlobal('navigator', {
      locks: {
        async request(name: string, _options: unknown, task: () => Promise<unknown>) {
          names.push(name);
          await held;
          return task();
        },
      },
    });
    const actor = await signedInActor();
    const request = getCountry();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ signedIn: 'refreshing' })).toBe(true));
    expect(names).toContain(REFRESH_LOCK_NAME);
    // The other tab's broadcast arrives, then it releases the lock.
    actor.send({ type: 'auth.sync.token', token: fresh });
    releaseLock();
    await request;
    expect(server.refreshCalls).toHaveLength(0);
    expect(server.authorizations).toEqual([`Bearer ${fresh}`]);
    expect(actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
    actor.stop();
  });
});

describe('API answers that end the session', () => {
  it('401 on any request clears the session', async () => {
    server.refresh = { status: 200, token: fresh };
    release();
    const actor = await signedInActor();
    actor.send({ type: 'auth.sync.token', token: fresh });
    server.dataStatus = 401;
    await expect(getCountry()).rejects.toMatchObject({ status: 401 });
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    actor.stop();
  });

  it('440 on any request clears the tokens and shows the session-error screen', async () => {
    release();
    const actor = await signedInActor();
    actor.send({ type: 'auth.sync.token', token: fresh });
    server.dataStatus = 440;
    await expect(getCountry()).rejects.toMatchObject({ status: 440 });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches('sessionExpired')).toBe(true);
    expect(snapshot.context.accessToken).toBeNull();
    expect(currentAccessToken()).toBeUndefined();
    actor.stop();
  });

  it('a 401 answer to the sign-in calls themselves is the form\'s business, not a lost session', async () => {
    release();
    const actor = await signedInActor();
    server.dataStatus = 200;
    server.refresh = { status: 401, token: '' };
    await expect(api.identity.POST('/v1/auth/refreshToken', { headers: { 'X-Token-Transport': 'cookie' } })).rejects.toMatchObject({ status: 401 });
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    actor.stop();
  });
});
