import { createApiClients } from './clients';

let accessToken: string | undefined;

/** The auth actor keeps the access token here, in memory only. */
export function setAccessToken(token: string | undefined): void {
  accessToken = token;
}

const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;

/** The app's two typed clients; base URLs come from VITE_IDENTITY_URL and VITE_CONNECT_URL (default same origin). */
export const api = createApiClients({
  identityBaseUrl: new URL(import.meta.env.VITE_IDENTITY_URL ?? '/identity', origin).toString(),
  connectBaseUrl: new URL(import.meta.env.VITE_CONNECT_URL ?? '/connect', origin).toString(),
  getAccessToken: () => accessToken,
});

export { ApiError } from './api-error';
