import { createApiClients } from './clients';
import { reportSessionError, sessionAccessToken } from './session';

const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;

// `?.`: the build renders some public pages under plain Node (scripts/render-public-pages.tsx), where Vite's env is absent.
/** The app's two typed clients; base URLs come from VITE_IDENTITY_URL and VITE_CONNECT_URL (default same origin). */
export const api = createApiClients({
  identityBaseUrl: new URL(import.meta.env?.VITE_IDENTITY_URL ?? '/identity', origin).toString(),
  connectBaseUrl: new URL(import.meta.env?.VITE_CONNECT_URL ?? '/connect', origin).toString(),
  getAccessToken: sessionAccessToken,
  onSessionError: reportSessionError,
});

export { ApiError, asApiError } from './api-error';
export { connectSession, currentAccessToken, setAccessToken, type SessionHooks } from './session';
