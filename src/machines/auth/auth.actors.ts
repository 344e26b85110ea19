import { fromPromise, type NonReducibleUnknown } from 'xstate';
import { api, ApiError, currentAccessToken } from '../../api';
import type { components } from '../../api/generated/identity';
import { statusTitle } from '../../lib/http-error-texts';
import { SIGN_IN_TEXTS } from '../../lib/shell-texts';
import type { Profile } from './auth.types';
import { postAuthMessage, withRefreshLock } from './tab-sync';
import { isNearExpiry } from './token';

/**
 * The auth actor's calls to the identity API (default implementations; tests swap them). Every call that
 * can answer tokens asks for the cookie transport: the refresh token then lives only in an HttpOnly cookie,
 * out of reach of scripts, and the answer carries just the access token.
 */
export type AuthResponse = components['schemas']['AuthResponse'];
export interface SessionOutput {
  jwtToken: string;
  profile: Profile;
}

const cookieTransport = { headers: { 'X-Token-Transport': 'cookie' }, credentials: 'same-origin' } as const;

function bearer(token: string) {
  return { Authorization: `Bearer ${token}` };
}

function signedIn(data: AuthResponse | undefined): AuthResponse {
  return data ?? {};
}

async function refreshWithCookie(signal?: AbortSignal): Promise<string> {
  const { data } = await api.identity.POST('/v1/auth/refreshToken', { ...cookieTransport, signal });
  if (!data?.jwtToken) throw new ApiError(401, SIGN_IN_TEXTS.sessionNotRestored, statusTitle(401), undefined, undefined);
  return data.jwtToken;
}

async function profileFor(token: string, signal?: AbortSignal): Promise<Profile> {
  const { data } = await api.identity.GET('/v1/profile', { headers: bearer(token), signal });
  return data!;
}

/**
 * A call for an invoked actor. When the actor stops (the state was left, or React's StrictMode stops and
 * restarts the root actor in place), the request is aborted and the call never settles: a late rejection
 * would otherwise land on the restarted actor as a failure.
 */
function call<TOutput, TInput = NonReducibleUnknown>(
  creator: (args: { input: TInput; signal: AbortSignal }) => Promise<TOutput>,
) {
  return fromPromise<TOutput, TInput>(async ({ input, signal }) => {
    try {
      return await creator({ input, signal });
    } catch (error) {
      if (signal.aborted) return new Promise<TOutput>(() => undefined);
      throw error;
    }
  });
}

/** On start: the refresh cookie (if any) gives a new access token, then the profile. */
export const restoreSession = call<SessionOutput>(async ({ signal }) => {
  const jwtToken = await withRefreshLock(() => refreshWithCookie(signal));
  return { jwtToken, profile: await profileFor(jwtToken, signal) };
});

/**
 * The single-flight refresh, held under the cross-tab lock. A tab that gets the lock after another tab
 * refreshed adopts the token that tab broadcast (it is already in memory) instead of rotating again.
 */
export const refreshToken = call<{ jwtToken: string }, { staleToken: string | null }>(async ({ input, signal }) =>
  withRefreshLock(async () => {
    const current = currentAccessToken();
    if (current && current !== input.staleToken && !isNearExpiry(current)) return { jwtToken: current };
    const jwtToken = await refreshWithCookie(signal);
    postAuthMessage({ type: 'token', token: jwtToken });
    return { jwtToken };
  }));

/** After a verification or a two-factor change: a new token (new claims) and the profile. */
export const reloadSession = call<SessionOutput>(async ({ signal }) => {
  const jwtToken = await withRefreshLock(async () => {
    const token = await refreshWithCookie(signal);
    postAuthMessage({ type: 'token', token });
    return token;
  });
  return { jwtToken, profile: await profileFor(jwtToken, signal) };
});

export const loadProfile = call<Profile, { token: string }>(({ input, signal }) => profileFor(input.token, signal));

export const login = call<AuthResponse, { email: string; password: string }>(async ({ input, signal }) => {
  const { data } = await api.identity.POST('/v1/auth/login', { ...cookieTransport, body: input, signal });
  return signedIn(data);
});

export const register = call<AuthResponse, components['schemas']['RegisterRequest']>(async ({ input, signal }) => {
  const { data } = await api.identity.POST('/v1/auth/register', { ...cookieTransport, body: input, signal });
  return signedIn(data);
});

export const twoFactorVerify = call<AuthResponse, { code: string; twoFactorHash: string }>(async ({ input, signal }) => {
  const { data } = await api.identity.POST('/v1/twoFactor/verify', { ...cookieTransport, body: input, signal });
  return signedIn(data);
});

export const twoFactorResend = call<void, { twoFactorHash: string }>(async ({ input, signal }) => {
  await api.identity.POST('/v1/twoFactor/resend', { body: input, signal });
});

export const externalAuthorize = call<{ authorizationUrl: string }, { provider: string; redirectUri: string }>(
  async ({ input, signal }) => {
    const { data } = await api.identity.POST('/v1/external/authorize', { body: input, signal });
    return data!;
  },
);

export const externalLogin = call<AuthResponse, { provider: string; callbackUrl: string }>(async ({ input, signal }) => {
  const { data } = await api.identity.POST('/v1/external/login', { ...cookieTransport, body: input, signal });
  return signedIn(data);
});

/**
 * Biometric login: the server's request options, the authenticator's assertion, then the server's verdict.
 * @simplewebauthn/browser loads here, while the options are fetched, not with the shell (issue 19, first load).
 */
export const passkeyLogin = call<AuthResponse>(async ({ signal }) => {
  const [{ data: options }, { startAuthentication }] = await Promise.all([
    api.identity.POST('/v1/passkeys/login/options', { signal }),
    import('@simplewebauthn/browser'),
  ]);
  let response;
  try {
    response = await startAuthentication({ optionsJSON: options! });
  } catch {
    // Cancelled by the user, timed out, or no passkey for this site.
    throw new ApiError(400, SIGN_IN_TEXTS.passkeyFailed, statusTitle(400), undefined, undefined);
  }
  const { data } = await api.identity.POST('/v1/passkeys/login/verify', {
    ...cookieTransport,
    body: { response },
    signal,
  });
  return signedIn(data);
});

export const impersonate = call<AuthResponse, { userId: number }>(async ({ input, signal }) => {
  const { data } = await api.identity.POST('/v1/auth/impersonate', { ...cookieTransport, body: input, signal });
  return signedIn(data);
});

export const stopImpersonation = call<void>(async ({ signal }) => {
  await api.identity.POST('/v1/auth/impersonate/stop', { credentials: 'same-origin', signal });
});

/**
 * The server revokes the cookie's family. Never fails for the user: the auth chart signs out on an error as on
 * success (the session is forgotten locally whatever the server says).
 */
export const logout = call<void>(async () => {
  await api.identity.POST('/v1/auth/logout', { credentials: 'same-origin' });
});

export const externalProviders = call<components['schemas']['ExternalProvider'][]>(async ({ signal }) => {
  const { data } = await api.identity.GET('/v1/external/providers', { signal });
  return data ?? [];
});
