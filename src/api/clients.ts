import createClient, { type Client, type ClientOptions as FetchClientOptions, type Middleware } from 'openapi-fetch';
import type { paths as ConnectPaths } from './generated/connect';
import type { paths as IdentityPaths } from './generated/identity';
import { ApiError, noResponseError, toApiError } from './api-error';

export interface ClientOptions {
  identityBaseUrl: string;
  connectBaseUrl: string;
  /**
   * The access token held in memory by the auth actor; undefined when signed out. May be a promise: the
   * auth actor refreshes a token near expiry before handing it out (single-flight).
   */
  getAccessToken: () => string | undefined | Promise<string | undefined>;
  /** Called with a 401 or 440 answer to any request but the sign-in calls themselves (SESSION_PATHS). */
  onSessionError?: (error: ApiError) => void;
  fetch?: typeof globalThis.fetch;
}

/**
 * The calls that make or end a session. They carry no bearer token, never wait for a refresh (the auth actor
 * makes them itself) and their 401s are answers to the form (wrong password, wrong code), not a lost session.
 */
export const SESSION_PATHS: ReadonlySet<string> = new Set([
  '/v1/auth/register',
  '/v1/auth/login',
  '/v1/auth/refreshToken',
  '/v1/auth/logout',
  '/v1/twoFactor/verify',
  '/v1/twoFactor/resend',
  '/v1/external/providers',
  '/v1/external/authorize',
  '/v1/external/login',
  '/v1/passkeys/login/options',
  '/v1/passkeys/login/verify',
]);

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Adds the bearer token (awaiting a refresh when it is near expiry), turns every failure into an ApiError from
 * the catalogue and reports 401/440 answers to the session.
 */
export function catalogueMiddleware(
  getAccessToken: ClientOptions['getAccessToken'],
  onSessionError?: ClientOptions['onSessionError'],
): Middleware {
  return {
    async onRequest({ request, schemaPath }) {
      if (SESSION_PATHS.has(schemaPath) || request.headers.has('Authorization')) return request;
      const token = await getAccessToken();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
    async onResponse({ response, request, schemaPath }) {
      if (response.ok) return response;
      const error = toApiError(response.status, await readBody(response), new URL(request.url).pathname);
      if (error.clearsSession && !SESSION_PATHS.has(schemaPath)) onSessionError?.(error);
      throw error;
    },
    onError({ error }) {
      if (error instanceof ApiError) return error;
      // An aborted request is the caller's decision, not a connection failure.
      if (error instanceof DOMException && error.name === 'AbortError') return error;
      return noResponseError();
    },
  };
}

/**
 * What a call answers unless it asks for another `parseAs`: openapi-fetch parses the body as JSON, so `data` is
 * typed from the operation's JSON content only (an operation that can also answer a file, such as a list with
 * exportExcel, would otherwise type its rows as `Page | string`).
 */
export type Json = 'application/json';

export interface ApiClients {
  identity: Client<IdentityPaths, Json>;
  connect: Client<ConnectPaths, Json>;
  /**
   * The connect API under a typing derived from the generated one (src/resources types its shared entity
   * paths /{entity}/{cca2}[/{id}] this way); same base URL, fetch and middleware as `connect`.
   */
  connectAs<Paths extends object>(options?: Pick<FetchClientOptions, 'pathSerializer'>): Client<Paths>;
  /** The identity API likewise. */
  identityAs<Paths extends object>(): Client<Paths>;
}

export function createApiClients(options: ClientOptions): ApiClients {
  const middleware = catalogueMiddleware(options.getAccessToken, options.onSessionError);
  const identity = createClient<IdentityPaths, Json>({ baseUrl: options.identityBaseUrl, fetch: options.fetch });
  const connect = createClient<ConnectPaths, Json>({ baseUrl: options.connectBaseUrl, fetch: options.fetch });
  identity.use(middleware);
  connect.use(middleware);
  function typedAs<Paths extends object>(baseUrl: string, extra?: Pick<FetchClientOptions, 'pathSerializer'>): Client<Paths> {
    const client = createClient<Paths>({ baseUrl, fetch: options.fetch, ...extra });
    client.use(middleware);
    return client;
  }
  return {
    identity,
    connect,
    connectAs: (extra) => typedAs(options.connectBaseUrl, extra),
    identityAs: () => typedAs(options.identityBaseUrl),
  };
}
