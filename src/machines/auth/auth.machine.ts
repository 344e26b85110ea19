import { assign, fromCallback, sendTo, setup } from 'xstate';
import { ApiError, asApiError, connectSession, currentAccessToken, setAccessToken } from '../../api';
import { STORAGE_KEYS } from '../../lib/constants';
import { notifyError } from './account-helpers';
import {
  externalAuthorize, externalLogin, impersonate, loadProfile, login, logout, passkeyLogin, refreshToken, register,
  reloadSession, restoreSession, stopImpersonation, twoFactorResend, twoFactorVerify, type AuthResponse,
} from './auth.actors';
import type { AuthContext, AuthEvent } from './auth.types';
import { onAuthMessage, postAuthMessage } from './tab-sync';
import { createTokenGate } from './token-gate';
import { decodePermissions, identityOf } from './token';

/** What the auth actor tells the API bridge after a refresh the clients were waiting for. */
export type TokenOutcome = { type: 'token.ready'; token: string | undefined } | { type: 'token.failed'; error: ApiError };

/**
 * The bridge to the API clients, alive as long as the auth actor: hands out the access token (asking this
 * actor for one refresh when it is near expiry, however many requests wait) and reports 401/440 answers.
 */
export const apiSession = fromCallback<TokenOutcome>(({ sendBack, receive }) => {
  const gate = createTokenGate({ current: currentAccessToken, requestRefresh: () => sendBack({ type: 'auth.token.expiring' }) });
  receive((event) => gate.settle(event.type === 'token.ready' ? { token: event.token } : { error: event.error }));
  const disconnect = connectSession({
    provideToken: () => gate.provide(),
    onUnauthorized: () => sendBack({ type: 'auth.unauthorized' }),
    onSessionExpired: () => sendBack({ type: 'auth.sessionExpired' }),
  });
  return () => {
    disconnect();
    gate.settle({ token: currentAccessToken() });
  };
});

/** The other tabs of this browser: their new tokens, logouts and impersonation stops. */
export const tabSync = fromCallback(({ sendBack }) =>
  onAuthMessage((message) => {
    if (message.type === 'token') sendBack({ type: 'auth.sync.token', token: message.token });
    else if (message.type === 'logout') sendBack({ type: 'auth.sync.logout' });
    else sendBack({ type: 'auth.sync.restore' });
  }));

const signedOutContext = {
  accessToken: null,
  permissions: null,
  profile: null,
  twoFactorHash: null,
  twoFactorMessage: null,
  codeResent: false,
} satisfies Partial<AuthContext>;

const initialContext: AuthContext = { ...signedOutContext, leadEmailTaken: false, error: null, sessionError: false };


function callbackUri(): string {
  return new URL('/login/external/callback', window.location.origin).toString();
}

/**
 * The session (000 sections 4 and 7). Restores the login from the refresh cookie on start; signs in by
 * password (with the two-factor code step when the server asks), registration, an external provider or a
 * passkey; refreshes the in-memory access token single-flight when requests find it near expiry (under a
 * cross-tab lock, sharing the result with the other tabs); impersonates and stops; logs out. 401 clears the
 * session; 440 clears it and raises the session-error flag.
 */
export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    tags: {} as 'restoring' | 'busy',
  },
  actors: {
    apiSession, tabSync, restoreSession, refreshToken, reloadSession, loadProfile, login, register, twoFactorVerify,
    twoFactorResend, externalAuthorize, externalLogin, passkeyLogin, impersonate, stopImpersonation, logout,
  },
  actions: {
    setToken: assign((_, params: { token: string }) => ({
      accessToken: params.token,
      permissions: decodePermissions(params.token),
    })),
    /** The clients read the token from memory (src/api); it never goes to storage. */
    publishToken: ({ context }) => setAccessToken(context.accessToken ?? undefined),
    setProfile: assign((_, params: { profile: AuthContext['profile'] }) => ({ profile: params.profile })),
    signInSucceeded: assign({ error: null, sessionError: false, leadEmailTaken: false, twoFactorHash: null, twoFactorMessage: null, codeResent: false }),
    setError: assign((_, params: { error: unknown }) => ({ error: asApiError(params.error) })),
    reportError: notifyError,
    clearError: assign({ error: null, codeResent: false }),
    clearForm: assign({ error: null, leadEmailTaken: false, codeResent: false }),
    startTwoFactor: assign((_, params: { response: AuthResponse }) => ({
      twoFactorHash: params.response.twoFactorHash ?? null,
      twoFactorMessage: params.response.message ?? null,
      error: null,
      codeResent: false,
    })),
    markCodeResent: assign({ codeResent: true, error: null }),
    markLeadEmailTaken: assign({ leadEmailTaken: true, error: null }),
    /** Tokens and profile forgotten (the session-error flag is the caller's); follow with publishToken. */
    clearSession: assign(() => ({ ...signedOutContext })),
    clearSessionError: assign({ sessionError: false }),
    raiseSessionError: assign({ sessionError: true }),
    forgetProvider: () => sessionStorage.removeItem(STORAGE_KEYS.externalProvider),
    rememberProvider: (_, params: { provider: string }) => sessionStorage.setItem(STORAGE_KEYS.externalProvider, params.provider),
    broadcastToken: ({ context }) => {
      if (context.accessToken) postAuthMessage({ type: 'token', token: context.accessToken });
    },
    broadcastLogout: () => postAuthMessage({ type: 'logout' }),
    broadcastRestore: () => postAuthMessage({ type: 'restore' }),
    /** Answers the requests waiting on a refresh. */
    tokenReady: sendTo('apiSession', ({ context }): TokenOutcome => ({ type: 'token.ready', token: context.accessToken ?? undefined })),
    tokenFailed: sendTo('apiSession', (_, params: { error: unknown }): TokenOutcome => ({ type: 'token.failed', error: asApiError(params.error) })),
    /** Leaves for the external provider's sign-in page (replaced in tests). */
    redirectToProvider: (_, params: { url: string }) => window.location.assign(params.url),
    /** After stopping impersonation: / and a reload, so every screen starts over as the main login (replaced in tests). */
    goHomeAndReload: () => window.location.assign('/'),
  },
  guards: {
    hasTwoFactorHash: (_, params: { response: AuthResponse }) => Boolean(params.response.twoFactorHash),
    isLeadEmailTaken: (_, params: { response: AuthResponse }) => params.response.leadEmailTaken === true,
    isUnauthorized: (_, params: { error: unknown }) => params.error instanceof ApiError && params.error.status === 401,
    isSessionExpired: (_, params: { error: unknown }) => params.error instanceof ApiError && params.error.sessionExpired,
    isImpersonating: ({ context }) => Boolean(context.permissions?.act),
    identityChanged: ({ context }, params: { token: string }) =>
      identityOf(context.permissions) !== identityOf(decodePermissions(params.token)),
  },
}).createMachine({
  id: 'auth',
  description: 'The session: sign in (password, two-factor code, registration, external provider, passkey), token refresh, impersonation, logout.',
  context: initialContext,
  invoke: [
    { id: 'apiSession', src: 'apiSession' },
    { id: 'tabSync', src: 'tabSync' },
  ],
  // Requests that find the token near expiry while no refresh can run get the token as it is.
  on: { 'auth.token.expiring': { actions: 'tokenReady' } },
  initial: 'restoring',
  states: {
    restoring: {
      description: 'Start-up: a new access token from the HttpOnly refresh cookie, then the profile. No cookie, 401 or 440: signed out.',
      tags: ['restoring'],
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: {
          target: 'signedIn',
          actions: [
            { type: 'setToken', params: ({ event }) => ({ token: event.output.jwtToken }) }, 'publishToken',
            { type: 'setProfile', params: ({ event }) => ({ profile: event.output.profile }) },
          ],
        },
        onError: { target: 'signedOut', actions: ['clearSession', 'publishToken'] },
      },
    },

    signedOut: {
      description: 'The "Log in / Sign up" screen: password login, registration, external providers and passkeys.',
      initial: 'idle',
      on: {
        'auth.login': { target: '.loggingIn', actions: 'clearForm' },
        'auth.register': { target: '.registering', actions: 'clearForm' },
        'auth.external.start': { target: '.authorizingExternal', actions: 'clearForm' },
        'auth.external.complete': { target: '.completingExternal', actions: 'clearForm' },
        'auth.passkey.login': { target: '.passkey', actions: 'clearForm' },
        'auth.reset': { target: '.idle', actions: 'clearForm' },
        'auth.sync.token': {
          target: 'loadingProfile',
          actions: [{ type: 'setToken', params: ({ event }) => ({ token: event.token }) }, 'publishToken', 'clearForm'],
        },
      },
      states: {
        idle: {
          description: 'The forms, with the last failure (or the leadEmailTaken notice) shown.',
        },
        loggingIn: {
          tags: ['busy'],
          invoke: {
            id: 'login',
            src: 'login',
            input: ({ event }) => (event.type === 'auth.login' ? { email: event.email, password: event.password } : { email: '', password: '' }),
            onDone: [
              {
                guard: { type: 'hasTwoFactorHash', params: ({ event }) => ({ response: event.output }) },
                target: '#auth.twoFactor',
                actions: { type: 'startTwoFactor', params: ({ event }) => ({ response: event.output }) },
              },
              {
                target: '#auth.loadingProfile',
                actions: [{ type: 'setToken', params: ({ event }) => ({ token: event.output.jwtToken ?? '' }) }, 'publishToken'],
              },
            ],
            onError: { target: 'idle', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        registering: {
          tags: ['busy'],
          invoke: {
            id: 'register',
            src: 'register',
            input: ({ event }) => {
              if (event.type !== 'auth.register') throw new Error('register needs auth.register');
              const { type: _type, ...body } = event;
              return body;
            },
            onDone: [
              {
                guard: { type: 'isLeadEmailTaken', params: ({ event }) => ({ response: event.output }) },
                target: 'idle',
                actions: 'markLeadEmailTaken',
              },
              {
                guard: { type: 'hasTwoFactorHash', params: ({ event }) => ({ response: event.output }) },
                target: '#auth.twoFactor',
                actions: { type: 'startTwoFactor', params: ({ event }) => ({ response: event.output }) },
              },
              {
                target: '#auth.loadingProfile',
                actions: [{ type: 'setToken', params: ({ event }) => ({ token: event.output.jwtToken ?? '' }) }, 'publishToken'],
              },
            ],
            onError: { target: 'idle', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        authorizingExternal: {
          description: 'Asks the server where to send the browser for the external provider, then goes there.',
          tags: ['busy'],
          entry: {
            type: 'rememberProvider',
            params: ({ event }) => ({ provider: event.type === 'auth.external.start' ? event.provider : '' }),
          },
          invoke: {
            id: 'externalAuthorize',
            src: 'externalAuthorize',
            input: ({ event }) => ({ provider: event.type === 'auth.external.start' ? event.provider : '', redirectUri: callbackUri() }),
            onDone: {
              target: 'redirecting',
              actions: { type: 'redirectToProvider', params: ({ event }) => ({ url: event.output.authorizationUrl }) },
            },
            onError: { target: 'idle', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        redirecting: {
          description: 'The browser is on its way to the provider.',
          tags: ['busy'],
        },
        completingExternal: {
          description: 'Back from the provider: the server checks its answer and signs in.',
          tags: ['busy'],
          invoke: {
            id: 'externalLogin',
            src: 'externalLogin',
            input: ({ event }) => (event.type === 'auth.external.complete'
              ? { provider: event.provider, callbackUrl: event.callbackUrl }
              : { provider: '', callbackUrl: '' }),
            onDone: [
              {
                guard: { type: 'hasTwoFactorHash', params: ({ event }) => ({ response: event.output }) },
                target: '#auth.twoFactor',
                actions: { type: 'startTwoFactor', params: ({ event }) => ({ response: event.output }) },
              },
              {
                target: '#auth.loadingProfile',
                actions: [{ type: 'setToken', params: ({ event }) => ({ token: event.output.jwtToken ?? '' }) }, 'publishToken'],
              },
            ],
            onError: { target: 'idle', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        passkey: {
          description: 'Biometric login: the authenticator signs the server\'s challenge.',
          tags: ['busy'],
          invoke: {
            id: 'passkeyLogin',
            src: 'passkeyLogin',
            onDone: {
              target: '#auth.loadingProfile',
              actions: [{ type: 'setToken', params: ({ event }) => ({ token: event.output.jwtToken ?? '' }) }, 'publishToken'],
            },
            onError: { target: 'idle', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },

    twoFactor: {
      description: 'The code step: the server sent a code for twoFactorHash; verifying it completes the login.',
      initial: 'entering',
      on: {
        'auth.reset': { target: 'signedOut', actions: ['clearSession', 'publishToken', 'clearForm'] },
        'auth.sync.token': {
          target: 'loadingProfile',
          actions: [{ type: 'setToken', params: ({ event }) => ({ token: event.token }) }, 'publishToken', 'clearForm'],
        },
      },
      states: {
        entering: {
          on: {
            'auth.twoFactor.verify': { target: 'verifying', actions: 'clearError' },
            'auth.twoFactor.resend': { target: 'resending', actions: 'clearError' },
          },
        },
        verifying: {
          tags: ['busy'],
          invoke: {
            id: 'twoFactorVerify',
            src: 'twoFactorVerify',
            input: ({ context, event }) => ({
              code: event.type === 'auth.twoFactor.verify' ? event.code : '',
              twoFactorHash: context.twoFactorHash ?? '',
            }),
            onDone: {
              target: '#auth.loadingProfile',
              actions: [{ type: 'setToken', params: ({ event }) => ({ token: event.output.jwtToken ?? '' }) }, 'publishToken'],
            },
            onError: { target: 'entering', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        resending: {
          tags: ['busy'],
          invoke: {
            id: 'twoFactorResend',
            src: 'twoFactorResend',
            input: ({ context }) => ({ twoFactorHash: context.twoFactorHash ?? '' }),
            onDone: { target: 'entering', actions: 'markCodeResent' },
            onError: { target: 'entering', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },

    loadingProfile: {
      description: 'Signed in: the profile is loaded before the app shows the user as signed in.',
      tags: ['busy'],
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        input: ({ context }) => ({ token: context.accessToken ?? '' }),
        onDone: {
          target: 'signedIn',
          actions: [
            { type: 'setProfile', params: ({ event }) => ({ profile: event.output }) },
            'signInSucceeded',
            'broadcastToken',
          ],
        },
        onError: [
          {
            guard: { type: 'isSessionExpired', params: ({ event }) => ({ error: event.error }) },
            target: 'signedOut',
            actions: ['clearSession', 'publishToken', 'raiseSessionError'],
          },
          {
            target: 'signedOut',
            actions: ['clearSession', 'publishToken', { type: 'setError', params: ({ event }) => ({ error: event.error }) }],
          },
        ],
      },
      on: {
        'auth.sync.logout': { target: 'signedOut', actions: ['clearSession', 'publishToken'] },
      },
    },

    signedIn: {
      description: 'The user is signed in; the access token is refreshed on demand, single-flight.',
      initial: 'active',
      on: {
        'auth.logout': 'loggingOut',
        'auth.unauthorized': { target: 'signedOut', actions: ['clearSession', 'publishToken'] },
        'auth.sessionExpired': { target: 'signedOut', actions: ['clearSession', 'publishToken', 'raiseSessionError'] },
        'auth.sync.logout': { target: 'signedOut', actions: ['clearSession', 'publishToken', 'clearSessionError'] },
        'auth.sync.restore': { target: 'restoring', actions: ['clearSession', 'publishToken'] },
        'auth.sync.token': [
          {
            guard: { type: 'identityChanged', params: ({ event }) => ({ token: event.token }) },
            target: 'loadingProfile',
            actions: [{ type: 'setToken', params: ({ event }) => ({ token: event.token }) }, 'publishToken'],
          },
          { actions: [{ type: 'setToken', params: ({ event }) => ({ token: event.token }) }, 'publishToken'] },
        ],
      },
      states: {
        active: {
          on: {
            'auth.token.expiring': 'refreshing',
            'auth.reload': { target: 'reloading', actions: 'clearError' },
            'auth.impersonate': { target: 'impersonating', actions: 'clearError' },
            'auth.impersonation.stop': { guard: 'isImpersonating', target: 'stoppingImpersonation' },
          },
        },
        refreshing: {
          description: 'One refresh for every waiting request (and, through the lock, for every tab).',
          on: { 'auth.token.expiring': {} },
          invoke: {
            id: 'refreshToken',
            src: 'refreshToken',
            input: ({ context }) => ({ staleToken: context.accessToken }),
            onDone: [
              {
                guard: { type: 'identityChanged', params: ({ event }) => ({ token: event.output.jwtToken }) },
                target: '#auth.loadingProfile',
                actions: [{ type: 'setToken', params: ({ event }) => ({ token: event.output.jwtToken }) }, 'publishToken', 'tokenReady'],
              },
              {
                target: 'active',
                actions: [{ type: 'setToken', params: ({ event }) => ({ token: event.output.jwtToken }) }, 'publishToken', 'tokenReady'],
              },
            ],
            onError: [
              {
                guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
                target: '#auth.signedOut',
                actions: [{ type: 'tokenFailed', params: ({ event }) => ({ error: event.error }) }, 'clearSession', 'publishToken', 'broadcastLogout'],
              },
              {
                guard: { type: 'isSessionExpired', params: ({ event }) => ({ error: event.error }) },
                target: '#auth.signedOut',
                actions: [{ type: 'tokenFailed', params: ({ event }) => ({ error: event.error }) }, 'clearSession', 'publishToken', 'raiseSessionError'],
              },
              // Any other failure cancels the waiting requests and keeps the session.
              { target: 'active', actions: { type: 'tokenFailed', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        reloading: {
          description: 'After a verification or a two-factor change: a new token (new claims) and the profile.',
          tags: ['busy'],
          on: { 'auth.token.expiring': {} },
          invoke: {
            id: 'reloadSession',
            src: 'reloadSession',
            onDone: {
              target: 'active',
              actions: [
                { type: 'setToken', params: ({ event }) => ({ token: event.output.jwtToken }) }, 'publishToken',
                { type: 'setProfile', params: ({ event }) => ({ profile: event.output.profile }) },
                'tokenReady',
              ],
            },
            onError: [
              {
                guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
                target: '#auth.signedOut',
                actions: [{ type: 'tokenFailed', params: ({ event }) => ({ error: event.error }) }, 'clearSession', 'publishToken', 'broadcastLogout'],
              },
              {
                guard: { type: 'isSessionExpired', params: ({ event }) => ({ error: event.error }) },
                target: '#auth.signedOut',
                actions: [{ type: 'tokenFailed', params: ({ event }) => ({ error: event.error }) }, 'clearSession', 'publishToken', 'raiseSessionError'],
              },
              {
                target: 'active',
                // Nothing on screen asked for the reload: the global error dialog tells the user.
                actions: [
                  { type: 'tokenFailed', params: ({ event }) => ({ error: event.error }) },
                  { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
                ],
              },
            ],
          },
        },
        impersonating: {
          description: 'An administrator becomes another user; the main login\'s cookie stays aside on the server.',
          tags: ['busy'],
          invoke: {
            id: 'impersonate',
            src: 'impersonate',
            input: ({ event }) => ({ userId: event.type === 'auth.impersonate' ? event.userId : 0 }),
            onDone: {
              target: '#auth.loadingProfile',
              actions: [{ type: 'setToken', params: ({ event }) => ({ token: event.output.jwtToken ?? '' }) }, 'publishToken'],
            },
            onError: { target: 'active', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        stoppingImpersonation: {
          description: 'Ends the impersonation, then / and a reload restore the main login from its cookie.',
          tags: ['busy'],
          invoke: {
            id: 'stopImpersonation',
            src: 'stopImpersonation',
            onDone: { target: '#auth.restoring', actions: ['clearSession', 'publishToken', 'broadcastRestore', 'goHomeAndReload'] },
            // Stopping fails only when the impersonation is already over: restore the main login all the same.
            onError: { target: '#auth.restoring', actions: ['clearSession', 'publishToken', 'broadcastRestore', 'goHomeAndReload'] },
          },
        },
      },
    },

    loggingOut: {
      description: 'Revokes the refresh cookie\'s family (failures ignored), then forgets everything and tells the other tabs.',
      tags: ['busy'],
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: {
          target: 'signedOut',
          actions: ['clearSession', 'publishToken', 'clearSessionError', 'clearForm', 'forgetProvider', 'broadcastLogout'],
        },
        onError: {
          target: 'signedOut',
          actions: ['clearSession', 'publishToken', 'clearSessionError', 'clearForm', 'forgetProvider', 'broadcastLogout'],
        },
      },
    },
  },
});
