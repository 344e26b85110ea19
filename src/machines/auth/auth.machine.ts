import { assertEvent, assign, fromCallback, sendTo, setup } from 'xstate';
import { ApiError, asApiError, connectSession, currentAccessToken, setAccessToken } from '../../api';
import { STORAGE_KEYS } from '../../lib/shell-constants';
import { ERROR_TEXTS, statusTitle } from '../../lib/http-error-texts';
import { notifyError } from './notify';
import {
  externalAuthorize, externalLogin, impersonate, loadProfile, login, logout, passkeyLogin, refreshToken, register,
  reloadSession, restoreSession, stopImpersonation, twoFactorResend, twoFactorVerify, type AuthResponse,
} from './auth.actors';
import type { AuthContext, AuthSchema, TokenOutcome } from './auth.types';
import { onAuthMessage, postAuthMessage } from './tab-sync';
import { createTokenGate } from './token-gate';
import { decodePermissions, identityOf } from './token';

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

const initialContext: AuthContext = { ...signedOutContext, leadEmailTaken: false, error: null };


function callbackUri(): string {
  return new URL('/login/external/callback', window.location.origin).toString();
}

/** Params: the token a sign-in answered with (none when it asks for more). */
const outputToken = ({ event }: { event: { output: { jwtToken?: string | null } } }) => ({ token: event.output.jwtToken ?? '' });
/** Params: the token a restore, refresh or reload answered with (always one). */
const sessionToken = ({ event }: { event: { output: { jwtToken: string } } }) => ({ token: event.output.jwtToken });
/** Params: the token another tab shared. */
const syncedToken = ({ event }: { event: { token: string } }) => ({ token: event.token });
/** Params: a sign-in answer (it may ask for the two-factor code, or say the lead email is taken). */
const response = ({ event }: { event: { output: AuthResponse } }) => ({ response: event.output });
/** Params: the failure of an invoked call. */
const failure = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/** Adopt a token: keep it (and its permissions), then hand it to the API clients. */
const adoptToken = <P,>(params: P) => [{ type: 'setToken' as const, params }, 'publishToken' as const];
/** Sign out: tokens and profile forgotten, and the clients told. */
const SIGN_OUT = ['clearSession', 'publishToken'] as const;
/** Signed out by the server (440): the session-error screen (state sessionExpired) until the page reloads. */
const SESSION_EXPIRED = { target: '#auth.sessionExpired', actions: SIGN_OUT } as const;

/** Signed in: the new token, then the profile. */
const SIGNED_IN = { target: '#auth.loadingProfile', actions: adoptToken(outputToken) };
/**
 * A password login's answer: the code step when the server asks for one, otherwise signed in. Only the password
 * login asks (two-factor or the email code); registration, external providers and passkeys answer a token.
 */
const LOGIN_DONE = [
  { guard: { type: 'hasTwoFactorHash' as const, params: response }, target: '#auth.twoFactor', actions: { type: 'startTwoFactor' as const, params: response } },
  SIGNED_IN,
];

/** A sign-in call failed: its message shows on the form. */
const showFailure = { type: 'setError' as const, params: failure };

/** A refresh or reload of the token failed: 401 signs out everywhere, 440 signs out with the flag. */
const TOKEN_FAILED = { type: 'tokenFailed' as const, params: failure };
const TOKEN_LOST = [
  {
    guard: { type: 'isUnauthorized' as const, params: failure }, target: '#auth.signedOut',
    actions: [TOKEN_FAILED, ...SIGN_OUT, 'noteUnauthorized' as const, 'broadcastLogout' as const],
  },
  { guard: { type: 'isSessionExpired' as const, params: failure }, target: SESSION_EXPIRED.target, actions: [TOKEN_FAILED, ...SIGN_OUT] },
];

/**
 * The session (000 sections 4 and 7). Restores the login from the refresh cookie on start; signs in by
 * password (with the two-factor code step when the server asks), registration, an external provider or a
 * passkey; refreshes the in-memory access token single-flight when requests find it near expiry (under a
 * cross-tab lock, sharing the result with the other tabs); impersonates and stops; logs out. 401 clears the
 * session; 440 clears it and shows the session-error screen (state sessionExpired).
 */
export const authMachine = setup({
  types: {} as AuthSchema,
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
    signInSucceeded: assign({ error: null, leadEmailTaken: false, twoFactorHash: null, twoFactorMessage: null, codeResent: false }),
    setError: assign((_, params: { error: unknown }) => ({ error: asApiError(params.error) })),
    reportError: notifyError,
    clearError: assign({ error: null, codeResent: false }),
    /**
     * The server refused the session (401): the login form says why (000 section 8) instead of appearing
     * silently; the route guard has kept where the user was, to return there after signing in.
     */
    noteUnauthorized: assign({ error: () => new ApiError(401, ERROR_TEXTS.unauthorized, statusTitle(401), undefined, undefined) }),
    clearForm: assign({ error: null, leadEmailTaken: false, codeResent: false }),
    startTwoFactor: assign((_, params: { response: AuthResponse }) => ({
      twoFactorHash: params.response.twoFactorHash ?? null,
      twoFactorMessage: params.response.message ?? null,
      error: null,
      codeResent: false,
    })),
    markCodeResent: assign({ codeResent: true, error: null }),
    markLeadEmailTaken: assign({ leadEmailTaken: true, error: null }),
    /** Tokens and profile forgotten; follow with publishToken. */
    clearSession: assign(() => ({ ...signedOutContext })),
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
          actions: [...adoptToken(sessionToken), { type: 'setProfile', params: ({ event }) => ({ profile: event.output.profile }) }],
        },
        onError: { target: 'signedOut', actions: SIGN_OUT },
      },
    },

    sessionExpired: {
      description: 'The session-error screen in place of every page (000 section 8): a 440 cleared the tokens; the page reloads after 30 seconds, which starts the chart anew. Nothing else is offered meanwhile.',
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
        'auth.sync.token': { target: 'loadingProfile', actions: [...adoptToken(syncedToken), 'clearForm'] },
        // Another tab stopped an impersonation this tab followed: the main login is still there to restore (this tab
        // may have been signed out first, its impersonation session ended under it).
        'auth.sync.restore': { target: 'restoring', actions: 'clearForm' },
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
            input: ({ event }) => {
              assertEvent(event, 'auth.login');
              return { email: event.email, password: event.password };
            },
            onDone: LOGIN_DONE,
            onError: { target: 'idle', actions: showFailure },
          },
        },
        registering: {
          tags: ['busy'],
          invoke: {
            id: 'register',
            src: 'register',
            input: ({ event }) => {
              assertEvent(event, 'auth.register');
              const { type: _type, ...body } = event;
              return body;
            },
            onDone: [
              { guard: { type: 'isLeadEmailTaken', params: response }, target: 'idle', actions: 'markLeadEmailTaken' },
              SIGNED_IN,
            ],
            onError: { target: 'idle', actions: showFailure },
          },
        },
        authorizingExternal: {
          description: 'Asks the server where to send the browser for the external provider, then goes there.',
          tags: ['busy'],
          entry: {
            type: 'rememberProvider',
            params: ({ event }) => {
              assertEvent(event, 'auth.external.start');
              return { provider: event.provider };
            },
          },
          invoke: {
            id: 'externalAuthorize',
            src: 'externalAuthorize',
            input: ({ event }) => {
              assertEvent(event, 'auth.external.start');
              return { provider: event.provider, redirectUri: callbackUri() };
            },
            onDone: {
              target: 'redirecting',
              actions: { type: 'redirectToProvider', params: ({ event }) => ({ url: event.output.authorizationUrl }) },
            },
            onError: { target: 'idle', actions: showFailure },
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
            input: ({ event }) => {
              assertEvent(event, 'auth.external.complete');
              return { provider: event.provider, callbackUrl: event.callbackUrl };
            },
            onDone: SIGNED_IN,
            onError: { target: 'idle', actions: showFailure },
          },
        },
        passkey: {
          description: 'Biometric login: the authenticator signs the server\'s challenge.',
          tags: ['busy'],
          invoke: {
            id: 'passkeyLogin',
            src: 'passkeyLogin',
            onDone: SIGNED_IN,
            onError: { target: 'idle', actions: showFailure },
          },
        },
      },
    },

    twoFactor: {
      description: 'The code step: the server sent a code for twoFactorHash; verifying it completes the login.',
      initial: 'entering',
      on: {
        'auth.reset': { target: 'signedOut', actions: [...SIGN_OUT, 'clearForm'] },
        'auth.sync.token': { target: 'loadingProfile', actions: [...adoptToken(syncedToken), 'clearForm'] },
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
            input: ({ context, event }) => {
              assertEvent(event, 'auth.twoFactor.verify');
              return { code: event.code, twoFactorHash: context.twoFactorHash ?? '' };
            },
            onDone: { target: '#auth.loadingProfile', actions: adoptToken(outputToken) },
            onError: { target: 'entering', actions: showFailure },
          },
        },
        resending: {
          tags: ['busy'],
          invoke: {
            id: 'twoFactorResend',
            src: 'twoFactorResend',
            input: ({ context }) => ({ twoFactorHash: context.twoFactorHash ?? '' }),
            onDone: { target: 'entering', actions: 'markCodeResent' },
            onError: { target: 'entering', actions: showFailure },
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
          // 000 section 8: a 440 to any call signs out to the session-error screen (our server answers 440 to every
          // call of a session past its end).
          { guard: { type: 'isSessionExpired', params: failure }, ...SESSION_EXPIRED },
          { target: 'signedOut', actions: [...SIGN_OUT, showFailure] },
        ],
      },
      on: {
        'auth.sync.logout': { target: 'signedOut', actions: SIGN_OUT },
        // Another tab stopped the impersonation whose profile this tab is loading: back to the main login.
        'auth.sync.restore': { target: 'restoring', actions: SIGN_OUT },
      },
    },

    signedIn: {
      description: 'The user is signed in; the access token is refreshed on demand, single-flight.',
      initial: 'active',
      on: {
        'auth.logout': 'loggingOut',
        'auth.unauthorized': { target: 'signedOut', actions: [...SIGN_OUT, 'noteUnauthorized'] },
        // A 440 to a call other than the refresh (000 section 8: any 440 signs out to the session-error screen): the
        // session reached its end (an impersonation's window) while the access token was still valid.
        'auth.sessionExpired': SESSION_EXPIRED,
        'auth.sync.logout': { target: 'signedOut', actions: SIGN_OUT },
        'auth.sync.restore': { target: 'restoring', actions: SIGN_OUT },
        'auth.sync.token': [
          { guard: { type: 'identityChanged', params: syncedToken }, target: 'loadingProfile', actions: adoptToken(syncedToken) },
          { actions: adoptToken(syncedToken) },
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
              { guard: { type: 'identityChanged', params: sessionToken }, target: '#auth.loadingProfile', actions: [...adoptToken(sessionToken), 'tokenReady'] },
              { target: 'active', actions: [...adoptToken(sessionToken), 'tokenReady'] },
            ],
            onError: [
              ...TOKEN_LOST,
              // Any other failure cancels the waiting requests and keeps the session.
              { target: 'active', actions: TOKEN_FAILED },
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
              actions: [...adoptToken(sessionToken), { type: 'setProfile', params: ({ event }) => ({ profile: event.output.profile }) }, 'tokenReady'],
            },
            onError: [
              ...TOKEN_LOST,
              // Nothing on screen asked for the reload: the global error dialog tells the user.
              { target: 'active', actions: [TOKEN_FAILED, { type: 'reportError', params: failure }] },
            ],
          },
        },
        impersonating: {
          description: 'An administrator becomes another user; the main login\'s cookie stays aside on the server.',
          tags: ['busy'],
          invoke: {
            id: 'impersonate',
            src: 'impersonate',
            input: ({ event }) => {
              assertEvent(event, 'auth.impersonate');
              return { userId: event.userId };
            },
            onDone: { target: '#auth.loadingProfile', actions: adoptToken(outputToken) },
            onError: { target: 'active', actions: showFailure },
          },
        },
        stoppingImpersonation: {
          description: 'Ends the impersonation, then / and a reload restore the main login from its cookie.',
          tags: ['busy', 'endingSession'],
          invoke: {
            id: 'stopImpersonation',
            src: 'stopImpersonation',
            onDone: { target: '#auth.restoring', actions: [...SIGN_OUT, 'broadcastRestore', 'goHomeAndReload'] },
            // Stopping fails only when the impersonation is already over: restore the main login all the same.
            onError: { target: '#auth.restoring', actions: [...SIGN_OUT, 'broadcastRestore', 'goHomeAndReload'] },
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
        onDone: { target: 'signedOut', actions: [...SIGN_OUT, 'clearForm', 'forgetProvider', 'broadcastLogout'] },
        onError: { target: 'signedOut', actions: [...SIGN_OUT, 'clearForm', 'forgetProvider', 'broadcastLogout'] },
      },
    },
  },
});
